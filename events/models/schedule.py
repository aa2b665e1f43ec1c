"""A tournament's announced round starts (``actions.schedule`` writes them)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class RoundStart(models.Model):
    """When a round of a tournament starts, as the organiser announced it (the round
    schedule): the venue screen's clock counts down to it and the iCalendar feed lists it.
    Written by ``actions.schedule.set_schedule`` only."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="round_starts",
        verbose_name=_("tournament"),
    )
    number = models.PositiveSmallIntegerField(_("round"))
    starts_at = models.DateTimeField(_("start"))
    #: When the organiser last set this start (the calendar feed's DTSTAMP).
    changed_at = models.DateTimeField(_("changed"))

    class Meta:
        verbose_name = _("round start")
        verbose_name_plural = _("round schedule")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_start_per_round"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_start_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}: {self.starts_at.isoformat()}"

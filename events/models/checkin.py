"""Check-in before a round: the tournament's rule and who is present (``actions.check_in``
writes them)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Registration, RequestedBye, Tournament


class CheckInRule(models.TextChoices):
    """When players must check in (pairing leaves out who has not, after asking)."""

    OFF = "off", _("no check-in")
    FIRST = "first", _("before round 1")
    EVERY = "every", _("before every round")


class CheckInWay(models.TextChoices):
    """Who marked the player present."""

    ARBITER = "arbiter", _("by the arbiter")
    SELF = "self", _("by the player")


class CheckInSetting(models.Model):
    """A tournament's check-in rule (none: no check-in). Written by
    ``actions.check_in.set_check_in_rule`` only."""

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="check_in_setting",
        verbose_name=_("tournament"),
    )
    rule = models.CharField(
        _("check-in"), max_length=5, choices=CheckInRule.choices, default=CheckInRule.OFF
    )

    class Meta:
        verbose_name = _("check-in rule")
        verbose_name_plural = _("check-in rules")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.get_rule_display()}"


class CheckIn(models.Model):
    """A player is present for a round (checked in before it was paired). Written by
    ``actions.check_in`` only; undoing a check-in deletes the row."""

    registration = models.ForeignKey(
        Registration,
        on_delete=models.CASCADE,
        related_name="check_ins",
        verbose_name=_("player"),
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    at = models.DateTimeField(_("checked in at"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("checked in by"),
    )
    way = models.CharField(_("how"), max_length=7, choices=CheckInWay.choices)

    class Meta:
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        ordering = ["registration", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "round_number"], name="one_check_in_per_round"
            ),
            models.CheckConstraint(
                condition=models.Q(round_number__gte=1), name="check_in_round_from_one"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration} · {self.round_number}"


class LeftOut(models.Model):
    """A zero-point bye that pairing gave a player who had not checked in (the bye is a
    :class:`~tournaments.models.RequestedBye` of kind ``Z``): discarding the round's draft
    takes it back, so the player is on the roll call again. Written by
    ``actions.check_in`` only; cancelling the bye deletes it too."""

    bye = models.OneToOneField(
        RequestedBye, on_delete=models.CASCADE, related_name="left_out", verbose_name=_("bye")
    )

    class Meta:
        verbose_name = _("player left out (not checked in)")
        verbose_name_plural = _("players left out (not checked in)")

    def __str__(self) -> str:
        return str(self.bye)

"""A tournament's entries: registrations, byes asked for in advance, forbidden pairs."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import ByeKind
from tournaments.models.tournament import Tournament, validate_go_grade


class Registration(models.Model):
    """A player's entry in a tournament."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, related_name="registrations"
    )
    pairing_number = models.PositiveSmallIntegerField(_("pairing number"), null=True, blank=True)
    rating_at_start = models.PositiveSmallIntegerField(
        _("rating for the initial ranking"),
        null=True,
        blank=True,
        help_text=_("The player's rating in the tournament's list, or entered by hand."),
    )
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"),
        null=True,
        blank=True,
        help_text=_("Empty: still playing. Every later round is a zero-point bye."),
    )
    entered_round = models.PositiveSmallIntegerField(
        _("entered before round"),
        default=1,
        help_text=_("A late entry scores nothing in the rounds before this one."),
    )
    grade = models.CharField(
        _("grade"),
        max_length=4,
        blank=True,
        validators=[validate_go_grade],
        help_text=_(
            "Go/shogi: the grade declared at entry (e.g. 5k, 2d); it sets the McMahon score. "
            "Empty: derived from the rating at start."
        ),
    )

    class Meta:
        ordering = ["tournament", "pairing_number", "player"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="unique_pairing_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_round is not None

    def plays_in(self, round_number: int) -> bool:
        """Whether the player is still in the event for ``round_number`` (not withdrawn)."""
        return self.withdrawn_after_round is None or round_number <= self.withdrawn_after_round


class RequestedBye(models.Model):
    """A round a player asked in advance not to be paired in (C.04.2 3.3)."""

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="requested_byes"
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("bye"), max_length=1, choices=ByeKind.choices)

    class Meta:
        ordering = ["registration", "round_number"]
        verbose_name = _("requested bye")
        verbose_name_plural = _("requested byes")
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "round_number"], name="one_bye_request_per_round"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="bye_round_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration.player}: {self.get_kind_display()} ({self.round_number})"


class ForbiddenPair(models.Model):
    """Two players who must not be paired against each other (e.g. family members)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="forbidden_pairs"
    )
    player_a = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["tournament", "pk"]
        verbose_name = _("forbidden pair")
        verbose_name_plural = _("forbidden pairs")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player_a", "player_b"], name="one_forbidden_pair"
            ),
            models.CheckConstraint(
                condition=Q(player_a__lt=F("player_b")), name="forbidden_pair_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_a} ≠ {self.player_b}"

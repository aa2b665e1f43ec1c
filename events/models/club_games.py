"""Rated club games and the club ladder (``actions.club_games`` writes them).

A confirmed club game is an ordinary :class:`tournaments.models.Game` of the club's monthly
"club games" tournament (format manual, rated in the club's list): the ledger, the charts and
the player pages read it as any other game. What is kept here is the club's choice (its list
and the ladder's reach), the ladder's order and the reports waiting for a confirmation.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.ladder import DEFAULT_REACH
from tournaments.enums import Result


class ClubGames(models.Model):
    """A club's rated games: the list they are rated in and the ladder's reach."""

    club = models.OneToOneField(
        "players.Club",
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="club_games",
    )
    rating_list = models.OneToOneField(
        "ratings.RatingList",
        verbose_name=_("rating list"),
        on_delete=models.PROTECT,
        related_name="club_games",
    )
    reach = models.PositiveSmallIntegerField(
        _("places a player may challenge above"), default=DEFAULT_REACH
    )

    class Meta:
        verbose_name = _("club games")
        verbose_name_plural = _("club games")

    def __str__(self) -> str:
        return str(self.club)


class LadderPlace(models.Model):
    """A player's place on their club's ladder (1 = top)."""

    club_games = models.ForeignKey(ClubGames, on_delete=models.CASCADE, related_name="ladder")
    player = models.ForeignKey(
        "players.Player", verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    place = models.PositiveSmallIntegerField(_("place"))

    class Meta:
        ordering = ["club_games", "place"]
        verbose_name = _("ladder place")
        verbose_name_plural = _("ladder places")
        constraints = [
            models.UniqueConstraint(fields=["club_games", "player"], name="one_ladder_place")
        ]

    def __str__(self) -> str:
        return f"{self.place}. {self.player}"


class ClubGameStatus(models.TextChoices):
    PENDING = "pending", _("waiting for confirmation")
    CONFIRMED = "confirmed", _("confirmed")
    REJECTED = "rejected", _("rejected")


class ClubGameReport(models.Model):
    """A club game reported by one of its players, for the opponent (or an organiser of the
    club) to confirm; confirmed, it is ``game``."""

    club_games = models.ForeignKey(ClubGames, on_delete=models.CASCADE, related_name="reports")
    reported_by = models.ForeignKey(
        "players.Player",
        verbose_name=_("reported by"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    white = models.ForeignKey(
        "players.Player", verbose_name=_("white"), on_delete=models.CASCADE, related_name="+"
    )
    black = models.ForeignKey(
        "players.Player", verbose_name=_("black"), on_delete=models.CASCADE, related_name="+"
    )
    result = models.CharField(_("result"), max_length=2, choices=Result.choices)
    date = models.DateField(_("date"))
    time_control = models.CharField(_("time control"), max_length=30, blank=True)
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=ClubGameStatus.choices,
        default=ClubGameStatus.PENDING,
    )
    reported_at = models.DateTimeField(_("reported at"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    game = models.OneToOneField(
        "tournaments.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="club_report",
    )

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("club game report")
        verbose_name_plural = _("club game reports")

    def __str__(self) -> str:
        return f"{self.white} – {self.black} {self.get_result_display()} ({self.date})"

    @property
    def opponent_id(self) -> int:
        """The player who confirms: the one who did not report."""
        return self.black_id if self.reported_by_id == self.white_id else self.white_id

"""Rounds, games (the source of truth for ratings) and the results players report."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import GameStage, Result, RoundStatus
from tournaments.models.tournament import Tournament


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    date = models.DateField(_("date"), null=True, blank=True)
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=RoundStatus.choices,
        default=RoundStatus.PUBLISHED,
        help_text=_("Generated pairings are a draft until published."),
    )
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}, round {self.number}"

    @property
    def is_draft(self) -> bool:
        return self.status == RoundStatus.DRAFT


class Game(models.Model):
    """A board of a round, or a bye (``black`` empty). ``result`` is empty until entered."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField(_("board"))
    white = models.ForeignKey(
        "players.Player", verbose_name=_("white"), on_delete=models.PROTECT, related_name="+"
    )
    black = models.ForeignKey(
        "players.Player",
        verbose_name=_("black"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    result = models.CharField(_("result"), max_length=2, choices=Result.choices, blank=True)
    handicap = models.PositiveSmallIntegerField(
        _("handicap stones"),
        default=0,
        help_text=_("Go: stones Black receives (0 = even game)."),
    )
    #: Knockout: the match of the round the game belongs to (its place in the bracket, from
    #: the top), the game's number within the match and its time control.
    match = models.PositiveSmallIntegerField(_("match"), null=True, blank=True)
    match_game = models.PositiveSmallIntegerField(_("game of the match"), null=True, blank=True)
    stage = models.CharField(
        _("time control"), max_length=10, choices=GameStage.choices, default=GameStage.CLASSICAL
    )
    #: The list a tie-break game is rated in (rapid, blitz) instead of the tournament's own;
    #: empty: the tournament's list (classical games), or unrated for a tie-break game of a
    #: tournament whose game has no such list.
    rating_list = models.ForeignKey(
        "ratings.RatingList",
        verbose_name=_("rating list"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    #: Team competitions: the match the game is a board of, and its board in the match (the
    #: game's ``board`` numbers it in the round).
    team_match = models.ForeignKey(
        "tournaments.TeamMatch",
        verbose_name=_("team match"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
    )
    team_board = models.PositiveSmallIntegerField(_("board of the match"), null=True, blank=True)

    class Meta:
        ordering = ["round", "board"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="one_game_per_board"),
            models.CheckConstraint(condition=~Q(white=F("black")), name="white_is_not_black"),
            models.UniqueConstraint(
                fields=["team_match", "team_board"], name="one_game_per_match_board"
            ),
        ]
        indexes = [models.Index(fields=["white"]), models.Index(fields=["black"])]

    def __str__(self) -> str:
        opponent = self.black or _("bye")
        return f"{self.white} – {opponent} {self.get_result_display()}"


class ResultReport(models.Model):
    """A result a player reported for their own game, waiting for an arbiter.

    Kept apart from :attr:`Game.result` (the official result): confirming a report records
    the result through ``record_result``; rejecting it deletes the report.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    player = models.ForeignKey(
        "players.Player", verbose_name=_("reported by"), on_delete=models.CASCADE, related_name="+"
    )
    result = models.CharField(_("result"), max_length=2, choices=Result.choices)
    reported_at = models.DateTimeField(_("reported at"), auto_now=True)

    class Meta:
        ordering = ["game", "player"]
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="one_report_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.get_result_display()} ({self.player})"

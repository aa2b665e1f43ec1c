"""Club leagues (issue 22): a season of divisions, each a team round robin, and the match
cards the captains enter.

A **season** (a club's or a federation's) has match days and divisions. A **division** is a
team (double) round robin tournament (``Division.tournament``, its teams, rounds and matches
are the tournament's: ``tournaments.models.Team``, ``TeamMatch``) with its place in the
league (``level``: 1 is the top division), its promotion and relegation places, the order of
its table (``rules.leagues``) and the eligibility rule's N. A **match card** is one captain's
account of a match (who played on each board and the results) that the other captain
confirms, or disputes for an arbiter to decide; confirmed or decided, its results are the
match's games. Written only by ``actions.leagues``.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from players.links import object_url
from rules.leagues import CRITERIA, DEFAULT_ORDER
from tournaments.enums import Result


class Season(models.Model):
    """A league season of a club or a federation."""

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    club = models.ForeignKey(
        "players.Club",
        verbose_name=_("organising club"),
        on_delete=models.PROTECT,
        related_name="seasons",
    )
    federation = models.CharField(
        _("federation"),
        max_length=3,
        blank=True,
        help_text=_("A federation's league: its three-letter code. Empty: the club's league."),
    )
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")), name="season_dates_in_order"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return object_url("leagues:season", self.slug)


class MatchDay(models.Model):
    """The season's ``number``-th match date: round ``number`` of every division is played
    on it (a postponed match moves on its own)."""

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="match_days"
    )
    number = models.PositiveSmallIntegerField(_("match day"))
    date = models.DateField(_("date"))

    class Meta:
        ordering = ["season", "number"]
        verbose_name = _("match day")
        verbose_name_plural = _("match days")
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="one_match_day_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="match_day_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.season} {self.number}: {self.date}"


def _default_order() -> str:
    return " ".join(DEFAULT_ORDER)


class Division(models.Model):
    """A division of a season: a team round robin with its league settings."""

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="divisions"
    )
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("slug"), max_length=100)
    level = models.PositiveSmallIntegerField(
        _("level"), default=1, help_text=_("1 is the top division, 2 the one below, …")
    )
    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="division",
    )
    promotion = models.PositiveSmallIntegerField(_("promotion places"), default=0)
    relegation = models.PositiveSmallIntegerField(_("relegation places"), default=0)
    played_up_limit = models.PositiveSmallIntegerField(
        _("games for a higher team that bind a player to it"),
        null=True,
        blank=True,
        help_text=_(
            "A player who has played this many games for higher teams of his club may not "
            "play for a lower one. Empty: no such rule."
        ),
    )
    home_white = models.BooleanField(
        _("the home team has White on board 1"),
        default=True,
        help_text=_("Unticked: the away team has White on board 1."),
    )
    table_order = models.CharField(
        _("table order"),
        max_length=60,
        default=_default_order,
        help_text=_(
            "The criteria in order, separated by spaces: mp (match points), gp (game "
            "points), direct (direct encounter), wins (matches won), board (board points)."
        ),
    )

    class Meta:
        ordering = ["season", "level", "name"]
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        constraints = [
            models.UniqueConstraint(fields=["season", "slug"], name="one_division_slug"),
            models.UniqueConstraint(fields=["season", "name"], name="one_division_name"),
            models.CheckConstraint(condition=Q(level__gte=1), name="division_level_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("leagues:division", args=[self.season.slug, self.slug])

    @property
    def order(self) -> tuple[str, ...]:
        """The table's criteria (unknown words are left out)."""
        return tuple(word for word in self.table_order.split() if word in CRITERIA)


class MatchCardStatus(models.TextChoices):
    SUBMITTED = "submitted", _("waiting for the other captain")
    CONFIRMED = "confirmed", _("confirmed")
    DISPUTED = "disputed", _("disputed: the arbiter decides")
    DECIDED = "decided", _("decided by the arbiter")


class MatchCard(models.Model):
    """A captain's card of a league match: who played each board and the results."""

    match = models.OneToOneField(
        "tournaments.TeamMatch",
        verbose_name=_("match"),
        on_delete=models.CASCADE,
        related_name="card",
    )
    team = models.ForeignKey(
        "tournaments.Team",
        verbose_name=_("entered for"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered at"))
    played_on = models.DateField(_("played on"))
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=MatchCardStatus.choices,
        default=MatchCardStatus.SUBMITTED,
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("confirmed or decided by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("confirmed or decided at"), null=True, blank=True)
    dispute = models.TextField(_("why it is disputed"), blank=True)

    class Meta:
        verbose_name = _("match card")
        verbose_name_plural = _("match cards")

    def __str__(self) -> str:
        return f"{self.match} ({self.get_status_display()})"


class MatchCardBoard(models.Model):
    """One board of a match card: the players with White and Black and the result."""

    card = models.ForeignKey(
        MatchCard, verbose_name=_("match card"), on_delete=models.CASCADE, related_name="boards"
    )
    board = models.PositiveSmallIntegerField(_("board"))
    white = models.ForeignKey(
        "players.Player",
        verbose_name=_("white"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    black = models.ForeignKey(
        "players.Player",
        verbose_name=_("black"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    result = models.CharField(_("result"), max_length=2, choices=Result.choices)

    class Meta:
        ordering = ["card", "board"]
        verbose_name = _("board of a match card")
        verbose_name_plural = _("boards of match cards")
        constraints = [
            models.UniqueConstraint(fields=["card", "board"], name="one_card_board"),
            models.CheckConstraint(condition=Q(board__gte=1), name="card_board_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.card} {self.board}: {self.result}"

"""A tournament: who runs it, where and when, its format and its settings."""

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from players.links import object_url
from rules.pairing.teams import MAX_BOARDS, MIN_BOARDS, MatchPoints
from rules.ratings.egf import parse_grade
from rules.scoring import PointSystem
from tournaments.checks import FORMAT_GAMES, check_slug_and_list, check_team_settings
from tournaments.enums import (
    DEFAULT_TIEBREAKS,
    MCMAHON_ENGINE,
    MCMAHON_SCORED,
    ROUND_ROBINS,
    SHOGI_SYSTEMS,
    TEAM_SYSTEMS,
    HandicapPolicy,
    InitialColour,
    PairingSystem,
    Seeding,
    TeamBoardOrder,
    TeamColourPreference,
    TeamPrimaryScore,
    TournamentStatus,
)
from tournaments.limits import max_rounds


def _points(verbose_name: str, default: str) -> models.DecimalField:
    return models.DecimalField(
        verbose_name,
        max_digits=4,
        decimal_places=1,
        default=Decimal(default),
        validators=[MinValueValidator(Decimal(0))],
    )


def _match_points(verbose_name: str, default: int) -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(
        verbose_name, default=default, validators=[MaxValueValidator(99)]
    )


def validate_go_grade(value: str) -> None:
    """A kyu/dan grade such as ``5k``, ``1d`` (go and shogi use the same notation)."""
    try:
        parse_grade(value)
    except ValueError:
        raise ValidationError(
            _("“%(grade)s” is not a grade such as 5k or 2d."), params={"grade": value}
        ) from None


def _grade_order(grade: tuple[int, str]) -> int:
    number, kind = grade
    return {"k": -number, "d": number - 1, "p": 6 + number}[kind]


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    club = models.ForeignKey(
        "players.Club",
        verbose_name=_("organising club"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
    )
    rating_list = models.ForeignKey(
        "ratings.RatingList",
        verbose_name=_("rating list"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournaments",
        help_text=_("Leave empty for an unrated tournament."),
    )
    rating_class = models.CharField(
        _("EGF tournament class"),
        max_length=1,
        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
        default="A",
        help_text=_(
            "Go (EGF) lists: class A counts fully, B 3/4, C 1/2, D 1/4 of the rating change. "
            "Ignored by other rating systems."
        ),
    )
    city = models.CharField(_("city"), max_length=100, blank=True)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    rounds_planned = models.PositiveSmallIntegerField(
        _("number of rounds"), default=0, validators=[MaxValueValidator(max_rounds)]
    )
    status = models.CharField(
        _("status"), max_length=12, choices=TournamentStatus.choices, default=TournamentStatus.DRAFT
    )
    #: Frozen when the tournament is finished: the final standings as they were then (JSON).
    final_standings = models.JSONField(_("final standings"), null=True, blank=True)
    pairing_system = models.CharField(
        _("pairing system"),
        max_length=30,
        choices=PairingSystem.choices,
        default=PairingSystem.MANUAL,
    )
    points_win = _points(_("points for a win"), "1")
    points_draw = _points(_("points for a draw"), "0.5")
    points_loss = _points(_("points for a loss"), "0")
    points_forfeit_win = _points(_("points for a forfeit win"), "1")
    points_pab = _points(_("points for the pairing-allocated bye"), "1")
    points_half_bye = _points(_("points for a half-point bye"), "0.5")
    initial_colour = models.CharField(
        _("colour of the top seed in round 1"),
        max_length=5,
        choices=InitialColour.choices,
        default=InitialColour.DRAWN,
    )
    drawn_colour = models.CharField(
        _("colour drawn for round 1"),
        max_length=1,
        choices=[
            (InitialColour.WHITE, InitialColour.WHITE.label),
            (InitialColour.BLACK, InitialColour.BLACK.label),
        ],
        blank=True,
        help_text=_("Set when round 1 is paired with the colour drawn by lot."),
    )
    accelerated = models.BooleanField(_("accelerated pairings (Baku)"), default=False)
    seeding = models.CharField(
        _("round-robin pairing numbers"),
        max_length=10,
        choices=Seeding.choices,
        default=Seeding.RATING,
    )
    tiebreaks = models.CharField(
        _("tie-breaks"),
        max_length=200,
        blank=True,
        help_text=_("TRF-26 codes, e.g. “BH/C1 BH DE WIN”. Empty: the default for the format."),
    )
    max_half_point_byes = models.PositiveSmallIntegerField(
        _("half-point byes per player"),
        null=True,
        blank=True,
        help_text=_("The most half-point byes a player may request. Empty: no limit."),
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbiters"),
        blank=True,
        related_name="arbitrated_tournaments",
        help_text=_("They pair the rounds and enter results, byes and withdrawals."),
    )
    players_report_results = models.BooleanField(
        _("players report their results"),
        default=False,
        help_text=_("Players may report their own result; an arbiter confirms it."),
    )
    knockout_games = models.PositiveSmallIntegerField(
        _("games per match"),
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(10)],
        help_text=_("Knockout: the classical games of each match."),
    )
    knockout_rapid_pairs = models.PositiveSmallIntegerField(
        _("rapid tie-break pairs"),
        default=1,
        validators=[MaxValueValidator(5)],
        help_text=_("Knockout: pairs of rapid games played when a match is tied."),
    )
    knockout_blitz_pairs = models.PositiveSmallIntegerField(
        _("blitz tie-break pairs"),
        default=1,
        validators=[MaxValueValidator(5)],
        help_text=_("Knockout: pairs of blitz games played when the rapid games are tied."),
    )
    knockout_armageddon = models.BooleanField(
        _("armageddon"),
        default=True,
        help_text=_(
            "Knockout: one armageddon game (a draw counts as Black's win) when the blitz games "
            "are tied. Off: blitz pairs until one is won."
        ),
    )
    team_boards = models.PositiveSmallIntegerField(
        _("boards per match"),
        null=True,
        blank=True,
        validators=[MinValueValidator(MIN_BOARDS), MaxValueValidator(MAX_BOARDS)],
        help_text=_("Team competitions: the boards of each match (2–10). Empty: individual."),
    )
    team_match_win = _match_points(_("match points for a won match"), 2)
    team_match_draw = _match_points(_("match points for a drawn match"), 1)
    team_match_loss = _match_points(_("match points for a lost match"), 0)
    team_primary_score = models.CharField(
        _("primary score"),
        max_length=5,
        choices=TeamPrimaryScore.choices,
        default=TeamPrimaryScore.MATCH_POINTS,
        help_text=_("Team competitions: what ranks the teams (and pairs a team Swiss) first."),
    )
    team_colour_preference = models.CharField(
        _("team colour preference"),
        max_length=4,
        choices=TeamColourPreference.choices,
        default=TeamColourPreference.TYPE_A,
        help_text=_("Team Swiss (C.04.6): the colour preference type."),
    )
    team_pab_match_points = models.PositiveSmallIntegerField(
        _("match points for the bye"),
        null=True,
        blank=True,
        help_text=_("The team with the pairing-allocated bye. Empty: a drawn match's."),
    )
    team_pab_game_points = models.DecimalField(
        _("game points for the bye"),
        max_digits=4,
        decimal_places=1,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0))],
        help_text=_("The team with the pairing-allocated bye. Empty: half the boards."),
    )
    team_board_order = models.CharField(
        _("board order"),
        max_length=6,
        choices=TeamBoardOrder.choices,
        default=TeamBoardOrder.LOCKED,
    )
    team_rating_tolerance = models.PositiveSmallIntegerField(
        _("rating tolerance of the board order"),
        default=0,
        help_text=_(
            "Board order by rating: a player may stand above one rated up to this much higher."
        ),
    )
    team_line_up_deadline = models.PositiveSmallIntegerField(
        _("line-up deadline (minutes before the round)"),
        null=True,
        blank=True,
        help_text=_(
            "Captains submit line-ups until this long before the round's announced start. "
            "Empty: until the round is paired."
        ),
    )
    top_bar = models.CharField(
        _("McMahon top bar"),
        max_length=4,
        blank=True,
        validators=[validate_go_grade],
        help_text=_("Players of this grade or stronger start equal, e.g. 3d. Empty: no bar."),
    )
    floor_bar = models.CharField(
        _("McMahon floor bar"),
        max_length=4,
        blank=True,
        validators=[validate_go_grade],
        help_text=_("Players of this grade or weaker start equal, e.g. 20k. Empty: no bar."),
    )
    handicap_policy = models.CharField(
        _("handicap"),
        max_length=10,
        choices=HandicapPolicy.choices,
        default=HandicapPolicy.NONE,
    )
    handicap_cap = models.PositiveSmallIntegerField(
        _("most handicap stones"),
        default=9,
        validators=[MaxValueValidator(9)],
        help_text=_("Used with the capped handicap policy."),
    )
    komi = models.DecimalField(
        _("komi"),
        max_digits=4,
        decimal_places=1,
        default=Decimal("6.5"),
        help_text=_("Go: komi of even games (handicap games are played with 0.5)."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")), name="tournament_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return object_url("tournaments:detail", self.slug)

    def clean(self) -> None:
        super().clean()
        check_slug_and_list(self)
        check_team_settings(self)
        try:
            top = parse_grade(self.top_bar) if self.top_bar else None
            floor = parse_grade(self.floor_bar) if self.floor_bar else None
        except ValueError:
            return  # the field validators report it
        if top and floor and _grade_order(floor) > _grade_order(top):
            raise ValidationError({"floor_bar": _("The floor bar must not be above the top bar.")})

    @property
    def game(self) -> str | None:
        """``"chess"``, ``"go"`` or ``"shogi"``: its rating list's game, else its format's;
        ``None`` for an unrated tournament of manual pairings or a round robin."""
        return (
            self.rating_list.game if self.rating_list_id else FORMAT_GAMES.get(self.pairing_system)
        )

    @property
    def is_knockout(self) -> bool:
        return self.pairing_system == PairingSystem.KNOCKOUT

    @property
    def is_team(self) -> bool:
        """A team competition: teams play matches over ``team_boards`` boards."""
        return self.pairing_system in TEAM_SYSTEMS

    @property
    def match_points(self) -> MatchPoints:
        """A team tournament's match points for a won, drawn and lost match."""
        return MatchPoints(self.team_match_win, self.team_match_draw, self.team_match_loss)

    @property
    def is_round_robin(self) -> bool:
        return self.pairing_system in ROUND_ROBINS

    @property
    def uses_mcmahon_engine(self) -> bool:
        """Go and shogi formats (McMahon or Swiss) paired by the McMahon engine."""
        return self.pairing_system in MCMAHON_ENGINE

    @property
    def is_go(self) -> bool:
        """A go format of the McMahon engine: games have handicap stones."""
        return self.uses_mcmahon_engine and self.pairing_system not in SHOGI_SYSTEMS

    @property
    def has_mcmahon_score(self) -> bool:
        """Players start with a McMahon score from their grade."""
        return self.pairing_system in MCMAHON_SCORED

    @property
    def point_system(self) -> PointSystem:
        """The tournament's points per result (a full-point bye is worth a win; forfeit losses
        and zero-point byes nothing): the one scoring table of :mod:`rules.scoring`."""
        return PointSystem(
            win=self.points_win,
            draw=self.points_draw,
            loss=self.points_loss,
            forfeit_win=self.points_forfeit_win,
            pab=self.points_pab,
            half_bye=self.points_half_bye,
        )

    @property
    def tiebreak_codes(self) -> str:
        """The tie-breaks to show: the tournament's own, else the default for its format."""
        if self.tiebreaks:
            return self.tiebreaks
        if self.has_mcmahon_score:
            return DEFAULT_TIEBREAKS["mcmahon"]
        if self.uses_mcmahon_engine:
            return DEFAULT_TIEBREAKS["swiss-go"]
        if self.is_round_robin:
            return DEFAULT_TIEBREAKS["round-robin"]
        return DEFAULT_TIEBREAKS["swiss-rated" if self.rating_list_id else "swiss"]

    @property
    def round_one_colour(self) -> str:
        """``"w"``/``"b"``: the top seed's colour in round 1 (``""`` while still to be drawn)."""
        if self.initial_colour == InitialColour.DRAWN:
            return self.drawn_colour
        return self.initial_colour

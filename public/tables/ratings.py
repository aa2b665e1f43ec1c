"""Tables of the public rating pages."""

from decimal import Decimal

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from core.tables import BaseTable, PlayerColumn
from public import badges
from ratings.models import PlayerRating, PublishedRating, RatingChange, RatingList
from ratings.queries import GRADE_SYSTEMS, grade_label
from rules.ratings import classes, fide

# The class names and badges live in public.badges; re-exported for older imports.
CLASS_NAMES = badges.CLASS_NAMES
class_name = badges.class_name


def two_decimals(value: Decimal | None) -> str:
    """A decimal with exactly two places in the current locale; a dash when missing."""
    if value is None:
        return "–"
    return number_format(Decimal(value).quantize(Decimal("0.01")), 2)


def signed_two_decimals(value: Decimal | None) -> str:
    """Like :func:`two_decimals`, with a plus sign on positive values."""
    if value is None:
        return "–"
    text = two_decimals(value)
    return f"+{text}" if value > 0 else text


def next_class_text(rating: int) -> str:
    """ "Class A in 15": the next class up and the points still needed; empty at the top."""
    found = classes.next_class(rating)
    if found is None:
        return ""
    return _("%(class)s in %(points)d") % {
        "class": CLASS_NAMES.get(found.target.code, found.target.name),
        "points": found.points,
    }


def title_or_class(rating: PlayerRating) -> str:
    """The badge of a leaderboard row: FIDE title, else class (chess), or a plugged-in grade."""
    rounded = None if rating.live_rating is None else fide.round_change(rating.live_rating)
    return badges.badge_html(badges.badge_for(rating.player, rounded, rating.rating_list))


class BadgeColumn(tables.Column):
    """The "title/class/grade" badge of a row with ``player`` and ``rating_list`` (a
    ``PlayerRating``) or ``player`` and ``published_list.rating_list`` plus ``rating``."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Title or class"))
        kwargs.setdefault("accessor", "player")
        kwargs.setdefault("orderable", False)
        super().__init__(**kwargs)

    def render(self, record, table) -> str:
        if isinstance(record, PlayerRating):
            return title_or_class(record)
        rating_list = getattr(table, "rating_list", None)
        return badges.badge_html(badges.badge_for(record.player, record.rating, rating_list))


def badge_column(**kwargs) -> BadgeColumn:
    """The badge column of every ranked table (one instance per table)."""
    return BadgeColumn(**kwargs)


def signed(value: int | None) -> str:
    """An integer with its sign (+5, −3, 0); a dash when missing."""
    if value is None:
        return "–"
    return f"+{value}" if value > 0 else str(value)


def player_grade(rating: PlayerRating, system: str | None = None) -> str:
    """A player's grade in a list: go (EGF) kyu/dan from the rating per EGD, shogi (FESA) the
    grade earned by promotion (marked "provisional" while provisional), chess (FIDE) the
    title or class as :func:`title_or_class` gives it. ``system``: the list's system when the
    caller knows it (saves reading ``rating.rating_list``)."""
    system = system or rating.rating_list.system
    if system not in GRADE_SYSTEMS:
        return title_or_class(rating)
    label = grade_label(rating.grade, rating.declared_grade) or "–"
    if rating.status == "provisional":
        return format_html(
            '<span class="grade">{}</span> <span class="status">{}</span>',
            label,
            _("provisional"),
        )
    return format_html('<span class="grade">{}</span>', label)


class RatingListTable(BaseTable):
    """The rating lists on the home page."""

    name = tables.Column(verbose_name=_("Rating list"), linkify=True)
    game = tables.Column(verbose_name=_("Game"))
    time_control = tables.Column(verbose_name=_("Time control"))
    system = tables.Column(verbose_name=_("Rating system"))
    rated_players = tables.Column(verbose_name=_("Rated players"))
    last_published = tables.DateColumn(
        verbose_name=_("Last published list"), format="SHORT_DATE_FORMAT", default="–"
    )

    class Meta(BaseTable.Meta):
        model = RatingList
        fields = ()
        orderable = False

    def render_last_published(self, record: RatingList, value) -> str:
        if value is None:
            return "–"
        url = reverse("ratings:published_list", args=[record.slug, value])
        return format_html('<a href="{}">{}</a>', url, date_format(value, "SHORT_DATE_FORMAT"))


# Columns of the ranked tables (leaderboard, published list); one instance per table.


def _rank_column(rating: str) -> tables.Column:
    """The rank; sorting by it sorts by ``rating`` (descending), the order ranks follow, so
    the default order needs no rank from the database (see ``queries.rank_page``)."""
    return tables.Column(
        verbose_name=_("Rank"),
        order_by=(f"-{rating}", "player__last_name", "player__first_name"),
        attrs={"td": {"class": "num"}},
    )


def _player_column(**kwargs) -> PlayerColumn:
    return PlayerColumn(
        verbose_name=_("Name"),
        accessor="player",
        order_by=("player__last_name", "player__first_name"),
        **kwargs,
    )


def _federation_column() -> tables.Column:
    return tables.Column(verbose_name=_("Fed."), accessor="player__federation", default="")


def _club_column() -> tables.Column:
    return tables.Column(verbose_name=_("Club"), accessor="player__club__name", default="")


class LeaderboardTable(BaseTable):
    """A rating list's leaderboard: ranks come from ``queries.rank_page`` in the default order,
    else from the query (a window function)."""

    rank = _rank_column("live_rating")
    name = _player_column(show_title=False)
    title_or_class = badge_column()
    federation = _federation_column()
    club = _club_column()
    live_rating = tables.Column(verbose_name=_("Live rating"), attrs={"td": {"class": "num"}})
    rating = tables.Column(
        verbose_name=_("Published rating"), default="–", attrs={"td": {"class": "num"}}
    )
    since_published = tables.Column(
        verbose_name=_("Change since last list"),
        accessor="live_rating",
        orderable=False,
        attrs={"td": {"class": "num"}},
    )
    games = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})
    peak = tables.Column(verbose_name=_("Peak"), default="–", attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        model = PlayerRating
        fields = ()
        order_by = ("rank",)

    def __init__(self, *args, rating_list: RatingList | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.system = rating_list.system if rating_list is not None else "fide"
        if self.system in GRADE_SYSTEMS:
            self.columns["title_or_class"].column.verbose_name = _("Grade")

    def render_title_or_class(self, record: PlayerRating) -> str:
        return player_grade(record, self.system)

    def render_since_published(self, record: PlayerRating) -> str:
        if record.rating is None:
            return _("new")
        return signed(fide.round_change(record.live_rating) - record.rating)

    def render_live_rating(self, value: Decimal) -> str:
        return two_decimals(value)


class PublishedListTable(BaseTable):
    """A published (closed) list: the frozen ratings, ranked in SQL."""

    rank = _rank_column("rating")
    name = _player_column(show_title=False)
    badge = badge_column()
    grade = tables.Column(verbose_name=_("Grade"), default="–", orderable=False)
    federation = _federation_column()
    club = _club_column()
    rating = tables.Column(verbose_name=_("Rating"), attrs={"td": {"class": "num"}})
    change = tables.Column(verbose_name=_("Change"), default="–", attrs={"td": {"class": "num"}})
    games = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})
    k = tables.Column(verbose_name=_("K"), default="–", attrs={"td": {"class": "num"}})
    is_new = tables.Column(verbose_name=_("New"), orderable=False, default="")

    class Meta(BaseTable.Meta):
        model = PublishedRating
        fields = ()
        order_by = ("rank",)

    def __init__(self, *args, rating_list: RatingList | None = None, **kwargs):
        """Go and shogi lists show the grade, chess lists the title/class badge."""
        self.rating_list = rating_list
        grades = rating_list is not None and rating_list.system in GRADE_SYSTEMS
        kwargs["exclude"] = (*kwargs.get("exclude", ()), "badge" if grades else "grade")
        super().__init__(*args, **kwargs)

    def render_change(self, value: int) -> str:
        return f"+{value}" if value > 0 else str(value)

    def render_is_new(self, value: bool) -> str:
        return format_html('<span class="new-entry">{}</span>', _("new")) if value else ""


class PlayerRatingTable(BaseTable):
    """A player's ratings, one row per list."""

    rating_list = tables.Column(verbose_name=_("Rating list"), linkify=True)
    rating = tables.Column(verbose_name=_("Published rating"), default="–")
    live_rating = tables.Column(verbose_name=_("Live rating"), default="–")
    period_change = tables.Column(verbose_name=_("Change this period"))
    k = tables.Column(verbose_name=_("K"), default="–")
    games = tables.Column(verbose_name=_("Rated games"))
    peak = tables.Column(verbose_name=_("Peak"), default="–")
    last_played = tables.DateColumn(
        verbose_name=_("Last rated game"), format="SHORT_DATE_FORMAT", default="–"
    )
    rating_class = tables.Column(
        verbose_name=_("Class or grade"), accessor="live_rating", default="–"
    )
    next_class = tables.Column(verbose_name=_("Next class"), accessor="live_rating", default="–")

    class Meta(BaseTable.Meta):
        model = PlayerRating
        fields = ()
        orderable = False

    def render_rating_class(self, record: PlayerRating, value: Decimal) -> str:
        if record.rating_list.system in GRADE_SYSTEMS:
            return player_grade(record)
        return class_name(fide.round_change(value))

    def render_next_class(self, record: PlayerRating, value: Decimal) -> str:
        if record.rating_list.system in GRADE_SYSTEMS:
            return "–"
        return next_class_text(fide.round_change(value)) or "–"

    def render_live_rating(self, value: Decimal) -> str:
        return two_decimals(value)

    def render_period_change(self, value: Decimal) -> str:
        return signed_two_decimals(value)


class LedgerTable(BaseTable):
    """One rating period of a player's calculation, as FIDE prints it.

    The footer carries the period's totals: Σ(score − expected), K × Σ and the rounded change.
    Build it with ``LedgerTable(period.changes, period=period)``.
    """

    date = tables.DateColumn(verbose_name=_("Date"), format="SHORT_DATE_FORMAT")
    tournament = tables.Column(verbose_name=_("Tournament"), linkify=True)
    opponent = PlayerColumn(verbose_name=_("Opponent"))
    opponent_rating_used = tables.Column(
        verbose_name=_("Rating"), default="–", attrs={"td": {"class": "num"}}
    )
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    expected = tables.Column(
        verbose_name=_("Expected"),
        default="–",
        attrs={"td": {"class": "num"}, "tf": {"class": "num"}},
        footer=_("Σ"),
    )
    delta = tables.Column(
        verbose_name=_("Score − exp."),
        accessor="pk",
        attrs={"td": {"class": "num"}, "tf": {"class": "num"}},
        footer=lambda table: two_decimals(table.period.sum_delta) if table.period.is_rated else "–",
    )
    k = tables.Column(
        verbose_name=_("K"),
        default="–",
        attrs={"td": {"class": "num"}, "tf": {"class": "num"}},
        footer=_("K × Σ"),
    )
    change = tables.Column(
        verbose_name=_("Change"),
        default="–",
        attrs={"td": {"class": "num"}, "tf": {"class": "num"}},
        footer=lambda table: (
            signed_two_decimals(table.period.k_sum_delta) if table.period.is_rated else "–"
        ),
    )

    class Meta(BaseTable.Meta):
        model = RatingChange
        fields = ()
        orderable = False

    def __init__(self, *args, period, **kwargs):
        self.period = period
        super().__init__(*args, **kwargs)

    def render_opponent_rating_used(self, record: RatingChange, value: int) -> str:
        return f"{value} *" if record.capped else str(value)

    def render_score(self, value: Decimal) -> str:
        return {Decimal("1"): "1", Decimal("0.5"): "½", Decimal("0"): "0"}.get(
            Decimal(value), str(value)
        )

    def render_expected(self, value: Decimal) -> str:
        return two_decimals(value)

    def render_delta(self, record: RatingChange) -> str:
        if record.expected is None:
            return "–"
        return two_decimals(record.score - record.expected)

    def render_change(self, value: Decimal) -> str:
        return signed_two_decimals(value)


def decimals(value: float | Decimal | None, places: int) -> str:
    """A number with exactly ``places`` decimals in the current locale; a dash when missing."""
    if value is None:
        return "–"
    quantum = Decimal(1).scaleb(-places)
    return number_format(Decimal(str(value)).quantize(quantum), places)


def _detail(record: RatingChange, key: str):
    return (record.details or {}).get(key)


def _ledger_footer_change(table) -> str:
    return signed_two_decimals(table.period.k_sum_delta) if table.period.is_rated else "–"


class EgfLedgerTable(BaseTable):
    """One period of a go (EGF) player's calculation: per game Se, con, bonus, the handicap
    and the tournament class weight, as the EGD computes them; the footer sums the changes."""

    date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    tournament = tables.Column(verbose_name=_("Tournament"), linkify=True)
    opponent = PlayerColumn(verbose_name=_("Opponent"))
    opponent_rating = tables.Column(
        verbose_name=_("Rating"), default="–", attrs={"td": {"class": "num"}}
    )
    handicap = tables.Column(
        verbose_name=_("Handicap"), accessor="pk", attrs={"td": {"class": "num"}}
    )
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    expected = tables.Column(verbose_name=_("Se"), default="–", attrs={"td": {"class": "num"}})
    con = tables.Column(verbose_name=_("con"), accessor="pk", attrs={"td": {"class": "num"}})
    bonus = tables.Column(verbose_name=_("bonus"), accessor="pk", attrs={"td": {"class": "num"}})
    weight = tables.Column(
        verbose_name=_("Class weight"), accessor="pk", attrs={"td": {"class": "num"}}
    )
    change = tables.Column(
        verbose_name=_("Change"),
        default="–",
        attrs={"td": {"class": "num"}, "tf": {"class": "num"}},
        footer=_ledger_footer_change,
    )

    class Meta(BaseTable.Meta):
        model = RatingChange
        fields = ()
        orderable = False

    def __init__(self, *args, period, **kwargs):
        self.period = period
        super().__init__(*args, **kwargs)

    def render_handicap(self, record: RatingChange) -> str:
        stones = _detail(record, "handicap")
        if not stones:
            return "–"
        if stones > 0:
            return _("receives %(stones)d (+%(points)s)") % {
                "stones": stones,
                "points": decimals(_detail(record, "adjustment"), 0),
            }
        return _("gives %(stones)d") % {"stones": -stones}

    def render_score(self, value: Decimal) -> str:
        return LedgerTable.render_score(self, value)

    def render_expected(self, value: Decimal) -> str:
        return decimals(value, 4)

    def render_con(self, record: RatingChange) -> str:
        return decimals(_detail(record, "con"), 4)

    def render_bonus(self, record: RatingChange) -> str:
        return decimals(_detail(record, "bonus"), 4)

    def render_weight(self, record: RatingChange) -> str:
        return decimals(_detail(record, "weight"), 2)

    def render_change(self, value: Decimal) -> str:
        return signed_decimals(value, 4)


class FesaLedgerTable(BaseTable):
    """One period of a shogi (FESA) player's calculation: per game the running rating, the
    opponent's final tournament rating, the expected score, K and the change (win bonus
    marked); the footer sums the changes (each tournament's total is rounded)."""

    date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    tournament = tables.Column(verbose_name=_("Tournament"), linkify=True)
    opponent = PlayerColumn(verbose_name=_("Opponent"))
    rating_used = tables.Column(
        verbose_name=_("Own rating before the game"),
        accessor="pk",
        attrs={"td": {"class": "num"}},
    )
    opponent_final = tables.Column(
        verbose_name=_("Opponent's final tournament rating"),
        accessor="pk",
        attrs={"td": {"class": "num"}},
    )
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    expected = tables.Column(
        verbose_name=_("Expected"), default="–", attrs={"td": {"class": "num"}}
    )
    k = tables.Column(verbose_name=_("K"), default="–", attrs={"td": {"class": "num"}})
    change = tables.Column(
        verbose_name=_("Change"),
        default="–",
        attrs={"td": {"class": "num"}, "tf": {"class": "num"}},
        footer=_ledger_footer_change,
    )

    class Meta(BaseTable.Meta):
        model = RatingChange
        fields = ()
        orderable = False

    def __init__(self, *args, period, **kwargs):
        self.period = period
        super().__init__(*args, **kwargs)

    def render_rating_used(self, record: RatingChange) -> str:
        return decimals(_detail(record, "rating_before"), 2)

    def render_opponent_final(self, record: RatingChange) -> str:
        text = decimals(_detail(record, "opponent_final"), 2)
        return f"{text} *" if record.capped else text

    def render_score(self, value: Decimal) -> str:
        return LedgerTable.render_score(self, value)

    def render_expected(self, value: Decimal) -> str:
        return decimals(value, 4)

    def render_change(self, record: RatingChange, value: Decimal) -> str:
        text = signed_decimals(value, 4)
        if _detail(record, "win_bonus"):
            return format_html('{} <abbr title="{}">B</abbr>', text, _("win bonus"))
        return text


def signed_decimals(value: Decimal | None, places: int) -> str:
    """Like :func:`decimals`, with a plus sign on positive values."""
    if value is None:
        return "–"
    text = decimals(value, places)
    return f"+{text}" if value > 0 else text


LEDGER_TABLES = {"egf": EgfLedgerTable, "egf_old": EgfLedgerTable, "fesa": FesaLedgerTable}
"""The calculation table of each system with its own numbers (FIDE: :class:`LedgerTable`)."""


def ledger_table_for(system: str):
    """The ledger table class for a list's rating system."""
    return LEDGER_TABLES.get(system, LedgerTable)


class GradeColumn(tables.Column):
    """A player's grade in a go or shogi list, for tables of other apps (tournament pages).

    The accessor gives the player; the table holds ``grades`` (player id -> grade, from
    :func:`ratings.queries.grades_for`).
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Grade"))
        kwargs.setdefault("accessor", "player")
        super().__init__(default="–", orderable=False, **kwargs)

    def render(self, value, table) -> str:
        return table.grades.get(value.pk) or "–"


class ArchiveTable(BaseTable):
    """The published lists of a rating list, with downloads."""

    date = tables.DateColumn(verbose_name=_("List date"), format="Y-m-d")
    entry_count = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})
    downloads = tables.Column(verbose_name=_("Downloads"), accessor="pk", orderable=False)

    class Meta(BaseTable.Meta):
        orderable = False

    def render_date(self, record, value) -> str:
        url = reverse("ratings:published_list", args=[record.rating_list.slug, value])
        return format_html('<a href="{}">{}</a>', url, value.isoformat())

    def render_downloads(self, record) -> str:
        args = [record.rating_list.slug, record.date]
        return format_html(
            '<a href="{}" download>CSV</a> · <a href="{}" download>TXT</a>',
            reverse("ratings:published_csv", args=args),
            reverse("ratings:published_txt", args=args),
        )


class BandTable(BaseTable):
    """The number of players per 100-point band, highest band first."""

    band = tables.Column(verbose_name=_("Rating"), accessor="low")
    count = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})
    percent = tables.Column(verbose_name=_("Share of players (%)"), attrs={"td": {"class": "num"}})
    at_or_above = tables.Column(
        verbose_name=_("Players at or above"), attrs={"td": {"class": "num"}}
    )

    class Meta(BaseTable.Meta):
        orderable = False

    def render_band(self, record) -> str:
        return f"{record.low}–{record.high}"

    def render_percent(self, value) -> str:
        return number_format(value, 1)


class CountTable(BaseTable):
    """A two-column count: a title or class, and how many players hold it."""

    label = tables.Column(verbose_name=_("Title or class"))
    count = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        orderable = False


class PlayerGamesTable(BaseTable):
    """A player's rated games, newest first, with the calculation of each game."""

    date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    rating_list = tables.Column(verbose_name=_("Rating list"))
    tournament = tables.Column(verbose_name=_("Tournament"), linkify=True)
    round = tables.Column(
        verbose_name=_("Round"), accessor="game__round__number", attrs={"td": {"class": "num"}}
    )
    opponent = PlayerColumn(verbose_name=_("Opponent"))
    opponent_rating_used = tables.Column(
        verbose_name=_("Rating"), default="–", attrs={"td": {"class": "num"}}
    )
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    expected = tables.Column(
        verbose_name=_("Expected"), default="–", attrs={"td": {"class": "num"}}
    )
    k = tables.Column(verbose_name=_("K"), default="–", attrs={"td": {"class": "num"}})
    change = tables.Column(verbose_name=_("Change"), default="–", attrs={"td": {"class": "num"}})
    h2h = tables.Column(verbose_name=_("Head to head"), accessor="opponent_id")

    class Meta(BaseTable.Meta):
        orderable = False

    def render_opponent_rating_used(self, record: RatingChange, value: int) -> str:
        return f"{value} *" if record.capped else str(value)

    def render_score(self, value: Decimal) -> str:
        return LedgerTable.render_score(None, value)

    def render_expected(self, value: Decimal) -> str:
        return two_decimals(value)

    def render_change(self, value: Decimal) -> str:
        return signed_two_decimals(value)

    def render_h2h(self, record: RatingChange, value: int) -> str:
        url = reverse("ratings:head_to_head", args=[record.player_id])
        return format_html('<a href="{}?opponent={}">{}</a>', url, value, _("record"))


class PerformanceTable(BaseTable):
    """The tournaments a player was rated in, with the FIDE performance in each."""

    tournament = tables.Column(verbose_name=_("Tournament"), linkify=True)
    start = tables.DateColumn(
        verbose_name=_("Date"), accessor="tournament__start_date", format="Y-m-d"
    )
    rating_list = tables.Column(verbose_name=_("Rating list"))
    games = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num"}})
    average_opponent = tables.Column(
        verbose_name=_("Average opponent"), default="–", attrs={"td": {"class": "num"}}
    )
    performance = tables.Column(
        verbose_name=_("Performance"), default="–", attrs={"td": {"class": "num"}}
    )
    change = tables.Column(verbose_name=_("Change"), default="–", attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        orderable = False

    def render_points(self, value: Decimal) -> str:
        return points_text(value)

    def render_change(self, value: Decimal) -> str:
        return signed_two_decimals(value)


def points_text(value: Decimal) -> str:
    """Points with a ½ sign: 3½, ½, 0."""
    whole = int(value)
    half = value - whole == Decimal("0.5")
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


class HeadToHeadTable(BaseTable):
    """The games between two players."""

    date = tables.DateColumn(verbose_name=_("Date"), accessor="round__date", format="Y-m-d")
    tournament = tables.Column(
        verbose_name=_("Tournament"), accessor="round__tournament", linkify=True
    )
    round = tables.Column(verbose_name=_("Round"), accessor="round__number")
    white = PlayerColumn(verbose_name=_("White"))
    result = tables.Column(verbose_name=_("Result"), attrs={"td": {"class": "result"}})
    black = PlayerColumn(verbose_name=_("Black"))

    class Meta(BaseTable.Meta):
        orderable = False

    def render_result(self, record) -> str:
        return record.get_result_display()

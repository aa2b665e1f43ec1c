"""Tables of the public rating pages."""

from decimal import Decimal

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from players.tables import BaseTable, PlayerColumn
from ratings.models import PlayerRating, PublishedRating, RatingChange, RatingList
from ratings.systems import classes, fide

# Translated names of the national class ladder (ratings.systems.classes.NATIONAL_CLASSES).
CLASS_NAMES = {
    "elite": _("Elite (super-grandmaster level)"),
    "gm": _("Grandmaster level"),
    "senior-master": _("Senior master"),
    "master": _("National master"),
    "expert": _("Expert / candidate master"),
    "A": _("Class A"),
    "B": _("Class B"),
    "C": _("Class C"),
    "D": _("Class D"),
    "E": _("Class E"),
    "novice": _("Novice"),
}


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


def class_name(rating: int) -> str:
    """The translated name of the national class ``rating`` falls in."""
    band = classes.rating_class(rating)
    return CLASS_NAMES.get(band.code, band.name)


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
    """The player's FIDE title when they hold one, else the class of their live rating."""
    player = rating.player
    if player.title:
        return format_html(
            '<abbr class="title" title="{}">{}</abbr>', player.get_title_display(), player.title
        )
    if rating.live_rating is None:
        return "–"
    return format_html(
        '<span class="class">{}</span>', class_name(fide.round_change(rating.live_rating))
    )


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
    title_or_class = tables.Column(
        verbose_name=_("Title or class"), accessor="player", orderable=False
    )
    federation = _federation_column()
    club = _club_column()
    live_rating = tables.Column(verbose_name=_("Live rating"), attrs={"td": {"class": "num"}})
    rating = tables.Column(
        verbose_name=_("Published rating"), default="–", attrs={"td": {"class": "num"}}
    )
    games = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})
    peak = tables.Column(verbose_name=_("Peak"), default="–", attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        model = PlayerRating
        fields = ()
        order_by = ("rank",)

    def render_title_or_class(self, record: PlayerRating) -> str:
        return title_or_class(record)

    def render_live_rating(self, value: Decimal) -> str:
        return two_decimals(value)


class PublishedListTable(BaseTable):
    """A published (closed) list: the frozen ratings, ranked in SQL."""

    rank = _rank_column("rating")
    name = _player_column()
    federation = _federation_column()
    club = _club_column()
    rating = tables.Column(verbose_name=_("Rating"), attrs={"td": {"class": "num"}})
    change = tables.Column(verbose_name=_("Change"), default="–", attrs={"td": {"class": "num"}})
    games = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})
    k = tables.Column(verbose_name=_("K"), default="–", attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        model = PublishedRating
        fields = ()
        order_by = ("rank",)

    def render_change(self, value: int) -> str:
        return f"+{value}" if value > 0 else str(value)


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
    rating_class = tables.Column(verbose_name=_("Class"), accessor="live_rating", default="–")
    next_class = tables.Column(verbose_name=_("Next class"), accessor="live_rating", default="–")

    class Meta(BaseTable.Meta):
        model = PlayerRating
        fields = ()
        orderable = False

    def render_rating_class(self, value: Decimal) -> str:
        return class_name(fide.round_change(value))

    def render_next_class(self, value: Decimal) -> str:
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

"""Tables of the rating-list pages: home, leaderboard, published lists, archive, distribution."""

from decimal import Decimal

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from public.tables.columns import (
    PriorityMixin,
    badge_column,
    player_grade,
    rating_text,
    signed,
)
from ratings.models import PlayerRating, PublishedRating, RatingList
from ratings.queries.lists import GRADE_SYSTEMS
from rules.ratings import fide
from web.tables import BaseTable, DateColumn, PlayerColumn


class RatingListTable(PriorityMixin, BaseTable):
    """The rating lists on the home page."""

    priorities = {
        "name": "key",
        "game": 3,
        "time_control": 3,
        "system": 4,
        "rated_players": "key",
        "last_published": 2,
    }

    name = tables.Column(verbose_name=_("Rating list"), linkify=True)
    game = tables.Column(verbose_name=_("Game"))
    time_control = tables.Column(verbose_name=_("Time control"))
    system = tables.Column(verbose_name=_("Rating system"))
    rated_players = tables.Column(verbose_name=_("Rated players"))
    last_published = DateColumn(
        verbose_name=_("Last published list"), format="SHORT_DATE_FORMAT", default="–"
    )

    class Meta(BaseTable.Meta):
        model = RatingList
        fields = ()
        orderable = False

    def render_name(self, record: RatingList) -> str:
        return record.label

    def render_last_published(self, record: RatingList, value) -> str:
        if value is None:
            return "–"
        url = reverse("ratings:published_list", args=[record.slug, value])
        return format_html('<a href="{}">{}</a>', url, date_format(value, "SHORT_DATE_FORMAT"))


# Columns of the ranked tables (leaderboard, published list); one instance per table.


def _rank_column(rating: str) -> tables.Column:
    """The rank; sorting by it sorts by ``rating`` (descending), the order ranks follow, so
    the default order needs no rank from the database (see
    ``ratings.queries.leaderboard.rank_page``)."""
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


class LeaderboardTable(PriorityMixin, BaseTable):
    """A rating list's leaderboard: ranks come from ``ratings.queries.leaderboard.rank_page``
    in the default order, else from the query (a window function)."""

    priorities = {
        "rank": "key",
        "name": "key",
        "title_or_class": 2,
        "federation": 2,
        "club": 3,
        "live_rating": "key",
        "rating": 3,
        "since_published": 2,
        "games": 4,
        "peak": 4,
    }

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
        return rating_text(value)


class PublishedListTable(PriorityMixin, BaseTable):
    """A published (closed) list: the frozen ratings, ranked in SQL."""

    priorities = {
        "rank": "key",
        "name": "key",
        "badge": 2,
        "grade": 2,
        "federation": 2,
        "club": 3,
        "rating": "key",
        "change": "key",
        "games": 3,
        "k": 4,
        "is_new": 2,
    }

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


class ArchiveTable(BaseTable):
    """The published lists of a rating list, with downloads."""

    date = DateColumn(verbose_name=_("List date"), format="SHORT_DATE_FORMAT")
    entry_count = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})
    downloads = tables.Column(verbose_name=_("Downloads"), accessor="pk", orderable=False)

    class Meta(BaseTable.Meta):
        orderable = False

    def render_date(self, record, value) -> str:
        url = reverse("ratings:published_list", args=[record.rating_list.slug, value])
        return format_html('<a href="{}">{}</a>', url, date_format(value, "SHORT_DATE_FORMAT"))

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

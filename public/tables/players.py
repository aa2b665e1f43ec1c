"""Tables of the player pages: ratings per list, rated games, performances, head to head."""

from decimal import Decimal

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from public.tables.columns import (
    PriorityMixin,
    class_name,
    next_class_text,
    player_grade,
    points_text,
    rating_text,
    signed_two_decimals,
    two_decimals,
)
from public.tables.ledger import LedgerTable
from ratings.models import PlayerRating, RatingChange
from ratings.queries.lists import GRADE_SYSTEMS
from rules.ratings import fide
from web.tables import BaseTable, DateColumn, PlayerColumn


class PlayerRatingTable(PriorityMixin, BaseTable):
    """A player's ratings, one row per list."""

    priorities = {
        "rating_list": "key",
        "rating": 2,
        "live_rating": "key",
        "period_change": 2,
        "k": 3,
        "games": 3,
        "peak": 2,
        "last_played": 4,
        "rating_class": 2,
        "next_class": 3,
    }

    rating_list = tables.Column(verbose_name=_("Rating list"), linkify=True)
    rating = tables.Column(verbose_name=_("Published rating"), default="–")
    live_rating = tables.Column(verbose_name=_("Live rating"), default="–")
    period_change = tables.Column(verbose_name=_("Change this period"))
    k = tables.Column(verbose_name=_("K"), default="–")
    games = tables.Column(verbose_name=_("Rated games"))
    peak = tables.Column(verbose_name=_("Peak"), default="–")
    last_played = DateColumn(
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
        return rating_text(value)

    def render_period_change(self, value: Decimal) -> str:
        return signed_two_decimals(value)


class PlayerGamesTable(PriorityMixin, BaseTable):
    """A player's rated games, newest first, with the calculation of each game."""

    priorities = {
        "date": 2,
        "rating_list": 4,
        "tournament": 3,
        "round": 4,
        "opponent": "key",
        "opponent_rating_used": "key",
        "score": "key",
        "expected": 3,
        "k": 4,
        "change": "key",
        "h2h": 3,
    }

    date = DateColumn(verbose_name=_("Date"), format="SHORT_DATE_FORMAT")
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


class PerformanceTable(PriorityMixin, BaseTable):
    """The tournaments a player was rated in, with the FIDE performance in each."""

    priorities = {
        "tournament": "key",
        "start": 3,
        "rating_list": 4,
        "games": 2,
        "points": "key",
        "average_opponent": 3,
        "performance": 2,
        "change": "key",
    }

    tournament = tables.Column(verbose_name=_("Tournament"), linkify=True)
    start = DateColumn(
        verbose_name=_("Date"), accessor="tournament__start_date", format="SHORT_DATE_FORMAT"
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


class HeadToHeadTable(PriorityMixin, BaseTable):
    """The games between two players."""

    priorities = {
        "date": 2,
        "tournament": 3,
        "round": 4,
        "white": "key",
        "result": "key",
        "black": "key",
    }

    date = DateColumn(verbose_name=_("Date"), accessor="round__date", format="SHORT_DATE_FORMAT")
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

"""Tables of a player's calculation, one rating period each: FIDE, go (EGF), shogi (FESA), Glicko-2.

:func:`ledger_table_for` gives the table class of a list's rating system.
"""

from decimal import Decimal

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from public.tables.columns import (
    PriorityMixin,
    decimals,
    signed_decimals,
    signed_two_decimals,
    two_decimals,
)
from ratings.models import RatingChange
from web.tables import BaseTable, DateColumn, PlayerColumn


def _detail(record: RatingChange, key: str):
    return (record.details or {}).get(key)


class PeriodTable(PriorityMixin, BaseTable):
    """One rating period's games (``period``: the period, for the footer); the change last,
    its footer the period's rounded total. Subclasses say ``class Meta(PeriodTable.Meta)``:
    django-tables2 reads only a table class's own ``Meta``."""

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
        sequence = ("...", "change")

    def __init__(self, *args, period, **kwargs):
        self.period = period
        super().__init__(*args, **kwargs)

    def render_tournament(self, record: RatingChange, value) -> str:
        """The tournament; a team game's also its match ("Team A – Team B")."""
        game = record.game if record.game_id else None
        if game is not None and game.team_match_id is not None:
            return f"{value} · {game.team_match}"
        return str(value)


class LedgerTable(PeriodTable):
    """One rating period of a player's calculation, as FIDE prints it.

    The footer carries the period's totals: Σ(score − expected), K × Σ and the rounded change.
    Build it with ``LedgerTable(period.changes, period=period)``.
    """

    priorities = {
        "date": 2,
        "tournament": 3,
        "opponent": "key",
        "opponent_rating_used": "key",
        "score": "key",
        "expected": 2,
        "delta": 3,
        "k": 3,
        "change": "key",
    }

    date = DateColumn(verbose_name=_("Date"), format="SHORT_DATE_FORMAT")
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

    class Meta(PeriodTable.Meta):
        pass

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


class EgfLedgerTable(PeriodTable):
    """One period of a go (EGF) player's calculation: per game Se, con, bonus, the handicap
    and the tournament class weight, as the EGD computes them; the footer sums the changes."""

    priorities = {
        "date": 2,
        "tournament": 3,
        "opponent": "key",
        "opponent_rating": "key",
        "handicap": 2,
        "score": "key",
        "expected": 3,
        "con": 4,
        "bonus": 4,
        "weight": 3,
        "change": "key",
    }

    date = DateColumn(verbose_name=_("Date"), format="SHORT_DATE_FORMAT")
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

    class Meta(PeriodTable.Meta):
        pass

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


class FesaLedgerTable(PeriodTable):
    """One period of a shogi (FESA) player's calculation: per game the running rating, the
    opponent's final tournament rating, the expected score, K and the change (win bonus
    marked); the footer sums the changes (each tournament's total is rounded)."""

    priorities = {
        "date": 2,
        "tournament": 3,
        "opponent": "key",
        "rating_used": 3,
        "opponent_final": 2,
        "score": "key",
        "expected": 3,
        "k": 4,
        "change": "key",
    }

    date = DateColumn(verbose_name=_("Date"), format="SHORT_DATE_FORMAT")
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

    class Meta(PeriodTable.Meta):
        pass

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


class Glicko2LedgerTable(PeriodTable):
    """One period of a Glicko-2 player's calculation: per game the opponent's rating and RD
    at the start of the period, the player's own RD, the expected score E and the game's share
    of the period's change (``docs/ratings.md``, "Glicko-2"); the footer sums the changes."""

    priorities = {
        "date": 2,
        "tournament": 3,
        "opponent": "key",
        "opponent_rating_used": "key",
        "opponent_rd": 3,
        "rd": 4,
        "score": "key",
        "expected": 2,
        "change": "key",
    }

    date = DateColumn(verbose_name=_("Date"), format="SHORT_DATE_FORMAT")
    tournament = tables.Column(verbose_name=_("Tournament"), linkify=True)
    opponent = PlayerColumn(verbose_name=_("Opponent"))
    opponent_rating_used = tables.Column(
        verbose_name=_("Rating"), default="–", attrs={"td": {"class": "num"}}
    )
    opponent_rd = tables.Column(
        verbose_name=_("Opponent's RD"), accessor="pk", attrs={"td": {"class": "num"}}
    )
    rd = tables.Column(verbose_name=_("Own RD"), accessor="pk", attrs={"td": {"class": "num"}})
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    expected = tables.Column(
        verbose_name=_("Expected"), default="–", attrs={"td": {"class": "num"}}
    )

    class Meta(PeriodTable.Meta):
        pass

    def render_opponent_rd(self, record: RatingChange) -> str:
        return decimals(_detail(record, "opponent_rd"), 1)

    def render_rd(self, record: RatingChange) -> str:
        return decimals(_detail(record, "rd"), 1)

    def render_score(self, value: Decimal) -> str:
        return LedgerTable.render_score(self, value)

    def render_expected(self, value: Decimal) -> str:
        return decimals(value, 4)

    def render_change(self, value: Decimal) -> str:
        return signed_decimals(value, 2)


LEDGER_TABLES = {
    "egf": EgfLedgerTable,
    "egf_old": EgfLedgerTable,
    "fesa": FesaLedgerTable,
    "glicko2": Glicko2LedgerTable,
}
"""The calculation table of each system with its own numbers (FIDE: :class:`LedgerTable`)."""


def ledger_table_for(system: str):
    """The ledger table class for a list's rating system."""
    return LEDGER_TABLES.get(system, LedgerTable)

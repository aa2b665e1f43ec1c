"""Tables of a section's prize page: the prize table and the prize list."""

from __future__ import annotations

from decimal import Decimal

import django_tables2 as tables
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from public.tables.columns import key, priority
from public.tables.tournaments import PointsColumn
from web.tables import BaseTable, PlayerColumn


class AmountColumn(tables.Column):
    """An amount in the reader's number format (the CSV: ``875.00``)."""

    def render(self, value: Decimal) -> str:
        return formats.number_format(value, decimal_pos=-value.as_tuple().exponent)

    def value(self, value: Decimal) -> str:
        return str(value)


class PrizeTableTable(BaseTable):
    """The prizes as announced: what, and how much."""

    prize = tables.Column(verbose_name=_("Prize"), attrs=key())
    amount = AmountColumn(verbose_name=_("Amount"), attrs=key(num=True))

    class Meta(BaseTable.Meta):
        orderable = False


class PrizeListTable(BaseTable):
    """The players paid: place, name, points, the prize, the amount, whom they share with."""

    place = tables.Column(verbose_name=_("Place"), attrs=key(num=True))
    player = PlayerColumn(verbose_name=_("Name"), attrs=key())
    points = PointsColumn(verbose_name=_("Points"), attrs=key(num=True))
    prize = tables.Column(verbose_name=_("Prize"), attrs=key())
    amount = AmountColumn(verbose_name=_("Amount"), attrs=key(num=True))
    shared = tables.Column(verbose_name=_("Shared with"), default="", attrs=priority(2))

    class Meta(BaseTable.Meta):
        orderable = False

"""A section's public prize page: the prize table and the prize list (final once the
tournament is finished, provisional while it runs), printable and as a ``.csv`` download."""

from __future__ import annotations

from django.utils.formats import number_format
from django.views.generic import DetailView

from events.queries.prizes import PrizeList, prize_label, prize_list
from public.tables.prizes import PrizeListTable, PrizeTableTable
from public.views.downloads import CsvMixin
from public.views.event import TournamentPageMixin


def list_table(prizes: PrizeList) -> PrizeListTable:
    return PrizeListTable(
        [
            {
                "place": line.place,
                "player": line.player,
                "points": line.points,
                "prize": line.prize,
                "amount": line.amount,
                "shared": ", ".join(player.name for player in line.shared_with),
            }
            for line in prizes.lines
        ]
    )


def announced_table(prizes: PrizeList) -> PrizeTableTable:
    return PrizeTableTable(
        [{"prize": prize_label(prize), "amount": prize.amount} for prize in prizes.prizes]
    )


class PrizesView(CsvMixin, TournamentPageMixin, DetailView):
    """The prize list with its winners and amounts; the announced prize table under it."""

    template_name = "public/tournaments/prizes.html"
    file_part = "prizes"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        prizes = prize_list(self.object)
        digits = prizes.table.digits if prizes.table is not None else 2
        context.update(
            page="prizes",
            prizes=prizes,
            table=list_table(prizes),
            announced=announced_table(prizes),
            total=number_format(prizes.total, decimal_pos=digits),
            paid=number_format(prizes.paid, decimal_pos=digits),
            unclaimed=[prize_label(prize) for prize in prizes.unclaimed],
        )
        return context

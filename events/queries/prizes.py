"""A section's prize table and its prize list: the allocation of :mod:`rules.prizes` over
the tournament's current standings (final once the tournament is finished)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _

from events.enums import PrizeKind
from events.models import Prize, PrizeTable
from players.models import Player
from ratings.queries.tournaments import tournament_standings
from rules import prizes as rules
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament
from tournaments.queries import standings
from tournaments.queries.standings import StandingsData


def prize_table(tournament: Tournament) -> tuple[PrizeTable | None, list[Prize]]:
    """The tournament's prize table (``None``: it has none) and its prizes in order, clubs
    joined: two queries."""
    table = PrizeTable.objects.filter(tournament=tournament).first()
    if table is None:
        return None, []
    return table, list(table.prizes.select_related("club"))


def prize_label(prize: Prize) -> str:
    """A prize as the list names it: "Place 3", "Best junior U14", "Rating 1600–1799"…"""
    kind = prize.kind
    if kind == PrizeKind.PLACE:
        return _("Place %(place)d") % {"place": prize.place or 0}
    if kind == PrizeKind.JUNIOR:
        return _("Best junior U%(age)d") % {"age": prize.age or 0}
    if kind == PrizeKind.SENIOR:
        return _("Best senior %(age)d+") % {"age": prize.age or 0}
    if kind == PrizeKind.RATING:
        low = "" if prize.rating_min is None else str(prize.rating_min)
        high = "" if prize.rating_max is None else str(prize.rating_max)
        return _("Rating %(low)s–%(high)s") % {"low": low, "high": high}
    if kind == PrizeKind.CLUB:
        return _("Best of %(club)s") % {"club": prize.club or "–"}
    return str(prize.get_kind_display()).capitalize()


def rule_prize(prize: Prize, digits: int) -> rules.Prize:
    return rules.Prize(
        kind=prize.kind,
        amount=rules.minor_units(prize.amount, digits),
        place=prize.place,
        age=prize.age,
        rating_min=prize.rating_min,
        rating_max=prize.rating_max,
        club=prize.club_id,
    )


@dataclass
class PrizeLine:
    """One player paid: their place in the standings, the prize the tie-breaks gave them
    (``None``: they only share a pool), the amount and whether it is a share."""

    place: str
    player: Player
    points: object
    prize: str
    amount: Decimal
    shared_with: list[Player] = field(default_factory=list)


@dataclass
class PrizeList:
    """The prize table and its allocation after ``after_round`` (``final`` once the
    tournament is finished; otherwise provisional)."""

    table: PrizeTable | None
    prizes: list[Prize] = field(default_factory=list)
    after_round: int = 0
    final: bool = False
    lines: list[PrizeLine] = field(default_factory=list)
    unclaimed: list[Prize] = field(default_factory=list)
    total: Decimal = Decimal(0)
    awarded: Decimal = Decimal(0)
    paid: Decimal = Decimal(0)
    remainders: list[tuple[list[Player], Decimal]] = field(default_factory=list)


def prize_list(tournament: Tournament, data: StandingsData | None = None) -> PrizeList:
    """The prize list of ``tournament`` from its standings after the last complete round
    (``data``: the standings input when the caller read it already)."""
    table, lines = prize_table(tournament)
    if table is None:
        return PrizeList(table=None)
    digits = table.digits
    result = PrizeList(
        table=table,
        prizes=lines,
        final=tournament.status == TournamentStatus.FINISHED,
        total=sum((p.amount for p in lines), Decimal(0)),
    )
    if not lines:
        return result
    data = data if data is not None else tournament_standings(tournament)
    ranked = standings.ranked(data, data.completed)
    result.after_round = ranked.after_round
    if not ranked.rows or not data.completed:
        return result
    players = {row.player.tpn: data.players[row.player.tpn] for row in ranked.rows}
    contenders = [
        rules.Contender(
            key=row.player.tpn,
            rank=rank,
            score=row.points,
            sex=players[row.player.tpn].sex,
            birth_year=players[row.player.tpn].birth_year,
            rating=row.player.rating,
            club=players[row.player.tpn].club_id,
        )
        for rank, row in enumerate(ranked.rows, start=1)
    ]
    allocation = rules.allocate(
        contenders,
        [rule_prize(p, digits) for p in lines],
        method=table.method,
        year=tournament.start_date.year,
    )
    places = {row.player.tpn: row.label for row in ranked.rows}
    points = {row.player.tpn: row.points for row in ranked.rows}
    for payout in allocation.payouts:
        split = payout.split
        result.lines.append(
            PrizeLine(
                place=places[payout.key],
                player=players[payout.key],
                points=points[payout.key],
                prize=_prize_text(lines, payout),
                amount=rules.major_units(payout.amount, digits),
                shared_with=[]
                if split is None
                else [players[key] for key in split.players if key != payout.key],
            )
        )
    result.unclaimed = [lines[i] for i in allocation.unclaimed]
    result.awarded = rules.major_units(allocation.awarded, digits)
    result.paid = rules.major_units(allocation.paid, digits)
    result.remainders = [
        ([players[key] for key in s.players[: s.remainder]], rules.major_units(1, digits))
        for s in allocation.splits
        if s.remainder
    ]
    return result


def _prize_text(lines: list[Prize], payout: rules.Payout) -> str:
    if payout.prize is not None:
        return prize_label(lines[payout.prize])
    shared = payout.split.prizes if payout.split is not None else ()
    return _("share of %(prizes)s") % {"prizes": ", ".join(prize_label(lines[i]) for i in shared)}

"""The values of the team tie-breaks, on match points (``MP``) or game points (``GP``).

:func:`_values` computes one tie-break for every team of a :class:`_TeamEvent`; the direct
encounter family (DE, EDE) and the board tie-breaks that are applied to tied groups only (TBR,
BBE) are in :mod:`rules.standings.teams.encounter`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from rules.standings.codes import TieBreak
from rules.standings.teams.codes import EXTENDED_SB, TeamTieBreak
from rules.standings.teams.encounter import _board_order, _direct_encounter
from rules.standings.teams.event import GP, MP, _TeamEvent
from rules.standings.tiebreaks import _cut

Value = Fraction | int | None


def _other(kind: str) -> str:
    return GP if kind == MP else MP


def _scores(tb: TeamTieBreak, primary: str) -> tuple[str, str]:
    """(the score read for opponents, the team's own result) of a tie-break."""
    if tb.name in EXTENDED_SB:
        return (MP if tb.name[1] == "M" else GP), (MP if tb.name[2] == "M" else GP)
    kind = tb.score or primary
    return kind, kind


def _contributions(
    ev: _TeamEvent, n: int, kind: str, own_kind: str
) -> list[tuple[Fraction, Fraction, bool]]:
    """Per counted round: (opponent's adjusted score, × own result, VUR?) — Art. 8.1, 9.1, 16.4."""
    adjusted = ev.adjusted(kind)
    own = ev.score(kind)[n]
    cap_byes = ev.draw(kind) * ev.k
    out = []
    for i, r in enumerate(ev.rounds[n]):
        if ev.counted(n, i):
            value, vur = adjusted[r.opponent], False  # type: ignore[index]
        elif ev.rr:
            continue  # an odd round robin's bye is left out (Art. 15.2)
        else:
            value, vur = own, r.vur
            if r.opponent is not None:  # 16.4.1 forfeited matches
                value = min(value, adjusted[r.opponent])
            else:  # 16.4.2 byes and absences
                value = min(value, cap_byes)
        out.append((value, value * r.points(own_kind), vur))
    return out


def _buchholz(ev: _TeamEvent, tb: TeamTieBreak, primary: str, *, sb: bool) -> dict[int, Value]:
    kind, own_kind = _scores(tb, primary)
    cut = TieBreak("BH", cut_low=tb.cut_low, cut_high=tb.cut_high)
    return {n: _cut(_contributions(ev, n, kind, own_kind), cut, sb) for n in ev.rounds}


def _aob(ev: _TeamEvent, tb: TeamTieBreak, primary: str) -> dict[int, Value]:
    bh = _buchholz(ev, TeamTieBreak("BH", score=tb.score), primary, sb=False)
    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        values = [bh[r.opponent] for r in rs if r.played and r.opponent is not None]
        out[n] = sum(values, Fraction(0)) / len(values) if values else None  # type: ignore[arg-type]
    return out


def _koya(ev: _TeamEvent, tb: TeamTieBreak, kind: str) -> dict[int, Value]:
    games = ev.k
    if ev.rr:
        teams = len(ev.rounds)
        if teams and games % teams == 0:
            games -= games // teams  # an odd round robin: one bye per cycle
        games -= sum(1 for n in ev.rounds if ev.lmp[n] == 0)
    limit = tb.limit_percent / 100 * ev.win(kind) * games + tb.limit_offset
    score = ev.score(kind)
    return {
        n: sum(
            (r.points(kind) for r in rs if r.opponent is not None and score[r.opponent] >= limit),
            Fraction(0),
        )
        for n, rs in ev.rounds.items()
    }


def _progressive(ev: _TeamEvent, tb: TeamTieBreak, kind: str) -> dict[int, Value]:
    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        running, total = Fraction(0), Fraction(0)
        for i, r in enumerate(rs):
            running += r.points(kind)
            if i >= tb.cut_low:
                total += running
        out[n] = total
    return out


def _items(ev: _TeamEvent, n: int, kind: str) -> list[tuple[Fraction, str, bool, bool]]:
    """What the counting tie-breaks count: (points, colour, played, opponent?) per match on
    match points, per board on game points."""
    if kind == MP:
        return [(r.mp, r.colour, r.played, r.opponent is not None) for r in ev.rounds[n]]
    return [(b.points, b.colour, b.played, b.present) for r in ev.rounds[n] for b in r.boards]


def _count(ev: _TeamEvent, tb: TeamTieBreak, kind: str) -> dict[int, Value]:
    win = Fraction(ev.match_points.win) if kind == MP else Fraction(1)
    out: dict[int, Value] = {}
    for n in ev.rounds:
        total = 0
        for points, colour, played, opponent in _items(ev, n, kind):
            match tb.name:
                case "WIN":
                    total += points == win
                case "WON":
                    total += points == win and played and opponent
                case "BPG":
                    total += colour == "b" and played
                case "BWG":
                    total += colour == "b" and played and points == win
                case _:  # REP
                    total += played or points == win
        out[n] = total
    return out


def _std(ev: _TeamEvent, kind: str) -> dict[int, Value]:
    """Art. 7.7 on teams: a match scores 1 / ½ / 0 by its points against a draw's; on game
    points every board does (a round without a match played: its result on every board)."""

    def std(points: Fraction, draw: Fraction) -> Fraction:
        return Fraction(1) if points > draw else Fraction(1, 2) if points == draw else Fraction(0)

    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        total = Fraction(0)
        for r in rs:
            if kind == MP:
                total += std(r.mp, Fraction(ev.match_points.draw))
            else:
                total += sum((std(b.points, Fraction(1, 2)) for b in r.boards), Fraction(0))
        out[n] = total
    return out


def _board_count(ev: _TeamEvent) -> dict[int, Value]:
    """Σ board number × the game points scored on that board (lower ranks higher)."""
    return {
        n: sum((board * points for board, points in per_board.items()), Fraction(0))
        for n, per_board in ev.board_points.items()
    }


def _sssc(ev: _TeamEvent, tb: TeamTieBreak, primary: str) -> dict[int, Value]:
    """Score-strength combination: the other score + BH on this score ÷ a divisor, two
    decimals, rounded half up (the divisor as FIDE's reference checker takes it)."""
    kind = tb.score or primary
    bh = _buchholz(ev, TeamTieBreak("BH", score=kind), primary, sb=False)
    boards = ev.maxboard or ev.size
    win = ev.match_points.win
    divisor = math.floor(win * ev.k / boards) if kind == MP else math.floor(ev.k * boards / win)
    if divisor == 0:  # fewer rounds than half the boards: the checker divides by zero
        return dict.fromkeys(ev.rounds)
    other = ev.score(_other(kind))
    out: dict[int, Value] = {}
    for n in ev.rounds:
        value = other[n] + bh[n] / divisor  # type: ignore[operator]
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        out[n] = Fraction(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return out


def _values(
    ev: _TeamEvent, tb: TeamTieBreak, groups: Sequence[Sequence[int]], primary: str
) -> dict[int, Value]:
    kind = tb.score or primary
    name = tb.name
    if name == "PTS":
        return dict(ev.score(kind))
    if name == "MPVGP":
        return dict(ev.score(_other(primary)))
    if name == "BH":
        return _buchholz(ev, tb, primary, sb=False)
    if name == "SB" or name in EXTENDED_SB:
        return _buchholz(ev, tb, primary, sb=True)
    if name == "AOB":
        return _aob(ev, tb, primary)
    if name == "KS":
        return _koya(ev, tb, kind)
    if name == "PS":
        return _progressive(ev, tb, kind)
    if name == "TPN":
        return {n: n for n in ev.rounds}
    if name == "STD":
        return _std(ev, kind)
    if name == "BC":
        return _board_count(ev)
    if name == "SSSC":
        return _sssc(ev, tb, primary)
    if name in {"DE", "EDE"}:
        return _direct_encounter(ev, tb, groups, kind)
    if name in {"TBR", "BBE"}:
        return _board_order(ev, name, groups)
    return _count(ev, tb, kind)

"""Rating tie-breaks and performances: ARO, TPR, PTP, APRO, APPO and RTNG (Art. 10).

Built on FIDE tables 8.1.1 and 8.1.2 of :mod:`rules.ratings.fide`; also used for the
performance column of the standings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from rules.ratings.fide import (
    average_rating,
    difference_for_percentage,
    percentage,
    probability_for_difference,
)
from rules.standings.codes import TieBreak
from rules.standings.event import _Event, _Round
from rules.standings.model import Value

_PTP_SPAN = 800  # PTP for a zero score: lowest opponent - 800 (Art. 10.3)
_PD_SATURATION = 736  # table 8.1.2 gives PD = 1.00 from a difference of 736 on


def _rating_opponents(ev: _Event, n: int, ratings: Mapping[int, int | None]) -> list[_Round]:
    return [r for r in ev.rounds[n] if r.otb and ratings.get(r.opponent) is not None]  # type: ignore[arg-type]


def _as_decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def _tpr(opponents: Sequence[int], points: Fraction) -> int | None:
    if not opponents:
        return None
    return average_rating(opponents) + difference_for_percentage(
        percentage(_as_decimal(points), len(opponents))
    )


def _ptp(opponents: Sequence[int], points: Fraction) -> int | None:
    """Perfect Tournament Performance (Art. 10.3): the lowest integer R with
    Σ PD(R − R_i) ≥ points, PD from table 8.1.2 without the 400-point cut."""
    if not opponents:
        return None
    if points <= 0:
        return min(opponents) - _PTP_SPAN
    target = _as_decimal(points)
    low, high = min(opponents) - _PD_SATURATION, max(opponents) + _PD_SATURATION
    while low < high:
        mid = (low + high) // 2
        if sum(probability_for_difference(mid - o) for o in opponents) >= target:
            high = mid
        else:
            low = mid + 1
    return high


def _rating_family(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    ratings = ev.allrated(tb)
    if ratings is None:
        return dict.fromkeys(ev.rounds)
    if tb.name == "RTNG":
        return dict(ratings)

    def base(which: str, n: int) -> int | None:
        games = _rating_opponents(ev, n, ratings)
        if tb.name == "ARO" and (tb.cut_low or tb.cut_high):
            games = sorted(games, key=lambda r: ratings[r.opponent])  # type: ignore[index]
            games = games[tb.cut_low : len(games) - tb.cut_high]
        opponents = [ratings[r.opponent] for r in games]  # type: ignore[index]
        points = sum((r.standard for r in games), Fraction(0))
        if which == "ARO":
            return average_rating(opponents) if opponents else None
        if which == "TPR":
            return _tpr(opponents, points)
        return _ptp(opponents, points)

    if tb.name in {"ARO", "TPR", "PTP"}:
        return {n: base(tb.name, n) for n in ev.rounds}
    inner = "TPR" if tb.name == "APRO" else "PTP"
    perf = {n: base(inner, n) for n in ev.rounds}
    out: dict[int, Value] = {}
    for n in ev.rounds:
        values = [perf[r.opponent] for r in _rating_opponents(ev, n, ratings)]  # type: ignore[index]
        known = [v for v in values if v is not None]
        out[n] = average_rating(known) if known else None
    return out

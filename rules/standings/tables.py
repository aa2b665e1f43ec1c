"""Tables beside the standings: the progress table, the round-robin crosstable, value display.

:func:`progress_table` gives the running score after each round, :func:`crosstable` the
results of each pairing of a round robin, :func:`format_value` a tie-break value as text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.standings.event import _after, _Event
from rules.standings.model import Tournament, Value
from rules.standings.performance import _as_decimal


def progress_table(
    tournament: Tournament, *, after_round: int | None = None
) -> dict[int, tuple[Fraction, ...]]:
    """Score after each round 1..after_round for every player (by TPN)."""
    ev = _Event(tournament, _after(tournament, after_round))
    out = {}
    for n, rs in ev.rounds.items():
        running, steps = Fraction(0), []
        for r in rs:
            running += r.points
            steps.append(running)
        out[n] = tuple(steps)
    return out


@dataclass(frozen=True)
class Crosstable:
    """Round-robin crosstable: ``cells[(a, b)]`` lists a's results against b in round order
    (``"1"``, ``"½"``, ``"0"``, ``"+"``, ``"-"`` …); ``order`` is the row order (TPN)."""

    order: tuple[int, ...]
    cells: Mapping[tuple[int, int], tuple[str, ...]]

    def cell(self, player: int, opponent: int) -> str:
        """The results of ``player`` against ``opponent`` joined by spaces ("" if none)."""
        return " ".join(self.cells.get((player, opponent), ()))


_SYMBOL = {"1": "1", "=": "½", "0": "0", "W": "1", "D": "½", "L": "0", "+": "+", "-": "-"}


def crosstable(tournament: Tournament, *, after_round: int | None = None) -> Crosstable:
    """The crosstable data of a round robin after ``after_round``."""
    ev = _Event(tournament, _after(tournament, after_round))
    cells: dict[tuple[int, int], list[str]] = {}
    for n, rs in ev.rounds.items():
        for r in rs:
            if r.opponent is not None:
                cells.setdefault((n, r.opponent), []).append(_SYMBOL.get(r.code, r.code))
    return Crosstable(
        order=tuple(sorted(ev.rounds)), cells={key: tuple(v) for key, v in cells.items()}
    )


def half_points(value: Fraction) -> str | None:
    """Points in whole and half points as score sheets write them: ``"2½"``, ``"½"``, ``"3"``;
    ``None`` for any other fraction (3-1-0 averages, quarters), which callers write as a
    decimal (:func:`format_value`)."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole}½" if whole else "½"
    return None


def format_value(value: Value) -> str:
    """A tie-break value for display: ``"15.5"``, ``"2.25"``, ``"1732"``, ``"–"`` for none."""
    if value is None:
        return "–"
    if isinstance(value, int):
        return str(value)
    if value.denominator == 1:
        return f"{value.numerator}.0"
    as_decimal = _as_decimal(value)
    if as_decimal.as_tuple().exponent >= -4:  # type: ignore[operator]
        return str(as_decimal)
    return f"{float(value):.2f}"

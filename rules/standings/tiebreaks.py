"""The tie-break values of FIDE C.07: Buchholz family, Koya, progressive, counts and DE.

:func:`_values` computes one tie-break's value for every player of an :class:`_Event`; it
dispatches to the functions here, to the rating tie-breaks of
:mod:`rules.standings.performance` and to the McMahon ones of :mod:`rules.standings.mcmahon`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules.standings.codes import _RATING, TieBreak
from rules.standings.event import _Event, _Round
from rules.standings.mcmahon import _MCMAHON, _mcmahon
from rules.standings.model import _HALF, Value
from rules.standings.performance import _rating_family


def _cut(values: list[tuple[Fraction, Fraction, bool]], tb: TieBreak, sb: bool) -> Fraction:
    """Sum after cut/median (Art. 14), lowest VUR contribution first (Art. 16.5)."""
    items = list(values)
    slot = 1 if sb else 0
    for _ in range(min(tb.cut_low, len(items))):
        least = min(items, key=lambda c: (c[0], c[1]))
        vurs = [c for c in items if c[2]]
        victim = least
        if vurs:
            lowest_vur = min(vurs, key=lambda c: (c[0], c[1]))
            if not least[slot] > lowest_vur[slot]:
                victim = lowest_vur
        items.remove(victim)
    for _ in range(min(tb.cut_high, len(items))):
        items.remove(max(items, key=lambda c: (c[0], c[1])))
    return sum((c[slot] for c in items), Fraction(0))


def _buchholz(ev: _Event, tb: TieBreak, *, sb: bool = False) -> dict[int, Value]:
    view = ev.view(tb.fore or tb.name == "FB")
    return {n: _cut(view.contributions(n), tb, sb) for n in ev.rounds}


def _aob(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    bh = _buchholz(ev, TieBreak("FB" if tb.fore else "BH", fore=tb.fore))
    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        values = [bh[r.opponent] for r in rs if r.otb and r.opponent is not None]
        out[n] = sum(values, Fraction(0)) / len(values) if values else None  # type: ignore[arg-type]
    return out


def _koya(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    games = ev.k
    if ev.rr:
        count = len(ev.rounds)
        if count and games % count == 0:
            games -= games // count  # odd round robin: one bye per cycle
        games -= sum(
            1 for rs in ev.rounds.values() if all(r.opponent is None and r.code != "U" for r in rs)
        )
    limit = tb.limit_percent / 100 * ev.ps.win * games + tb.limit_offset
    return {
        n: sum(
            (r.points for r in rs if r.opponent is not None and ev.score[r.opponent] >= limit),
            Fraction(0),
        )
        for n, rs in ev.rounds.items()
    }


def _progressive(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        running, total = Fraction(0), Fraction(0)
        for i, r in enumerate(rs):
            running += r.points
            if i >= tb.cut_low:
                total += running
        out[n] = total
    return out


def _count(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    win, draw = ev.ps.win, ev.ps.draw

    def test(r: _Round) -> Fraction:
        match tb.name:
            case "WIN":
                return Fraction(r.points == win)
            case "WON":
                return Fraction(r.otb and r.points == win)
            case "BPG":
                return Fraction(r.otb and r.colour == "b")
            case "BWG":
                return Fraction(r.otb and r.colour == "b" and r.points == win)
            case "REP":
                return Fraction(r.otb or r.code == "U" or r.points == win)
            case _:  # STD
                return (
                    Fraction(1) if r.points > draw else _HALF if r.points == draw else Fraction(0)
                )

    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        total = sum((test(r) for r in rs), Fraction(0))
        out[n] = total if tb.name == "STD" else int(total)
    return out


def _direct_encounter(
    ev: _Event, tb: TieBreak, groups: Sequence[Sequence[int]]
) -> dict[int, Value]:
    """Art. 6: the mini-table among tied players, applied recursively to sub-ties.

    Values are positions inside the tied group (1 = first; equal positions stay tied); a group
    that DE cannot split gets 0 for everyone, as in FIDE's reference checker.
    """
    out: dict[int, Value] = {}
    for group in groups:
        classes = _de_split(ev, tb, list(group))
        if len(classes) == 1:
            out.update(dict.fromkeys(group, 0))
            continue
        position = 1
        for members in classes:
            out.update(dict.fromkeys(members, position))
            position += len(members)
    return out


def encounter_classes(
    group: list[int], table: dict[int, tuple[Fraction, Fraction]], *, all_met: bool
) -> list[list[int]]:
    """The direct encounter's classes of a tied ``group`` (players or teams), best first, from
    ``table``: each member's (score among the group, score if every missing encounter were
    won). All met: equal scores share a class. Otherwise (Swiss, Art. 6.3) a member ranks
    first only if first whatever the missing encounters give; the rest stay one class."""
    ordered = sorted(group, key=lambda n: (-table[n][0], -table[n][1], n))
    classes: list[list[int]] = []
    if all_met:
        for n in ordered:
            if classes and table[classes[-1][0]][0] == table[n][0]:
                classes[-1].append(n)
            else:
                classes.append([n])
        return classes
    rest = ordered
    while len(rest) > 1 and table[rest[0]][0] > max(table[m][1] for m in rest[1:]):
        classes.append([rest[0]])
        rest = rest[1:]
    classes.append(rest)
    return classes


def _de_split(ev: _Event, tb: TieBreak, group: list[int]) -> list[list[int]]:
    if len(group) == 1:
        return [group]
    members = set(group)
    table: dict[int, tuple[Fraction, Fraction]] = {}
    all_met = True
    for n in group:
        per_opponent: dict[int, list[Fraction]] = {}
        for r in ev.rounds[n]:
            counted = r.otb or (r.opponent is not None and (ev.rr or tb.forfeits))
            if counted and r.opponent in members:
                per_opponent.setdefault(r.opponent, []).append(r.points)  # type: ignore[arg-type]
        score = sum((sum(v, Fraction(0)) / len(v) for v in per_opponent.values()), Fraction(0))
        missing = len(group) - 1 - len(per_opponent)
        if missing and not ev.rr:
            all_met = False
        table[n] = (score, score + missing * ev.ps.win)
    classes = encounter_classes(group, table, all_met=all_met)
    if len(classes) == 1:
        return classes
    result: list[list[int]] = []
    for members_ in classes:
        result.extend(_de_split(ev, tb, members_))
    return result


def _values(ev: _Event, tb: TieBreak, groups: Sequence[Sequence[int]]) -> dict[int, Value]:
    name = tb.name
    if name == "PTS":
        return dict(ev.score)
    if name in {"BH", "FB"}:
        return _buchholz(ev, tb)
    if name == "SB":
        return _buchholz(ev, tb, sb=True)
    if name == "AOB":
        return _aob(ev, tb)
    if name == "KS":
        return _koya(ev, tb)
    if name == "PS":
        return _progressive(ev, tb)
    if name == "TPN":
        return {n: n for n in ev.rounds}
    if name == "DE":
        return _direct_encounter(ev, tb, groups)
    if name in _RATING:
        return _rating_family(ev, tb)
    if name in _MCMAHON:
        return _mcmahon(ev, name)
    return _count(ev, tb)

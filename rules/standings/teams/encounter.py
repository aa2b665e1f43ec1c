"""Tie-breaks applied inside tied groups: direct encounter (DE, EDE) and the board order (TBR, BBE).

Each splits a tied group into ordered classes; the value of a team is its position inside the
group it was tied in (1 = first; teams still tied share the position), or 0 for every team of a
group that nothing split, as in FIDE's reference checker.

- **DE** (C.07 Art. 6, on the primary score or the one named): the mini-table of the matches
  among the tied teams, applied again to the teams still tied. Repeated meetings are averaged.
  In a Swiss, when not all tied teams met, a team is placed first only if first whatever the
  missing matches would give (a missing match counts as won for the maximum), then the rest is
  examined again (6.3). Only matches played over the board count, except in a round robin
  (15.2) or with ``/P``.
- **EDE** (extended direct encounter for teams): DE on the primary score until it splits no
  more, then DE on the secondary score until it splits no more, and so on alternately until
  neither splits anything.
- **TBR** (top-board result): the tied teams are ordered by the game points scored on board 1
  over the event, those still tied by board 2, and so on.
- **BBE** (bottom-board elimination): ordered by the game points of all boards, then without
  the last board, then without the last two, and so on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from rules.standings.teams.codes import TeamTieBreak
from rules.standings.teams.event import GP, MP, _TeamEvent
from rules.standings.tiebreaks import encounter_classes

Value = Fraction | int | None
_MAX_PASSES = 30  # the reference checker's bound on EDE's passes


def _positions(groups: Sequence[Sequence[int]], classes: list[list[int]]) -> dict[int, Value]:
    out: dict[int, Value] = {}
    for group in groups:
        members = set(group)
        inside = [c for c in classes if c[0] in members]
        if len(inside) <= 1:
            out.update(dict.fromkeys(group, 0))
            continue
        position = 1
        for c in inside:
            out.update(dict.fromkeys(c, position))
            position += len(c)
    return out


def _de_split(ev: _TeamEvent, group: list[int], kind: str, forfeits: bool) -> list[list[int]]:
    """One application of Art. 6 to ``group`` on ``kind`` points: the ordered classes."""
    members = set(group)
    table: dict[int, tuple[Fraction, Fraction]] = {}
    all_met = True
    for n in group:
        per_opponent: dict[int, list[Fraction]] = {}
        for r in ev.rounds[n]:
            counted = r.played or ev.rr or forfeits
            if counted and r.opponent in members:
                per_opponent.setdefault(r.opponent, []).append(r.points(kind))  # type: ignore[arg-type]
        score = sum((sum(v, Fraction(0)) / len(v) for v in per_opponent.values()), Fraction(0))
        missing = len(group) - 1 - len(per_opponent)
        if missing and not ev.rr:
            all_met = False
            table[n] = (score, score + missing * ev.win(kind))
        else:
            table[n] = (score, score)
    return encounter_classes(group, table, all_met=all_met)


def _refine(
    classes: list[list[int]], split: Callable[[list[int]], list[list[int]]]
) -> tuple[list[list[int]], bool]:
    """One pass: every class of two or more split once; whether anything was split."""
    out: list[list[int]] = []
    changed = False
    for c in classes:
        parts = split(c) if len(c) > 1 else [c]
        changed = changed or len(parts) > 1
        out.extend(parts)
    return out, changed


def _direct_encounter(
    ev: _TeamEvent, tb: TeamTieBreak, groups: Sequence[Sequence[int]], kind: str
) -> dict[int, Value]:
    kinds = [kind] if tb.name == "DE" else [kind, GP if kind == MP else MP]
    classes = [list(g) for g in groups]
    pending = [True] * len(kinds)
    current = 0
    for _ in range(_MAX_PASSES):
        score = kinds[current]
        classes, changed = _refine(
            classes, lambda c, score=score: _de_split(ev, c, score, tb.forfeits)
        )
        if changed:
            pending = [True] * len(kinds)
        else:
            pending[current] = False
            current = (current + 1) % len(kinds)
        if not any(pending):
            break
    return _positions(groups, classes)


def _board_order(ev: _TeamEvent, name: str, groups: Sequence[Sequence[int]]) -> dict[int, Value]:
    boards = ev.maxboard or ev.size
    points = ev.board_points
    classes = [list(g) for g in groups]
    for step in range(1, boards + 1):

        def value(n: int, step: int = step) -> Fraction:
            if name == "TBR":
                return points[n].get(step, Fraction(0))
            dropped = range(boards - step + 1, boards + 1)
            return sum(points[n].values(), Fraction(0)) - sum(
                (points[n].get(b, Fraction(0)) for b in dropped), Fraction(0)
            )

        def split(c: list[int]) -> list[list[int]]:
            ordered = sorted(c, key=lambda n: (-value(n), n))
            parts: list[list[int]] = []
            for n in ordered:
                if parts and value(parts[-1][0]) == value(n):
                    parts[-1].append(n)
                else:
                    parts.append([n])
            return parts

        classes, _ = _refine(classes, split)
    return _positions(groups, classes)

"""A round's pairing against the criteria, with the Dutch engine's own predicates.

:func:`assess` counts, for a whole round's pairing (the engine's or an arbiter's), the pairs
that break or worsen each criterion (``Weights.compatible``, the C10-C13 bits of
``Weights.edge``, ``float_of``, ``colour_rule``); :func:`compare` tells which criteria a pairing
changed by hand breaks or worsens against the engine's. Pure module, no Django.
"""

from __future__ import annotations

from typing import Any

from rules.pairing.dutch import Weights, colour_rule, inferred_initial_colour, prepare
from rules.pairing.players import FLOAT_DOWN, FLOAT_UP, float_of
from rules.pairing.state import WHITE

#: The criteria :func:`assess` counts, in the rules' order.
ASSESSED = (
    "C1",
    "C2",
    "C3",
    "C5",
    "C6",
    "C7",
    "C10",
    "C11",
    "C12",
    "C13",
    "C14",
    "C15",
    "C16",
    "C17",
    "5.2",
)


def assess(state: Any, pairs: list[tuple[int, int]], bye: int | None) -> dict[str, int]:
    """For each criterion of :data:`ASSESSED`, how much the round's pairing breaks it (0 best).

    ``pairs`` are ``(white, black)`` TPNs. C1 pairs that met or are forbidden, C2 a bye to a
    player who cannot get it, C3 pairs of the same absolute colour preference (not topscorers
    in the last round), C5 the bye's score in tenths, C6 pairs across score groups, C7 their
    score differences in tenths, C10-C13 pairs failing the engine's colour criteria, C14/C16
    downfloaters who downfloated one / two rounds before, C15/C17 the same for upfloats, 5.2
    boards whose colours are not the ones Art. 5.2 gives.
    """
    ctx = prepare(state)
    wt = Weights(ctx)
    by_tpn = ctx.by_tpn
    initial = inferred_initial_colour(state) or state.initial_colour or WHITE
    out = dict.fromkeys(ASSESSED, 0)
    if bye is not None:
        out["C2"] += not by_tpn[bye].bye_eligible
        out["C5"] = by_tpn[bye].acc_score
    for white, black in pairs:
        pw, pb = by_tpn[white], by_tpn[black]
        hi, lo = (pw, pb) if (pw.acc_score, pb.rank) > (pb.acc_score, pw.rank) else (pb, pw)
        if frozenset((white, black)) in ctx.forbidden:
            out["C1"] += 1
            continue
        if not wt.compatible(hi, lo):
            out["C3"] += 1
        w = wt.edge(hi, lo, True, False)
        for name in ("C10", "C11", "C12", "C13"):
            out[name] += not (w >> wt.pos[name]) & 1
        if hi.acc_score != lo.acc_score:
            out["C6"] += 1
            out["C7"] += hi.acc_score - lo.acc_score
            for back, down, up in ((1, "C14", "C15"), (2, "C16", "C17")):
                if ctx.played_rounds >= back:
                    out[down] += float_of(hi, back, by_tpn, ctx.points) == FLOAT_DOWN
                    out[up] += float_of(lo, back, by_tpn, ctx.points) == FLOAT_UP
        first, second = (pw, pb) if pw.tpn < pb.tpn else (pb, pw)
        colour = colour_rule(first, second, initial)[0]
        out["5.2"] += (colour == WHITE) != (first is pw)
    return out


def compare(
    state: Any,
    engine: tuple[list[tuple[int, int]], int | None],
    manual: tuple[list[tuple[int, int]], int | None],
) -> dict[str, Any]:
    """How a pairing changed by hand differs from the engine's: the engine's pairs it lacks,
    its own new pairs, and per criterion of :data:`ASSESSED` the two counts where the manual
    pairing is worse (``{"C12": [0, 1]}``)."""
    mine, theirs = assess(state, *engine), assess(state, *manual)
    engine_pairs = {tuple(p) for p in engine[0]}
    manual_pairs = {tuple(p) for p in manual[0]}
    return {
        "missing": sorted(engine_pairs - manual_pairs),
        "new": sorted(manual_pairs - engine_pairs),
        "worse": {
            name: [mine[name], theirs[name]] for name in ASSESSED if theirs[name] > mine[name]
        },
    }

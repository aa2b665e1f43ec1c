"""Why the McMahon engine paired a round as it did (go and shogi). Pure module, no Django.

:func:`explain_round` is called by ``rules.pairing.mcmahon.pair_round(state, explain=True)``
with the engine's own order, matching and colour rules. It records the MMS groups, the bye
(the player with the fewest byes lowest in the order, and who was passed over because the
others could then not all be paired), and per board: the MMS of both players, whether a player
floated to another group, the handicap and the colour rule, and, when the upper player did not
get its split-and-slip partner (the ``i``-th of a group of ``s`` meets the ``i + s // 2``-th),
why: they met before (``rematch``), they must not meet (``forbidden``), the others could then
not all be paired (``complete``), it would take larger MMS differences elsewhere (``mms``), or
a higher board's ideal partner came first (``order``). The last three are found by solving the
engine's own matching again with the ideal pair forced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _distance(state: Any, pairs: list) -> int:
    return sum((int(state.mms(a) * 2) - int(state.mms(b) * 2)) ** 2 for a, b in pairs)


def _why_not(state: Any, upper: Any, natural: Any, rest: list, pairs: list, matching) -> str:
    if natural.number in upper.opponents or upper.number in natural.opponents:
        return "rematch"
    if frozenset((upper.number, natural.number)) in state.forbidden_pairs:
        return "forbidden"
    others = matching(state, [p for p in rest if p is not upper and p is not natural])
    if others is None:
        return "complete"
    if _distance(state, [(upper, natural), *others]) > _distance(state, pairs):
        return "mms"
    return "order"


def explain_round(
    state: Any,
    present: list,
    pairs: list,
    bye: Any,
    skipped: list[int],
    rules: list[str],
    matching: Callable[..., Any],
) -> dict[str, Any]:
    """The explanation of one paired round (see the module docstring)."""
    groups: list[dict[str, Any]] = []
    for p in present:
        mms = float(state.mms(p))
        if not groups or groups[-1]["mms"] != mms:
            groups.append({"mms": mms, "players": []})
        groups[-1]["players"].append(p.number)
    # The groups as the matching saw them: without the player who has the bye.
    rest = [p for p in present if p is not bye]
    group_of: dict[Any, list] = {}
    for p in rest:
        group_of.setdefault(state.mms(p), []).append(p)
    where = {p.number: (g, i) for g, members in group_of.items() for i, p in enumerate(members)}
    boards = []
    for (upper, lower), rule in zip(pairs, rules, strict=True):
        g, i = where[upper.number]
        members = group_of[g]
        half = len(members) // 2
        natural = members[i + half] if i < half and i + half < len(members) else None
        choice = None
        if natural is not None and natural is not lower:
            choice = {
                "player": upper.number,
                "first": natural.number,
                "criterion": _why_not(state, upper, natural, rest, pairs, matching),
            }
        boards.append(
            {
                "upper": upper.number,
                "lower": lower.number,
                "mms": [float(state.mms(upper)), float(state.mms(lower))],
                "floated": state.mms(upper) != state.mms(lower),
                "colour_rule": rule,
                "choice": choice,
            }
        )
    explained_bye = None
    if bye is not None:
        explained_bye = {
            "player": bye.number,
            "byes": bye.byes,
            "mms": float(state.mms(bye)),
            "passed_over": skipped,
        }
    return {
        "system": "mcmahon",
        "mcmahon": state.mcmahon,
        "groups": groups,
        "bye": explained_bye,
        "boards": boards,
    }

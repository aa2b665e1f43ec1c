"""Perfect matchings of teams: the one algorithmic tool the procedure of C.04.6 Art. 3 needs.

The article defines an order and a predicate, not an optimum: the PAB (3.4), the set of
upfloaters (3.5) and the bracket's pairing (3.6) are each "the first" candidate that complies.
A maximum-weight matching only answers the questions those choices ask: can these teams all be
paired ([C1], [C3])? how few upfloaters, of which scores, can a bracket take ([C4], [C5],
[C6])? how few colour preferences and floaters must a bracket leave unfulfilled ([C8]-[C10])?
and, with some pairs fixed or barred, is that best value still reachable?

Weights are Python integers; rustworkx (Rust, 128-bit) solves them when they fit, the exact
pure-Python networkx otherwise — as ``rules.pairing.matching`` does for the Dutch engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import networkx as nx
import rustworkx as rx

#: rustworkx fails from 127 bits; stay well below.
_FAST_LIMIT = 1 << 120

#: ``weight(a, b)`` of an edge, or ``None`` when ``a`` and ``b`` may not be paired.
Weight = Callable[[int, int], int | None]


def best_matching(teams: Sequence[int], weight: Weight) -> tuple[int, list[tuple[int, int]]] | None:
    """The perfect matching of ``teams`` of greatest total weight, or ``None`` if none exists.

    Returns (total weight, pairs as ``(smaller, larger)`` sorted). Weights must be ≥ 0; a
    perfect matching is preferred to any heavier non-perfect one.
    """
    teams = list(teams)
    if len(teams) % 2:
        return None
    if not teams:
        return 0, []
    edges = []
    top = 0
    for i, a in enumerate(teams):
        for b in teams[i + 1 :]:
            w = weight(a, b)
            if w is not None:
                edges.append((a, b, w))
                top = max(top, w)
    # A bonus per edge makes every perfect matching heavier than any smaller one.
    bonus = top * (len(teams) // 2) + 1
    if (top + bonus) * len(teams) < _FAST_LIMIT:
        pairs = _solve_fast(teams, edges, bonus)
    else:
        pairs = _solve_exact(teams, edges, bonus)
    if len(pairs) * 2 != len(teams):
        return None
    lookup = {(a, b): w for a, b, w in edges}
    pairs = sorted((min(a, b), max(a, b)) for a, b in pairs)
    total = sum(lookup.get((a, b), lookup.get((b, a), 0)) for a, b in pairs)
    return total, pairs


def _solve_fast(teams: list[int], edges: list, bonus: int) -> list[tuple[int, int]]:
    graph = rx.PyGraph()
    index = {team: graph.add_node(team) for team in teams}
    for a, b, w in edges:
        graph.add_edge(index[a], index[b], w + bonus)
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    return [(teams[i], teams[j]) for i, j in found]


def _solve_exact(teams: list[int], edges: list, bonus: int) -> list[tuple[int, int]]:
    graph = nx.Graph()
    graph.add_nodes_from(teams)
    for a, b, w in edges:
        graph.add_edge(a, b, weight=w + bonus)
    return list(nx.max_weight_matching(graph, maxcardinality=True))


def can_pair(teams: Sequence[int], allowed: Callable[[int, int], bool]) -> bool:
    """True when ``teams`` can all be paired with pairs that ``allowed`` accepts."""
    return best_matching(teams, lambda a, b: 0 if allowed(a, b) else None) is not None

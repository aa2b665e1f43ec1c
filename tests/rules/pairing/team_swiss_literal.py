"""C.04.6 Art. 3 done literally, by enumeration, for small fields: the oracle the engine's
matching shortcuts are checked against. Every set of upfloaters and every pairing of a bracket
is listed and sorted exactly as the articles say; nothing is clever here, so nothing is fast.
"""

from __future__ import annotations

from itertools import combinations

from rules.pairing.team_swiss.colours import allocate
from rules.pairing.team_swiss.engine import (
    _bracket_penalties,
    _Round,
    identifier,
    publication_order,
)


def matchings(teams, legal):
    """Every perfect matching of ``teams`` (sorted list) with legal pairs."""
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        if legal(first, other):
            for tail in matchings(rest[:i] + rest[i + 1 :], legal):
                yield [(first, other), *tail]


def pairable(rnd, teams):
    return next(matchings(sorted(teams), rnd.legal), None) is not None


def fewest_upfloaters(rnd, group, teams):
    """[C4] of a bracket: the fewest upfloaters ``group`` needs with the rest pairable."""
    others = [t for t in teams if t not in group]
    for k in range(len(group) % 2, len(others) + 1, 2):
        for ups in combinations(others, k):
            rest = [t for t in others if t not in ups]
            if pairable(rnd, list(group) + list(ups)) and pairable(rnd, rest):
                return k
    return None


def choose(rnd, residents, lower):
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        legal = []
        for ups in combinations(lower, k):
            rest = [t for t in lower if t not in ups]
            if pairable(rnd, residents + list(ups)) and pairable(rnd, rest):
                legal.append(list(ups))
        if not legal:
            continue
        best = max(sorted(rnd.score(t) for t in ups) for ups in legal)  # [C5]
        legal = [ups for ups in legal if sorted(rnd.score(t) for t in ups) == best]
        top_lower = max((rnd.score(t) for t in lower), default=None)
        following = [t for t in lower if rnd.score(t) == top_lower]

        def key(ups, following=following):
            rest = [t for t in lower if t not in ups]
            left = [t for t in following if t not in ups]
            c6 = fewest_upfloaters(rnd, left, rest) if left else 0
            c7 = sum(rnd.facts[t].floated for t in ups) if rnd.floats_count else 0
            order = sorted(ups, key=lambda t: (-rnd.score(t), t))  # 3.5.3
            return (c6, c7, order)  # 3.5.4 last

        return min(legal, key=key)
    raise AssertionError("no legal set")


def pair_bracket(rnd, bracket, upfloaters):
    penalty = _bracket_penalties(rnd, set(upfloaters))
    size = len(rnd.facts) + 1

    def key(pairs):
        total = sum(penalty(a, b) for a, b in pairs)
        return (total // (size * size), total // size % size, total % size, identifier(pairs))

    return min(matchings(sorted(bracket), rnd.legal), key=key)


def literal_pairing(state):
    """(pairs in publication order, bye) or ``None`` when no pairing exists."""
    rnd = _Round(state)
    remaining = sorted(t.tpn for t in state.teams if not t.absent)
    bye = None
    if len(remaining) % 2:
        candidates = sorted(
            (t for t in remaining if rnd.facts[t].pab_allowed),
            key=lambda t: (rnd.score(t), -rnd.facts[t].matches_played, -t),
        )
        bye = next((t for t in candidates if pairable(rnd, [x for x in remaining if x != t])), None)
        if bye is None:
            return None
        remaining.remove(bye)
    if not pairable(rnd, remaining):
        return None
    pairs = []
    while remaining:
        top = max(rnd.score(t) for t in remaining)
        residents = [t for t in remaining if rnd.score(t) == top]
        lower = [t for t in remaining if rnd.score(t) != top]
        ups = choose(rnd, residents, lower)
        pairs += pair_bracket(rnd, residents + ups, ups)
        remaining = [t for t in remaining if t not in residents and t not in ups]
    coloured = [allocate(rnd.facts[a], rnd.facts[b], state.config)[:2] for a, b in pairs]
    return publication_order(state, coloured), bye

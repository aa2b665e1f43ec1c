"""The pairing procedure of C.04.6 Art. 3, step by step.

Art. 3.3.2: "The first step in the pairing process is the assignment of the
pairing-allocated-bye (if needed) by applying Article 3.4. Then, the top-scoregroup is
combined, when needed, with a set of upfloaters (selected according to Article 3.5), to form a
bracket that is paired according to Article 3.6. The previous step-2 is then repeated until
the round-pairing is complete. Colours are then assigned according to Article 4."

:func:`pair_team_round` does exactly that, in that order: it never trades a criterion of an
earlier step (the PAB, a higher bracket's upfloaters) for one of a later step (a lower
bracket, colours). Every choice is "the first" candidate in the article's order among those
that comply best with the article's criteria, taken in their priority order; a weighted
matching (:mod:`rules.pairing.team_swiss.matching`) only says what is reachable.

Readings where the text leaves room (``docs/pairing.md`` lists them with examples):

* [C3] (Art. 2.2.1, 3.1.2) binds every step: a PAB, a set of upfloaters or a bracket pairing
  is only a candidate if the teams not yet paired can still all be paired ([C1]).
* Art. 3.5.2 "all sets ... that comply with [C4] and [C5]": the fewest upfloaters, then the
  best scores, among the sets that give a legal pairing (so a larger or lower set is taken
  when no smaller or higher one is legal; [C3] outranks the quality criteria).
* [C6] (Art. 2.3.3) is graded like every quality criterion ("comply as much as possible",
  Art. 2.3): the set is chosen that lets the following scoregroup, in its own bracket, take
  the fewest upfloaters (its [C4]) with [C1] and [C3]; it does not apply when the following
  scoregroup is now empty.
* "complies with [C6] and [C7]" (3.5.5) and "with [C1], [C8], [C9] and [C10]" (3.6.4) for
  minimising criteria: the best value reachable, criteria in descending priority, then the
  first candidate in the article's order.
* [C7] and [C10] do not apply "in the last two rounds" (the round to pair is the last or the
  one before it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations, product

from rules.pairing.team_swiss.colours import allocate
from rules.pairing.team_swiss.facts import team_facts
from rules.pairing.team_swiss.matching import best_matching, can_pair
from rules.pairing.team_swiss.state import TYPE_B, TeamPairing, TeamTournament


class NoPairing(Exception):
    """No round-pairing complies with the absolute criteria (Art. 3.3.3)."""


class _Round:
    """The teams of one round-pairing and the legality of a pair ([C1], record 260)."""

    def __init__(self, state: TeamTournament) -> None:
        self.state = state
        self.facts = team_facts(state)
        self.floats_count = state.round_to_pair < state.total_rounds - 1  # [C7], [C10]
        self.type_b = state.config.colour_type == TYPE_B
        self.forbidden = state.forbidden_pairs

    def legal(self, a: int, b: int) -> bool:
        """[C1] (Art. 2.1.1): not met in a played match, not a forbidden pair."""
        return b not in self.facts[a].met and frozenset((a, b)) not in self.forbidden

    def can_pair(self, teams: Sequence[int]) -> bool:
        return can_pair(teams, self.legal)

    def score(self, tpn: int) -> Fraction:
        return self.facts[tpn].score


def pair_team_round(state: TeamTournament) -> TeamPairing:
    """Pair ``state.round_to_pair`` (C.04.6 Art. 3 and 4); see the module docstring."""
    rnd = _Round(state)
    present = [team.tpn for team in state.teams if not team.absent]
    try:
        bye, brackets = pair_brackets(rnd, present)
    except NoPairing as exc:
        return TeamPairing(ok=False, message=str(exc))
    pairs = [
        allocate(rnd.facts[a], rnd.facts[b], state.config)[:2]
        for _, _, ps in brackets
        for a, b in ps
    ]
    return TeamPairing(pairs=tuple(publication_order(state, pairs)), bye=bye)


def pair_brackets(rnd: _Round, present: list[int]):
    """The PAB and the brackets in the order they are paired: (residents, upfloaters, pairs)."""
    bye = None
    remaining = sorted(present)
    if len(remaining) % 2:
        bye = assign_pab(rnd, remaining)
        remaining.remove(bye)
    elif not rnd.can_pair(remaining):
        raise NoPairing("the teams cannot all be paired without two of them meeting again")
    brackets = []
    while remaining:
        top = max(rnd.score(t) for t in remaining)
        residents = [t for t in remaining if rnd.score(t) == top]
        lower = [t for t in remaining if rnd.score(t) != top]
        upfloaters = choose_upfloaters(rnd, residents, lower)
        pairs = pair_bracket(rnd, sorted(residents + upfloaters), set(upfloaters))
        brackets.append((residents, upfloaters, pairs))
        chosen = set(residents) | set(upfloaters)
        remaining = [t for t in remaining if t not in chosen]
    return bye, brackets


def assign_pab(rnd: _Round, teams: list[int]) -> int:
    """Art. 3.4: the PAB goes to the team that (first that applies) 3.4.1 leaves a legal pairing
    for all teams, 3.4.2 has the lowest score, 3.4.3 has played the most matches, 3.4.4 has the
    largest TPN; never to a team [C2] (Art. 2.1.2) bars."""
    facts = rnd.facts
    candidates = sorted(
        (t for t in teams if facts[t].pab_allowed),
        key=lambda t: (facts[t].score, -facts[t].matches_played, -t),
    )
    for team in candidates:
        if rnd.can_pair([t for t in teams if t != team]):
            return team
    raise NoPairing("no team can receive the pairing-allocated bye and leave a legal pairing")


def choose_upfloaters(rnd: _Round, residents: list[int], lower: list[int]) -> list[int]:
    """Art. 3.5: the set of upfloaters for the top-scoregroup ``residents``."""
    if len(residents) % 2 == 0 and rnd.can_pair(residents) and rnd.can_pair(lower):
        return []  # no upfloater: [C4] at its best, and the only such set
    profile = _best_profile(rnd, residents, lower)
    following = _following_scoregroup(rnd, lower)
    # The best [C6] any set of this profile may reach: the parity of what it leaves of the
    # following scoregroup (the same for every such set); [C7] at best 0.
    floor = ((len(following) - profile.get(0, 0)) % 2, 0)
    best = None
    for upfloaters in _sets_with_profile(rnd, lower, profile):
        bracket = residents + upfloaters
        rest = [t for t in lower if t not in upfloaters]
        if not (rnd.can_pair(bracket) and rnd.can_pair(rest)):
            continue
        left = [t for t in following if t not in upfloaters]
        floated = sum(rnd.facts[t].floated for t in upfloaters) if rnd.floats_count else 0
        key = (_c6_upfloaters_needed(rnd, left, rest), floated)
        if best is None or key < best[0]:
            best = (key, upfloaters)
        if key == floor:
            break  # the first set at the best value any set can reach
    if best is None:  # pragma: no cover - the profile comes from a legal matching
        raise NoPairing("no set of upfloaters gives a legal pairing")
    return best[1]


def _levels(rnd: _Round, lower: list[int]) -> list[Fraction]:
    return sorted({rnd.score(t) for t in lower}, reverse=True)


def _following_scoregroup(rnd: _Round, lower: list[int]) -> list[int]:
    if not lower:
        return []
    level0 = _levels(rnd, lower)[0]
    return [t for t in lower if rnd.score(t) == level0]


def _best_profile(rnd: _Round, residents: list[int], lower: list[int]) -> dict[int, int]:
    """[C4] then [C5]: how many upfloaters of each lower score level (0 = highest) the best
    legal round-pairing of the teams still to pair takes into this bracket.

    One matching of all of them: a pair of a resident with a lower team costs ``k1`` (so the
    number of upfloaters comes first, [C4]) plus ``base ** level`` (fewer upfloaters of the
    lowest score first, then of the next lowest, ...: the ascending score list is maximised,
    [C5]). A pair of two lower teams inside the bracket never helps: dropping both is legal
    with fewer upfloaters.
    """
    levels = _levels(rnd, lower)
    level = {t: levels.index(rnd.score(t)) for t in lower}
    resident = set(residents)
    base = len(residents) + 1
    k1 = len(residents) * base ** len(levels) + 1
    most = k1 + base ** len(levels)

    def weight(a: int, b: int) -> int | None:
        if not rnd.legal(a, b):
            return None
        if (a in resident) == (b in resident):
            return most
        low = b if a in resident else a
        return most - k1 - base ** level[low]

    found = best_matching(residents + lower, weight)
    if found is None:
        raise NoPairing("the teams cannot all be paired without two of them meeting again")
    profile: dict[int, int] = {}
    for a, b in found[1]:
        if (a in resident) != (b in resident):
            low = b if a in resident else a
            profile[level[low]] = profile.get(level[low], 0) + 1
    return profile


def _sets_with_profile(
    rnd: _Round, lower: list[int], profile: dict[int, int]
) -> Iterator[list[int]]:
    """Art. 3.5.3-3.5.4: every set with ``profile`` in the article's order: each set sorted
    by descending score then ascending TPN, the sets in the lexicographic order of their TPNs."""
    levels = _levels(rnd, lower)
    choices = []
    for index in sorted(profile):
        group = sorted(t for t in lower if rnd.score(t) == levels[index])
        choices.append(list(combinations(group, profile[index])))
    for parts in product(*choices):
        yield [t for part in parts for t in part]


def _c6_upfloaters_needed(rnd: _Round, following: list[int], rest: list[int]) -> int:
    """[C6] (Art. 2.3.3): the fewest upfloaters the following scoregroup's bracket can take,
    with [C1] and [C3], once this set is chosen (0 when that scoregroup is now empty)."""
    if not following:
        return 0
    group = set(following)

    def weight(a: int, b: int) -> int | None:
        if not rnd.legal(a, b):
            return None
        return 0 if (a in group) != (b in group) else 1

    found = best_matching(rest, weight)
    if found is None:  # pragma: no cover - the set was checked to leave a legal pairing
        raise NoPairing("no legal pairing for the teams left")
    return sum((a in group) != (b in group) for a, b in found[1])


def pair_bracket(rnd: _Round, bracket: list[int], upfloaters: set[int]) -> list[tuple[int, int]]:
    """Art. 3.6: the first pairing of ``bracket`` in identifier order among those with the
    fewest unfulfilled colour preferences [C8], then strong ones [C9], then upfloaters'
    opponents that floated in the previous round [C10]; [C1] always.

    3.6.1 in a pair the smaller TPN is the top member; 3.6.2 a pairing's identifier is its top
    members in ascending order followed by their bottom members; 3.6.3 identifiers sort
    lexicographically. The first identifier is built team by team: each team, in ascending
    TPN order, is a top member if a best pairing with that choice still exists (so the tops,
    compared first, are as small as they can be), then each top in turn takes the smallest
    bottom member that still allows a best pairing.
    """
    penalty = _bracket_penalties(rnd, upfloaters)
    most = max((penalty(a, b) for a in bracket for b in bracket if a < b), default=0) + 1

    def weight_with(fixed: dict[int, int], role: dict[int, str]):
        def weight(a: int, b: int) -> int | None:
            a, b = min(a, b), max(a, b)
            if not rnd.legal(a, b) or role.get(a) == "bottom" or role.get(b) == "top":
                return None
            if fixed.get(a, b) != b or fixed.get(b, a) != a:
                return None
            return most - penalty(a, b)

        return weight

    found = best_matching(bracket, weight_with({}, {}))
    if found is None:  # pragma: no cover - the set was checked to be legal
        raise NoPairing("the bracket cannot be paired")
    best = found[0]

    def reachable(fixed: dict[int, int], role: dict[int, str]) -> bool:
        got = best_matching(bracket, weight_with(fixed, role))
        return got is not None and got[0] == best

    role: dict[int, str] = {}
    for team in bracket:
        role[team] = "top"
        if not reachable({}, role):
            role[team] = "bottom"
    fixed: dict[int, int] = {}
    tops = [t for t in bracket if role[t] == "top"]
    for top in tops:
        for bottom in bracket:
            if role[bottom] != "bottom" or bottom < top or bottom in fixed:
                continue
            trial = {**fixed, top: bottom, bottom: top}
            if reachable(trial, role):
                fixed = trial
                break
    return [(top, fixed[top]) for top in tops]


def _bracket_penalties(rnd: _Round, upfloaters: set[int]):
    """Penalty of a pair, [C8] above [C9] above [C10] (counts never carry into each other)."""
    facts = rnd.facts
    size = len(facts) + 1

    def penalty(a: int, b: int) -> int:
        pa, pb = facts[a].preference, facts[b].preference
        same = pa.colour is not None and pa.colour == pb.colour
        c8 = int(same)  # Art. 4 grants every other pair's preferences (4.3.2, 4.3.3)
        c9 = int(same and rnd.type_b and pa.strong and pb.strong)  # 4.3.4 grants a lone strong one
        c10 = 0
        if rnd.floats_count:
            c10 = int(a in upfloaters and facts[b].floated) + int(
                b in upfloaters and facts[a].floated
            )
        return c8 * size * size + c9 * size + c10

    return penalty


def identifier(pairs) -> tuple[int, ...]:
    """Art. 3.6.2: the top members (smaller TPNs) ascending, then their bottom members."""
    ordered = sorted((min(p), max(p)) for p in pairs)
    return tuple(top for top, _ in ordered) + tuple(bottom for _, bottom in ordered)


def publication_order(state: TeamTournament, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs in the published order of C.04.2 Art. 3.6 (the fork's order too): the higher
    team's score (primary, without acceleration), then the other team's, then the higher
    team's TPN."""
    scores: dict[int, Fraction] = {}
    primary_gp = state.config.primary != "MP"
    for team in state.teams:
        scores[team.tpn] = sum(
            ((r.game_points if primary_gp else r.match_points) for r in team.history), Fraction(0)
        )

    def key(pair: tuple[int, int]):
        high, low = sorted(pair, key=lambda t: (-scores[t], t))
        return (-scores[high], -scores[low], high)

    return sorted(pairs, key=key)

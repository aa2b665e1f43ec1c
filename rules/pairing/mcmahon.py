"""McMahon and Swiss pairing for go and shogi.

Pure module: standard library plus ``rustworkx`` (maximum-weight matching); no Django.

**Grades.** A go grade is read as a *rank* (the BGA convention): ``k`` kyu is ``-k``, ``d`` dan
is ``d - 1`` (so 1k = -1, 1d = 0, 7d = 6); professional grades sit above 7 dan (``p`` pro is
``6 + p``). :func:`grade_rank` converts, :func:`rank_grade` converts back.

**McMahon score (MMS).** Each player starts with an initial MMS from their rank, clamped by
the bars: every player at or above the *top bar* starts like the top bar (a Swiss among them),
every player at or below the *floor bar* like the floor bar. We shift the scale so that
30 kyu is 0 (``initial MMS = clamped rank + 30``: 1d = 30, 5k = 25). In a plain Swiss
(``mcmahon=False``) everybody starts at 0. MMS = initial MMS + points so far, the points given
by the tournament's point system (a win 1, a pairing-allocated bye usually 1).

**Pairing** (:func:`pair_round`), deterministic (the same state always gives the same
boards):

1. Players are ordered by MMS (highest first), then rank, then rating, then pairing number;
   a *group* is the players with the same MMS.
2. With an odd number of players present, the bye goes to the lowest player of that order
   among those with the fewest byes so far (nobody gets a second bye while another can take
   it), provided the others can still all be paired; else the next one up.
3. The remaining players are paired by a maximum-weight perfect matching in which a rematch
   (or a forbidden pair) is never an edge, and the weight prefers, in this order:
   (a) the smallest MMS differences (the sum of their squares: a player floats to the next
   group rather than two groups away), then (b) *split and slip* inside each group — in a
   group of ``s`` players the ``i``-th meets the ``i + s // 2``-th — and, for a pair across
   groups, the lowest player of the upper group with the highest of the lower group (a
   top-down float); a deviation from that ideal costs more the higher the pair's upper player
   stands (the top of the order gets its ideal partner first). No perfect matching: the round
   cannot be paired (``ok=False``).
4. Boards are ordered by the higher-placed player of each pair.

**Handicap** (go): from the difference of the two clamped ranks (players above the top bar
play even among themselves): policy ``"none"`` gives 0 stones, ``"minus_one"`` the
difference minus one (at most 9), ``"capped"`` the same but at most ``cap`` stones.

**Colours.** Go (``colour_balance=True``): in a handicap game (≥ 1 stone) the stronger player
takes White; in an even game White goes to the player who has had fewer Whites than Blacks
(in even games), then to the one who had Black last, then to the higher-placed player on odd
boards and the lower-placed one on even boards. Shogi (``colour_balance=False``): colours are
decided by furigoma at the board, so the pairing never reads the colour history; the
higher-placed player is simply listed first (as "white"; the result records sente/gote only
for information).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import rustworkx

from rules.ratings.egf import parse_grade

WHITE = "w"
BLACK = "b"

#: The rank that gets initial MMS 0 (30 kyu).
MMS_ZERO_RANK = -30
#: The most handicap stones a game can have.
MAX_STONES = 9
HANDICAP_POLICIES = ("none", "minus_one", "capped")

__all__ = [
    "HANDICAP_POLICIES",
    "McMahonBoard",
    "McMahonPlayer",
    "McMahonResult",
    "McMahonState",
    "grade_rank",
    "handicap",
    "initial_mms",
    "pair_round",
    "rank_grade",
]


def grade_rank(grade: str) -> int:
    """``"5k"`` → -5, ``"1k"`` → -1, ``"1d"`` → 0, ``"7d"`` → 6, ``"1p"`` → 7."""
    number, kind = parse_grade(grade)
    if kind == "k":
        return -number
    if kind == "d":
        return number - 1
    return 6 + number


def rank_grade(rank: int) -> str:
    """The inverse of :func:`grade_rank` for amateur grades: -5 → ``"5k"``, 0 → ``"1d"``."""
    return f"{-rank}k" if rank < 0 else f"{rank + 1}d"


def _clamp(rank: int, top_bar: int | None, floor_bar: int | None) -> int:
    if top_bar is not None:
        rank = min(rank, top_bar)
    if floor_bar is not None:
        rank = max(rank, floor_bar)
    return rank


def initial_mms(rank: int, *, top_bar: int | None = None, floor_bar: int | None = None) -> int:
    """The initial McMahon score: the rank clamped by the bars, 30 kyu = 0."""
    return _clamp(rank, top_bar, floor_bar) - MMS_ZERO_RANK


def handicap(
    rank_a: int,
    rank_b: int,
    *,
    policy: str = "none",
    cap: int = MAX_STONES,
    top_bar: int | None = None,
    floor_bar: int | None = None,
) -> int:
    """Stones for a game between two ranks under ``policy`` (see the module docstring)."""
    if policy not in HANDICAP_POLICIES:
        raise ValueError(f"unknown handicap policy {policy!r}")
    if policy == "none":
        return 0
    difference = abs(_clamp(rank_a, top_bar, floor_bar) - _clamp(rank_b, top_bar, floor_bar))
    limit = MAX_STONES if policy == "minus_one" else max(0, min(cap, MAX_STONES))
    return min(max(difference - 1, 0), limit)


@dataclass(frozen=True)
class McMahonPlayer:
    """One player before the round: pairing ``number``, ``rank`` (:func:`grade_rank`),
    ``points`` so far, the pairing numbers met, the colours of the even games played (go
    only; ignored for shogi), the pairing-allocated byes had, and ``absent`` (not paired)."""

    number: int
    rank: int
    points: Fraction = Fraction(0)
    opponents: frozenset[int] = frozenset()
    colours: tuple[str, ...] = ()
    byes: int = 0
    absent: bool = False
    rating: int = 0


@dataclass(frozen=True)
class McMahonState:
    """The round to pair. ``mcmahon=False`` is a plain Swiss (everybody starts at MMS 0).
    Bars are ranks (``None``: no bar). ``colour_balance=False`` for shogi."""

    players: tuple[McMahonPlayer, ...]
    mcmahon: bool = True
    top_bar: int | None = None
    floor_bar: int | None = None
    colour_balance: bool = True
    handicap_policy: str = "none"
    handicap_cap: int = MAX_STONES
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()

    def start(self, player: McMahonPlayer) -> int:
        """The player's initial MMS in this tournament."""
        if not self.mcmahon:
            return 0
        return initial_mms(player.rank, top_bar=self.top_bar, floor_bar=self.floor_bar)

    def mms(self, player: McMahonPlayer) -> Fraction:
        return self.start(player) + Fraction(player.points)


@dataclass(frozen=True)
class McMahonBoard:
    white: int
    black: int
    handicap: int = 0


@dataclass(frozen=True)
class McMahonResult:
    """``explanation``: what ``pair_round(state, explain=True)`` recorded (plain values, see
    :func:`pair_round`), ``None`` otherwise."""

    boards: tuple[McMahonBoard, ...] = ()
    bye: int | None = None
    ok: bool = True
    message: str = ""
    explanation: dict | None = field(default=None, compare=False)


def _order(state: McMahonState, players: list[McMahonPlayer]) -> list[McMahonPlayer]:
    return sorted(players, key=lambda p: (-state.mms(p), -p.rank, -p.rating, p.number))


def _matching(
    state: McMahonState, ordered: list[McMahonPlayer]
) -> list[tuple[McMahonPlayer, McMahonPlayer]] | None:
    """The best perfect matching of ``ordered`` (even length), or ``None`` if there is none."""
    n = len(ordered)
    if n == 0:
        return []
    half_points = [int(state.mms(p) * 2) for p in ordered]
    # Position of each player inside its group, and the group sizes.
    group_index: list[int] = []
    position: list[int] = []
    sizes: list[int] = []
    for i in range(n):
        if i and half_points[i] == half_points[i - 1]:
            position.append(position[-1] + 1)
            sizes[-1] += 1
        else:
            position.append(0)
            sizes.append(1)
        group_index.append(len(sizes) - 1)
    placement_bound = (2 * n + 1) * (n + 1)  # any single placement cost is below this
    span = placement_bound * (n // 2 + 1)  # the sum over a matching stays below this
    top = (max(half_points) - min(half_points)) ** 2 * span * (n // 2 + 1) + span + 1
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(n))
    edges = []
    for a in range(n):
        for b in range(a + 1, n):
            pa, pb = ordered[a], ordered[b]
            if pb.number in pa.opponents or pa.number in pb.opponents:
                continue
            if frozenset((pa.number, pb.number)) in state.forbidden_pairs:
                continue
            distance = (half_points[a] - half_points[b]) ** 2
            ga, gb = group_index[a], group_index[b]
            if ga == gb:
                placement = abs(position[b] - position[a] - sizes[ga] // 2)
            else:
                placement = (sizes[ga] - 1 - position[a]) + position[b]
            placement *= n - a  # a deviation near the top costs more than one further down
            edges.append((a, b, top - distance * span - placement))
    graph.add_edges_from(edges)
    mate = rustworkx.max_weight_matching(
        graph, max_cardinality=True, weight_fn=lambda w: w, verify_optimum=False
    )
    if len(mate) * 2 != n:
        return None
    return [(ordered[min(a, b)], ordered[max(a, b)]) for a, b in mate]


def _colours(
    state: McMahonState, upper: McMahonPlayer, lower: McMahonPlayer, board: int, stones: int
) -> tuple[McMahonPlayer, McMahonPlayer, str]:
    """(white, black, the colour rule) for a pair whose higher-placed player is ``upper``.

    Rules: ``furigoma`` (shogi: never read), ``handicap`` (the stronger player is White),
    ``balance`` (fewer Whites than Blacks), ``last_black`` (had Black last), ``board``
    (odd or even board)."""
    if not state.colour_balance:
        return upper, lower, "furigoma"
    if stones:
        pair = (upper, lower) if upper.rank >= lower.rank else (lower, upper)
        return *pair, "handicap"

    def balance(p: McMahonPlayer) -> int:
        return p.colours.count(WHITE) - p.colours.count(BLACK)

    if balance(upper) != balance(lower):
        pair = (upper, lower) if balance(upper) < balance(lower) else (lower, upper)
        return *pair, "balance"
    last_upper = upper.colours[-1] if upper.colours else None
    last_lower = lower.colours[-1] if lower.colours else None
    if last_upper != last_lower and BLACK in (last_upper, last_lower):
        pair = (upper, lower) if last_upper == BLACK else (lower, upper)
        return *pair, "last_black"
    pair = (upper, lower) if board % 2 == 1 else (lower, upper)
    return *pair, "board"


def pair_round(state: McMahonState, *, explain: bool = False) -> McMahonResult:
    """Pair one round (see the module docstring for the rules).

    ``explain=True`` also records why (``McMahonResult.explanation``, by
    :mod:`rules.pairing.mcmahon_why`); the pairing is the same either way."""
    if state.handicap_policy not in HANDICAP_POLICIES:
        raise ValueError(f"unknown handicap policy {state.handicap_policy!r}")
    numbers = [p.number for p in state.players]
    if len(set(numbers)) != len(numbers):
        raise ValueError("pairing numbers must be unique")
    present = _order(state, [p for p in state.players if not p.absent])
    if len(present) < 2:
        return McMahonResult(ok=False, message="fewer than two players to pair")
    pairs = None
    bye: McMahonPlayer | None = None
    skipped: list[int] = []  # bye candidates who could not take it (the others unpairable)
    if len(present) % 2:
        place = {p.number: i for i, p in enumerate(present)}
        for candidate in sorted(present, key=lambda p: (p.byes, -place[p.number])):
            pairs = _matching(state, [p for p in present if p is not candidate])
            if pairs is not None:
                bye = candidate
                break
            skipped.append(candidate.number)
    else:
        pairs = _matching(state, present)
    if pairs is None:
        return McMahonResult(ok=False, message="no pairing avoids rematches and forbidden pairs")
    place = {p.number: i for i, p in enumerate(present)}
    pairs.sort(key=lambda pair: place[pair[0].number])
    boards = []
    rules: list[str] = []
    for board, (upper, lower) in enumerate(pairs, start=1):
        stones = handicap(
            upper.rank,
            lower.rank,
            policy=state.handicap_policy,
            cap=state.handicap_cap,
            top_bar=state.top_bar,
            floor_bar=state.floor_bar,
        )
        white, black, rule = _colours(state, upper, lower, board, stones)
        boards.append(McMahonBoard(white=white.number, black=black.number, handicap=stones))
        rules.append(rule)
    explanation = None
    if explain:
        from rules.pairing.mcmahon_why import explain_round

        explanation = explain_round(state, present, pairs, bye, skipped, rules, _matching)
    return McMahonResult(
        boards=tuple(boards), bye=bye.number if bye else None, explanation=explanation
    )

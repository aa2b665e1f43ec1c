"""FESA (Federation of European Shogi Associations) rating mathematics. Pure module.

Standard library only. Ratings are ``int`` on the list and ``float`` inside a tournament
(FESA keeps the decimals of every game and rounds only the tournament total). The rules, as
read in ``docs/ratings.md`` ("Shogi (FESA)"):

- **Expected score** f(pr, or) = 1 / (1 + 10 ** ((or - pr) / 400)), where an opponent rating
  below 400 counts as 400 (:func:`expected_score`).
- **K** from the player's rating before the game, 16 (>= 2240) ... 40 (< 720)
  (:func:`k_factor`).
- **Game by game**: pr is the player's rating *before each game* (their pre-tournament rating
  plus the unrounded changes of their earlier games in the tournament, in playing order), and
  ``or`` is the opponent's **final** rating of the tournament. The final ratings are therefore
  a fixed point, which :func:`solve_tournament` finds by iteration. The opponents' final
  ratings are used unrounded (the exact fixed point of the equations); only each player's
  total is rounded.
- **Win bonus** (ON by default, ``win_bonus=False`` turns it off): for a win, if
  d' = k x (or - pr) / 160 is larger than the normal change d, d' is used. The rule is in the
  FESA page copy last updated 17 February 2024; the newer page was only partly read, so this
  is a documented choice (NOT VERIFIED that it is still in force).
- **Rounding**: the per-game changes are summed with their decimals and the total is rounded
  to the nearest integer, halves away from zero (:func:`round_total`).
- **Newcomers** are handled by the same rule: the caller may give a newcomer a starting
  rating (for example the midpoint of their declared grade, :func:`grade_to_rating`) with 0
  games, or ``None``. With ``None`` (our choice of reading, NOT VERIFIED) the newcomer's
  starting rating R is solved with the others: the rating whose expected score against the
  opponents' final ratings equals their score (a performance rating); from R they are rated
  game by game like everyone else, and their opponents use their final rating. With only wins
  or only losses R is the end of :data:`NEWCOMER_RANGE` (1-2640); such a player stays
  *unrated* (:func:`player_status`) and a replay decides whether to publish them. Newcomers
  without a rating need a rated player among their opponents (directly or through other
  newcomers); otherwise nothing anchors their ratings and :func:`solve_tournament` refuses.
- **Status** (:func:`player_status`): unrated if fewer than 9 rated games, or only wins, or
  only losses (a player with no games is unrated too); provisional below 18 games;
  established from 18 on.
  The games of the tournament being rated count.
- **Grades** 15 kyu ... 6 dan from FESA's table (lower bound, midpoint, upper bound, the games
  needed to be promoted at the lower bound and at the midpoint). 16-20 kyu (80 points each,
  down to 1) are an **extension** (NOT VERIFIED on the FESA page; the Russian federation's
  mirror system uses a scale from 1). Grades are never lost (:func:`promote`); below 18
  rated games automatic promotion stops at 2 dan (an inference from a published example).

Handicap games (FESA converts the giver's rating through fractional grades) are not
implemented.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

__all__ = [
    "BONUS_DIVISOR",
    "ESTABLISHED",
    "ESTABLISHED_FROM",
    "GRADES",
    "K_LOWEST",
    "K_TABLE",
    "NEWCOMER_RANGE",
    "OPPONENT_FLOOR",
    "PROVISIONAL",
    "PROVISIONAL_FROM",
    "PROVISIONAL_PROMOTION_LIMIT",
    "STATUSES",
    "UNRATED",
    "Grade",
    "TournamentSolution",
    "expected_score",
    "game_change",
    "grade_to_rating",
    "k_factor",
    "parse_grade",
    "player_status",
    "promote",
    "rate_tournament",
    "rating_to_grade",
    "round_total",
    "solve_tournament",
    "status",
]

P = TypeVar("P", bound=Hashable)

#: (lowest rating, K), highest band first; below the last band K is 40.
K_TABLE: tuple[tuple[int, int], ...] = (
    (2240, 16), (1920, 20), (1560, 24), (1280, 28), (1040, 32), (720, 36),
)  # fmt: skip
K_LOWEST = 40
OPPONENT_FLOOR = 400
SCALE = 400
BONUS_DIVISOR = 160

UNRATED = "unrated"
PROVISIONAL = "provisional"
ESTABLISHED = "established"
STATUSES = (UNRATED, PROVISIONAL, ESTABLISHED)
PROVISIONAL_FROM = 9
ESTABLISHED_FROM = 18


def k_factor(rating: float) -> int:
    """K for the player's rating before the game: 16 (>= 2240), 20, 24, 28, 32, 36, 40 (< 720)."""
    for lowest, k in K_TABLE:
        if rating >= lowest:
            return k
    return K_LOWEST


def expected_score(rating: float, opponent: float) -> float:
    """f(pr, or) = 1 / (1 + 10 ** ((or - pr) / 400)); an opponent below 400 counts as 400."""
    return 1.0 / (1.0 + 10.0 ** ((max(opponent, OPPONENT_FLOOR) - rating) / SCALE))


def game_change(rating: float, opponent: float, score: float, *, win_bonus: bool = True) -> float:
    """The unrounded change of one game: k(pr) x (score - f(pr, or)).

    With ``win_bonus`` (the default) a win gives max(d, k x (or - pr) / 160), ``or`` floored at
    400 like in the expected score. ``rating`` is the player's rating before the game,
    ``opponent`` the opponent's final rating of the tournament.
    """
    if not 0 <= score <= 1:
        raise ValueError(f"score must be between 0 and 1, got {score}")
    k = k_factor(rating)
    change = k * (score - expected_score(rating, opponent))
    if win_bonus and score == 1:
        change = max(change, k * (max(opponent, OPPONENT_FLOOR) - rating) / BONUS_DIVISOR)
    return change


def round_total(total: float) -> int:
    """A tournament total rounded to the nearest integer, halves away from zero."""
    return math.floor(abs(total) + 0.5) * (1 if total >= 0 else -1)


# --------------------------------------------------------------------------- tournament

#: Bounds of a newcomer's solved rating: the 20 kyu lower bound and the 6 dan upper bound.
NEWCOMER_RANGE = (1.0, 2640.0)
_BISECTION_STEPS = 60
_PLAIN_ITERATIONS = 3000
#: Steps without the largest move shrinking by 1 % before the steps are halved.
_STALLED = 20


@dataclass(frozen=True)
class TournamentSolution(Generic[P]):
    """The fixed point of one tournament.

    ``ratings``: player -> new rating (start + rounded total; a newcomer without a rating
    starts at their solved rating, rounded); ``final``: the unrounded final ratings the
    opponents were rated against;
    ``changes``: player -> the unrounded per-game changes in playing order; ``start``: the
    rating each player started the tournament with (a newcomer: solved); ``iterations``,
    ``converged`` and ``residual`` (the largest move of a final rating in the last step)
    describe the iteration.
    """

    ratings: dict[P, int]
    final: dict[P, float]
    changes: dict[P, list[float]]
    start: dict[P, float]
    iterations: int
    converged: bool
    residual: float


def _player_changes(
    start: float, games: list[tuple[P, float]], final: Mapping[P, float], win_bonus: bool
) -> list[float]:
    """One player's per-game changes, pr running from ``start`` in playing order."""
    changes = []
    pr = start
    for opponent, score in games:
        d = game_change(pr, final[opponent], score, win_bonus=win_bonus)
        changes.append(d)
        pr += d
    return changes


def _newcomer_start(games: list[tuple[P, float]], final: Mapping[P, float]) -> float:
    """The rating R in :data:`NEWCOMER_RANGE` whose expected score against the opponents'
    final ratings equals the newcomer's score (the end of the range for 0 % or 100 %)."""
    score = math.fsum(s for _, s in games)
    opponents = [final[o] for o, _ in games]

    def excess(rating: float) -> float:
        return math.fsum(expected_score(rating, o) for o in opponents) - score

    low, high = NEWCOMER_RANGE
    if excess(high) <= 0:
        return high
    if excess(low) >= 0:
        return low
    for _ in range(_BISECTION_STEPS):
        middle = (low + high) / 2
        if excess(middle) < 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _check_newcomers_are_anchored(
    ratings: Mapping[P, tuple[float | None, int]], own_games: Mapping[P, list[tuple[P, float]]]
) -> None:
    """Raise ``ValueError`` if newcomers without a rating meet no rated player, directly or
    through other newcomers: their ratings would have no anchor (any shift solves the
    equations). Give them a starting rating (their declared grade) instead."""
    seen: set[P] = set()
    for first in own_games:
        if first in seen or ratings[first][0] is not None:
            continue
        component, stack, anchored = [first], [first], False
        seen.add(first)
        while stack:
            player = stack.pop()
            anchored = anchored or ratings[player][0] is not None
            for opponent, _ in own_games[player]:
                if opponent not in seen:
                    seen.add(opponent)
                    component.append(opponent)
                    stack.append(opponent)
        if not anchored:
            raise ValueError(
                f"newcomers without a rating and without rated opponents: {component!r}; "
                "give them a starting rating (for example their declared grade's midpoint)"
            )


def solve_tournament(
    ratings: Mapping[P, tuple[float | None, int]],
    games: Iterable[tuple[P, P, float]],
    *,
    win_bonus: bool = True,
    tolerance: float = 1e-8,
    max_iterations: int = 4000,
) -> TournamentSolution[P]:
    """Rate one tournament: the fixed point of "opponents at their final rating".

    ``ratings``: player -> (pre-tournament rating or ``None`` for a newcomer, rated games
    before); ``games``: ``(player, opponent, score)`` in playing order, ``score`` from
    ``player``'s side; both players are rated. Iterates final ratings (Jacobi steps) until no
    final rating moves by more than ``tolerance``. The result depends on each player's own
    order of games, not on how the games of different players are interleaved. Raises
    ``ValueError`` when newcomers without a rating have no rated player among their
    opponents (directly or through other newcomers).

    Convergence: with starting ratings for everyone the iteration is a contraction (a final
    rating moves an opponent's change by at most k x ln 10 / 1600 <= 0.06 per game). The
    K table makes a change jump when a running rating crosses a band boundary, so when a
    running rating sits on a boundary there may be no exact fixed point: when the largest
    move has not shrunk by 1 % in 20 steps (or after 3000 steps) the step size is halved,
    and then halved again each time the moves turn back (a bisection that walks up to the
    jump and settles there), until step x move is below ``tolerance`` or after
    ``max_iterations`` steps; the solution is then returned with ``converged`` False and
    the last move in ``residual``. Newcomers
    without a rating follow their opponents' ratings one for one, which makes such feedback
    stronger; a group of them anchored only by all-win or all-loss results against rated
    players (their solved ratings drift towards the end of :data:`NEWCOMER_RANGE`) may also
    stop unconverged.
    """
    own_games = _own_games(ratings, games)
    _check_newcomers_are_anchored(ratings, own_games)
    known = [float(r) for r, _ in ratings.values() if r is not None]
    guess = sum(known) / len(known) if known else 1500.0
    final: dict[P, float] = {
        p: float(r) if r is not None else guess for p, (r, _) in ratings.items()
    }
    start = dict(final)
    changes: dict[P, list[float]] = {}
    converged = False
    iterations = 0
    residual = 0.0
    step = 1.0
    best = math.inf
    stalled = 0
    halving = False
    previous_move: dict[P, float] = {}
    while iterations < max_iterations:
        iterations += 1
        new_final: dict[P, float] = {}
        for p, (r, _) in ratings.items():
            mine = own_games.get(p)
            if not mine:
                new_final[p] = final[p]
                continue
            begin = float(r) if r is not None else _newcomer_start(mine, final)
            start[p] = begin
            changes[p] = _player_changes(begin, mine, final, win_bonus)
            new_final[p] = begin + math.fsum(changes[p])
        residual = max((abs(new_final[p] - final[p]) for p in final), default=0.0)
        if residual <= tolerance:
            converged = True
            final = new_final
            break
        if residual < 0.99 * best:
            best, stalled = residual, 0
        else:
            stalled += 1
        move = {p: new_final[p] - final[p] for p in final}
        if halving:
            # Bisection at the jump: halve the step only when the move turns back (the
            # iterate crossed the jump), so that it keeps walking up to the jump instead of
            # stopping short of it (halving at every step caps the remaining walk at twice
            # the current step, which may be less than the distance to the jump).
            if math.fsum(move[p] * previous_move[p] for p in move) < 0:
                step /= 2
            if step * residual <= tolerance:
                break
        elif stalled >= _STALLED or iterations >= _PLAIN_ITERATIONS:
            # No progress: a running rating sits on a K band boundary (the change jumps
            # there). Switch to the bisection above so that the iteration settles at the jump.
            halving = True
            step /= 2
        previous_move = move
        final = {p: final[p] + step * move[p] for p in final}

    result: dict[P, int] = {}
    for p, (r, _) in ratings.items():
        if p in changes:
            result[p] = round(start[p]) + round_total(math.fsum(changes[p]))
        elif r is not None:
            result[p] = round(r)
    return TournamentSolution(result, final, changes, start, iterations, converged, residual)


def _own_games(
    ratings: Mapping[P, tuple[float | None, int]], games: Iterable[tuple[P, P, float]]
) -> dict[P, list[tuple[P, float]]]:
    """Each player's games in playing order as ``(opponent, own score)``, checked."""
    own_games: dict[P, list[tuple[P, float]]] = {}
    for player, opponent, score in games:
        if player == opponent:
            raise ValueError(f"player {player!r} cannot play themself")
        for p in (player, opponent):
            if p not in ratings:
                raise KeyError(f"player {p!r} is not in ratings")
        s = float(score)
        if not 0 <= s <= 1:
            raise ValueError(f"score must be between 0 and 1, got {score}")
        own_games.setdefault(player, []).append((opponent, s))
        own_games.setdefault(opponent, []).append((player, 1.0 - s))
    return own_games


def rate_tournament(
    ratings: Mapping[P, tuple[float | None, int]],
    games: Iterable[tuple[P, P, float]],
    *,
    win_bonus: bool = True,
) -> dict[P, int]:
    """New ratings after one tournament (see :func:`solve_tournament`).

    Returns player -> new rating for every player of ``ratings`` with a rating or a game (a
    newcomer without games is left out).
    """
    return solve_tournament(ratings, games, win_bonus=win_bonus).ratings


# --------------------------------------------------------------------------- status


def player_status(games: int, *, wins: int, losses: int) -> str:
    """``"unrated"``, ``"provisional"`` or ``"established"``.

    ``games``: all rated games including the tournament being rated; ``wins``/``losses``
    among them (the rest are draws). Unrated: fewer than 9 games, or only wins, or only
    losses (no games included). Provisional: fewer than 18 games. Established otherwise.
    """
    if games < 0 or wins < 0 or losses < 0 or wins + losses > games:
        raise ValueError(f"inconsistent counts: {games} games, {wins} wins, {losses} losses")
    if games < PROVISIONAL_FROM or wins == games or losses == games:
        return UNRATED
    if games < ESTABLISHED_FROM:
        return PROVISIONAL
    return ESTABLISHED


status = player_status


# --------------------------------------------------------------------------- grades


class Grade(NamedTuple):
    """A FESA grade: its name, lower bound, midpoint, upper bound and the rated games needed
    to be promoted to it at the lower bound (``games_lb``) and at the midpoint (``games_mp``);
    ``None``: no automatic promotion that way. ``extension``: not in FESA's table."""

    name: str
    lb: int
    mp: int
    ub: int
    games_lb: int | None
    games_mp: int | None
    extension: bool = False


#: Lowest grade first. 16-20 kyu are the 80-point extension (promotion counts as 15 kyu).
GRADES: tuple[Grade, ...] = (
    Grade("20k", 0, 40, 80, 6, 3, True),
    Grade("19k", 80, 120, 160, 6, 3, True),
    Grade("18k", 160, 200, 240, 6, 3, True),
    Grade("17k", 240, 280, 320, 6, 3, True),
    Grade("16k", 320, 360, 400, 6, 3, True),
    Grade("15k", 400, 440, 480, 6, 3),
    Grade("14k", 480, 520, 560, 6, 3),
    Grade("13k", 560, 600, 640, 6, 3),
    Grade("12k", 640, 680, 720, 6, 3),
    Grade("11k", 720, 760, 800, 8, 4),
    Grade("10k", 800, 840, 880, 8, 4),
    Grade("9k", 880, 920, 960, 8, 4),
    Grade("8k", 960, 1000, 1040, 8, 4),
    Grade("7k", 1040, 1080, 1120, 10, 5),
    Grade("6k", 1120, 1160, 1200, 10, 5),
    Grade("5k", 1200, 1240, 1280, 10, 5),
    Grade("4k", 1280, 1320, 1360, 12, 6),
    Grade("3k", 1360, 1410, 1460, 12, 6),
    Grade("2k", 1460, 1510, 1560, 12, 6),
    Grade("1k", 1560, 1620, 1680, 14, 7),
    Grade("1d", 1680, 1740, 1800, 14, 7),
    Grade("2d", 1800, 1860, 1920, 14, 7),
    Grade("3d", 1920, 2000, 2080, 16, 8),
    Grade("4d", 2080, 2160, 2240, 16, 8),
    Grade("5d", 2240, 2340, 2440, None, 10),
    Grade("6d", 2440, 2540, 2640, None, None),
)
_INDEX = {g.name: i for i, g in enumerate(GRADES)}
#: Below 18 rated games (not established), automatic promotion stops at this grade.
PROVISIONAL_PROMOTION_LIMIT = "2d"

_GRADE = re.compile(r"^\s*(\d+)\s*-?\s*(k|kyu|d|dan)\.?\s*$", re.IGNORECASE)


def parse_grade(grade: str) -> str:
    """Normalise ``"5 kyu"``, ``"5K"``, ``"2 dan"`` ... to ``"5k"``/``"2d"``; checks the range."""
    match = _GRADE.match(grade)
    name = f"{int(match.group(1))}{match.group(2)[0].lower()}" if match else None
    if name not in _INDEX:
        raise ValueError(f"not a FESA grade (20k-6d): {grade!r}")
    return name


def grade_to_rating(grade: str) -> int:
    """The midpoint rating of a grade (a newcomer's starting rating from a declared grade)."""
    return GRADES[_INDEX[parse_grade(grade)]].mp


def rating_to_grade(rating: float) -> str:
    """The grade whose band [LB, UB) holds ``rating``; below 80 is 20 kyu, 2440 and up 6 dan.

    This is the grade that corresponds to the rating, not the player's grade, which only
    changes by promotion (:func:`promote`).
    """
    for grade in reversed(GRADES):
        if rating >= grade.lb:
            return grade.name
    return GRADES[0].name


def _earned(grade: Grade, rating: float, games: int) -> bool:
    at_lb = grade.games_lb is not None and rating >= grade.lb and games >= grade.games_lb
    at_mp = grade.games_mp is not None and rating >= grade.mp and games >= grade.games_mp
    return at_lb or at_mp


def promote(current_grade: str | None, rating: float, games: int) -> str | None:
    """The grade after a tournament: never lower than ``current_grade``.

    A grade is earned with a rating at its lower bound and at least its ``games_lb`` rated
    games, or at its midpoint and at least ``games_mp``. ``games`` is the player's rated games
    including the tournament (FESA's item 12, which defines the count, was not retrieved).
    Below 18 games automatic promotion stops at 2 dan (P. Stouten's 2002 example: a
    provisional player above the 4 dan lower bound "only gets an automatic promotion to
    2-dan"). 6 dan is never automatic. ``current_grade`` ``None``: no grade yet; returns
    ``None`` if nothing is earned.
    """
    best = -1 if current_grade is None else _INDEX[parse_grade(current_grade)]
    limit = len(GRADES) - 1 if games >= ESTABLISHED_FROM else _INDEX[PROVISIONAL_PROMOTION_LIMIT]
    for index in range(min(limit, len(GRADES) - 1), best, -1):
        if _earned(GRADES[index], rating, games):
            best = index
            break
    return None if best < 0 else GRADES[best].name

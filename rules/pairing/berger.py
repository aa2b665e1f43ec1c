"""Round-robin schedules from the FIDE Berger tables (C.05 Annex 1).

Pure module: standard library only, no Django, no imports from our apps.

The published Berger table for an even number of players ``n`` has ``n - 1`` rounds. With
``m = n - 1`` and round ``r`` (1-based), let ``p`` be the unique number in ``1..m`` with
``2p ≡ r + 1 (mod m)``. Board 1 pairs ``p`` with ``n`` (``p`` has White in odd rounds, ``n`` in
even rounds); board ``k`` pairs ``p + (k - 1)`` (White) with ``p - (k - 1)`` (Black), both
wrapped into ``1..m``. This reproduces every round of the published tables (the tests compare
the tables for 4 to 16 players literally).

- Odd number of players: the table for ``n + 1`` is used and the highest number is the bye;
  the player drawn against it rests that round.
- Double round robin: the second cycle repeats the first with colours reversed, and the last
  two rounds of the first cycle are swapped so that nobody gets three consecutive games with
  the same colour at the cycle boundary.
- Pairing numbers are drawn by lot (:func:`numbers_by_lot`) or seeded by rating
  (:func:`numbers_by_rating`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = [
    "Game",
    "Round",
    "berger_pairs",
    "berger_schedule",
    "numbers_by_lot",
    "numbers_by_rating",
    "round_count",
]

T = TypeVar("T", bound=Hashable)

_MIN_PLAYERS = 2


@dataclass(frozen=True)
class Game:
    """One board: pairing numbers of the player with White and the player with Black."""

    white: int
    black: int


@dataclass(frozen=True)
class Round:
    """One round of a schedule.

    ``number`` counts from 1 over the whole event (a double round robin of 6 players has
    rounds 1..10); ``cycle`` is 1 or 2; ``games`` are in board order; ``bye`` is the pairing
    number of the player who rests (odd number of players) or ``None``.
    """

    number: int
    cycle: int
    games: tuple[Game, ...]
    bye: int | None = None


def _table_size(players: int) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, got {players!r}")
    if players < _MIN_PLAYERS:
        raise ValueError(f"a round robin needs at least {_MIN_PLAYERS} players, got {players}")
    return players + players % 2


def round_count(players: int, *, double: bool = False) -> int:
    """Rounds of a (single or double) round robin: ``n - 1`` for even ``n``, ``n`` for odd."""
    rounds = _table_size(players) - 1
    return 2 * rounds if double else rounds


def berger_pairs(size: int, round_number: int) -> tuple[tuple[int, int], ...]:
    """Round ``round_number`` of the Berger table for an even ``size``: (White, Black) pairs.

    The pairs come in board order, exactly as the table prints them (board 1 holds the
    highest number). ``size`` must be even; for an odd field use ``size + 1``.

    >>> berger_pairs(6, 2)
    ((6, 4), (5, 3), (1, 2))
    """
    if size < _MIN_PLAYERS or size % 2:
        raise ValueError(f"the table size must be an even number >= 2, got {size}")
    m = size - 1
    if not 1 <= round_number <= m:
        raise ValueError(f"round must be within 1..{m}, got {round_number}")
    if m == 1:
        return ((1, 2),)
    # 2 is invertible modulo the odd m: its inverse is (m + 1) / 2.
    p = ((round_number + 1) * (m + 1) // 2) % m or m
    pairs = [(p, size) if round_number % 2 else (size, p)]
    for board in range(2, size // 2 + 1):
        white = (p + board - 2) % m + 1
        black = (p - board) % m + 1
        pairs.append((white, black))
    return tuple(pairs)


def berger_schedule(players: int, *, double: bool = False) -> tuple[Round, ...]:
    """The full schedule for ``players`` pairing numbers (1..players).

    With an odd number of players the table for ``players + 1`` is used and the game against
    the highest number becomes the bye of that round. ``double=True`` appends the second
    cycle (colours reversed) and swaps the last two rounds of the first cycle.

    >>> [r.bye for r in berger_schedule(3)]
    [1, 3, 2]
    """
    size = _table_size(players)
    single = size - 1
    order = list(range(1, single + 1))
    if double and single >= _MIN_PLAYERS:
        order[-2], order[-1] = order[-1], order[-2]
    plan: list[tuple[int, int, bool]] = [(1, r, False) for r in order]
    if double:
        plan += [(2, r, True) for r in range(1, single + 1)]
    schedule = []
    for number, (cycle, table_round, reverse) in enumerate(plan, start=1):
        games: list[Game] = []
        bye = None
        for white, black in berger_pairs(size, table_round):
            if size != players and size in (white, black):
                bye = black if white == size else white
                continue
            games.append(Game(black, white) if reverse else Game(white, black))
        schedule.append(Round(number=number, cycle=cycle, games=tuple(games), bye=bye))
    return tuple(schedule)


def numbers_by_lot(entrants: Iterable[T], *, rng: random.Random | None = None) -> dict[T, int]:
    """Draw pairing numbers 1..n by lot (C.05): a uniformly random permutation.

    Pass a seeded ``random.Random`` to make the draw reproducible (and auditable).
    """
    pool = list(entrants)
    if len(set(pool)) != len(pool):
        raise ValueError("entrants must be distinct")
    (rng or random.SystemRandom()).shuffle(pool)
    return {entrant: number for number, entrant in enumerate(pool, start=1)}


def numbers_by_rating(
    entrants: Sequence[T],
    rating: Callable[[T], int | None],
    name: Callable[[T], str] | None = None,
) -> dict[T, int]:
    """Seed pairing numbers by rating: highest rating gets 1, unrated players last.

    Equal ratings are ordered by ``name`` (alphabetically) when given, else by the order of
    ``entrants`` (the sort is stable).
    """
    if len(set(entrants)) != len(entrants):
        raise ValueError("entrants must be distinct")

    def key(entrant: T) -> tuple[bool, int, str]:
        value = rating(entrant)
        return (value is None, -(value or 0), name(entrant) if name else "")

    ordered = sorted(entrants, key=key)
    return {entrant: number for number, entrant in enumerate(ordered, start=1)}

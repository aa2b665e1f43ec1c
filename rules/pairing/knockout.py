"""Knockout cups: the bracket, the matches and their tie-breaks.

Pure module: standard library only, no Django, no imports from our apps.

**The bracket.** N players are seeded 1..N by rating (the caller orders them). The bracket
has ``2^k >= N`` places; seeds ``N + 1 .. 2^k`` are byes, so the top seeds are the ones who
get a bye in round 1. The places follow the FIDE World Cup bracket: for 16 players the
first round is 1–16, 8–9, 5–12, 4–13, 3–14, 6–11, 7–10, 2–15, read top to bottom, so that
(the seeds holding) 1 and 2 can meet only in the final, 1 and 4 or 2 and 3 in the
semi-finals. It is built by doubling: from the order of ``2^(k-1)`` places, each seed ``s``
becomes the pair ``s`` and ``2^k + 1 - s``, the pair written low-high at even positions and
high-low at odd ones (:func:`seed_order`). The winner of match ``2i - 1`` meets the winner
of match ``2i`` in the next round.

**A match.** ``games`` classical games (1 or more). The higher seed (the lower seed number
of the two, the bracket's seed of the player, not of the match) has White in game 1 and the
colours alternate from game to game. Every game of a stage must have a result before the
stage is scored: a win scores 1, a draw ½ (forfeits count as wins and losses, a double
forfeit scores nothing for either).

**The tie-break.** When the classical games end level, the match goes on by stages, each
scored on its own: ``rapid_pairs`` pairs of rapid games, then ``blitz_pairs`` pairs of blitz
games (in each pair the higher seed has White first), then, when ``armageddon`` is on, one
armageddon game: White has more time on the clock, Black has draw odds (a draw counts as
Black's win: Black advances). The armageddon colour is the higher seed's choice (FIDE World
Cup regulations let the player who won the lot choose; we give the choice to the higher
seed): the caller passes it, by default the higher seed takes White. Without armageddon, a
tie after the last blitz pair is followed by further blitz pairs until one is won (sudden
death by pairs). The first stage that is not level decides the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "ARMAGEDDON",
    "BLITZ",
    "CLASSICAL",
    "RAPID",
    "MatchGame",
    "MatchRules",
    "MatchStatus",
    "bracket_size",
    "first_round",
    "match_games",
    "match_status",
    "next_round",
    "round_count",
    "seed_order",
]

CLASSICAL = "classical"
RAPID = "rapid"
BLITZ = "blitz"
ARMAGEDDON = "armageddon"

#: Points of White and Black in a game, by result code (TRF pairs), in half points.
_HALF_POINTS = {
    "10": (2, 0),
    "==": (1, 1),
    "01": (0, 2),
    "+-": (2, 0),
    "-+": (0, 2),
    "--": (0, 0),
    "WL": (2, 0),
    "DD": (1, 1),
    "LW": (0, 2),
}


def bracket_size(players: int) -> int:
    """The bracket's places: the least power of two that holds ``players`` (at least 2)."""
    if players < 2:
        raise ValueError("A knockout needs at least two players.")
    size = 2
    while size < players:
        size *= 2
    return size


def round_count(players: int) -> int:
    """The rounds of a cup of ``players``: log2 of the bracket's size."""
    return bracket_size(players).bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds in bracket order, top to bottom (``size`` a power of two)."""
    if size < 2 or size & (size - 1):
        raise ValueError("The bracket's size must be a power of two.")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        doubled: list[int] = []
        for index, seed in enumerate(order):
            pair = [seed, total - seed]
            doubled.extend(pair if index % 2 == 0 else reversed(pair))
        order = doubled
    return order


def first_round(players: int) -> list[tuple[int, int | None]]:
    """Round 1's matches as (higher seed, lower seed), top to bottom; ``None``: a bye."""
    order = seed_order(bracket_size(players))
    matches = []
    for top, bottom in zip(order[::2], order[1::2], strict=True):
        high, low = min(top, bottom), max(top, bottom)
        matches.append((high, low if low <= players else None))
    return matches


def next_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next round's matches from the winners' seeds in bracket order (the winner of
    match 1, of match 2, ...): 1 meets 2, 3 meets 4, the higher seed first."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError("A knockout round needs an even number of winners.")
    return [(min(a, b), max(a, b)) for a, b in zip(winners[::2], winners[1::2], strict=True)]


@dataclass(frozen=True)
class MatchRules:
    """A match's games and tie-breaks."""

    games: int = 2
    rapid_pairs: int = 1
    blitz_pairs: int = 1
    armageddon: bool = True

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError("A match has at least one game.")
        if self.rapid_pairs < 0 or self.blitz_pairs < 0:
            raise ValueError("Tie-break pairs cannot be negative.")


@dataclass(frozen=True)
class MatchGame:
    """A game of a match: its kind, colours (the players' ids) and result (``""``: not yet)."""

    kind: str
    white: int
    black: int
    result: str = ""


@dataclass(frozen=True)
class MatchStatus:
    """Where a match stands: ``winner`` once decided; ``next_games`` (kind, white, black) to
    add when every game so far has a result and the last stage is level; ``score``: the
    players' points in the stage that decided (or is being played), higher seed first."""

    winner: int | None
    next_games: tuple[tuple[str, int, int], ...] = ()
    score: tuple[float, float] = (0.0, 0.0)
    stage: str = CLASSICAL


def match_games(high: int, low: int, rules: MatchRules) -> list[tuple[str, int, int]]:
    """The classical games of a match: (kind, white, black), the higher seed White first."""
    return _alternating(CLASSICAL, high, low, rules.games)


def _alternating(kind: str, high: int, low: int, count: int) -> list[tuple[str, int, int]]:
    return [(kind, high, low) if n % 2 == 0 else (kind, low, high) for n in range(count)]


def _stages(rules: MatchRules) -> list[tuple[str, int]]:
    """The stages after the classical games: (kind, games)."""
    return (
        [(RAPID, 2)] * rules.rapid_pairs
        + [(BLITZ, 2)] * rules.blitz_pairs
        + ([(ARMAGEDDON, 1)] if rules.armageddon else [])
    )


def _points(games: Sequence[MatchGame], player: int) -> int:
    """``player``'s half points in ``games``."""
    total = 0
    for game in games:
        white, black = _HALF_POINTS[game.result]
        total += white if game.white == player else black
    return total


def match_status(
    high: int,
    low: int,
    games: Sequence[MatchGame],
    rules: MatchRules,
    *,
    armageddon_white: int | None = None,
) -> MatchStatus:
    """Score a match between seeds ``high`` and ``low`` from its ``games`` in the order they
    were played: the classical games, then the tie-break games. ``armageddon_white``: the
    player the higher seed gave White in the armageddon (default the higher seed)."""
    stages = [(CLASSICAL, rules.games), *_stages(rules)]
    position = 0
    index = 0
    while True:
        if index < len(stages):
            kind, count = stages[index]
        else:  # no armageddon: blitz pairs until one is won
            kind, count = BLITZ, 2
        stage = list(games[position : position + count])
        if len(stage) < count or any(not game.result for game in stage):
            if stage:
                return MatchStatus(None, (), _score(stage, high, low), kind)
            return MatchStatus(
                None, _stage_games(kind, count, high, low, armageddon_white), stage=kind
            )
        if any(game.kind != kind for game in stage):
            raise ValueError(f"Game {position + 1} of the match should be {kind}.")
        high_points, low_points = _points(stage, high), _points(stage, low)
        score = (high_points / 2, low_points / 2)
        if kind == ARMAGEDDON:
            (game,) = stage
            white_points, _ = _HALF_POINTS[game.result]
            winner = game.white if white_points == 2 else game.black  # a draw: Black
            return MatchStatus(winner, (), score, kind)
        if high_points != low_points:
            return MatchStatus(high if high_points > low_points else low, (), score, kind)
        position += count
        index += 1
        if position >= len(games):
            following = stages[index] if index < len(stages) else (BLITZ, 2)
            return MatchStatus(
                None,
                _stage_games(*following, high, low, armageddon_white),
                score,
                kind,
            )


def _score(stage: Sequence[MatchGame], high: int, low: int) -> tuple[float, float]:
    played = [game for game in stage if game.result]
    return (_points(played, high) / 2, _points(played, low) / 2)


def _stage_games(
    kind: str, count: int, high: int, low: int, armageddon_white: int | None
) -> tuple[tuple[str, int, int], ...]:
    if kind == ARMAGEDDON:
        white = armageddon_white if armageddon_white in (high, low) else high
        return ((kind, white, low if white == high else high),)
    return tuple(_alternating(kind, high, low, count))

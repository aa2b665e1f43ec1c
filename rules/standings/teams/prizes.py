"""Board prizes: the best players of each board by percentage or by rating performance.

:func:`board_prizes` ranks, for each board, the players registered on it: a player's board is
his place in his team's roster (the first ``boards`` places are boards 1..``boards``; every
place after them is the reserve board, numbered ``boards + 1``), as the Olympiad's board prizes
do. Only games played over the board count (a forfeit is neither a game nor a point); a player
with fewer than ``min_games`` such games is not ranked.

- ``by="percentage"``: points ÷ games, then more games, then more points;
- ``by="performance"``: the tournament performance rating (C.07 Art. 10.2: the average rating
  of the rated opponents + dp of table 8.1.1 for the percentage scored against them; games
  against unrated opponents are left out), then the percentage. A player without a rated
  opponent has no performance and ranks after those who have one.

Players equal in everything share the place.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from rules.ratings.fide import performance_rating
from rules.standings.teams.model import Team, TeamPlayer, TeamTournament

_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
PRIZE_ORDERS = ("percentage", "performance")


@dataclass(frozen=True)
class BoardPrizeRow:
    """One player of a board's ranking."""

    place: int
    place_to: int
    board: int
    player: TeamPlayer
    team: Team
    games: int
    points: Fraction
    performance: int | None

    @property
    def percentage(self) -> Fraction:
        return self.points / self.games

    @property
    def label(self) -> str:
        return str(self.place) if self.place == self.place_to else f"{self.place}–{self.place_to}"


def _performance(opponents: list[int], points: Fraction) -> int | None:
    if not opponents:
        return None
    return performance_rating(opponents, Decimal(points.numerator) / Decimal(points.denominator))


def board_prizes(
    tournament: TeamTournament,
    *,
    min_games: int = 1,
    by: str = "percentage",
    after_round: int | None = None,
) -> dict[int, tuple[BoardPrizeRow, ...]]:
    """Per board (1..boards, and ``boards + 1`` for the reserves): the ranked players."""
    if by not in PRIZE_ORDERS:
        raise ValueError(f"board prizes are by {' or '.join(PRIZE_ORDERS)}, not {by!r}")
    if min_games < 1:
        raise ValueError(f"the minimum number of games is at least 1, got {min_games}")
    last = tournament.rounds_played if after_round is None else after_round
    ratings = {p.number: p.rating for t in tournament.teams for p in t.players}
    played: dict[int, list[tuple[Fraction, int | None]]] = {}
    for match in tournament.matches:
        if match.round > last:
            continue
        for game in match.games:
            codes = game.codes
            if codes[0] not in _POINTS or game.first is None or game.second is None:
                continue
            for side, (me, other) in enumerate(
                ((game.first, game.second), (game.second, game.first))
            ):
                played.setdefault(me, []).append((_POINTS[codes[side]], ratings.get(other)))
    out: dict[int, tuple[BoardPrizeRow, ...]] = {}
    for board in range(1, tournament.boards + 2):
        candidates = []
        for team in tournament.teams:
            for place, player in enumerate(team.players, 1):
                if min(place, tournament.boards + 1) != board:
                    continue
                games = played.get(player.number, [])
                if len(games) < min_games:
                    continue
                points = sum((p for p, _ in games), Fraction(0))
                rated = [(p, r) for p, r in games if r is not None]
                performance = _performance(
                    [r for _, r in rated], sum((p for p, _ in rated), Fraction(0))
                )
                candidates.append((player, team, len(games), points, performance))
        out[board] = _ranked(board, candidates, by)
    return out


def _ranked(board: int, candidates: list, by: str) -> tuple[BoardPrizeRow, ...]:
    def key(c) -> tuple:
        _, _, games, points, performance = c
        share = (-points / games, -games, -points)
        if by == "performance":
            return (performance is None, -(performance or 0), *share)
        return share

    ordered = sorted(candidates, key=lambda c: (key(c), c[1].number, c[0].number))
    rows: list[BoardPrizeRow] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and key(ordered[j + 1]) == key(ordered[i]):
            j += 1
        for player, team, games, points, performance in ordered[i : j + 1]:
            rows.append(
                BoardPrizeRow(i + 1, j + 1, board, player, team, games, points, performance)
            )
        i = j + 1
    return tuple(rows)

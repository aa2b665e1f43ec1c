"""A team tournament's players (issue 22): each one's boards, score and performance, for a
team's card and the board prizes. Works on what :func:`tournaments.queries.team_event.team_event`
read, without a query; the ratings come from the caller."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from players.models import Player
from rules.ratings.fide import percentage, performance_rating
from tournaments.enums import BYE_RESULTS
from tournaments.models import Team
from tournaments.queries.team_event import (
    MatchBoard,
    MatchLine,
    TeamEvent,
    side_points,
    side_result,
)


@dataclass
class PlayerBoards:
    """What one player of a team did: their games by round, on which board, and the sums."""

    team: int
    player: Player
    order: int | None
    reserve: bool
    #: Round number -> (board, colour, result text from the player's side).
    rounds: dict[int, tuple[int, str, str]] = field(default_factory=dict)
    #: Board number -> (points, games): where a player moved boards, each board's own count.
    by_board: dict[int, tuple[Fraction, int]] = field(default_factory=dict)
    points: Fraction = Fraction(0)
    games: int = 0
    #: Games played over the board against a rated opponent: (opponent's rating, points).
    rated: list[tuple[int, Fraction]] = field(default_factory=list)
    #: The same, board by board (the board prizes' performances).
    rated_by_board: dict[int, list[tuple[int, Fraction]]] = field(default_factory=dict)

    def performance(self) -> int | None:
        """FIDE's tournament performance (average opponent + dp of the percentage, Title
        Regulations 1.4.7–1.4.9) over the games played against rated opponents."""
        return performance(self.rated)


def performance(games: list[tuple[int, Fraction]]) -> int | None:
    if not games:
        return None
    points = sum((p for _r, p in games), Fraction(0))
    return performance_rating([r for r, _p in games], _decimal(points))


def _decimal(value: Fraction) -> Decimal:
    """Points in halves as the FIDE tables take them (exact: 2 divides a power of 10)."""
    return Decimal(value.numerator) / Decimal(value.denominator)


def player_boards(
    event: TeamEvent, ratings: Mapping[int, int | None], *, after_round: int | None = None
) -> list[PlayerBoards]:
    """Every player who is on a roster or played a board, with their board results up to
    ``after_round`` (every published round if None), roster players first in team order."""
    found: dict[tuple[int, int], PlayerBoards] = {}
    for number, roster in event.rosters.items():
        for member in roster:
            found[(number, member.player_id)] = PlayerBoards(
                number, member.player, member.order, member.reserve
            )
    last = max(event.rounds, default=0) if after_round is None else after_round
    for round_number in range(1, last + 1):
        for line in event.rounds.get(round_number, ()):
            for board in line.boards:
                _add_board(found, event, line, board, ratings)
    return sorted(
        found.values(),
        key=lambda p: (p.team, p.order is None, p.order or 0, p.player.last_name),
    )


def _add_board(found, event, line: MatchLine, board: MatchBoard, ratings) -> None:
    sides = (("first", board.first_player, board.second_player, line.first),)
    if line.second is not None:
        sides += (("second", board.second_player, board.first_player, line.second),)
    for side, player, opponent, team in sides:
        if player is None:
            continue
        number = event.number_of(team)
        entry = found.setdefault(
            (number, player.pk), PlayerBoards(number, player, None, reserve=False)
        )
        colour = board.first_colour if side == "first" else _other(board.first_colour)
        entry.rounds[line.round_number] = (board.board, colour, side_result(board, side))
        points = side_points(board, side)
        if points is None or board.game.result in BYE_RESULTS:
            continue
        entry.points += points
        entry.games += 1
        got, games = entry.by_board.get(board.board, (Fraction(0), 0))
        entry.by_board[board.board] = (got + points, games + 1)
        rating = ratings.get(opponent.pk) if opponent is not None else None
        if board.played and rating:
            entry.rated.append((rating, points))
            entry.rated_by_board.setdefault(board.board, []).append((rating, points))


def _other(colour: str) -> str:
    return "b" if colour == "w" else "w"


@dataclass
class BoardPrizeLine:
    """A player on one board: score, games, percentage and performance there."""

    place: int
    team: Team
    player: Player
    points: Fraction
    games: int
    percent: int
    performance: int | None


def default_minimum_games(rounds: int) -> int:
    """The fewest games on a board a prize needs unless the page asks otherwise: two thirds
    of the rounds, rounded up (the Olympiad asks 8 of 11)."""
    return max(1, math.ceil(Fraction(2, 3) * rounds))


def board_prizes(
    event: TeamEvent,
    players: list[PlayerBoards],
    *,
    minimum_games: int,
    by_performance: bool,
) -> dict[int, list[BoardPrizeLine]]:
    """Board number -> the players with at least ``minimum_games`` games on that board, best
    first: by performance (then percentage) or by percentage (then points, then games)."""
    prizes: dict[int, list[BoardPrizeLine]] = {}
    boards = event.tournament.team_boards or 0
    for board in range(1, boards + 1):
        lines = []
        for entry in players:
            points, games = entry.by_board.get(board, (Fraction(0), 0))
            if games < minimum_games or games == 0:
                continue
            lines.append(
                BoardPrizeLine(
                    0,
                    event.teams[entry.team],
                    entry.player,
                    points,
                    games,
                    percentage(_decimal(points), games),
                    performance(entry.rated_by_board.get(board, [])),
                )
            )
        if by_performance:
            lines.sort(key=lambda x: (x.performance is None, -(x.performance or 0), -x.percent))
        else:
            lines.sort(key=lambda x: (-x.percent, -x.points, -x.games, x.player.last_name))
        for place, line in enumerate(lines, start=1):
            line.place = place
        prizes[board] = lines
    return prizes

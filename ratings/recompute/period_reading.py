"""What an incremental update reads: the list's published lists, the rated games of one period
(all of them, or those of some players with their ratings at each tournament's start), the
players' inputs and states, and the stored checkpoints."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import BooleanField, ExpressionWrapper, Q

from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingList
from ratings.recompute.reading import _players, of_list
from ratings.recompute.writing import create_rating_rows
from rules.ratings.replay import GameInput, PlayerInput, TournamentInput
from tournaments.enums import RATED_RESULTS, WHITE_SCORE, GameStage
from tournaments.models import Game, Round, Tournament

_SCORE = {str(code): value for code, value in WHITE_SCORE.items()}


@dataclass(frozen=True)
class Lists:
    """A rating list's published lists, in date order; ``complete``: each has a checkpoint."""

    ids: list[int]
    dates: list[datetime.date]
    complete: bool

    @property
    def open_index(self) -> int:
        return len(self.ids)

    def bounds(self, index: int) -> tuple[datetime.date | None, datetime.date | None]:
        """The dates tournaments of period ``index`` end on or after, and before."""
        low = self.dates[index - 1] if index > 0 else None
        high = self.dates[index] if index < len(self.dates) else None
        return low, high


def published_lists(rating_list: RatingList) -> Lists:
    """The published lists (one query; the checkpoints themselves are not read)."""
    rows = list(
        PublishedList.objects.filter(rating_list=rating_list)
        .order_by("date")
        .annotate(
            missing=ExpressionWrapper(Q(replay_state__isnull=True), output_field=BooleanField())
        )
        .values_list("id", "date", "missing")
    )
    return Lists(
        ids=[pk for pk, _day, _missing in rows],
        dates=[day for _pk, day, _missing in rows],
        complete=not any(missing for _pk, _day, missing in rows),
    )


@dataclass
class PeriodGames:
    """The rated games of a period, in replay order, with their tournaments; ``listed``
    (games read with ratings): per game and side, (starting rating, its date, the rating on
    the list in force at the tournament's start)."""

    games: list[GameInput]
    tournaments: dict[int, TournamentInput]
    listed: dict[int, tuple[tuple[Any, Any, Any], tuple[Any, Any, Any]]]


#: The list a game row ``g`` of tournament ``t`` is rated in: its own (a knockout's tie-break
#: games, rapid or blitz), else its tournament's.
GAME_LIST = "COALESCE(g.rating_list_id, t.rating_list_id)"
#: The games rated in the list of the two parameters: those given the list, and the classical
#: games of its tournaments (a tie-break game without a list of its kind is not rated).
_IN_LIST = (
    "(g.rating_list_id = %s OR (g.rating_list_id IS NULL"
    f" AND g.stage = '{GameStage.CLASSICAL.value}' AND t.rating_list_id = %s))"
)


def _table(model: Any) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _tournaments_of_list() -> str:
    """``t`` is a tournament of the list of the parameter, or has a game in the list of the
    second: the tournaments are found by their list's index first, as before games had
    lists of their own (the games' condition alone, an ``OR`` across two tables, would
    not use it)."""
    return (
        f"t.id IN (SELECT tl.id FROM {_table(Tournament)} tl"  # noqa: S608 - quoted names
        f" WHERE tl.rating_list_id = %s UNION SELECT rl.tournament_id FROM {_table(Game)} gl"
        f" JOIN {_table(Round)} rl ON rl.id = gl.round_id WHERE gl.rating_list_id = %s)"
    )


def _in(column: str, values: Iterable[Any], params: list[Any]) -> str:
    """``column IN (%s, ...)`` with ``values`` added to ``params``."""
    values = sorted(values)
    params.extend(values)
    return f"{column} IN ({', '.join(['%s'] * len(values))})"


def _ratings_at_start(side: str) -> str:
    """A side's starting rating, its date and its rating on the list in force at the start of
    the game's tournament (the latest list dated on or before it): the columns of one game
    row."""
    return (
        f"s{side}.starting_rating, s{side}.starting_date, "  # noqa: S608 - quoted names
        f"(SELECT pr.rating FROM {_table(PublishedRating)} pr WHERE pr.player_id = g.{side}_id"
        f" AND pr.published_list_id = (SELECT pl.id FROM {_table(PublishedList)} pl"
        f" WHERE pl.rating_list_id = {GAME_LIST} AND pl.date <= t.start_date"
        " ORDER BY pl.date DESC LIMIT 1))"
    )


def period_games(
    rating_list_id: int,
    bounds: tuple[datetime.date | None, datetime.date | None],
    *,
    players: set[int] | None = None,
) -> PeriodGames:
    """The rated games of the tournaments ending within ``bounds``, in replay order (one
    query). ``players``: only their games, each read with both players' ratings at the start
    (:attr:`PeriodGames.listed`).

    Written in SQL: this read is on the path of every result entered, and building it with
    the ORM's correlated subqueries cost more CPU than the database spends on it."""
    low, high = bounds
    params: list[Any] = [rating_list_id] * 4
    columns = (
        "g.id, r.tournament_id, r.date, g.white_id, g.black_id, g.result, g.handicap,"
        " t.start_date, t.end_date, t.rating_class"
    )
    joins = ""
    where = [_tournaments_of_list(), _IN_LIST, _in("g.result", RATED_RESULTS, params)]
    where.append("g.black_id IS NOT NULL")
    if low is not None:
        where.append("t.end_date >= %s")
        params.append(low)
    if high is not None:
        where.append("t.end_date < %s")
        params.append(high)
    if players is not None:
        columns += f", {_ratings_at_start('white')}, {_ratings_at_start('black')}"
        for side in ("white", "black"):
            joins += (
                f" LEFT JOIN {_table(PlayerRating)} s{side} ON s{side}.rating_list_id ="
                f" {GAME_LIST} AND s{side}.player_id = g.{side}_id"
            )
        where.append(
            f"({_in('g.white_id', players, params)} OR {_in('g.black_id', players, params)})"
        )
    sql = (
        f"SELECT {columns} FROM {_table(Game)} g"  # noqa: S608 - quoted names, placeholders
        f" JOIN {_table(Round)} r ON r.id = g.round_id"
        f" JOIN {_table(Tournament)} t ON t.id = r.tournament_id{joins}"
        f" WHERE {' AND '.join(where)}"
        " ORDER BY t.end_date, t.start_date, r.tournament_id, r.number, g.board"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    result = PeriodGames([], {}, {})
    for gid, tid, day, white, black, code, handicap, start, end, rating_class, *more in rows:
        result.games.append(GameInput(gid, tid, day or end, white, black, _SCORE[code], handicap))
        if tid not in result.tournaments:
            result.tournaments[tid] = TournamentInput(tid, start, end, rating_class)
        if more:
            result.listed[gid] = (tuple(more[:3]), tuple(more[3:]))
    return result


def earliest_tournament(rating_list: RatingList) -> TournamentInput | None:
    """The list's first tournament (FIDE: before any list, the K of a starting rating valid
    from the beginning uses its year)."""
    row = (
        Tournament.objects.filter(of_list(rating_list.pk))
        .order_by("start_date", "pk")
        .values_list("id", "start_date", "end_date", "rating_class")
        .first()
    )
    return None if row is None else TournamentInput(*row)


def players_with_rows(
    rating_list: RatingList, wanted: set[int]
) -> tuple[dict[int, PlayerInput], dict[int, tuple[int, list[Any]]]]:
    """The inputs and stored fields of ``wanted`` players, creating their missing rows (a
    player's first rated game in the list)."""
    players, stored = _players(rating_list, only=wanted)
    missing = wanted - set(players)
    if missing:
        create_rating_rows(rating_list, missing)
        more_players, more_stored = _players(rating_list, only=missing)
        players.update(more_players)
        stored.update(more_stored)
    return players, stored

"""What a replay reads: the published lists and checkpoints, the tournaments and rated games
of the periods it rewrites, every player of the list (inputs and stored ratings)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Case, F, JSONField, Q, Subquery, Value, When
from django.db.models.functions import Coalesce

from ratings.models import (
    PlayerRating,
    PublishedList,
    PublishedRating,
    RatingList,
)
from ratings.recompute.writing import create_rating_rows
from rules.ratings.replay import (
    Checkpoint,
    GameInput,
    PlayerInput,
    PublishedRow,
    TournamentInput,
    period_index,
)
from tournaments.enums import RATED_RESULTS, WHITE_SCORE, GameStage
from tournaments.models import Game, Tournament


def in_list(rating_list_id: int, prefix: str = "") -> Q:
    """The games rated in a list: the games given that list (a knockout's rapid and blitz
    tie-break games), and the classical games of its tournaments that are not given another
    (a tie-break game of a game with no list of its kind is not rated)."""
    return Q(**{f"{prefix}rating_list_id": rating_list_id}) | Q(
        **{
            f"{prefix}rating_list__isnull": True,
            f"{prefix}stage": GameStage.CLASSICAL,
            f"{prefix}round__tournament__rating_list_id": rating_list_id,
        }
    )


def of_list(rating_list_id: int) -> Q:
    """The tournaments of a list: rated in it, or with a game rated in it (a knockout's
    tie-break games); a subquery, not a join that would repeat a tournament per game."""
    return Q(rating_list_id=rating_list_id) | Q(
        pk__in=Game.objects.filter(rating_list_id=rating_list_id).values("round__tournament_id")
    )


def rated_games_query(
    rating_list_id: int, *, ended_from: datetime.date | None = None, handicap: bool = False
) -> Any:
    """The rated games of a list, in replay order, as ``GameInput``-shaped tuples.

    ``ended_from``: only games of tournaments that ended on or after that date;
    ``handicap``: add the handicap stones as a seventh column.
    """
    games = Game.objects.filter(
        in_list(rating_list_id),
        result__in=list(RATED_RESULTS),
        black__isnull=False,
    )
    if ended_from is not None:
        games = games.filter(round__tournament__end_date__gte=ended_from)
    return (
        games.annotate(day=Coalesce("round__date", "round__tournament__end_date"))
        .order_by(
            "round__tournament__end_date",
            "round__tournament__start_date",
            "round__tournament_id",
            "round__number",
            "board",
        )
        .values_list(
            "id",
            "round__tournament_id",
            "day",
            "white_id",
            "black_id",
            "result",
            *(["handicap"] if handicap else []),
        )
    )


@dataclass
class _Inputs:
    list_ids: list[int]
    list_dates: list[datetime.date]
    first_period: int
    checkpoint: Checkpoint | None
    earlier_published: list[PublishedRow]
    players: dict[int, PlayerInput]
    tournaments: dict[int, TournamentInput]
    games: list[GameInput]
    #: player id -> (PlayerRating id, its derived fields as stored): what the replay rewrites.
    stored: dict[int, tuple[int, list[Any]]] = field(default_factory=dict)


#: The derived fields of ``PlayerRating`` the replay writes, in this order.
_DERIVED = PlayerRating.DERIVED_FIELDS  # the state last (parse_players)


def _lists(
    rating_list: RatingList, from_date: datetime.date | None
) -> tuple[list[int], list[datetime.date], int, Checkpoint | None]:
    """The list's published lists (ids, dates), the first period to rewrite and the
    checkpoint to start it from. One query: the latest list's checkpoint comes with the dates
    (a result of the open period starts from it); a correction in a closed period reads the
    checkpoint it needs with a second one."""
    latest = PublishedList.objects.filter(rating_list=rating_list).order_by("-date").values("pk")
    rows = list(
        PublishedList.objects.filter(rating_list=rating_list)
        .order_by("date")
        .annotate(
            state=Case(
                When(pk=Subquery(latest[:1]), then=F("replay_state")),
                default=Value(None),
                output_field=JSONField(),
            )
        )
        .values_list("id", "date", "state")
    )
    list_ids = [pk for pk, _day, _state in rows]
    list_dates = [day for _pk, day, _state in rows]
    first = 0 if from_date is None else period_index(list_dates, from_date)
    checkpoint = None
    if first == len(rows) and rows:
        checkpoint = rows[-1][2]
    elif first > 0:
        checkpoint = (
            PublishedList.objects.filter(pk=list_ids[first - 1])
            .values_list("replay_state", flat=True)
            .get()
        )
    if first > 0 and checkpoint is None:  # e.g. lists published before checkpoints existed
        first = 0
    return list_ids, list_dates, first, checkpoint


def _load(
    rating_list: RatingList,
    *,
    from_period: int = 0,
    lists: tuple[list[int], list[datetime.date], Checkpoint | None] | None = None,
) -> _Inputs:
    """Read what a replay from ``from_period`` needs (from 0 if no checkpoint is stored):
    the tournaments and rated games of the periods replayed, every player of the list with
    their inputs and their stored derived fields, and the rows of the earlier lists those
    tournaments started under. ``lists``: the published lists and the checkpoint, when the
    caller has read them (:func:`_lists`)."""
    if lists is None:
        list_ids, list_dates, from_period, checkpoint = _lists_from_period(rating_list, from_period)
    else:
        list_ids, list_dates, checkpoint = lists
    ended_from = list_dates[from_period - 1] if from_period > 0 else None
    tournaments_query = Tournament.objects.filter(of_list(rating_list.pk))
    if ended_from is not None:
        tournaments_query = tournaments_query.filter(end_date__gte=ended_from)
    tournaments = {
        tid: TournamentInput(tid, start, end, rating_class)
        for tid, start, end, rating_class in tournaments_query.values_list(
            "id", "start_date", "end_date", "rating_class"
        )
    }
    score = {str(code): value for code, value in WHITE_SCORE.items()}
    games = [
        GameInput(gid, tid, day, white, black, score[result], handicap)
        for gid, tid, day, white, black, result, handicap in rated_games_query(
            rating_list.pk, ended_from=ended_from, handicap=True
        ).iterator(chunk_size=20000)
    ]
    players, stored = _players(rating_list)
    missing = ({g.white for g in games} | {g.black for g in games}) - set(players)
    if missing:
        create_rating_rows(rating_list, missing)
        new_players, new_stored = _players(rating_list, only=missing)
        players.update(new_players)
        stored.update(new_stored)
    # The earlier lists in force at the start of the tournaments replayed.
    index_of = {pk: i for i, pk in enumerate(list_ids)}
    needed = {period_index(list_dates, t.start_date) - 1 for t in tournaments.values()} & set(
        range(from_period)
    )
    earlier_rows = PublishedRating.objects.filter(
        published_list_id__in=[list_ids[i] for i in needed]
    ).values_list("published_list_id", "player_id", "rating", "games", "k", "change", "grade")
    earlier_published = [
        PublishedRow(index_of[list_id], player, rating, games_count, k, change, grade or None)
        for list_id, player, rating, games_count, k, change, grade in earlier_rows
    ]
    return _Inputs(
        list_ids=list_ids,
        list_dates=list_dates,
        first_period=from_period,
        checkpoint=checkpoint,
        earlier_published=earlier_published,
        players=players,
        tournaments=tournaments,
        games=games,
        stored=stored,
    )


def _lists_from_period(
    rating_list: RatingList, from_period: int
) -> tuple[list[int], list[datetime.date], int, Checkpoint | None]:
    lists = list(
        PublishedList.objects.filter(rating_list=rating_list)
        .order_by("date")
        .values_list("id", "date")
    )
    list_ids = [pk for pk, _ in lists]
    list_dates = [day for _, day in lists]
    checkpoint = None
    if from_period > 0:
        checkpoint = (
            PublishedList.objects.filter(pk=list_ids[from_period - 1])
            .values_list("replay_state", flat=True)
            .get()
        )
        if checkpoint is None:
            from_period = 0
    return list_ids, list_dates, from_period, checkpoint


#: What a replay reads of a ``PlayerRating`` row: id, player, the inputs, the derived fields.
PLAYER_COLUMNS = (
    "id",
    "player_id",
    "starting_rating",
    "starting_games",
    "starting_date",
    "player__birth_date",
    "declared_grade",
    *_DERIVED,
)


def parse_players(
    rows: Iterable[tuple[Any, ...]],
) -> tuple[dict[int, PlayerInput], dict[int, tuple[int, list[Any]]]]:
    """``PlayerRating`` rows read as :data:`PLAYER_COLUMNS`: the players' inputs, and their
    stored derived fields (by player id: the row's id and the fields, the state last)."""
    players: dict[int, PlayerInput] = {}
    stored: dict[int, tuple[int, list[Any]]] = {}
    for pk, pid, rating, n, day, birth, grade, *derived in rows:
        players[pid] = PlayerInput(
            pid, rating, n, day, birth.year if birth else None, grade or None
        )
        stored[pid] = (pk, derived)
    return players, stored


def _players(
    rating_list: RatingList, *, only: set[int] | None = None
) -> tuple[dict[int, PlayerInput], dict[int, tuple[int, list[Any]]]]:
    """The list's players: their inputs, and their stored derived fields (one query)."""
    rows = PlayerRating.objects.filter(rating_list=rating_list)
    if only is not None:
        rows = rows.filter(player_id__in=only)
    return parse_players(rows.values_list(*PLAYER_COLUMNS).iterator(chunk_size=20000))

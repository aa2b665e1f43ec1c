"""The replay's database side: read a list's inputs, run the pure replay, write what it derives.

    replay_locked(rating_list, *, from_date) -> ReplayStats

Called only by the unit of work (:func:`core.unit_of_work.change`), which holds the list's
row lock in its transaction; actions mark a list with ``unit.replay(list, from_date=…)``.

How a replay runs (:func:`replay_locked`): with the rating list row locked, let p be the
period containing ``from_date`` (the end date of the earliest affected tournament). It
restores the system's checkpoint stored on the list closing period p - 1
(``PublishedList.replay_state``), reads only the tournaments and rated games of periods p
and later (one ordered ``values_list`` query), the players' ``PlayerRating`` inputs and the
rows of the earlier lists those tournaments started under, runs the pure replay
(:mod:`rules.ratings.replay` with the system of ``RatingList.system``), and rewrites the derived
rows of periods p and later: ledger rows (``RatingChange``), list rows
(``PublishedRating``), checkpoints, and the ``PlayerRating`` derived fields that changed.
Without a stored checkpoint it computes from period 0 (still writing from p). The property
test checks that any sequence of incremental replays leaves the state of a full replay.
"""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Case, F, JSONField, Q, Subquery, Value, When
from django.db.models.functions import Coalesce

from ratings.models import (
    PlayerRating,
    PublishedList,
    PublishedRating,
    RatingChange,
    RatingList,
)
from rules.ratings.registry import get_system
from rules.ratings.replay import (
    Checkpoint,
    GameInput,
    LedgerRow,
    LiveRow,
    PlayerInput,
    PublishedRow,
    ReplayResult,
    TournamentInput,
    period_index,
    replay,
)
from tournaments.enums import RATED_RESULTS, WHITE_SCORE
from tournaments.models import Game, Tournament

BATCH_SIZE = 5000


@dataclass(frozen=True)
class ReplayStats:
    """What a replay did: the list, the first period rewritten, counts and timings."""

    rating_list_id: int
    from_date: datetime.date | None
    games: int
    ledger_rows: int
    published_rows: int
    seconds: float


# --------------------------------------------------------------------------- reading


def rated_games_query(
    rating_list_id: int, *, ended_from: datetime.date | None = None, handicap: bool = False
) -> Any:
    """The rated games of a list, in replay order, as ``GameInput``-shaped tuples.

    ``ended_from``: only games of tournaments that ended on or after that date;
    ``handicap``: add the handicap stones as a seventh column.
    """
    games = Game.objects.filter(
        round__tournament__rating_list_id=rating_list_id,
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
_DERIVED = (
    "rating",
    "live_rating",
    "period_change",
    "period_games",
    "k",
    "games",
    "peak",
    "last_played",
    "grade",
    "status",
)


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
    tournaments_query = Tournament.objects.filter(rating_list=rating_list)
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
        PlayerRating.objects.bulk_create(
            [PlayerRating(rating_list=rating_list, player_id=pid) for pid in sorted(missing)],
            batch_size=BATCH_SIZE,
            ignore_conflicts=True,
        )
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


def _players(
    rating_list: RatingList, *, only: set[int] | None = None
) -> tuple[dict[int, PlayerInput], dict[int, tuple[int, list[Any]]]]:
    """The list's players: their inputs, and their stored derived fields (one query)."""
    rows = PlayerRating.objects.filter(rating_list=rating_list)
    if only is not None:
        rows = rows.filter(player_id__in=only)
    players: dict[int, PlayerInput] = {}
    stored: dict[int, tuple[int, list[Any]]] = {}
    for pk, pid, rating, n, day, birth, grade, *derived in rows.values_list(
        "id",
        "player_id",
        "starting_rating",
        "starting_games",
        "starting_date",
        "player__birth_date",
        "declared_grade",
        *_DERIVED,
    ).iterator(chunk_size=20000):
        players[pid] = PlayerInput(
            pid, rating, n, day, birth.year if birth else None, grade or None
        )
        stored[pid] = (pk, derived)
    return players, stored


def compute(rating_list: RatingList, *, from_period: int = 0) -> tuple[_Inputs, ReplayResult]:
    """Read a list's inputs and run the pure replay (no writes except missing rows).

    From ``from_period`` > 0 the replay starts from the checkpoint stored on the list before
    (and reads only the tournaments and games of the periods replayed); without a stored
    checkpoint it starts from period 0.
    """
    return _run(rating_list, _load(rating_list, from_period=from_period))


def _run(rating_list: RatingList, inputs: _Inputs) -> tuple[_Inputs, ReplayResult]:
    system = get_system(rating_list.system, time_control=rating_list.time_control)
    result = replay(
        system,
        players=inputs.players,
        tournaments=inputs.tournaments,
        list_dates=inputs.list_dates,
        games=inputs.games,
        first_period=inputs.first_period,
        checkpoint=inputs.checkpoint,
        earlier_published=inputs.earlier_published,
    )
    return inputs, result


def replay_locked(rating_list: RatingList, *, from_date: datetime.date | None) -> ReplayStats:
    """Replay a list and rewrite the derived rows from the period containing ``from_date``.

    The caller must hold the list's row lock inside a transaction: only the unit of work
    (:func:`core.unit_of_work.change`) calls it, and raises the list's version with the lock.
    The replay starts from the checkpoint stored on the list closing the period before, so it
    reads only the tournaments and games of the periods it rewrites.
    """
    started = time.perf_counter()
    list_ids, list_dates, first, checkpoint = _lists(rating_list, from_date)
    inputs, result = _run(
        rating_list,
        _load(rating_list, from_period=first, lists=(list_ids, list_dates, checkpoint)),
    )
    rewritten_ids = inputs.list_ids[first:]

    changes = RatingChange.objects.filter(rating_list=rating_list)
    if first > 0:
        changes = changes.filter(Q(period_id__in=rewritten_ids) | Q(period__isnull=True))
    changes._raw_delete(changes.db)
    ledger = [row for row in result.ledger if row.period >= first]
    period_ids: list[int | None] = [*inputs.list_ids, None]
    write_ledger(
        ledger, rating_list_id=rating_list.pk, period_ids=period_ids, scale=result.ledger_scale
    )

    if rewritten_ids:
        entries = PublishedRating.objects.filter(published_list_id__in=rewritten_ids)
        entries._raw_delete(entries.db)
    published = [row for row in result.published if row.period >= first]
    write_published(published, period_ids=period_ids)
    for index, state in result.checkpoints.items():
        PublishedList.objects.filter(pk=inputs.list_ids[index]).update(replay_state=state)

    update_player_ratings(inputs.stored, result.live)
    return ReplayStats(
        rating_list_id=rating_list.pk,
        from_date=from_date,
        games=len(inputs.games),
        ledger_rows=len(ledger),
        published_rows=len(published),
        seconds=time.perf_counter() - started,
    )


# --------------------------------------------------------------------------- bulk writes

_LEDGER_COLUMNS = (
    "rating_list_id",
    "period_id",
    "game_id",
    "tournament_id",
    "player_id",
    "opponent_id",
    "date",
    "rating_used",
    "opponent_rating",
    "opponent_rating_used",
    "capped",
    "score",
    "expected",
    "k",
    "change",
    "details",
)
_SCORES = ("0.0", "0.5", "1.0")
_HUNDREDTHS = tuple(f"{value / 100:.2f}" for value in range(101))


def _scaled(value: int, scale: int) -> str:
    """An integer in units of 1/``scale`` as a decimal string with four places."""
    return str((Decimal(value) / scale).quantize(Decimal("0.0001")))


def ledger_tuples(
    rows: Iterable[LedgerRow],
    *,
    rating_list_id: int,
    period_ids: Sequence[int | None],
    scale: int = 100,
) -> Iterable[tuple[Any, ...]]:
    """Ledger rows as database tuples in :data:`_LEDGER_COLUMNS` order.

    ``scale``: the unit of the rows' expected scores and changes (100: hundredths, FIDE).
    """
    if scale != 100:
        for row in rows:
            yield (
                rating_list_id, period_ids[row.period], row.game, row.tournament, row.player,
                row.opponent, row.date, row.rating_used, row.opponent_rating, row.opponent_used,
                row.capped, _SCORES[row.score],
                None if row.expected is None else _scaled(row.expected, scale),
                row.k,
                None if row.change is None else _scaled(row.change, scale),
                None if row.details is None else json.dumps(row.details, sort_keys=True),
            )  # fmt: skip
        return
    scores = _SCORES
    hundredths = _HUNDREDTHS
    for row in rows:
        expected = row.expected
        change = row.change
        yield (
            rating_list_id,
            period_ids[row.period],
            row.game,
            row.tournament,
            row.player,
            row.opponent,
            row.date,
            row.rating_used,
            row.opponent_rating,
            row.opponent_used,
            row.capped,
            scores[row.score],
            None if expected is None else hundredths[expected],
            row.k,
            None if change is None else f"{change / 100:.2f}",
            None,
        )


def write_rows(table: str, columns: Sequence[str], rows: Iterable[tuple[Any, ...]]) -> int:
    """Insert many rows fast: COPY on PostgreSQL, batched ``executemany`` elsewhere.

    Used for the ledger by the replay and, with the same method, by the benchmark's I/O
    floor. Values must already be database-ready (strings for decimals).
    """
    count = 0
    column_list = ", ".join(connection.ops.quote_name(c) for c in columns)
    table_name = connection.ops.quote_name(table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            raw = cursor.cursor
            with raw.copy(f"COPY {table_name} ({column_list}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
                    count += 1
            return count
        placeholders = ", ".join(["%s"] * len(columns))
        sql = f"INSERT INTO {table_name} ({column_list}) VALUES ({placeholders})"  # noqa: S608
        batch: list[tuple[Any, ...]] = []
        for row in rows:
            batch.append(row)
            if len(batch) >= BATCH_SIZE:
                cursor.executemany(sql, batch)
                count += len(batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)
            count += len(batch)
    return count


def write_ledger(
    rows: Sequence[LedgerRow],
    *,
    rating_list_id: int,
    period_ids: Sequence[int | None],
    scale: int = 100,
) -> int:
    """Insert ledger rows (``RatingChange``) for ``rating_list_id`` (``scale``: their unit)."""
    if not rows:
        return 0
    return write_rows(
        RatingChange._meta.db_table,
        _LEDGER_COLUMNS,
        ledger_tuples(rows, rating_list_id=rating_list_id, period_ids=period_ids, scale=scale),
    )


def write_published(rows: Sequence[PublishedRow], *, period_ids: Sequence[int | None]) -> int:
    """Insert published-list rows (``PublishedRating``)."""
    if not rows:
        return 0
    return write_rows(
        PublishedRating._meta.db_table,
        ("published_list_id", "player_id", "rating", "games", "k", "change", "grade"),
        (
            (
                period_ids[row.period],
                row.player,
                row.rating,
                row.games,
                row.k,
                row.change,
                row.grade or "",
            )
            for row in rows
        ),
    )


def _decimal(hundredths: int | None) -> Decimal | None:
    return None if hundredths is None else Decimal(hundredths).scaleb(-2)


def update_player_ratings(
    stored: dict[int, tuple[int, list[Any]]], live: dict[int, LiveRow]
) -> int:
    """Write the derived fields of the list's ``PlayerRating`` rows that changed (``stored``:
    player id -> (row id, the derived fields as read before the replay))."""
    updates = []
    for player, (pk, old) in stored.items():
        row = live.get(player)
        if row is None:  # a player of the list without rated games yet: keep defaults
            row = LiveRow(player, None, None, 0, 0, None, 0, None, None)
        new = [
            row.rating,
            _decimal(row.live),
            _decimal(row.period_change),
            row.period_games,
            row.k,
            row.games,
            row.peak,
            row.last_played,
            row.grade or "",
            row.status or "",
        ]
        if new != old:
            updates.append((*new, pk))
    if not updates:
        return 0
    table = connection.ops.quote_name(PlayerRating._meta.db_table)
    sql = (
        f"UPDATE {table} SET rating = %s, live_rating = %s, period_change = %s, "  # noqa: S608
        "period_games = %s, k = %s, games = %s, peak = %s, last_played = %s, grade = %s, "
        "status = %s WHERE id = %s"
    )
    with connection.cursor() as cursor:
        for start in range(0, len(updates), BATCH_SIZE):
            cursor.executemany(sql, updates[start : start + BATCH_SIZE])
    return len(updates)

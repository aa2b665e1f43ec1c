"""What a replay writes, fast: ledger and list rows with COPY on PostgreSQL and batched
``executemany`` elsewhere, and the derived fields of the players' ratings that changed."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.db import connection

from ratings.models import (
    PlayerRating,
    PublishedRating,
    RatingChange,
)
from rules.ratings.replay import (
    LedgerRow,
    LiveRow,
    PublishedRow,
)

BATCH_SIZE = 5000
#: From this many rows (or an iterator of rows) PostgreSQL gets them by COPY.
COPY_FROM = 1000


_SCORES = ("0.0", "0.5", "1.0")
_HUNDREDTHS = tuple(f"{value / 100:.2f}" for value in range(101))


def create_rating_rows(rating_list: Any, player_ids: Iterable[int]) -> None:
    """Create the ``PlayerRating`` rows of ``player_ids`` on ``rating_list`` that do not exist
    yet (a player's first rated game in the list); rows that exist are left as they are."""
    PlayerRating.objects.bulk_create(
        [PlayerRating(rating_list=rating_list, player_id=pid) for pid in sorted(player_ids)],
        batch_size=BATCH_SIZE,
        ignore_conflicts=True,
    )


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
    """Ledger rows as database tuples in ``RatingChange.COLUMNS`` order.

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
    if isinstance(rows, Sequence) and len(rows) < COPY_FROM:
        copy = False  # a few rows (an incremental update): one plain INSERT is quicker
    else:
        copy = connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        if copy:
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
        RatingChange.COLUMNS,
        list(ledger_tuples(rows, rating_list_id=rating_list_id, period_ids=period_ids, scale=scale))
        if len(rows) < COPY_FROM
        else ledger_tuples(rows, rating_list_id=rating_list_id, period_ids=period_ids, scale=scale),
    )


def write_published(rows: Sequence[PublishedRow], *, period_ids: Sequence[int | None]) -> int:
    """Insert published-list rows (``PublishedRating``)."""
    if not rows:
        return 0
    return write_rows(
        PublishedRating._meta.db_table,
        ("published_list_id", "player_id", "rating", "games", "k", "change", "grade"),
        [
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
        ],
    )


def _decimal(hundredths: int | None) -> Decimal | None:
    return None if hundredths is None else Decimal(hundredths).scaleb(-2)


def update_player_ratings(
    stored: dict[int, tuple[int, list[Any]]],
    live: dict[int, LiveRow],
    states: dict[str, Any] | None = None,
) -> int:
    """Write the derived fields of the list's ``PlayerRating`` rows that changed (``stored``:
    player id -> (row id, the derived fields as read before the replay, the state last)).
    ``states``: the entries of the latest list's checkpoint, by player id as a string (each
    player's ``state``; ``None``: the states stay as they are)."""
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
            old[-1] if states is None else states.get(str(player)),
        ]
        if new != old:
            new[-1] = None if new[-1] is None else json.dumps(new[-1])
            updates.append((*new, pk))
    if not updates:
        return 0
    table = connection.ops.quote_name(PlayerRating._meta.db_table)
    state = "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s"
    sql = (
        f"UPDATE {table} SET rating = %s, live_rating = %s, period_change = %s, "  # noqa: S608
        "period_games = %s, k = %s, games = %s, peak = %s, last_played = %s, grade = %s, "
        f"status = %s, state = {state} WHERE id = %s"
    )
    with connection.cursor() as cursor:
        for start in range(0, len(updates), BATCH_SIZE):
            cursor.executemany(sql, updates[start : start + BATCH_SIZE])
    return len(updates)

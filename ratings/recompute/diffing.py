"""Write only what changed: the ledger and list rows an incremental update derived, compared
with the rows stored (deleted when gone or different, inserted when new or different), and the
players' entries of a list's checkpoint (:class:`StoredCheckpoint`)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Q

from ratings.models import PublishedList, PublishedRating, RatingChange
from ratings.recompute.writing import write_ledger, write_published
from rules.ratings.replay import Checkpoint, LedgerRow, PublishedRow

#: How a stored ledger row is matched with a new one (by list and period, then game and player).
_LEDGER_KEY = ("rating_list_id", "period_id", "game_id", "player_id")
#: What is compared: every other column, in their order (:func:`_ledger_value`'s).
_LEDGER_VALUES = tuple(name for name in RatingChange.COLUMNS if name not in _LEDGER_KEY)


def _scaled(value: int | None, scale: int) -> Decimal | None:
    return None if value is None else Decimal(value) / scale


def _ledger_value(row: LedgerRow, scale: int) -> tuple[Any, ...]:
    """A new ledger row as the values read back from the database compare with it."""
    return (
        row.tournament,
        row.opponent,
        row.date,
        row.rating_used,
        row.opponent_rating,
        row.opponent_used,
        row.capped,
        Decimal(row.score) / 2,
        _scaled(row.expected, scale),
        row.k,
        _scaled(row.change, scale),
        row.details,
    )


def sync_ledger(
    rows: Sequence[LedgerRow],
    *,
    rating_list_id: int,
    period_ids: Sequence[int | None],
    index: int,
    scale: int,
    scope: Q,
) -> int:
    """Make the stored ledger rows of period ``index`` within ``scope`` (e.g. some players'
    rows) equal ``rows``, touching only the rows that differ; returns the rows written."""
    period_id = period_ids[index]
    stored = RatingChange.objects.filter(scope, rating_list_id=rating_list_id)
    stored = (
        stored.filter(period__isnull=True)
        if period_id is None
        else stored.filter(period_id=period_id)
    )
    old = {
        (game, player): (pk, tuple(values))
        for pk, game, player, *values in stored.values_list(
            "id", "game_id", "player_id", *_LEDGER_VALUES
        )
    }
    inserts = []
    for row in rows:
        found = old.pop((row.game, row.player), None)
        if found is not None and found[1] == _ledger_value(row, scale):
            continue
        if found is not None:
            old[(row.game, row.player)] = found  # differs: delete it, insert the new one
        inserts.append(row)
    if old:
        RatingChange.objects.filter(pk__in=[pk for pk, _values in old.values()]).delete()
    write_ledger(inserts, rating_list_id=rating_list_id, period_ids=period_ids, scale=scale)
    return len(inserts) + len(old)


def sync_published(
    rows: Iterable[PublishedRow],
    *,
    players: set[int],
    published_list_id: int,
    period_ids: Sequence[int | None],
) -> set[int]:
    """Make the rows of ``players`` on a published list equal ``rows`` (rows of those players
    only); returns the players whose rating on it changed, appeared or went."""
    stored = {
        player: (pk, (rating, games, k, change, grade))
        for pk, player, rating, games, k, change, grade in PublishedRating.objects.filter(
            published_list_id=published_list_id, player_id__in=players
        ).values_list("id", "player_id", "rating", "games", "k", "change", "grade")
    }
    new_rows = {row.player: row for row in rows}
    inserts, gone, changed = [], [], set()
    for player in players:
        row, found = new_rows.get(player), stored.get(player)
        if row is None and found is None:
            continue
        if row is not None and found is not None:
            if found[1] == (row.rating, row.games, row.k, row.change, row.grade or ""):
                continue
            if found[1][0] != row.rating:
                changed.add(player)
        else:
            changed.add(player)
        if found is not None:
            gone.append(found[0])
        if row is not None:
            inserts.append(row)
    if gone:
        PublishedRating.objects.filter(pk__in=gone).delete()
    write_published(inserts, period_ids=period_ids)
    return changed


def _table() -> str:
    """The published lists' table, quoted as the ORM writes it in its own statements."""
    return connection.ops.quote_name(PublishedList._meta.db_table)


class StoredCheckpoint:
    """The checkpoint stored on a published list (``PublishedList.replay_state``), read and
    patched player by player.

    On PostgreSQL the players' entries are read and written in the database (``jsonb``): a
    list of 100,000 players has a checkpoint of 6 MB, and a correction six periods back
    read, parsed, wrote and stored six of them whole, 5 of its 6 seconds (issue 20). Only
    the entries asked for cross the wire, and a patch sends only the entries that changed.
    Elsewhere (SQLite, a club's few hundred players) the checkpoint is read once and written
    whole."""

    def __init__(self, published_list_id: int) -> None:
        self.id = published_list_id
        self.in_database = connection.vendor == "postgresql"
        self._whole: Checkpoint | None = None
        #: Entries read or written through this object (``None``: the player has none): the
        #: period after a patch reads its players' entries, mostly the ones just written.
        self._known: dict[str, Any] = {}

    def _checkpoint(self) -> Checkpoint:
        if self._whole is None:
            self._whole = (
                PublishedList.objects.values_list("replay_state", flat=True).get(pk=self.id) or {}
            )
        return self._whole

    def entries(self, keys: Iterable[str]) -> dict[str, Any]:
        """The stored entries of the players ``keys`` (player ids as strings) that have one."""
        keys = list(keys)
        unknown = [key for key in keys if key not in self._known]
        if unknown:
            self._known.update(dict.fromkeys(unknown))
            self._known.update(self._read(unknown))
        return {key: self._known[key] for key in keys if self._known[key] is not None}

    def _read(self, keys: list[str]) -> dict[str, Any]:
        if not self.in_database:
            players = self._checkpoint().get("players", {})
            return {key: players[key] for key in keys if key in players}
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT e.key, e.value::text FROM {_table()} p, "  # noqa: S608
                "jsonb_each(p.replay_state->'players') e WHERE p.id = %s AND e.key = ANY(%s)",
                [self.id, keys],
            )
            return {key: json.loads(value) for key, value in cursor.fetchall()}

    def patch(self, entries: dict[str, Any]) -> set[int]:
        """Set the players' entries (``None``: no entry) and store what changed; returns the
        players whose entry changed."""
        old = self.entries(entries)
        changed = {key for key, entry in entries.items() if old.get(key) != entry}
        if not changed:
            return set()
        self._known.update((key, entries[key]) for key in changed)
        if not self.in_database:
            players = self._checkpoint().setdefault("players", {})
            for key in changed:
                if entries[key] is None:
                    players.pop(key, None)
                else:
                    players[key] = entries[key]
            PublishedList.objects.filter(pk=self.id).update(replay_state=self._checkpoint())
            return {int(key) for key in changed}
        gone = [key for key in changed if entries[key] is None]
        new = {key: entries[key] for key in changed if entries[key] is not None}
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {_table()} SET replay_state = jsonb_set("  # noqa: S608
                "replay_state, '{players}', "
                "(replay_state->'players') - %s::text[] || %s::jsonb) WHERE id = %s",
                [gone, json.dumps(new), self.id],
            )
        return {int(key) for key in changed}

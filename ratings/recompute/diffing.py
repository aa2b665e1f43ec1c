"""Write only what changed: the ledger and list rows an incremental update derived, compared
with the rows stored (deleted when gone or different, inserted when new or different), and the
players' entries of a list's checkpoint."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.db.models import Q

from ratings.models import PublishedList, PublishedRating, RatingChange
from ratings.recompute.writing import write_ledger, write_published
from rules.ratings.replay import Checkpoint, LedgerRow, PublishedRow

_LEDGER_VALUES = (
    "tournament_id",
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
        gone = RatingChange.objects.filter(pk__in=[pk for pk, _values in old.values()])
        gone._raw_delete(gone.db)
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
        rows_gone = PublishedRating.objects.filter(pk__in=gone)
        rows_gone._raw_delete(rows_gone.db)
    write_published(inserts, period_ids=period_ids)
    return changed


def patch_checkpoint(
    published_list_id: int, checkpoint: Checkpoint, entries: dict[str, Any]
) -> set[int]:
    """Set the players' entries (``None``: no entry) in ``checkpoint``, the stored checkpoint
    of a published list, and store it if anything changed; returns the players changed."""
    players = checkpoint.setdefault("players", {})
    changed = set()
    for key, entry in entries.items():
        if players.get(key) == entry:
            continue
        if entry is None:
            players.pop(key, None)
        else:
            players[key] = entry
        changed.add(int(key))
    if changed:
        PublishedList.objects.filter(pk=published_list_id).update(replay_state=checkpoint)
    return changed

"""The replay's database side: read a list's inputs, run the pure replay, write what it derives.

    replay_locked(rating_list, *, from_date) -> ReplayStats

Called only by the unit of work's replays (:mod:`core.replays`), in a transaction holding
the list's row lock; actions mark a list with ``unit.replay(list, from_date=…)``.

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

__all__ = [
    "BATCH_SIZE",
    "PLAYER_COLUMNS",
    "ReplayStats",
    "_load",
    "compute",
    "create_rating_rows",
    "ledger_tuples",
    "published_lists",
    "rated_games_query",
    "rates_players_alone",
    "replay_locked",
    "update_locked",
    "update_player_ratings",
    "write_ledger",
    "write_published",
    "write_rows",
]

import datetime
import time

from django.db.models import Q

from ratings.models import PublishedList, PublishedRating, RatingChange, RatingList
from ratings.recompute.incremental import rates_players_alone, update_locked
from ratings.recompute.period_reading import published_lists
from ratings.recompute.reading import (
    PLAYER_COLUMNS,
    _Inputs,
    _lists,
    _load,
    rated_games_query,
)
from ratings.recompute.stats import ReplayStats
from ratings.recompute.writing import (
    BATCH_SIZE,
    create_rating_rows,
    ledger_tuples,
    update_player_ratings,
    write_ledger,
    write_published,
    write_rows,
)
from rules.ratings.registry import get_system
from rules.ratings.replay import ReplayResult, replay


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

    The caller must hold the list's row lock inside a transaction: only the unit of work's
    replays (:mod:`core.replays`) call it; the unit raises the list's version with the lock.
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
    changes.delete()
    ledger = [row for row in result.ledger if row.period >= first]
    period_ids: list[int | None] = [*inputs.list_ids, None]
    write_ledger(
        ledger, rating_list_id=rating_list.pk, period_ids=period_ids, scale=result.ledger_scale
    )

    if rewritten_ids:
        PublishedRating.objects.filter(published_list_id__in=rewritten_ids).delete()
    published = [row for row in result.published if row.period >= first]
    write_published(published, period_ids=period_ids)
    for index, state in result.checkpoints.items():
        PublishedList.objects.filter(pk=inputs.list_ids[index]).update(replay_state=state)

    last = len(inputs.list_ids) - 1
    if last < 0:
        states: dict | None = {}
    elif last in result.checkpoints:
        states = result.checkpoints[last]["players"]
    else:  # only the open period was replayed: from the latest list's checkpoint
        states = (inputs.checkpoint or {}).get("players", {})
    update_player_ratings(inputs.stored, result.live, states)
    return ReplayStats(
        rating_list_id=rating_list.pk,
        from_date=from_date,
        games=len(inputs.games),
        ledger_rows=len(ledger),
        published_rows=len(published),
        seconds=time.perf_counter() - started,
    )

"""Incremental updates: re-derive only the players a change can reach, period by period.

    update_locked(rating_list, *, from_date, players, tournaments=(), locked=None,
                  progress=None) -> ReplayStats | None

A change (a result entered or corrected, a game added or deleted, a starting rating) names
the players whose games changed and the period of ``from_date``. From that period on, each
period is rated again for a set of players only (:func:`rules.ratings.replay.rate_period`)
from the checkpoint closing the period before, and only the rows that differ from the stored
ones are written (:mod:`ratings.recompute.diffing`):

- **FIDE**: a player's period depends on their own games of the period and their opponents'
  ratings on the list in force at each tournament's start, nothing else (their published
  rating and K are frozen for the period; the K x n cap and the rounding are per player and
  period). So the period of the players marked is rated from their games alone; in the
  next period the set grows by every player who meets someone whose published rating
  changed, and loses the players whose list row and state came out as stored.
- **EGF and FESA** rate tournament by tournament: the tournaments of the period that hold a
  player of the set are rated again in order, each adding its players to the set (EGF:
  ratings frozen at the tournament's start; FESA: the tournament's fixed point couples its
  players), together with every earlier tournament of their players in the period (their
  ratings at the start). Players all of whose tournaments were rated again take their new
  list row and state; the others keep theirs (nothing they played changed).

The result equals a replay of the whole list (the property test checks it after every
step). Without a checkpoint on every published list it returns ``None``: the caller then
replays the list (:func:`ratings.recompute.replay_locked`).
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from ratings.models import RatingList
from ratings.recompute.diffing import StoredCheckpoint, sync_ledger, sync_published
from ratings.recompute.period_reading import (
    Lists,
    PeriodGames,
    earliest_tournament,
    period_games,
    players_with_rows,
    published_lists,
)
from ratings.recompute.reading import parse_players
from ratings.recompute.stats import ReplayStats
from ratings.recompute.writing import update_player_ratings
from rules.ratings.fide_periods import FidePeriodSystem
from rules.ratings.registry import get_system
from rules.ratings.replay import (
    Checkpoint,
    PeriodResult,
    PlayerInput,
    PublishedRow,
    period_index,
    rate_period,
)

Progress = Callable[[int, int], None]


@dataclass
class _Run:
    rating_list: RatingList
    lists: Lists
    system_code: str
    header: dict[str, Any]
    #: The stored checkpoint closing the period before the one being rated (read player by
    #: player; none for the open period rated first: then the players' ``PlayerRating.state``).
    before: StoredCheckpoint | None = None
    locked: list[tuple[Any, ...]] | None = None
    games: int = 0
    ledger_rows: int = 0
    published_rows: int = 0
    roster_changed: bool = False
    period_ids: list[int | None] = field(default_factory=list)

    def system(self) -> Any:
        return get_system(self.system_code, time_control=self.rating_list.time_control)


def rates_players_alone(rating_list: RatingList) -> bool:
    """Whether a player's period depends only on their own games and their opponents'
    published ratings (FIDE): then results of the open period in different tournaments can be
    entered at the same time, each under its players' row locks."""
    system = get_system(rating_list.system, time_control=rating_list.time_control)
    return isinstance(system, FidePeriodSystem)


def update_locked(
    rating_list: RatingList,
    *,
    from_date: datetime.date | None,
    players: Iterable[int],
    tournaments: Iterable[int] = (),
    locked: list[tuple[Any, ...]] | None = None,
    lists: Lists | None = None,
    progress: Progress | None = None,
) -> ReplayStats | None:
    """Re-derive what a change of ``players``' games (in ``tournaments``) from ``from_date``
    on can reach (see the module's documentation). The caller holds the locks: the list's
    (exclusive), or, for FIDE's open period, a shared one and the players' rating rows
    (``locked``: those rows read as :data:`ratings.recompute.reading.PLAYER_COLUMNS`).
    ``lists``: the published lists, when the caller has read them."""
    started = time.perf_counter()
    lists = lists or published_lists(rating_list)
    if not lists.complete:
        return None
    first = 0 if from_date is None else period_index(lists.dates, from_date)
    probe = get_system(rating_list.system, time_control=rating_list.time_control)
    fide = isinstance(probe, FidePeriodSystem)
    run = _Run(
        rating_list=rating_list,
        lists=lists,
        system_code=rating_list.system,
        header={
            "system": getattr(probe, "code", "fide"),
            "version": getattr(probe, "version", 1),
        },
        locked=locked,
        period_ids=[*lists.ids, None],
    )
    if 0 < first < lists.open_index:
        run.before = StoredCheckpoint(lists.ids[first - 1])
    wanted = set(players)
    marked = set(tournaments)
    changed_on: dict[int, set[int]] = {}
    total = lists.open_index - first + 1
    for index in range(first, lists.open_index + 1):
        if fide:
            wanted = _fide_period(run, index, wanted, changed_on)
        else:
            wanted = _tournament_period(run, index, wanted, marked if index == first else set())
        if progress is not None:
            progress(index - first + 1, total)
        if not wanted and not any(changed_on.values()):
            break
    return ReplayStats(
        rating_list_id=rating_list.pk,
        from_date=from_date,
        games=run.games,
        ledger_rows=run.ledger_rows,
        published_rows=run.published_rows,
        seconds=time.perf_counter() - started,
        incremental=True,
        roster_changed=run.roster_changed,
    )


# --------------------------------------------------------------------------- FIDE


def _fide_period(
    run: _Run, index: int, wanted: set[int], changed_on: dict[int, set[int]]
) -> set[int]:
    """Rate period ``index`` for ``wanted`` and the players meeting someone whose published
    rating changed; returns the players whose list row or state changed (closed periods)."""
    lists = run.lists
    watched = wanted.union(*changed_on.values())
    read = period_games(run.rating_list.pk, lists.bounds(index), players=watched)
    rated = set(wanted)
    for game in read.games:
        li = period_index(lists.dates, read.tournaments[game.tournament].start_date) - 1
        changed = changed_on.get(li, ())
        if game.white in changed:
            rated.add(game.black)
        if game.black in changed:
            rated.add(game.white)
    if not rated <= watched:  # the players met have other games: read theirs too
        read = period_games(run.rating_list.pk, lists.bounds(index), players=rated)
    games = [g for g in read.games if g.white in rated or g.black in rated]
    players, stored = _inputs(run, rated)
    earlier: dict[tuple[int, int], PublishedRow] = {}
    for game in games:
        li = period_index(lists.dates, read.tournaments[game.tournament].start_date) - 1
        for pid, (starting, since, listed) in zip(
            (game.white, game.black), read.listed[game.id], strict=True
        ):
            if pid not in players:
                players[pid] = PlayerInput(pid, starting, 0, since)
            if listed is not None and li >= 0:
                earlier[(li, pid)] = PublishedRow(li, pid, listed, 0, None, None)
    tournaments = dict(read.tournaments)
    if not lists.dates and (first := earliest_tournament(run.rating_list)) is not None:
        tournaments.setdefault(first.id, first)
    result = rate_period(
        run.system(),
        players=players,
        tournaments=tournaments,
        list_dates=lists.dates,
        index=index,
        games=games,
        checkpoint=_checkpoint(run, index, rated, stored),
        earlier_published=earlier.values(),
    )
    run.games += len(games)
    return _keep(run, index, result, rated, stored, Q(player_id__in=rated), changed_on)


# --------------------------------------------------------------------------- EGF, FESA


def _closure(read: PeriodGames, wanted: set[int], marked: set[int]) -> tuple[list[int], set[int]]:
    """The tournaments of the period to rate again: those reached from ``wanted`` (or
    ``marked``) in order, then every earlier tournament of their players; and the players
    all of whose tournaments of the period are among them."""
    order: list[int] = []
    members: dict[int, set[int]] = {}
    for game in read.games:
        if game.tournament not in members:
            order.append(game.tournament)
            members[game.tournament] = set()
        members[game.tournament].update((game.white, game.black))
    position = {tid: i for i, tid in enumerate(order)}
    reached = set(wanted)
    forward = []
    for tid in order:
        if tid in marked or members[tid] & reached:
            forward.append(tid)
            reached |= members[tid]
    of_player: dict[int, list[int]] = {}
    for tid in order:
        for pid in members[tid]:
            of_player.setdefault(pid, []).append(tid)
    included = set(forward)
    stack = list(forward)
    while stack:
        tid = stack.pop()
        for pid in members[tid]:
            for other in of_player[pid]:
                if position[other] < position[tid] and other not in included:
                    included.add(other)
                    stack.append(other)
    complete = set(wanted)
    for pid, played in of_player.items():
        if all(tid in included for tid in played):
            complete.add(pid)
    return [tid for tid in order if tid in included], complete


def _tournament_period(run: _Run, index: int, wanted: set[int], marked: set[int]) -> set[int]:
    """Rate again the tournaments of period ``index`` that ``wanted`` (or the ``marked``
    tournaments) reach, with what they need; returns the players whose list row or state
    changed (closed periods)."""
    read = period_games(run.rating_list.pk, run.lists.bounds(index))
    included, complete = _closure(read, wanted, marked)
    chosen = set(included)
    games = [g for g in read.games if g.tournament in chosen]
    needed = complete | {pid for g in games for pid in (g.white, g.black)}
    players, stored = _inputs(run, needed)
    result = rate_period(
        run.system(),
        players=players,
        tournaments={tid: read.tournaments[tid] for tid in included},
        list_dates=run.lists.dates,
        index=index,
        games=games,
        checkpoint=_checkpoint(run, index, needed, stored),
    )
    run.games += len(games)
    forward = {g.tournament for g in games if g.white in complete or g.black in complete}
    scope = Q(tournament_id__in=forward | marked)
    return _keep(run, index, result, complete, stored, scope, None)


# --------------------------------------------------------------------------- shared


def _inputs(
    run: _Run, wanted: set[int]
) -> tuple[dict[int, PlayerInput], dict[int, tuple[int, list[Any]]]]:
    """The inputs and stored fields of ``wanted`` (the rows the unit locked, if it did)."""
    if run.locked is not None:
        players, stored = parse_players(run.locked)
        run.locked = None  # only the first period's players were locked
        rest = wanted - set(players)
        if rest:
            more_players, more_stored = players_with_rows(run.rating_list, rest)
            players.update(more_players)
            stored.update(more_stored)
        return players, stored
    return players_with_rows(run.rating_list, wanted)


def _checkpoint(
    run: _Run, index: int, players: set[int], stored: dict[int, tuple[int, list[Any]]]
) -> Checkpoint | None:
    """The checkpoint before period ``index`` for ``players``."""
    if index == 0:
        return None
    if run.before is not None:
        chosen = run.before.entries(str(pid) for pid in players)
    else:  # the open period, first rated: the players' states
        chosen = {str(pid): row[1][-1] for pid, row in stored.items() if row[1][-1] is not None}
    return {**run.header, "players": chosen}


def _keep(
    run: _Run,
    index: int,
    result: PeriodResult,
    players: set[int],
    stored: dict[int, tuple[int, list[Any]]],
    scope: Q,
    changed_on: dict[int, set[int]] | None,
) -> set[int]:
    """Write what changed for ``players`` in period ``index``; for a closed period, patch
    its checkpoint and return the players whose list row or state changed."""
    run.ledger_rows += sync_ledger(
        [row for row in result.ledger if row.player in players],
        rating_list_id=run.rating_list.pk,
        period_ids=run.period_ids,
        index=index,
        scale=result.ledger_scale,
        scope=scope,
    )
    if index == run.lists.open_index:
        start = _checkpoint(run, index, players, stored) or {"players": {}}
        states = {str(pid): start["players"].get(str(pid)) for pid in players}
        for pid in players:
            live = result.live.get(pid)
            if (stored[pid][1][1] is None) != (live is None or live.live is None):
                run.roster_changed = True  # the live rating appeared or went
        update_player_ratings({pid: stored[pid] for pid in players}, result.live, states)
        return set()
    list_id = run.lists.ids[index]
    rows = [row for row in result.published if row.player in players]
    changed = sync_published(
        rows, players=players, published_list_id=list_id, period_ids=run.period_ids
    )
    run.published_rows += len(rows)
    if changed_on is not None:
        changed_on[index] = changed
    assert result.checkpoint is not None  # noqa: S101 - a closed period has one
    entries = result.checkpoint["players"]
    checkpoint = StoredCheckpoint(list_id)
    moved = checkpoint.patch({str(pid): entries.get(str(pid)) for pid in players})
    run.before = checkpoint
    return moved | changed

"""The ratings a unit of work re-derives: what its body marked, done at the end of the unit,
or recorded and done right after its commit (or by a job).

A unit of work (:mod:`core.unit_of_work`) keeps its :class:`Replays`: the body marks a list
(``unit.replay(...)``: a :class:`Mark`) and, at the end of the body, :meth:`Replays.run`
re-derives each list marked, once:

- a list the unit holds **exclusively**: an incremental update of the players marked
  (:mod:`ratings.recompute.incremental`), or a replay from the earliest date marked;
- a list the unit holds **shared** (``ratings=RESULTS``): only the open period of a list
  whose players are rated alone (FIDE), after locking the rating rows of the players marked
  by primary key. Anything else is recorded (``PendingUpdate``) and, right after the commit
  (:meth:`Replays.after_commit`), done by :func:`run_pending`, which holds the list
  exclusively — or, for a correction of a closed period when a job queue is configured, by
  the background job :func:`recompute` (:mod:`core.jobs` puts it on the queue; the request
  does it itself when Redis does not take it).

Only this module and the unit of work call the replay (``ratings.recompute.replay_locked``,
``update_locked``); a test checks it.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass, field

from django.db import close_old_connections, transaction
from django.db.models import Max

from core import cache, jobs, unit_locks
from ratings.models import PendingUpdate, PlayerRating, RatingList
from ratings.recompute import (
    PLAYER_COLUMNS,
    ReplayStats,
    create_rating_rows,
    published_lists,
    rates_players_alone,
    replay_locked,
    update_locked,
)
from rules.ratings.replay import period_index
from tournaments.models import Tournament

logger = logging.getLogger(__name__)


@dataclass
class Mark:
    """What a unit re-derives for one list: from the period of ``from_date``, for ``players``
    (``None``: every player) whose games in ``tournaments`` changed."""

    from_date: datetime.date | None
    players: set[int] | None
    tournaments: set[int]

    def merge(self, other: Mark) -> Mark:
        earlier = self.from_date
        if earlier is not None and other.from_date is not None:
            earlier = min(earlier, other.from_date)
        else:
            earlier = None
        players = None
        if self.players is not None and other.players is not None:
            players = self.players | other.players
        return Mark(earlier, players, self.tournaments | other.tournaments)


@dataclass
class Replays:
    """The lists one unit of work re-derives, and what came of it."""

    shared: set[int] = field(default_factory=set)
    """The lists the unit holds shared (``ratings=RESULTS``)."""
    marks: dict[int, Mark] = field(default_factory=dict)
    stats: list[ReplayStats] = field(default_factory=list)
    """What each replay or update did."""
    queued: list[int] = field(default_factory=list)
    """The lists whose correction went to the job queue (done later, in the background)."""
    roster_changed: bool = False
    """Whether an update under a shared lock made a player rated or unrated."""
    deferred: dict[int, bool] = field(default_factory=dict)
    """The lists whose update was recorded for after the commit: whether it corrects a
    closed period."""

    def mark(self, pk: int, mark: Mark) -> None:
        self.marks[pk] = self.marks[pk].merge(mark) if pk in self.marks else mark

    def run(self, lists: dict[int, RatingList], locked: list[tuple[str, int]]) -> None:
        """At the end of the body, in the unit's transaction: each list marked, once
        (``lists``: the lists the unit locked; ``locked``: the unit's locked rows, which the
        rating rows locked here join)."""
        for pk in sorted(self.marks):
            if pk in self.shared:
                self._update_shared(lists[pk], self.marks[pk], locked)
            else:
                self.stats.append(_apply(lists[pk], self.marks[pk]))

    def _update_shared(
        self, rating_list: RatingList, mark: Mark, locked: list[tuple[str, int]]
    ) -> None:
        """A list held shared: its open period's players now, or recorded for later."""
        pk = rating_list.pk
        lists = published_lists(rating_list)
        first = 0 if mark.from_date is None else period_index(lists.dates, mark.from_date)
        stats = None
        if first == lists.open_index and lists.complete and rates_players_alone(rating_list):
            rows = _lock_ratings(rating_list, sorted(mark.players or ()), locked)
            stats = update_locked(
                rating_list, from_date=mark.from_date, players=mark.players or (), locked=rows,
                lists=lists,
            )  # fmt: skip
        if stats is None:
            PendingUpdate.objects.create(
                rating_list=rating_list,
                from_date=mark.from_date,
                players=None if mark.players is None else sorted(mark.players),
                tournaments=sorted(mark.tournaments),
            )
            self.deferred[pk] = first < lists.open_index
            return
        self.stats.append(stats)
        self.roster_changed |= stats.roster_changed
        if not cache.shared():  # a shared cache needs no version: the content version does it
            roster = stats.roster_changed
            # right after the commit: not held meanwhile
            transaction.on_commit(lambda: unit_locks.raise_version(pk, roster=roster))

    def after_commit(self) -> None:
        """Right after the unit's commit: the updates it recorded, each list's by a
        transaction holding the list exclusively, or its correction of a closed period put
        on the job queue."""
        for pk, closed in sorted(self.deferred.items()):
            if closed and jobs.queue_configured() and jobs.queue_reachable():
                _enqueue(pk)
                self.queued.append(pk)
            else:
                stats = run_pending(pk)
                if stats is not None:
                    self.stats.append(stats)


def may_share(tournament: Tournament) -> bool:
    """Whether results of ``tournament`` can be entered under a shared lock of its list: its
    players' ratings are updated alone (FIDE) in the open period, or a job queue takes what
    cannot (then the request records it and returns). Otherwise the unit holds the list
    exclusively and does all of it in its own transaction."""
    if jobs.queue_configured():
        return True
    system, time_control, last = (
        RatingList.objects.filter(pk=tournament.rating_list_id)
        .annotate(last=Max("published_lists__date"))
        .values_list("system", "time_control", "last")
        .get()
    )
    if not rates_players_alone(RatingList(system=system, time_control=time_control)):
        return False
    return last is None or tournament.end_date >= last


def _apply(
    rating_list: RatingList, mark: Mark, progress: jobs.Progress | None = None
) -> ReplayStats:
    """Re-derive a list held exclusively: an incremental update for the players marked, a
    replay for everybody (or where the checkpoints it needs are missing)."""
    if mark.players is not None:
        stats = update_locked(
            rating_list,
            from_date=mark.from_date,
            players=mark.players,
            tournaments=mark.tournaments,
            progress=progress,
        )
        if stats is not None:
            return stats
    return replay_locked(rating_list, from_date=mark.from_date)


def _lock_ratings(
    rating_list: RatingList, players: list[int], locked: list[tuple[str, int]]
) -> list[tuple]:
    """Lock the players' rating rows in ``rating_list`` by primary key (creating missing
    ones) and read them as the update needs them; the rows join ``locked``."""

    def read() -> list[tuple]:
        return list(
            PlayerRating.objects.select_for_update(of=("self",), no_key=True)
            .filter(rating_list=rating_list, player_id__in=players)
            .order_by("pk")
            .values_list(*PLAYER_COLUMNS)
        )

    rows = read()
    if len(rows) < len(players):
        create_rating_rows(rating_list, players)
        rows = read()
    locked.extend((PlayerRating._meta.db_table, row[0]) for row in rows)
    return rows


def run_pending(pk: int, *, progress: jobs.Progress | None = None) -> ReplayStats | None:
    """Do the updates recorded for list ``pk`` (``PendingUpdate``), holding the list
    exclusively, in one transaction: all of them or, if it fails (or its process is killed),
    none, and they stay recorded to be done again. ``None``: nothing was pending."""
    with transaction.atomic():
        unit_locks.lock_list(pk)
        pending = list(
            PendingUpdate.objects.filter(rating_list_id=pk).values_list(
                "id", "from_date", "players", "tournaments"
            )
        )
        if not pending:
            return None
        mark = None
        for _id, from_date, players, tournaments in pending:
            one = Mark(from_date, None if players is None else set(players), set(tournaments))
            mark = one if mark is None else mark.merge(one)
        assert mark is not None  # noqa: S101
        stats = _apply(RatingList.objects.get(pk=pk), mark, progress)
        PendingUpdate.objects.filter(pk__in=[row[0] for row in pending]).delete()
        cache.bump_content_version()
    return stats


def recompute(pk: int) -> int:
    """The job (:data:`core.jobs.JOB`): do the updates recorded for list ``pk``; returns the
    games rated again.

    Like a request, a job first drops a database connection that died or outlived
    ``CONN_MAX_AGE`` (the worker keeps its connection between jobs): after a database
    restart or a terminated session the job reconnects at once instead of failing its first
    attempt (whose rollback drops the connection for the retry)."""
    close_old_connections()
    try:
        return _recompute(pk)
    finally:
        close_old_connections()


def _recompute(pk: int) -> int:
    """Do the updates recorded for list ``pk`` (in the worker's job or in a request),
    reporting the progress (:func:`core.jobs.status`)."""
    with jobs.progress(pk) as report:
        stats = run_pending(pk, progress=report)
    return 0 if stats is None else stats.games


def _enqueue(pk: int) -> None:
    """Put the job for list ``pk`` on the queue once the current transaction commits; if
    Redis does not take it, do the job at once instead."""

    def put() -> None:
        if not jobs.enqueue(pk):
            logger.warning("The job queue cannot be reached: list %s is rated in the request.", pk)
            _recompute(pk)

    transaction.on_commit(put)

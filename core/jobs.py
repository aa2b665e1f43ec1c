"""The job queue of long rating corrections: RQ on Redis, or inline without a broker.

A correction of a closed period re-derives its players period by period; on a federation's
list that can take seconds. The unit of work that saves the game records what to re-derive
(``ratings.models.PendingUpdate``) in its transaction and, after the commit:

- **with a queue** (``REDIS_URL`` set; ``RATINGS_JOBS=queue``, the default then): puts a job
  for the list on the ``ratings`` queue and returns at once. A worker
  (``manage.py ratings_worker``) runs :func:`recompute`: it holds the list exclusively, does
  every update recorded for it and deletes the records, all in one transaction. Jobs of one
  list therefore run one after the other (the list's lock; one worker also takes the queue's
  jobs in order). A worker that dies mid-job leaves the previous state (its transaction is
  rolled back) and the records: the job is retried (RQ's retries; a starting worker
  enqueues every list that still has records, :func:`enqueue_pending`);
- **inline** (no broker, the embedded default): the same update runs at once, in a second
  transaction, before the action returns;
- **inline because Redis is down**: when the job cannot be put on the queue (Redis does not
  answer, or failed a moment ago: :data:`core.redis_fallback.breaker`), the request does the
  update itself, as without a broker, and logs it. A correction is never left waiting for
  Redis to come back: the records are in the database and done before the request returns
  (or, if that fails too, by the next worker that starts).

While records wait, the organiser pages say "ratings are being recomputed", with the
progress the job reports (:func:`status`); the pages show the new numbers when it commits.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, transaction

from core.redis_fallback import ERRORS, breaker
from ratings.models import PendingUpdate

logger = logging.getLogger(__name__)
Progress = Callable[[int, int], None]
QUEUE = "ratings"
RETRIES = 3
#: A job may run this long (seconds) before the worker stops it (then it is retried).
TIMEOUT = 3600


def queue_configured() -> bool:
    """Whether corrections of closed periods go to the job queue (else they run inline)."""
    return bool(settings.REDIS_URL) and settings.RATINGS_JOBS == "queue"


def queue_reachable() -> bool:
    """Whether to try the queue now: not while Redis failed a moment ago (no I/O)."""
    return breaker.allows()


def _queue(*, fail_fast: bool = False) -> Any:
    """The queue; ``fail_fast``: on a connection that gives up quickly (a request's, not the
    worker's, which waits for jobs on its connection)."""
    import redis
    import rq

    options = {"socket_connect_timeout": 0.5, "socket_timeout": 2.0} if fail_fast else {}
    return rq.Queue(QUEUE, connection=redis.Redis.from_url(settings.REDIS_URL, **options))


def enqueue(pk: int) -> None:
    """Put a job for list ``pk`` on the queue once the current transaction commits; if
    Redis does not take it, do the job at once instead."""

    def put() -> None:
        import rq

        if breaker.allows():
            try:
                _queue(fail_fast=True).enqueue(
                    "core.jobs.recompute",
                    pk,
                    retry=rq.Retry(max=RETRIES, interval=[1, 5, 30]),
                    job_timeout=TIMEOUT,
                )
                return
            except ERRORS as error:
                breaker.failed(error)
        logger.warning("The job queue cannot be reached: list %s is rated in the request.", pk)
        _recompute(pk)

    transaction.on_commit(put)


def enqueue_pending() -> list[int]:
    """Put a job on the queue for every list with updates still recorded (a worker that
    died mid-job left them); returns those lists."""
    pks = sorted(set(PendingUpdate.objects.values_list("rating_list_id", flat=True)))
    for pk in pks:
        enqueue(pk)
    return pks


def _progress_key(pk: int) -> str:
    return f"clubrating:ratings-progress:{pk}"


def recompute(pk: int) -> int:
    """The job: do the updates recorded for list ``pk``; returns the games rated again.

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
    """Do the updates recorded for list ``pk`` (in the worker's job or in a request)."""
    # Imported here: the unit of work enqueues the jobs (a circular import otherwise).
    from core.unit_of_work import run_pending

    def report(done: int, total: int) -> None:
        cache.set(_progress_key(pk), (done, total), 3600)

    try:
        stats = run_pending(pk, progress=report)
    finally:
        cache.delete(_progress_key(pk))
    return 0 if stats is None else stats.games


def status(pk: int) -> dict[str, int] | None:
    """``None`` when list ``pk``'s ratings are final; else how far the running job is:
    ``{"done": periods done, "total": periods}`` (both 0 while it waits for a worker)."""
    if not PendingUpdate.objects.filter(rating_list_id=pk).exists():
        return None
    done, total = cache.get(_progress_key(pk)) or (0, 0)
    return {"done": done, "total": total}

"""The job queue of long rating corrections: RQ on Redis, or inline without a broker.

A correction of a closed period re-derives its players period by period; on a federation's
list that can take seconds. The unit of work that saves the game records what to re-derive
(``ratings.models.PendingUpdate``) in its transaction and, after the commit
(:mod:`core.replays`):

- **with a queue** (``REDIS_URL`` set; ``RATINGS_JOBS=queue``, the default then): puts a job
  for the list on the ``ratings`` queue (:func:`enqueue`) and returns at once. A worker
  (``manage.py ratings_worker``) runs the job (:data:`JOB`): it holds the list exclusively, does
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
progress the job reports (:func:`progress`, :func:`status`); the pages show the new numbers
when it commits. This module is the queue only: it knows the job by its name, and the
replay scheduling (:mod:`core.replays`) decides what goes on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.core.cache import cache

from core.redis_fallback import ERRORS, breaker
from ratings.models import PendingUpdate

Progress = Callable[[int, int], None]
QUEUE = "ratings"
#: The job the worker runs for a list: :func:`core.replays.recompute` (it takes the list's pk).
JOB = "core.replays.recompute"
RETRIES = 3
#: A job may run this long (seconds) before the worker stops it (then it is retried).
TIMEOUT = 3600


def queue_configured() -> bool:
    """Whether corrections of closed periods go to the job queue (else they run inline)."""
    return bool(settings.REDIS_URL) and settings.RATINGS_JOBS == "queue"


def queue_reachable() -> bool:
    """Whether to try the queue now: not while Redis failed a moment ago (no I/O)."""
    return breaker.allows()


def _queue(name: str = QUEUE, *, fail_fast: bool = False) -> Any:
    """The queue ``name`` (the rating corrections', or the mail's: :mod:`core.mail`);
    ``fail_fast``: on a connection that gives up quickly (a request's, not the worker's,
    which waits for jobs on its connection)."""
    import redis
    import rq

    options = {"socket_connect_timeout": 0.5, "socket_timeout": 2.0} if fail_fast else {}
    return rq.Queue(name, connection=redis.Redis.from_url(settings.REDIS_URL, **options))


def enqueue(pk: int) -> bool:
    """Put a job for list ``pk`` on the queue now; ``False`` when Redis does not take it or
    failed a moment ago (:data:`core.redis_fallback.breaker`)."""
    import rq

    if not breaker.allows():
        return False
    try:
        _queue(fail_fast=True).enqueue(
            JOB, pk, retry=rq.Retry(max=RETRIES, interval=[1, 5, 30]), job_timeout=TIMEOUT
        )
    except ERRORS as error:
        breaker.failed(error)
        return False
    return True


def enqueue_pending() -> list[int]:
    """Put a job on the queue for every list with updates still recorded (a worker that
    died mid-job left them); returns those lists. Raises ``ConnectionError`` when Redis does
    not take them: the worker cannot run without it, and the records wait for the next one."""
    pks = sorted(set(PendingUpdate.objects.values_list("rating_list_id", flat=True)))
    for pk in pks:
        if not enqueue(pk):
            raise ConnectionError(f"The job queue cannot be reached: list {pk} is not queued.")
    return pks


def _progress_key(pk: int) -> str:
    return f"clubrating:ratings-progress:{pk}"


@contextmanager
def progress(pk: int) -> Iterator[Progress]:
    """The reporter of the job of list ``pk``: what it reports is :func:`status`'s until
    the block ends."""

    def report(done: int, total: int) -> None:
        cache.set(_progress_key(pk), (done, total), 3600)

    try:
        yield report
    finally:
        cache.delete(_progress_key(pk))


def status(pk: int) -> dict[str, int] | None:
    """``None`` when list ``pk``'s ratings are final; else how far the running job is:
    ``{"done": periods done, "total": periods}`` (both 0 while it waits for a worker)."""
    if not PendingUpdate.objects.filter(rating_list_id=pk).exists():
        return None
    done, total = cache.get(_progress_key(pk)) or (0, 0)
    return {"done": done, "total": total}

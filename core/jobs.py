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
  transaction, before the action returns.

While records wait, the organiser pages say "ratings are being recomputed", with the
progress the job reports (:func:`status`); the pages show the new numbers when it commits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from ratings.models import PendingUpdate

Progress = Callable[[int, int], None]
QUEUE = "ratings"
RETRIES = 3
#: A job may run this long (seconds) before the worker stops it (then it is retried).
TIMEOUT = 3600


def queue_configured() -> bool:
    """Whether corrections of closed periods go to the job queue (else they run inline)."""
    return bool(settings.REDIS_URL) and settings.RATINGS_JOBS == "queue"


def _queue() -> Any:
    import redis
    import rq

    return rq.Queue(QUEUE, connection=redis.Redis.from_url(settings.REDIS_URL))


def enqueue(pk: int) -> None:
    """Put a job for list ``pk`` on the queue once the current transaction commits."""

    def put() -> None:
        import rq

        _queue().enqueue(
            "core.jobs.recompute",
            pk,
            retry=rq.Retry(max=RETRIES, interval=[1, 5, 30]),
            job_timeout=TIMEOUT,
        )

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
    """The job: do the updates recorded for list ``pk``; returns the games rated again."""
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

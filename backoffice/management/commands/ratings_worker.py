"""``python manage.py ratings_worker [--burst]``: run the job queue of rating corrections."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from core import jobs


class Command(BaseCommand):
    help = (
        "Run the worker of the rating corrections' job queue (needs REDIS_URL); first put a "
        "job on the queue for every list whose updates a stopped worker left undone."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--burst", action="store_true", help="stop when the queue is empty")

    def handle(self, *args: Any, burst: bool = False, **options: Any) -> None:
        if not jobs.queue_configured():
            raise CommandError("No job queue: set REDIS_URL (and not RATINGS_JOBS=inline).")
        import rq

        queue = jobs._queue()
        pending = jobs.enqueue_pending()
        if pending:
            self.stdout.write(f"re-enqueued the updates left for lists {pending}")
        connections.close_all()
        # Jobs run in the worker's own process, one after the other: stopping or killing the
        # worker stops its job (its transaction is rolled back; the job is done again).
        worker = rq.SimpleWorker([queue], connection=queue.connection)
        worker.work(burst=burst, with_scheduler=True)

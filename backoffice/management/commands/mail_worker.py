"""``python manage.py mail_worker [--once] [--interval SECONDS]``: send the mail to players.

It sends every due mail (:func:`core.mail.deliver_due`), then waits a few seconds and does it
again: mail the request's own delivery could not send (the server was down, the process
stopped) is retried there when its pause is over. With ``MAIL_DELIVERY=queue`` it waits on
the ``mail`` queue instead of sleeping, so a mail a change just wrote is sent at once (the
job is only the signal: the mail itself is in the database). Redis failing does not stop it:
it goes on sending what is due, every few seconds.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import close_old_connections

from core import mail
from core.redis_fallback import ERRORS

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Send the due mail to players, again every few seconds (retries included)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="send what is due, then stop")
        parser.add_argument(
            "--interval", type=int, default=5, help="seconds between two deliveries (5)"
        )

    def handle(self, *args: Any, once: bool = False, interval: int = 5, **options: Any) -> None:
        queue = None
        if settings.MAIL_DELIVERY == "queue":
            from core import jobs

            queue = jobs._queue(mail.QUEUE)
        while True:
            sent, failed = mail.deliver_due()
            if sent or failed:
                self.stdout.write(f"mail: {sent} sent, {failed} failed")
            close_old_connections()
            if once:
                return
            self._wait(queue, interval)

    def _wait(self, queue: Any, interval: int) -> None:
        """Until a job is put on the queue, or ``interval`` seconds."""
        if queue is None:
            time.sleep(interval)
            return
        import rq
        from rq.exceptions import DequeueTimeout

        try:
            popped = rq.Queue.dequeue_any([queue], timeout=interval, connection=queue.connection)
        except DequeueTimeout:
            return
        except ERRORS as error:
            logger.warning("the mail queue cannot be read (%s): sending every few seconds", error)
            time.sleep(interval)
            return
        if popped is not None:
            popped[0].delete()

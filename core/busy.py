"""A writer waits a bounded time for another's locks, then is told "busy, try again".

The unit of work (:func:`core.unit_of_work.change`) bounds each wait for a lock in its
transaction (:func:`bound_lock_waits`: PostgreSQL's ``lock_timeout``, the setting
``LOCK_TIMEOUT_SECONDS``): a writer that holds a row too long — a stuck request, a long
import — no longer holds every other writer of that row until the app server's timeout
kills them. A wait that times out rolls the whole unit back and becomes :class:`Busy`
(:func:`busy_when_locks_time_out`), which the faces answer in one place
(:class:`web.busy.BusyMiddleware`): 503 with ``Retry-After`` and a readable message,
nothing written. SQLite serialises writers itself: there the setting does nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import OperationalError, connection
from django.utils.translation import gettext as _

#: PostgreSQL's SQLSTATE of a lock wait that timed out (``lock_not_available``).
LOCK_NOT_AVAILABLE = "55P03"


class Busy(Exception):
    """Someone else holds a row the change needs for longer than a writer waits: nothing
    was written; the same change may succeed in a moment."""

    #: Seconds after which the client may try again (the ``Retry-After`` header).
    retry_after = 5

    def __init__(self) -> None:
        super().__init__("a lock wait timed out")

    @property
    def message(self) -> str:
        return _("Someone else is changing this right now; please try again in a moment.")


def bound_lock_waits() -> None:
    """Bound every wait for a lock in the current transaction (PostgreSQL; to its end)."""
    seconds = settings.LOCK_TIMEOUT_SECONDS
    if connection.vendor != "postgresql" or not seconds:
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT set_config('lock_timeout', %s, true)", [f"{round(seconds * 1000)}ms"]
        )


@contextmanager
def busy_when_locks_time_out() -> Iterator[None]:
    """Turn a lock wait that timed out in the block (after its transaction rolled back) into
    :class:`Busy`; other database errors pass."""
    try:
        yield
    except OperationalError as error:
        cause = error.__cause__
        state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
        if state != LOCK_NOT_AVAILABLE:
            raise
        raise Busy from error

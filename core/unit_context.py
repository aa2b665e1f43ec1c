"""Which unit of work runs in this context, and who watches the units start (for tests and
diagnostics). Part of :mod:`core.unit_of_work`, which re-exports :func:`observe` and
:func:`current_unit`."""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

current: contextvars.ContextVar[Any] = contextvars.ContextVar("unit", default=None)
observers: contextvars.ContextVar[tuple[list[Any], ...]] = contextvars.ContextVar(
    "unit_observers", default=()
)


@contextmanager
def observe() -> Iterator[list[Any]]:
    """Collect every unit of work started inside the block (what they locked, replayed):
    for tests and diagnostics; it changes nothing in how units run."""
    collected: list[Any] = []
    token = observers.set((*observers.get(), collected))
    try:
        yield collected
    finally:
        observers.reset(token)


def current_unit() -> Any:
    """The unit of work running in this context, if any (for the checks of the kit)."""
    return current.get()

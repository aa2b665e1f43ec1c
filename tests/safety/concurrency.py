"""Real threads for the concurrency tests, each with its own database connection."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections


def run_threads(work: list[Callable[[], None]]) -> list[BaseException]:
    """Run each callable in its own thread (own connection), all released at once."""
    barrier = threading.Barrier(len(work))
    errors: list[BaseException] = []

    def body(job: Callable[[], None]) -> None:
        try:
            barrier.wait()
            job()
        except BaseException as error:  # reported to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=body, args=(job,)) for job in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors

"""Corrections of closed periods on the real job queue (RQ on a Redis of the test's own, a
real worker process): the request returns at once, the organiser sees the work pending, and
a worker killed in the middle of the job leaves the previous state; the job is retried and
ends in the state of a full replay.

PostgreSQL only (like test_concurrency.py): the worker is another process on the same test
database, and the test blocks it mid-job with a row lock of its own.
"""

from __future__ import annotations

import signal
import time

import psycopg
import pytest
from django.db import connection

from actions.ratings import recompute_ratings
from actions.results import record_result
from core import jobs, unit_of_work
from core.roles import SYSTEM
from ratings.models import PendingUpdate, PublishedList
from tests import servers
from tests.helpers import derived_state, rated_history

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the worker is another process on the test database (PostgreSQL)",
    ),
]

CODES = ("10", "==", "01")
WAITING = (
    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
    "AND query LIKE 'UPDATE \"ratings_publishedlist\"%%'"
)


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def _wait_for(query: str, expected: int, cursor, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while cursor.execute(query).fetchone()[0] != expected:
        assert time.monotonic() < deadline, f"{query} never gave {expected}"
        time.sleep(0.1)


def test_a_killed_worker_leaves_the_previous_state_and_the_retried_job_finishes(
    settings, redis_url
):
    history = rated_history(players=12, rounds=4)
    for index, game in enumerate(history["games"]):
        record_result(game=game, result=CODES[index % 3], actor=SYSTEM)
    before = derived_state()
    settings.REDIS_URL, settings.RATINGS_JOBS = redis_url, "queue"
    env = servers.server_env(_database_url(), redis_url)
    january = history["games"][0]

    with unit_of_work.observe() as units:
        record_result(
            game=january, result="01", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )

    (unit,) = units
    assert (unit.queued, unit.stats) == ([history["list"].pk], [])
    assert jobs.status(history["list"].pk) == {"done": 0, "total": 0}
    assert derived_state() == before  # the request only recorded the work

    # A session of our own holds the row of the February list: the job stops there, after
    # rewriting January's rows, until its worker is killed.
    february = PublishedList.objects.get(rating_list=history["list"]).pk
    with psycopg.connect(_database_url().replace("postgres://", "postgresql://")) as blocker:
        blocker.execute("SELECT id FROM ratings_publishedlist WHERE id = %s FOR UPDATE", [february])
        worker = servers.start(["manage.py", "ratings_worker"], env)
        try:
            with psycopg.connect(
                _database_url().replace("postgres://", "postgresql://"), autocommit=True
            ) as watcher:
                _wait_for(WAITING, 1, watcher)
                servers.stop(worker, signal.SIGKILL)
                blocker.rollback()
                _wait_for(WAITING, 0, watcher)
                _wait_for(
                    "SELECT count(*) FROM pg_stat_activity WHERE state = 'idle in transaction'"
                    " AND query LIKE 'UPDATE \"ratings_publishedlist\"%%'",
                    0,
                    watcher,
                )
        finally:
            if worker.poll() is None:
                servers.stop(worker, signal.SIGKILL)

    assert derived_state() == before
    assert PendingUpdate.objects.filter(rating_list=history["list"]).count() == 1

    retried = servers.start(["manage.py", "ratings_worker", "--burst"], env)
    assert retried.wait(timeout=120) == 0, servers.finish(retried)
    servers.finish(retried)

    assert jobs.status(history["list"].pk) is None
    incremental = derived_state()
    assert incremental != before
    recompute_ratings(rating_list=history["list"], actor=SYSTEM)
    assert derived_state() == incremental

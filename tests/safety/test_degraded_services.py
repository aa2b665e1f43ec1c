"""Faults of the services around the app, under the production settings: gunicorn with two
workers (``DJANGO_ENV=production``, persistent connections), PostgreSQL, a Redis of the
test's own and the job worker.

- Redis stopped mid-run: the public pages answer 200, results and corrections entered
  meanwhile are rated (in the request), ``/healthz`` says the cache and the queue are
  degraded; once Redis is back it says ok again and the pages show the new ratings.
- Every database connection of the app terminated (``pg_terminate_backend``): the next
  request of each worker succeeds (``CONN_HEALTH_CHECKS``), and so does the job worker's
  next job.

Before: with Redis down every public page and every result entry answered 500 while
``/healthz`` answered 200; after a dropped connection each worker's next request was a 500.

PostgreSQL only: the servers are other processes on the test database.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.urls import reverse

from actions.ratings import recompute_ratings
from actions.results import record_result
from core.roles import SYSTEM
from public.tables.columns import rating_text
from ratings.models import PendingUpdate, PlayerRating
from tests import servers
from tests.factories import make_superuser
from tests.helpers import derived_state, rated_history
from tournaments.models import Game

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the app servers are other processes on the test database (PostgreSQL)",
    ),
]

APP = "clubrating-faults-app"
"""The servers' ``application_name`` on PostgreSQL: their connections, not the test's."""
APP_CONNECTIONS = (
    "SELECT pid FROM pg_stat_activity WHERE application_name = %s AND datname = current_database()"
)


def _database_url() -> str:
    db = connection.settings_dict
    return (
        f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
        f"?application_name={APP}"
    )


class Browser:
    """A visitor over plain HTTP to a server that believes the proxy's ``X-Forwarded-Proto:
    https`` (the production settings redirect HTTP and send secure-only cookies)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, fields: dict[str, str] | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {
            "X-Forwarded-Proto": "https",
            "Origin": f"https://127.0.0.1:{self.port}",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
        }
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode()
        finally:
            conn.close()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return response.status, text

    def get(self, path: str) -> tuple[int, str]:
        return self.request("GET", path)

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        token = self.cookies.get("csrftoken") or self._token(path)
        return self.request("POST", path, {**fields, "csrfmiddlewaretoken": token})

    def _token(self, path: str) -> str:
        _status, page = self.get(path)
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    def login(self, username: str, password: str) -> None:
        self.get("/accounts/login/")
        status, _page = self.post("/accounts/login/", {"username": username, "password": password})
        assert status == 302, "the login failed"


@pytest.fixture(scope="module")
def static_root() -> Iterator[str]:
    """The collected static files the production settings serve (hashed names)."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=servers.ROOT,
            env=_production("", folder, database_url=f"sqlite:///{folder}/unused.sqlite3"),
            check=True,
        )
        yield folder


def _production(redis_url: str, static_root: str, database_url: str = "") -> dict[str, str]:
    env = servers.server_env(
        database_url or _database_url(),
        redis_url,
        SECRET_KEY="a-long-random-test-value-" + "x" * 30,
        CONN_MAX_AGE="60",
        STATIC_ROOT=static_root,
    )
    env.pop("DEBUG")
    env["DJANGO_ENV"] = "production"
    return env


@contextlib.contextmanager
def _gunicorn(env: dict[str, str]) -> Iterator[int]:
    port = servers.free_port()
    process = servers.start(
        ["-m", "gunicorn", "clubrating.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", "2", "--no-control-socket"],
        env,
    )  # fmt: skip
    try:
        servers.wait_until_up(f"http://127.0.0.1:{port}/healthz", process)
        yield port
    finally:
        print(servers.stop(process))  # shown when the test fails


def _health(browser: Browser) -> dict[str, str]:
    status, body = browser.get("/healthz")
    assert status == 200
    return json.loads(body)


def _wait_for_health(browser: Browser, expected: dict[str, str], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while (seen := _health(browser)) != expected:
        assert time.monotonic() < deadline, f"/healthz stayed {seen}"
        time.sleep(0.5)


def test_with_redis_stopped_pages_answer_and_results_are_rated(settings, static_root):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    history = rated_history(players=4, rounds=1)
    january, *others, last = history["games"]  # January's first game; February's last
    for game in [january, *others]:
        record_result(game=game, result="10", actor=SYSTEM)
    make_superuser("organiser")
    rating_list = history["list"]
    white = PlayerRating.objects.get(player=last.white, rating_list=rating_list)
    pages = [
        reverse("ratings:home"),
        reverse("ratings:leaderboard", args=[rating_list.slug]),
        reverse("ratings:player", args=[last.white_id]),
        reverse("tournaments:standings", args=[history["tournaments"][1].slug]),
    ]
    port = servers.free_port()
    with tempfile.TemporaryDirectory() as folder:
        redis = servers.start_redis(port, folder)
        env = _production(f"redis://127.0.0.1:{port}/0", static_root)
        worker = servers.start(["manage.py", "ratings_worker"], env)
        try:
            with _gunicorn(env) as app:
                visitor, organiser = Browser(app), Browser(app)
                assert [visitor.get(page)[0] for page in pages] == [200] * 4  # cached now
                assert _health(visitor) == {"status": "ok", "cache": "ok", "queue": "ok"}
                organiser.login("organiser", "secret-password")

                servers.stop_redis(redis)

                during = [visitor.get(page)[0] for page in pages * 2]
                health = _health(visitor)
                entered = _enter(organiser, last, "10", correction=False)
                corrected = _enter(organiser, january, "01", correction=True)
                after_writes = [visitor.get(page)[0] for page in pages]

                redis = servers.start_redis(port, folder)
                _wait_for_health(visitor, {"status": "ok", "cache": "ok", "queue": "ok"})
                _status, player_page = visitor.get(pages[2])
        finally:
            servers.stop(worker)
            servers.stop_redis(redis)

    assert during == [200] * 8
    assert health == {"status": "degraded", "cache": "degraded", "queue": "degraded"}
    assert (entered, corrected) == (302, 302)
    assert after_writes == [200] * 4
    results = dict(Game.objects.filter(pk__in=[last.pk, january.pk]).values_list("pk", "result"))
    assert results == {last.pk: "10", january.pk: "01"}
    assert PendingUpdate.objects.count() == 0  # the correction was rated in the request
    before = white.live_rating
    white.refresh_from_db()
    assert white.live_rating != before
    assert rating_text(white.live_rating) in player_page
    rated_meanwhile = derived_state()
    recompute_ratings(rating_list=rating_list, actor=SYSTEM)
    assert derived_state() == rated_meanwhile  # as a full replay


def _enter(browser: Browser, game: Game, result: str, *, correction: bool) -> int:
    tournament, number, board = game.round.tournament, game.round.number, game.board
    round_url = reverse("tournaments:organise_round", args=[tournament.slug, number])
    status, _page = browser.get(round_url)
    assert status == 200
    shown = Game.objects.get(pk=game.pk).result
    fields = {f"b{board}-result": result, f"b{board}-based_on": shown}
    if correction:
        fields[f"b{board}-correction"] = "on"
    status, _page = browser.post(
        reverse("tournaments:organise_result", args=[tournament.slug, number, board]), fields
    )
    return status


def _app_connections() -> set[int]:
    with connection.cursor() as cursor:
        cursor.execute(APP_CONNECTIONS, [APP])
        return {row[0] for row in cursor.fetchall()}


def _wait_for_no_pending(timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while PendingUpdate.objects.exists():
        assert time.monotonic() < deadline, "the worker did not do the job"
        time.sleep(0.2)


def test_after_every_connection_is_terminated_the_next_request_of_each_worker_succeeds(
    settings, redis_url, static_root
):
    history = rated_history(players=4, rounds=1)
    first, second, *_others = history["games"]  # two January games, then the others
    for game in history["games"]:
        record_result(game=game, result="10", actor=SYSTEM)
    pages = [
        "/readyz",
        reverse("ratings:leaderboard", args=[history["list"].slug]),
        reverse("tournaments:standings", args=[history["tournaments"][0].slug]),
    ]
    # Corrections of January (a closed period) from here go to the worker.
    settings.REDIS_URL, settings.RATINGS_JOBS = redis_url, "queue"
    env = _production(redis_url, static_root)
    worker = servers.start(["manage.py", "ratings_worker"], env)
    try:
        with _gunicorn(env) as app:

            def burst() -> list[int]:
                """Every page four times at once: both workers take some."""
                with ThreadPoolExecutor(4) as pool:
                    return list(pool.map(lambda page: Browser(app).get(page)[0], pages * 4))

            record_result(game=first, result="01", correction=True, actor=SYSTEM)
            _wait_for_no_pending()  # the job worker holds a connection now
            warm = []
            deadline = time.monotonic() + 60
            while len(_app_connections()) < 3:  # and so do both app workers
                assert time.monotonic() < deadline, "the workers did not all connect"
                warm += burst()
            terminated = _app_connections()
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY(%s)",
                    [list(terminated)],
                )
            after = []
            deadline = time.monotonic() + 60
            while len(_app_connections() - terminated) < 2:  # both app workers reconnected
                assert time.monotonic() < deadline, "the workers did not both reconnect"
                after += burst()
            record_result(game=second, result="01", correction=True, actor=SYSTEM)
            _wait_for_no_pending()  # the job worker reconnected too
    finally:
        print(servers.stop(worker))  # shown when the test fails

    assert (len(terminated), set(warm)) == (3, {200})
    assert set(after) == {200}
    rated_by_the_worker = derived_state()
    recompute_ratings(rating_list=history["list"], actor=SYSTEM)
    assert derived_state() == rated_by_the_worker

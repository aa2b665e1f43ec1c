"""Benchmark what users feel: every figure through HTTP, beside the floor, on production settings.

Usage::

    python -m bench.users                                   # 100,000 players, 2,000,000 games
    python -m bench.users --players 2000 --games 40000      # BENCH_USERS_ARGS in make bench-users

Each run creates its own PostgreSQL database (``clubrating_bench_users_<pid>_<time>`` on
``--pg-url``; dropped at the end unless ``--keep``) and its own Redis (``redis-server`` on a
free port), writes the history of ``bench/ratings.py`` shaped like a live season
(``bench/users_seed.py``), replays it in full (timed) and measures the replay's floor. Then it
serves the database with gunicorn as ``make serve`` does (``DJANGO_ENV=production``, the Redis
cache and job queue, ``CONN_MAX_AGE=60``, a ``ratings_worker`` beside it) and measures, with a
client of its own, one request at a time, each measured request preceded by a ``/healthz``
request (the floor, measured all along the run):

- **cold**: ``--urls`` distinct public URLs, each requested once after the Redis is flushed
  (page cache and list-level values) and gunicorn restarted; then **second**: the same again;
- **round page**: the organiser round page of each live tournament (25 boards), and the
  round pages of 100 boards (``--big`` tournaments, 5 times each);
- **entry**: an arbiter logged in through the login form enters ``--entries`` results,
  spread over all the ``--live`` tournaments (5 each by default), each a real htmx POST of
  the board's form from the round page (which the arbiter loads first, untimed); no board
  cleared or entered before;
- **concurrent**: 20 writers, each with its own session, post at once: on 20 tournaments, then
  all 20 on one tournament's round; max and p95;
- **correction**: ``--corrections`` results corrected six periods back through the same POST,
  each timed until the ratings worker has finished (the ratings are final).

Its last line has a fixed form, for scripts (see :func:`last_line`).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from bench.ratings import ROOT

MS = 1000


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=2_000_000)
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--keep", action="store_true", help="keep the run's database")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--entries", type=int, default=200, help="results entered over HTTP")
    parser.add_argument("--live", type=int, default=40, help="live tournaments (>= 21)")
    parser.add_argument("--big", type=int, default=4, help="tournaments of 100 boards")
    parser.add_argument("--urls", type=int, default=80, help="distinct public URLs")
    parser.add_argument("--corrections", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)  # internal: the db URL
    options = parser.parse_args(argv)
    if options.live < 21:
        parser.error("--live must be at least 21 (20 writers on 20 tournaments, and one more)")
    return options


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (the value below which ``share`` of them lie)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(round(share * len(ordered), 9)) - 1))]


def summary(values: list[float]) -> dict[str, float]:
    """p50, p95 and max of seconds, in milliseconds."""
    return {
        "n": len(values),
        "p50": percentile(values, 0.5) * MS,
        "p95": percentile(values, 0.95) * MS,
        "max": max(values) * MS,
    }


def last_line(figures: dict) -> str:
    """The run's last line: every figure in whole milliseconds or seconds to one decimal."""
    f = figures
    return (
        f"users: entry p95 {f['entry']['p95']:.0f} ms max {f['entry']['max']:.0f} ms"
        f" | concurrent max {f['concurrent']['max']:.0f} ms"
        f" (one event {f['one_event']['max']:.0f} ms)"
        f" | round page p95 {f['round_100']['p95']:.0f} ms"
        f" | cold p95 {f['cold']['p95']:.0f} ms second p95 {f['second']['p95']:.0f} ms"
        f" | floor p95 {f['floor']['p95']:.0f} ms"
        f" | replay {f['replay']:.1f} s floor {f['replay_floor']:.1f} s"
        f" | correction {f['correction']:.1f} s"
    )


def kind_of(url: str) -> str:
    """What a public URL shows, for the cold pages' breakdown."""
    for part, kind in (
        ("/players/", "player pages"),
        ("/lists/", "leaderboards"),
        ("/standings/", "standings"),
        ("/crosstable/", "crosstables"),
        ("/search/", "searches"),
    ):
        if part in url:
            return kind
    return "other"


def report_lines(figures: dict) -> list[str]:
    """One line per measured set: p50, p95, max, each also as a multiple of the floor's p50
    (a trivial request's typical time, measured between the same requests)."""
    floor = figures["floor"]
    rows = [("floor: /healthz", floor)] + [
        (label, figures[key])
        for key, label in (
            ("cold", "cold public pages"),
            ("second", "second visit"),
            ("round_25", "round page, 25 boards"),
            ("round_100", "round page, 100 boards"),
            ("entry", "result entry (htmx POST)"),
            ("concurrent", "20 writers, 20 events"),
            ("one_event", "20 writers, one round"),
        )
    ]
    kinds = [(f"  cold: {kind}", row) for kind, row in figures.get("cold_kinds", {}).items()]
    rows[2:2] = kinds
    unit = max(floor["p50"], 0.001)
    lines = [f"{'':<27}{'n':>5}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}   p50/p95/max x floor p50"]
    for label, row in rows:
        times = "/".join(f"{row[k] / unit:.0f}" for k in ("p50", "p95", "max"))
        lines.append(
            f"{label:<27}{row['n']:>5}{row['p50']:>9.1f}{row['p95']:>9.1f}{row['max']:>9.1f}"
            f"   {times}"
        )
    lines.append(
        f"full replay {figures['replay']:.1f} s, its floor {figures['replay_floor']:.1f} s "
        f"({figures['replay'] / max(figures['replay_floor'], 0.001):.1f}x); correction six "
        f"periods back: the POST max {figures.get('correction_request', 0):.2f} s, until "
        f"final max {figures['correction']:.1f} s"
    )
    return lines


# --------------------------------------------------------------------------- measuring


class Floor:
    """``/healthz`` on a session of its own, asked before each measured request."""

    def __init__(self, port: int) -> None:
        from bench.users_http import Session

        self.session = Session(port)
        self.times: list[float] = []

    def tick(self) -> None:
        self.times.append(self.session.get("/healthz").seconds)


def _pages(server, floor: Floor, paths: list[str], *, port: int) -> list[float]:
    from bench.users_http import Session

    session = Session(port)
    times = []
    for path in paths:
        floor.tick()
        times.append(session.get(path).seconds)
    return times


def _cold(server, redis_url: str, floor: Floor, urls: list[str], port: int) -> tuple:
    """Flush the run's Redis, restart gunicorn; each URL once, then each once more."""
    _redis_command(redis_url, "FLUSHALL")
    server.restart()
    cold = _pages(server, floor, urls, port=port)
    return cold, _pages(server, floor, urls, port=port)


def _round_pages(floor: Floor, data: dict, port: int) -> tuple[list[float], list[float]]:
    from bench.users_http import Session, round_page

    session = Session(port)
    session.login("bench-arbiter-00", data["password"])
    small = []
    for live in data["live"]:
        floor.tick()
        small.append(session.get(round_page(live["slug"], live["round"])).seconds)
    big = []
    for _repeat in range(5):
        for tournament in data["big"]:
            floor.tick()
            big.append(session.get(round_page(tournament["slug"], 1)).seconds)
    return small, big


def _entries(floor: Floor, data: dict, count: int, port: int) -> tuple[list[float], dict]:
    """``count`` first entries spread over all the live tournaments, keeping back the boards
    of the writers (20 on the first, one on each of the next 20); returns the times and the
    boards left empty per tournament."""
    from bench.users_http import Session, result_post, round_page

    session = Session(port)
    session.login("bench-arbiter-01", data["password"])
    live = data["live"]
    left = {t["slug"]: list(t["boards"]) for t in live}
    kept = {t["slug"]: 20 if n == 0 else 1 if n <= 20 else 0 for n, t in enumerate(live)}
    per = -(-count // len(live))
    times, codes = [], ("1", "=", "0")
    for tournament in live:
        slug = tournament["slug"]
        page = round_page(slug, tournament["round"])
        html = session.get(page).text  # the arbiter opens the round page (untimed)
        for _n in range(max(0, min(per, count - len(times), len(left[slug]) - kept[slug]))):
            board = left[slug].pop(0)
            floor.tick()
            answer = result_post(session, page, html, board, codes[len(times) % 3])
            times.append(answer.seconds)
    if len(times) < count:
        raise SystemExit(f"only {len(times)} boards to enter: ask for more --live")
    return times, left


def _writers(data: dict, targets: list[tuple[str, int, int]], port: int) -> list[float]:
    """One thread per (slug, round, board): its own session, logged in and on the round page
    (untimed); then all post at once."""
    from bench.users_http import Session, result_post, round_page

    barrier = threading.Barrier(len(targets))
    times: list[float] = []
    errors: list[BaseException] = []

    def write(index: int, slug: str, number: int, board: int) -> None:
        try:
            session = Session(port)
            session.login(f"bench-arbiter-{index:02d}", data["password"])
            page = round_page(slug, number)
            html = session.get(page).text
            barrier.wait()
            times.append(result_post(session, page, html, board, "1").seconds)
        except BaseException as error:  # reported after the join
            errors.append(error)
            barrier.abort()

    threads = [
        threading.Thread(target=write, args=(i, *target)) for i, target in enumerate(targets)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise SystemExit(f"a writer failed: {errors[0]!r}")
    return times


def _concurrent(data: dict, left: dict, port: int) -> tuple[list[float], list[float]]:
    live = data["live"]
    apart = [(t["slug"], t["round"], left[t["slug"]].pop(0)) for t in live[1:21]]
    spread = _writers(data, apart, port)
    event = live[0]
    boards = left[event["slug"]]
    if len(boards) < 20:
        raise SystemExit("the one-event writers need a round of at least 20 boards")
    together = [(event["slug"], event["round"], board) for board in boards[:20]]
    return spread, _writers(data, together, port)


def _corrections(floor: Floor, data: dict, database_url: str, port: int) -> list[tuple]:
    """Each correction: the POST (its own time), then until no rating update is pending."""
    import psycopg

    from bench.users_http import Session, form_fields, result_post, round_page

    session = Session(port)
    session.login("bench-arbiter-02", data["password"])
    times = []
    with psycopg.connect(database_url, autocommit=True) as connection:
        for board in data["corrections"]:
            page = round_page(board["slug"], board["round"])
            html = session.get(page).text
            action = f"{page}boards/{board['board']}/result/"
            current = form_fields(html, action).get(f"b{board['board']}-based_on", "")
            new = next(code for code in ("1", "=", "0") if _code(code) != current)
            floor.tick()
            started = time.perf_counter()
            request = result_post(session, page, html, board["board"], new).seconds
            while connection.execute("SELECT count(*) FROM ratings_pendingupdate").fetchone()[0]:
                time.sleep(0.02)
            times.append((request, time.perf_counter() - started))
    return times


def _code(key: str) -> str:
    return {"1": "10", "=": "==", "0": "01"}[key]


def _redis_command(url: str, *words: str) -> None:
    """One command to the run's own Redis (``FLUSHALL``), in its protocol, no client needed."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
        sock.sendall(
            f"*{len(words)}\r\n".encode()
            + b"".join(f"${len(w)}\r\n{w}\r\n".encode() for w in words)
        )
        answer = sock.recv(256)
    if not answer.startswith(b"+OK"):
        raise SystemExit(f"redis answered {answer!r} to {words}")


def _measure(options: argparse.Namespace, data: dict, env: dict, redis_url: str) -> dict:
    from bench.users_http import Server

    port = _free_port()
    server = Server(env, port, options.workers)
    server.start()
    try:
        floor = Floor(port)
        print(f"   cold public pages: {len(data['public'])} URLs, then again …", flush=True)
        cold, second = _cold(server, redis_url, floor, data["public"], port)
        print("   organiser round pages …", flush=True)
        small, big = _round_pages(floor, data, port)
        print(f"   {options.entries} result entries …", flush=True)
        entries, left = _entries(floor, data, options.entries, port)
        print("   20 writers at once …", flush=True)
        spread, together = _concurrent(data, left, port)
        print(f"   {len(data['corrections'])} corrections six periods back …", flush=True)
        corrections = _corrections(floor, data, env["DATABASE_URL"], port)
    finally:
        server.stop()
    return {
        "floor": summary(floor.times),
        "cold": summary(cold),
        "cold_kinds": {
            kind: summary(
                [t for url, t in zip(data["public"], cold, strict=True) if kind_of(url) == kind]
            )
            for kind in dict.fromkeys(kind_of(url) for url in data["public"])
        },
        "second": summary(second),
        "round_25": summary(small),
        "round_100": summary(big),
        "entry": summary(entries),
        "concurrent": summary(spread),
        "one_event": summary(together),
        "correction": max((final for _r, final in corrections), default=0.0),
        "correction_request": max((request for request, _f in corrections), default=0.0),
        "replay": data["replay"],
        "replay_floor": data["replay_floor"],
    }


# --------------------------------------------------------------------------- the run


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_name() -> str:
    """A name of this run's own: two runs on one machine never share a database."""
    return f"clubrating_bench_users_{os.getpid()}_{int(time.time())}"


def _admin(pg_url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(pg_url.rstrip("/") + "/postgres", autocommit=True) as connection:
        connection.execute(sql)


@contextlib.contextmanager
def _database(options: argparse.Namespace):
    name = database_name()
    _admin(options.pg_url, f'CREATE DATABASE "{name}"')
    try:
        yield f"{options.pg_url.rstrip('/')}/{name}"
    finally:
        if options.keep:
            print(f"   kept the database {name}")
        else:
            _admin(options.pg_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(database_url: str, redis_url: str, static: Path) -> dict[str, str]:
    """The production settings of ``make serve`` (docs/deploy.md), on loopback."""
    env = dict(os.environ)
    env.update(
        DJANGO_ENV="production",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        SECRET_KEY="bench-only-" + "x" * 50,
        ALLOWED_HOSTS="127.0.0.1",
        CONN_MAX_AGE="60",
        STATIC_ROOT=str(static),
        DJANGO_SETTINGS_MODULE="clubrating.settings",
        CACHE_KEY_PREFIX="bench-users",
    )
    env.pop("DEBUG", None)
    env.pop("RATINGS_JOBS", None)
    return env


def _seed(options: argparse.Namespace, env: dict[str, str]) -> dict:
    import json

    args = [sys.executable, "-m", "bench.users", "--child", env["DATABASE_URL"]]
    for name in ("players", "games", "live", "big", "urls", "corrections", "seed"):
        args += [f"--{name}", str(getattr(options, name))]
    child = subprocess.Popen(  # noqa: S603 - our own interpreter and module
        args, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    data = None
    for line in child.stdout:
        if line.startswith("RESULT "):
            data = json.loads(line[len("RESULT ") :])
        else:
            print(line, end="", flush=True)
    if child.wait() != 0 or data is None:
        raise SystemExit("seeding failed")
    return data


def main(argv: list[str] | None = None) -> None:
    options = parse(argv)
    if options.child:
        from bench import users_seed

        users_seed.main(options, dict(os.environ))
        return
    from bench.entry import _redis

    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"== bench-users: {options.players} players, {options.games} games; load {load}")
    with (
        _database(options) as database_url,
        _redis() as redis_url,
        tempfile.TemporaryDirectory() as static,
    ):
        env = server_env(database_url, redis_url, Path(static))
        data = _seed(options, env)
        figures = _measure(options, data, env, redis_url)
    print()
    for line in report_lines(figures):
        print(line)
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(last_line(figures))


if __name__ == "__main__":
    main()

"""Benchmark result entry on a federation's list: one result, a late correction, 20 writers.

Usage::

    python -m bench.entry                                  # 100,000 players, 2,000,000 games
    python -m bench.entry --players 20000 --games 500000   # BENCH_ENTRY_ARGS in make bench-entry

On PostgreSQL (a database of the run's own, ``clubrating_bench_entry_<pid>_<time>`` on
``--pg-url``, dropped at the end unless ``--keep``; or ``--db-name NAME``, kept and reused
when it holds the size asked for, ``--reseed`` rebuilding it) it writes the history of ``bench/ratings.py`` (12
closed monthly periods and the open one) and replays it in full: the reference time. Then,
timing the server's work (the action, its transaction and commit, as a request runs it):

- **entry**: ``--entries`` results entered one after the other on boards of the open period
  (each board's result cleared first, untimed): p50, p95 and max. This is the action called
  as a function by the system actor on 25 boards of 4 tournaments, warmed by the clearing:
  no HTTP, session, CSRF, form or re-rendered row (``make bench-users`` measures the POST);
- **correction**: ``--corrections`` results corrected six periods back, with a job queue (a
  Redis of its own, started with ``redis-server``, and a ``ratings_worker`` process): the
  request's time (it records the work and returns) and the time until the ratings are final
  (the worker has committed);
- **concurrent**: ``--writers`` processes (as many server workers), each with its own
  connection, entering results at once on boards of as many different tournaments of the
  list: p50, p95 and max (of 20 values the p95 is the 19th: the max is the slowest writer). Each writer opens its connection and enters and clears its board once
  before the start (a server worker keeps its connection and has served requests before).
  It also prints what the time is made of: the lock waits seen in ``pg_stat_activity``
  while the writers run, and the CPU each writer used (its process and its PostgreSQL
  backend) against the machine's cores and load.

The last line has a fixed form, for scripts::

    entry p95 40 ms max 60 ms | correction request 0.3 s, final 6.1 s | concurrent p95 120 ms max 130 ms | full replay 31.0 s
"""  # noqa: E501 - the line scripts read, whole

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODES = ("10", "==", "01")


def _parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=2_000_000)
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db-name", default="", help="a database to keep and reuse")
    parser.add_argument("--keep", action="store_true", help="keep the run's own database")
    parser.add_argument("--reseed", action="store_true")
    parser.add_argument("--entries", type=int, default=100)
    parser.add_argument("--corrections", type=int, default=3)
    parser.add_argument("--writers", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--redis-url", default="", help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args()


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# --------------------------------------------------------------------------- child


def _setup(options: argparse.Namespace) -> None:
    os.environ.update(
        DATABASE_URL=f"{options.pg_url.rstrip('/')}/{options.db_name}",
        DEBUG="0",
        SECRET_KEY=os.environ.get("SECRET_KEY", "bench-only-not-secret"),
        DJANGO_SETTINGS_MODULE="clubrating.settings",
        REDIS_URL=options.redis_url,
        RATINGS_JOBS="queue",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _seed(options: argparse.Namespace) -> float:
    """Write the history unless the database holds it; replay it in full (timed)."""
    from django.db import connection

    from actions.ratings import recompute_ratings
    from bench.ratings import _generate
    from core.roles import SYSTEM
    from ratings.models import RatingList
    from tournaments.models import Game

    if Game.objects.count() != options.games:
        if Game.objects.exists():
            raise SystemExit("the benchmark database holds other data: rerun with --reseed")
        print("   generating the history …", flush=True)
        _generate(
            argparse.Namespace(
                players=options.players, games=options.games, periods=12, field=50,
                rounds=10, seed=options.seed,
            )
        )  # fmt: skip
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    print("   full replay (the reference) …", flush=True)
    started = time.perf_counter()
    recompute_ratings(actor=SYSTEM, rating_list=RatingList.objects.get(slug="chess-standard"))
    seconds = time.perf_counter() - started
    # What autovacuum does on a live database after the replay's bulk writes (as bench.web
    # does): done here, before the measurements, not in the middle of them.
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return seconds


def _boards(period: int, count: int, rng: random.Random, *, distinct: bool) -> list:
    """``count`` rated boards of tournaments in period ``period`` (-1: the open one), their
    players entered (the generated history has no registrations); ``distinct``: one board
    per tournament."""
    from ratings.models import PublishedList
    from tournaments.models import Game, Registration, Tournament

    dates = list(
        PublishedList.objects.filter(rating_list__slug="chess-standard")
        .order_by("date")
        .values_list("date", flat=True)
    )
    tournaments = Tournament.objects.filter(rating_list__slug="chess-standard")
    if period < 0:
        tournaments = tournaments.filter(end_date__gte=dates[-1])
    else:
        tournaments = tournaments.filter(
            end_date__gte=dates[period - 1], end_date__lt=dates[period]
        )
    chosen = rng.sample(list(tournaments.values_list("pk", flat=True)), count if distinct else 4)
    games = []
    for pk in chosen:
        rows = list(
            Game.objects.filter(round__tournament_id=pk).select_related("round__tournament")
        )
        games.extend(rng.sample(rows, 1 if distinct else -(-count // len(chosen))))
        players = {g.white_id for g in rows} | {g.black_id for g in rows}
        Registration.objects.bulk_create(
            [Registration(tournament_id=pk, player_id=p) for p in players], ignore_conflicts=True
        )
    return games[:count]


def _timed(game, result: str) -> float:
    from actions.results import record_result
    from core.roles import SYSTEM

    started = time.perf_counter()
    record_result(
        game=game, result=result, correction=True, later_rounds_confirmed=True, actor=SYSTEM
    )
    return time.perf_counter() - started


def _entries(games: list) -> list[float]:
    from actions.results import record_result
    from core.roles import SYSTEM

    times = []
    for n, game in enumerate(games):
        record_result(
            game=game, result="", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )  # untimed
        times.append(_timed(game, CODES[n % 3]))
    return times


def _corrections(games: list) -> list[tuple[float, float]]:
    from ratings.models import PendingUpdate

    times = []
    for game in games:
        new = next(code for code in CODES if code != game.result)
        started = time.perf_counter()
        request = _timed(game, new)
        while PendingUpdate.objects.exists():
            time.sleep(0.02)
        times.append((request, time.perf_counter() - started))
    return times


def _backend_cpu(pid: int) -> float | None:
    """The CPU seconds a PostgreSQL backend has used (``None``: not on this machine)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _writer(game, barrier, results) -> None:
    """One writer: its own process and connection, like a request on its own server worker,
    which keeps its connection (``CONN_MAX_AGE``) and has served requests before: the
    connection is opened and the board entered and cleared once before the start, untimed.
    Returns (time, the writer's CPU, its database backend's CPU) through ``results``."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    _timed(game, "01")  # a worker that has served requests: warm, untimed
    _timed(game, "")
    barrier.wait()
    cpu, server = time.process_time(), _backend_cpu(backend)
    seconds = _timed(game, "10")
    after = _backend_cpu(backend)
    server = None if server is None or after is None else after - server
    results.put((seconds, time.process_time() - cpu, server))


def _lock_waits(stop, found: list[int]) -> None:
    """Count, every 10 ms until ``stop``, the benchmark's backends waiting for a lock."""
    from django.db import connection

    with connection.cursor() as cursor:
        while not stop.is_set():
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'"
            )
            found.append(cursor.fetchone()[0])
            time.sleep(0.01)
    connection.close()


def _concurrent(games: list) -> list[tuple[float, float, float | None]]:
    """Each writer's (time, its own CPU, its database backend's CPU); the lock waits seen."""
    import multiprocessing
    import threading

    from django.db import connections

    from actions.results import record_result
    from core.roles import SYSTEM

    for game in games:
        record_result(
            game=game, result="", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )
    connections.close_all()  # each writer process opens its own
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(len(games))
    results = context.Queue()
    writers = [context.Process(target=_writer, args=(g, barrier, results)) for g in games]
    for writer in writers:
        writer.start()
    stop, waits = threading.Event(), []
    sampler = threading.Thread(target=_lock_waits, args=(stop, waits))
    sampler.start()
    times = [results.get(timeout=600) for _ in writers]
    stop.set()
    sampler.join()
    for writer in writers:
        writer.join()
    print(f"   lock waits seen: {sum(waits)} in {len(waits)} samples of pg_stat_activity")
    return times


def _child(options: argparse.Namespace) -> None:
    _setup(options)
    full = _seed(options)
    rng = random.Random(options.seed)
    entries = _entries(_boards(-1, options.entries, rng, distinct=False))
    print(f"   entry: {len(entries)} results", flush=True)
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "ratings_worker"], cwd=ROOT, env=dict(os.environ),
        start_new_session=True,
    )  # fmt: skip
    try:
        corrections = _corrections(_boards(6, options.corrections, rng, distinct=True))
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    print(f"   correction: {len(corrections)} six periods back", flush=True)
    load = os.getloadavg()[0]
    writers = _concurrent(_boards(-1, options.writers, rng, distinct=True))
    concurrent = [seconds for seconds, _cpu, _server in writers]
    print(f"   concurrent: {len(concurrent)} writers", flush=True)
    ms = 1000
    print()
    print(
        f"entry: p50 {statistics.median(entries) * ms:.0f} ms, p95 "
        f"{_percentile(entries, 0.95) * ms:.0f} ms, max {max(entries) * ms:.0f} ms"
        f" ({len(entries)} results; target p95 <= 100)"
    )
    print(
        f"correction six periods back: request p50 "
        f"{statistics.median([r for r, _f in corrections]):.2f} s, final p50 "
        f"{statistics.median([f for _r, f in corrections]):.1f} s (targets <= 1 s, <= 10 s)"
    )
    print(
        f"concurrent ({options.writers} writers, different tournaments): p50 "
        f"{statistics.median(concurrent) * ms:.0f} ms, p95 "
        f"{_percentile(concurrent, 0.95) * ms:.0f} ms, max {max(concurrent) * ms:.0f} ms"
        " (target p95 <= 300)"
    )
    _cpu_report(writers, load)
    print(f"full replay: {full:.1f} s")
    print(
        f"entry p95 {_percentile(entries, 0.95) * ms:.0f} ms max {max(entries) * ms:.0f} ms"
        f" | correction request {max(r for r, _f in corrections):.1f} s, final"
        f" {max(f for _r, f in corrections):.1f} s | concurrent p95"
        f" {_percentile(concurrent, 0.95) * ms:.0f} ms max {max(concurrent) * ms:.0f} ms"
        f" | full replay {full:.1f} s"
    )  # fmt: skip


def _cpu_report(writers: list[tuple[float, float, float | None]], load: float) -> None:
    """What the concurrent writers' time is made of: their CPU (the writer's process and its
    database backend) against the cores, with the machine's load when they started."""
    ms = 1000
    client = sum(cpu for _s, cpu, _server in writers)
    servers = [server for _s, _cpu, server in writers if server is not None]
    server = sum(servers) if len(servers) == len(writers) else None
    cores = os.cpu_count() or 1
    total = client + (server or 0)
    print(
        f"   CPU per writer: {client / len(writers) * ms:.0f} ms in the writer"
        + ("" if server is None else f" + {server / len(writers) * ms:.0f} ms in PostgreSQL")
        + f"; all {len(writers)}: {total:.2f} s on {cores} cores, so the last finishes after"
        f" >= {total / cores * ms:.0f} ms even on an idle machine (load average at the start:"
        f" {load:.1f})"
    )


# --------------------------------------------------------------------------- parent


@contextlib.contextmanager
def _redis():
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is not installed: apt-get install -y redis-server")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(  # noqa: S603 - the system's redis-server
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", folder],
            stdout=subprocess.DEVNULL,
        )
        try:
            time.sleep(0.5)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            server.terminate()
            server.wait(timeout=30)


def main() -> None:
    options = _parse()
    if options.child:
        _child(options)
        return
    from bench.ratings import _psql
    from bench.web import _ensure_pg_database

    own = not options.db_name
    if own:  # a name of the run's own: two runs on one machine never collide
        options.db_name = f"clubrating_bench_entry_{os.getpid()}_{int(time.time())}"
    _ensure_pg_database(options, drop=options.reseed)
    print(f"== bench-entry on PostgreSQL: {options.players} players, {options.games} games")
    try:
        with _redis() as url:
            args = [sys.executable, "-m", "bench.entry", "--child", "--redis-url", url]
            for name in ("players", "games", "pg_url", "db_name", "entries", "corrections",
                         "writers", "seed"):  # fmt: skip
                args += [f"--{name.replace('_', '-')}", str(getattr(options, name))]
            subprocess.run(args, cwd=ROOT, check=True)  # noqa: S603
    finally:
        if not own or options.keep:
            print(f"   kept the benchmark database {options.db_name}")
        else:
            _psql(options.pg_url, f'DROP DATABASE IF EXISTS "{options.db_name}" WITH (FORCE)')


if __name__ == "__main__":
    main()

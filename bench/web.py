"""Benchmark the public pages behind gunicorn with a real load tool (wrk), against a floor.

Usage::

    python -m bench.web                       # 100,000 players, 2,000,000 games, PostgreSQL
    python -m bench.web --players 2000 --games 40000 --duration 3    # a quick run
    python -m bench.web --backend sqlite      # a SQLite file under bench-out/

Each run seeds a database of its own (PostgreSQL: ``clubrating_bench_web_<pid>_<time>`` on
``--pg-url``; SQLite: ``bench-out/web-<pid>_<time>.sqlite3``), dropped at the end unless
``--keep``; ``--db-name NAME`` names one instead, kept and reused when it already holds the
data of the requested size (``--reseed`` rebuilds it): two runs never share a database unless
told to. Seeding writes the history with bulk inserts
(COPY on PostgreSQL: the generator of ``bench/ratings.py``), gives players federations and
clubs, then runs the full rating replay, so every page shows replayed ratings and ledgers.

Then it starts gunicorn on 127.0.0.1 (``DEBUG`` off, persistent database connections) and runs
``wrk`` against each URL for ``--duration`` seconds with ``--connections`` connections (one
per worker by default, so latency is service time, not queueing):

- the floor: ``/healthz``, a trivial Django view through the whole middleware stack;
- the home page, the leaderboard's first page and a deep page (``?page=500``), a player page;
- cold pages: player and leaderboard pages drawn at random across the whole list (mostly
  cache misses), and the home page, the leaderboard and both players' pages right after each
  of ``--entries`` result entries (their cached copies just went stale).
- the search: each request one of 24 different searches in turn (names in either order, a
  prefix, a club), so the figure covers many keys of the page cache, not one;
- a tournament's pages: overview, starting list, round 1, standings and crosstable.

It prints median, 95th-percentile and maximum latency, requests per second and each page's
share of the floor's requests per second. Targets: share >= 30 %, p95 < 100 ms. What the
figures leave out: a page asked again and again is the page cache's hit after the first
request (warm pages measure the cache, not the page); the "cold" pages clear no cache and keep
the workers and the database's buffers warm. ``make bench-users`` measures what a visitor meets.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.web_cold import after_entries, random_script
from bench.web_wrk import WRK_SCRIPT, _rotating_script, _wrk

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench-out"
FEDERATIONS = ("ENG", "FRA", "GER", "NED", "NOR", "RUS", "SCO", "ESP")
CLUBS = 40


def _parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=2_000_000)
    parser.add_argument("--backend", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db-name", default="", help="a database to keep and reuse")
    parser.add_argument("--keep", action="store_true", help="keep the run's own database")
    parser.add_argument("--reseed", action="store_true", help="rebuild the benchmark database")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--connections", type=int, default=0, help="wrk connections (=workers)")
    parser.add_argument("--duration", type=int, default=10, help="seconds per URL")
    parser.add_argument("--deep-page", type=int, default=500)
    parser.add_argument("--entries", type=int, default=20, help="result entries (cold pages)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-measure", action="store_true", help="seed (or reuse) only")
    parser.add_argument("--seed-only", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args()


def _database_url(options: argparse.Namespace) -> str:
    if options.backend == "sqlite":
        OUT.mkdir(exist_ok=True)
        return f"sqlite:///{OUT / f'web-{options.db_name}.sqlite3'}"
    return f"{options.pg_url.rstrip('/')}/{options.db_name}"


def _server_env(database_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY=env.get("SECRET_KEY", "bench-only-not-secret"),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        CONN_MAX_AGE="600",
        DJANGO_SETTINGS_MODULE="clubrating.settings",
        # DEBUG off serves hashed static names: the seeding step collects them here.
        STATIC_ROOT=str(OUT / "static"),
    )
    return env


# --------------------------------------------------------------------------- seeding


def _ensure_pg_database(options: argparse.Namespace, *, drop: bool) -> None:
    from urllib.parse import urlsplit

    import psycopg

    parts = urlsplit(options.pg_url)
    with psycopg.connect(
        host=parts.hostname,
        port=parts.port or 5432,
        user=parts.username or "postgres",
        password=parts.password,
        dbname="postgres",
        autocommit=True,
    ) as connection:
        name = options.db_name
        if drop:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        exists = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [name]
        ).fetchone()
        if not exists:
            connection.execute(f'CREATE DATABASE "{name}"')


def _seed(options: argparse.Namespace) -> None:
    """In a child process (Django configured for the benchmark DB): migrate, seed if needed."""
    os.environ.update(_server_env(_database_url(options)))
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    from players.models import Player
    from ratings.models import PlayerRating
    from tournaments.models import Game

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    seeded = Player.objects.count() == options.players and Game.objects.count() == options.games
    if seeded and PlayerRating.objects.filter(live_rating__isnull=False).exists():
        print("   reusing the seeded benchmark database")
        return
    if not seeded and Player.objects.exists():
        raise SystemExit("the benchmark database holds other data: rerun with --reseed")
    if not seeded:
        _write_history(options)
    _replay()


def _write_history(options: argparse.Namespace) -> None:
    from django.db import connection, transaction

    from bench.ratings import _generate
    from players.models import Club, Player

    started = time.perf_counter()
    generator = argparse.Namespace(
        players=options.players,
        games=options.games,
        periods=12,
        field=50,
        rounds=10,
        seed=options.seed,
    )
    _generate(generator)
    with transaction.atomic():
        Club.objects.bulk_create(
            [
                Club(id=i, name=f"Club {i:02d}", federation=FEDERATIONS[i % len(FEDERATIONS)])
                for i in range(1, CLUBS + 1)
            ]
        )
        cases = " ".join(
            f"WHEN {i} THEN '{code}'" for i, code in enumerate(FEDERATIONS)
        )  # constants, no user input
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {Player._meta.db_table} SET "  # noqa: S608
                f"federation = CASE id % {len(FEDERATIONS)} {cases} END, "
                f"club_id = CASE WHEN id % 3 = 0 THEN NULL ELSE 1 + id % {CLUBS} END, "
                "first_name = 'Bench'"
            )
    print(f"   generated in {time.perf_counter() - started:.1f} s")


def _replay() -> None:
    from django.db import connection

    from actions.ratings import recompute_ratings
    from core.roles import SYSTEM
    from ratings.models import RatingList

    print("   replaying the ratings …", flush=True)
    started = time.perf_counter()
    (stats,) = recompute_ratings(
        actor=SYSTEM, rating_list=RatingList.objects.get(slug="chess-standard")
    )
    # What autovacuum does on a live database after the bulk writes: fresh statistics and a
    # visibility map, so that counts can be answered from an index alone.
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
    print(
        f"   replayed {stats.games} games ({stats.ledger_rows} ledger rows) in "
        f"{time.perf_counter() - started:.1f} s"
    )


def _shell(options: argparse.Namespace, code: str) -> str:
    """The last line ``code`` prints in a Django shell on the benchmark database."""
    done = subprocess.run(  # noqa: S603
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=_server_env(_database_url(options)),
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip().splitlines()[-1]


def _sample_player(options: argparse.Namespace) -> int:
    """A player with a typical number of games: the median of the rated players'."""
    code = (
        "from ratings.models import PlayerRating;"
        "q = PlayerRating.objects.filter(rating_list__slug='chess-standard', "
        "live_rating__isnull=False).order_by('games', 'player_id');"
        "n = q.count(); print(q.values_list('player_id', flat=True)[n // 2])"
    )
    return int(_shell(options, code))


def _sample_tournament(options: argparse.Namespace) -> str:
    """The slug of the newest tournament (a full field of ``--field`` players)."""
    code = (
        "from tournaments.models import Tournament;"
        "print(Tournament.objects.order_by('-start_date', 'pk').values_list('slug', flat=True)[0])"
    )
    return _shell(options, code)


def _search_paths(players: int) -> list[str]:
    """24 searches: a full name in either order, a name prefix, a club (bench names are
    ``Player01234``, first name ``Bench``; clubs ``Club 07``)."""
    step = max(1, players // 8)
    numbers = [1 + (i * step) % max(players, 1) for i in range(8)]
    paths = []
    for number in numbers:
        paths.append(f"/search/?q=Player{number:05d}")
        paths.append(f"/search/?q=Bench+Player{number:05d}")
        paths.append(f"/search/?q=player{number // 10:04d}")
    return [*paths[:21], "/search/?q=Club+07", "/search/?q=club+1", "/search/?q=Bench+Player0"]


# --------------------------------------------------------------------------- measuring


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_up(url: str, server: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn exited before serving; see its output above")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"gunicorn did not answer {url} within {timeout:.0f} s")


def _check(url: str) -> None:
    """Every measured URL must answer 200 (a 404 or 500 would be a very fast wrong page)."""
    with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310
        if response.status != 200:
            raise SystemExit(f"{url} answered {response.status}")


def _measure(
    options: argparse.Namespace, player_id: int, tournament: str
) -> list[tuple[str, str, dict]]:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(  # noqa: S603
        [
            str(gunicorn),
            "clubrating.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(options.workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=_server_env(_database_url(options)),
        start_new_session=True,
    )
    urls = [
        ("floor: /healthz", "/healthz"),
        ("home", "/"),
        ("leaderboard p.1", "/lists/chess-standard/"),
        (f"leaderboard p.{options.deep_page}", f"/lists/chess-standard/?page={options.deep_page}"),
        ("player", f"/players/{player_id}/"),
        ("search (24 queries)", "SEARCH"),
        ("tournament", f"/tournaments/{tournament}/"),
        ("tournament players", f"/tournaments/{tournament}/players/"),
        ("round 1", f"/tournaments/{tournament}/round/1/"),
        ("standings", f"/tournaments/{tournament}/standings/"),
        ("crosstable", f"/tournaments/{tournament}/crosstable/"),
    ]
    searches = _search_paths(options.players)
    connections = options.connections or options.workers
    results = []
    try:
        _wait_until_up(f"{base}/healthz", server)
        with tempfile.TemporaryDirectory() as folder:
            script = Path(folder) / "report.lua"
            script.write_text(WRK_SCRIPT)
            cold = random_script(
                Path(folder), WRK_SCRIPT, players=options.players, seed=options.seed
            )
            rotating = _rotating_script(Path(folder), searches)
            for label, path in urls:
                used = script
                if path == "SEARCH":
                    for search in searches:
                        _check(base + search)
                    path, used = searches[0], rotating
                else:
                    _check(base + path)
                # Warm-up: each worker's connection, caches, the database's buffers.
                _wrk(base + path, connections=connections, duration=2, script=used)
                print(f"   measuring {label} ({path}) …", flush=True)
                results.append(
                    (
                        label,
                        path,
                        _wrk(
                            base + path,
                            connections=connections,
                            duration=options.duration,
                            script=used,
                        ),
                    )
                )
            print("   measuring random player and leaderboard pages (cold) …", flush=True)
            results.append(
                (
                    "random pages (cold)",
                    "",
                    _wrk(base + "/", connections=connections, duration=options.duration,
                         script=cold),
                )
            )  # fmt: skip
            print(f"   measuring pages after {options.entries} result entries …", flush=True)
            results.append(
                (
                    "after an entry (cold)",
                    "",
                    after_entries(
                        base, _server_env(_database_url(options)), entries=options.entries
                    ),
                )
            )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    return results


def _report(results: list[tuple[str, str, dict]]) -> None:
    floor = results[0][2]["rps"]
    print()
    print(
        f"{'page':<24}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'of floor':>10}  target"
    )
    for label, _path, row in results:
        share = row["rps"] / floor
        if label.startswith("floor"):
            ok = ""
        elif label.endswith("(cold)"):  # misses by design: the p95 target only
            ok = "ok" if row["p95"] < 100 else "MISSED"
        else:
            ok = "ok" if share >= 0.30 and row["p95"] < 100 else "MISSED"
        print(
            f"{label:<24}{row['rps']:>9.0f}{row['p50']:>9.1f}{row['p95']:>9.1f}"
            f"{row['max']:>9.1f}{share:>9.0%}  {ok}"
        )
    print(
        "\ntargets: each page >= 30 % of the floor's req/s, p95 < 100 ms; cold pages (drawn at"
        " random across the list, or right after a result entry): p95 < 100 ms"
    )


def _drop(options: argparse.Namespace) -> None:
    """Drop the run's own database (not one named with ``--db-name``), unless ``--keep``."""
    if options.keep:
        print(f"   kept the benchmark database {options.db_name}")
    elif options.backend == "postgresql":
        from bench.ratings import _psql

        _psql(options.pg_url, f'DROP DATABASE IF EXISTS "{options.db_name}" WITH (FORCE)')
    else:
        (OUT / f"web-{options.db_name}.sqlite3").unlink(missing_ok=True)


def main() -> None:
    options = _parse()
    if options.seed_only:
        _seed(options)
        return
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    own = not options.db_name
    if own:  # a name of the run's own: two runs on one machine never collide
        options.db_name = f"clubrating_bench_web_{os.getpid()}_{int(time.time())}"
    if options.backend == "postgresql":
        _ensure_pg_database(options, drop=options.reseed)
    elif options.reseed:
        (OUT / f"web-{options.db_name}.sqlite3").unlink(missing_ok=True)
    try:
        _run(options)
    finally:
        if own:
            _drop(options)


def _run(options: argparse.Namespace) -> None:
    if options.no_measure:
        options.seed_only = True
    print(f"== bench-web on {options.backend}: {options.players} players, {options.games} games")
    args = [sys.executable, "-m", "bench.web", "--seed-only"]
    for name in ("players", "games", "backend", "pg_url", "db_name", "seed"):
        args += [f"--{name.replace('_', '-')}", str(getattr(options, name))]
    subprocess.run(args, cwd=ROOT, check=True)  # noqa: S603
    if options.seed_only:
        return
    player_id = _sample_player(options)
    tournament = _sample_tournament(options)
    print(f"== gunicorn ({options.workers} workers) + wrk, {options.duration} s per page")
    _report(_measure(options, player_id, tournament))


if __name__ == "__main__":
    main()

"""Benchmark the FIDE rating list import on a generated list of FIDE's size.

Usage::

    python -m bench.fide_import                   # 1,500,000 lines, SQLite
    python -m bench.fide_import --lines 100000 --backends sqlite,postgresql

For each backend the script writes a list in the layout of FIDE's combined players list (the
header, then ``--lines`` players: about 60 % unrated in all three lists, as in FIDE's own) to a
temporary file, creates a throwaway database (a temporary SQLite file; a PostgreSQL database
named ``clubrating_bench_fide_<pid>`` on ``--pg-url``, dropped at the end), migrates it and
imports the file twice with ``import_fide_list``, each import in a process of its own: the
first creates every player and the starting ratings, then replays the three chess lists; the
second reads the same 1.5 million lines and finds nothing to change. It prints, per import,
the seconds, the lines per second and the process's peak memory. The reading and writing
stream (the second import's peak is the streaming footprint, whatever the length of the
list); the first import's peak also holds the replay of the lists, which reads every player
rated in them at once.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
FEDERATIONS = ("ENG", "GER", "FRA", "IND", "USA", "RUS", "ESP", "ITA", "NED", "NOR")
TITLES = ("", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM")


def _parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=1_500_000)
    parser.add_argument("--backends", default="sqlite")
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--child", help=argparse.SUPPRESS)  # internal: a backend's DB URL
    parser.add_argument("--file", help=argparse.SUPPRESS)  # internal: the generated list
    parser.add_argument("--run", help=argparse.SUPPRESS)  # internal: first or again
    return parser.parse_args()


def _rating(rng: random.Random) -> tuple[str, str, str]:
    if rng.random() < 0.6:
        return "0", "0", ""
    rating = rng.randint(1000, 2800)
    return str(rating), str(rng.randint(0, 9)), str(rng.choice((10, 20, 40)))


def write_list(path: Path, lines: int, seed: int) -> None:
    rng = random.Random(seed)
    with path.open("w", encoding="ascii", newline="\r\n") as out:
        out.write(HEADER + "\n")
        for number in range(lines):
            name = f"Player{number:07d}, Given{rng.randint(1, 999):03d}"
            sex = "F" if rng.random() < 0.12 else "M"
            line = (
                f"{1_000_000 + number:<15}{name:<61}{rng.choice(FEDERATIONS):<4}{sex:<4}"
                f"{rng.choice(TITLES):<5}{'':<5}{'':<15}{'':<4}"
            )
            for rating, games, k in (_rating(rng), _rating(rng), _rating(rng)):
                line += f"{rating:<6}{games:<4}{k:<3}"
            line += f"{rng.randint(1940, 2018):<6}{'':<4}"
            out.write(line + "\n")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _child(url: str, file: str, run: str) -> dict[str, object]:
    os.environ["DATABASE_URL"] = url
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ["DJANGO_SETTINGS_MODULE"] = "clubrating.settings"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from actions.fide_list import import_fide_list
    from core.roles import SYSTEM
    from rules.files.fide_list import text_lines

    row: dict[str, object] = {"backend": url.split(":")[0], "baseline_mb": _peak_mb()}
    started = time.perf_counter()
    with open(file, "rb") as handle:
        stats = import_fide_list(
            lines=text_lines(handle), list_date=datetime.date(2026, 10, 1), actor=SYSTEM
        )
    row["seconds"] = time.perf_counter() - started
    row["peak_mb"] = _peak_mb()
    row["stats"] = [stats.read, stats.created, stats.updated, stats.unchanged]
    return row


def _psql(pg_url: str, sql: str) -> None:
    from urllib.parse import urlsplit

    import psycopg

    parts = urlsplit(pg_url)
    with psycopg.connect(
        host=parts.hostname,
        port=parts.port or 5432,
        user=parts.username or "postgres",
        password=parts.password,
        dbname="postgres",
        autocommit=True,
    ) as connection:
        connection.execute(sql)


def _run_child(url: str, file: Path, run: str) -> dict[str, object]:
    args = [sys.executable, "-m", "bench.fide_import", "--child", url, "--file", str(file)]
    args += ["--run", run]
    done = subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT)  # noqa: S603
    return json.loads(done.stdout.strip().splitlines()[-1])


def _report(backend: str, url: str, path: Path) -> None:
    for run, label in (("first", "first import"), ("again", "same list again")):
        row = _run_child(url, path, run)
        read, created, updated, unchanged = row["stats"]
        print(
            f"{backend:<11}{label:<17}{row['seconds']:>9.1f} s{read / row['seconds']:>12,.0f} "
            f"lines/s   created {created:,}, updated {updated:,}, unchanged {unchanged:,}; "
            f"peak memory {row['peak_mb']:.0f} MB (Django migrated: {row['baseline_mb']:.0f} MB)"
        )


def main() -> None:
    options = _parse()
    if options.child:
        print(json.dumps(_child(options.child, options.file, options.run)))
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "players_list_foa.txt"
        started = time.perf_counter()
        write_list(path, options.lines, options.seed)
        size = path.stat().st_size / 1024 / 1024
        print(
            f"generated {options.lines:,} lines ({size:.0f} MB) in "
            f"{time.perf_counter() - started:.1f} s; load average {os.getloadavg()[0]:.2f}"
        )
        for backend in [b.strip() for b in options.backends.split(",") if b.strip()]:
            if backend == "sqlite":
                _report(backend, f"sqlite:///{folder}/bench.sqlite3", path)
            elif backend == "postgresql":
                name = f"clubrating_bench_fide_{os.getpid()}"
                _psql(options.pg_url, f'DROP DATABASE IF EXISTS "{name}"')
                _psql(options.pg_url, f'CREATE DATABASE "{name}"')
                try:
                    _report(backend, f"{options.pg_url.rstrip('/')}/{name}", path)
                finally:
                    _psql(options.pg_url, f'DROP DATABASE IF EXISTS "{name}"')
            else:
                raise SystemExit(f"unknown backend {backend!r}")
    print(f"load average after: {os.getloadavg()[0]:.2f} (2 cores)")


if __name__ == "__main__":
    main()

"""Benchmark the full rating replay against its I/O floor, on SQLite and PostgreSQL.

Usage::

    python bench/ratings.py                       # 10,000 players, 500,000 games, both DBs
    python bench/ratings.py --players 1000 --games 20000 --backends sqlite   # a quick run

For each backend the script creates a throwaway database (a temporary SQLite file; a
PostgreSQL database named ``clubrating_bench_<pid>`` on ``--pg-url``, dropped at the end —
no other database is touched), migrates it, and generates a history: players (90 % with a
starting rating, some juniors, 10 % newcomers), tournaments of ``--field`` players and
``--rounds`` rounds spread over ``--periods`` monthly rating periods plus the open one, the
published lists closing those periods, and ``--games`` rated games. The history is written
directly (no services), which is not measured.

Then it measures, in the same process and on the same data:

- the **I/O floor**: read the rated games with the replay's own query, and write two ledger
  rows per game with the replay's own bulk method (COPY on PostgreSQL, batched
  ``executemany`` on SQLite), with constant numbers instead of any rating logic;
- the **full replay**: ``recompute_ratings`` for the list (reads everything, runs the pure
  FIDE replay, writes the ledger, the published lists and the ``PlayerRating`` rows);
- the pure replay alone (in memory, for information);
- an incremental replay of the open period only, from the last list's checkpoint (what one
  result entry costs on a list of that size).

and prints seconds, games replayed per second and the ratio replay / floor (target <= 2).
Each backend runs in its own child process (Django is configured once per process).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ("10", "==", "01")
RESULT_WEIGHTS = (0.38, 0.30, 0.32)


def _parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=500_000)
    parser.add_argument("--periods", type=int, default=12, help="closed monthly periods")
    parser.add_argument("--field", type=int, default=50, help="players per tournament")
    parser.add_argument("--rounds", type=int, default=10, help="rounds per tournament")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--child", help=argparse.SUPPRESS)  # internal: a backend's DB URL
    return parser.parse_args()


# --------------------------------------------------------------------------- child


def _setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ["DJANGO_SETTINGS_MODULE"] = "clubrating.settings"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _generate(options: argparse.Namespace) -> int:
    """Write the history; return the rating list id."""
    from django.db import transaction

    from players.models import Player
    from ratings.models import PlayerRating, PublishedList, RatingList
    from ratings.recompute import write_rows
    from tournaments.enums import GameStage
    from tournaments.models import Game, Round, Tournament

    rng = random.Random(options.seed)
    rating_list = RatingList.objects.get(slug="chess-standard")
    first = datetime.date(2024, 1, 1)
    list_dates = [
        datetime.date(2024 + (m + 1) // 12, (m + 1) % 12 + 1, 1) for m in range(options.periods)
    ]
    last_day = (list_dates[-1] if list_dates else first) + datetime.timedelta(days=25)
    span = (last_day - first).days
    with transaction.atomic():
        Player.objects.bulk_create(
            [
                Player(
                    id=i,
                    last_name=f"Player{i:05d}",
                    sex="m" if rng.random() < 0.8 else "f",
                    birth_date=(
                        datetime.date(rng.randint(2008, 2014), rng.randint(1, 12), 1)
                        if rng.random() < 0.2
                        else None
                    ),
                )
                for i in range(1, options.players + 1)
            ],
            batch_size=2000,
        )
        ratings = []
        for i in range(1, options.players + 1):
            rated = rng.random() < 0.9
            rating = max(1400, min(2750, int(rng.gauss(1850, 280)))) if rated else None
            ratings.append(
                PlayerRating(
                    rating_list=rating_list,
                    player_id=i,
                    starting_rating=rating,
                    starting_games=rng.randint(0, 300) if rated else 0,
                )
            )
        PlayerRating.objects.bulk_create(ratings, batch_size=2000)
        PublishedList.objects.bulk_create(
            [PublishedList(rating_list=rating_list, date=d) for d in list_dates]
        )
        boards = options.field // 2
        per_tournament = boards * options.rounds
        count = -(-options.games // per_tournament)
        tournaments, rounds, games = [], [], []
        player_ids = list(range(1, options.players + 1))
        game_id = 0
        for t in range(1, count + 1):
            start = first + datetime.timedelta(days=rng.randrange(span))
            end = start + datetime.timedelta(days=rng.randint(0, 6))
            tournaments.append(
                Tournament(
                    id=t,
                    name=f"Tournament {t}",
                    slug=f"t-{t}",
                    rating_list=rating_list,
                    start_date=start,
                    end_date=end,
                    rounds_planned=options.rounds,
                )
            )
            field = rng.sample(player_ids, options.field)
            for number in range(1, options.rounds + 1):
                round_id = (t - 1) * options.rounds + number
                day = min(end, start + datetime.timedelta(days=(number - 1) // 2))
                rounds.append(Round(id=round_id, tournament_id=t, number=number, date=day))
                rng.shuffle(field)
                for board in range(boards):
                    if game_id >= options.games:
                        break
                    game_id += 1
                    result = rng.choices(RESULTS, RESULT_WEIGHTS)[0]
                    games.append(
                        (
                            game_id,
                            round_id,
                            board + 1,
                            field[2 * board],
                            field[2 * board + 1],
                            result,
                            0,
                            GameStage.CLASSICAL,
                        )
                    )
        Tournament.objects.bulk_create(tournaments, batch_size=2000)
        Round.objects.bulk_create(rounds, batch_size=2000)
        write_rows(
            Game._meta.db_table,
            ("id", "round_id", "board", "white_id", "black_id", "result", "handicap", "stage"),
            games,
        )
    return rating_list.pk


def _analyze() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def _io_floor(rating_list_id: int) -> dict[str, float]:
    """Read the games with the replay's query; write as many ledger rows the replay's way."""
    from django.db import transaction

    from ratings.models import RatingChange
    from ratings.recompute import rated_games_query, write_rows

    # Timed like the replay: one transaction, commit included (PostgreSQL checks the
    # deferred foreign keys of the new rows at commit).
    started = time.perf_counter()
    with transaction.atomic():
        games = list(rated_games_query(rating_list_id).iterator(chunk_size=20000))
        read = time.perf_counter() - started

        def rows():
            for gid, tid, day, white, black, _ in games:
                for player, opponent in ((white, black), (black, white)):
                    yield (
                        rating_list_id, None, gid, tid, player, opponent, day,
                        1800, 1800, 1800, False, "0.5", "0.50", 20, "0.00", None,
                    )  # fmt: skip

        written = write_rows(RatingChange._meta.db_table, RatingChange.COLUMNS, rows())
    write = time.perf_counter() - started - read
    RatingChange.objects.filter(rating_list_id=rating_list_id).delete()
    return {"read": read, "write": write, "floor": read + write, "floor_rows": written}


def _pure(rating_list_id: int) -> float:
    from ratings.models import RatingList
    from ratings.recompute import _load
    from rules.ratings.registry import get_system
    from rules.ratings.replay import replay

    inputs = _load(RatingList.objects.get(pk=rating_list_id))
    started = time.perf_counter()
    replay(
        get_system("fide"),
        players=inputs.players,
        tournaments=inputs.tournaments,
        list_dates=inputs.list_dates,
        games=inputs.games,
    )
    return time.perf_counter() - started


def _child(options: argparse.Namespace) -> dict[str, object]:
    _setup_django(options.child)
    from django.db import connection

    from actions.ratings import recompute_ratings, replay_rating_list
    from core.roles import SYSTEM
    from ratings.models import PublishedList, RatingList

    started = time.perf_counter()
    list_id = _generate(options)
    _analyze()
    generated = time.perf_counter() - started
    floor = _io_floor(list_id)
    _analyze()
    started = time.perf_counter()
    (stats,) = recompute_ratings(actor=SYSTEM, rating_list=RatingList.objects.get(pk=list_id))
    replay_seconds = time.perf_counter() - started
    pure = _pure(list_id)
    # What one result entry in the open period costs: a replay from the last list's
    # checkpoint (reads and rewrites the open period only).
    last = PublishedList.objects.filter(rating_list_id=list_id).order_by("-date").first()
    started = time.perf_counter()
    open_stats = replay_rating_list(
        actor=SYSTEM,
        rating_list=RatingList.objects.get(pk=list_id),
        from_date=last.date if last else None,
    )
    incremental = time.perf_counter() - started
    return {
        "backend": connection.vendor,
        "games": stats.games,
        "ledger_rows": stats.ledger_rows,
        "published_rows": stats.published_rows,
        "generate": generated,
        **floor,
        "replay": replay_seconds,
        "pure": pure,
        "incremental": incremental,
        "incremental_games": open_stats.games,
    }


# --------------------------------------------------------------------------- parent


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


def _run_child(options: argparse.Namespace, url: str) -> dict[str, object]:
    args = [sys.executable, __file__, "--child", url]
    for name in ("players", "games", "periods", "field", "rounds", "seed"):
        args += [f"--{name}", str(getattr(options, name))]
    done = subprocess.run(args, check=True, capture_output=True, text=True)  # noqa: S603
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    options = _parse()
    if options.child:
        print(json.dumps(_child(options)))
        return
    results = []
    for backend in [b.strip() for b in options.backends.split(",") if b.strip()]:
        print(f"== {backend}: generating {options.players} players, {options.games} games …")
        if backend == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                results.append(_run_child(options, f"sqlite:///{folder}/bench.sqlite3"))
        elif backend == "postgresql":
            name = f"clubrating_bench_{os.getpid()}"
            _psql(options.pg_url, f'DROP DATABASE IF EXISTS "{name}"')
            _psql(options.pg_url, f'CREATE DATABASE "{name}"')
            try:
                results.append(_run_child(options, f"{options.pg_url.rstrip('/')}/{name}"))
            finally:
                _psql(options.pg_url, f'DROP DATABASE IF EXISTS "{name}"')
        else:
            raise SystemExit(f"unknown backend {backend!r}")
        row = results[-1]
        print(
            f"   generated in {row['generate']:.1f} s; {row['games']} games, "
            f"{row['ledger_rows']} ledger rows, {row['published_rows']} published rows; "
            f"open-period replay (one result entry): {row['incremental']:.2f} s for "
            f"{row['incremental_games']} games"
        )
    print()
    header = (
        f"{'backend':<11}{'replay s':>10}{'games/s':>11}{'floor s':>9}{'(read':>8}"
        f"{'write)':>8}{'ratio':>7}{'pure s':>8}"
    )
    print(header)
    for row in results:
        print(
            f"{row['backend']:<11}{row['replay']:>10.2f}{row['games'] / row['replay']:>11,.0f}"
            f"{row['floor']:>9.2f}{row['read']:>8.2f}{row['write']:>8.2f}"
            f"{row['replay'] / row['floor']:>7.2f}{row['pure']:>8.2f}"
        )
    print("\nratio = full replay / I/O floor (target <= 2.00)")


if __name__ == "__main__":
    main()

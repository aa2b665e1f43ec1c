"""The data of ``bench/users.py``, in a child process with Django configured on the run's own
database: the history of ``bench/ratings.py`` (with ``bench/web.py``'s federations and clubs),
shaped like a club's live season, then the full replay and its floor, timed here.

Shaping (all before the replay, so every rating is consistent):

- the ``--live`` newest tournaments are moved into the open period, set running, their players
  entered, and their last round's results cleared: the boards an arbiter enters;
- ``--big`` tournaments of 200 players, one round of 100 boards without results: the organiser
  round page at 100 boards;
- ``--corrections`` boards of the last round of tournaments six periods back, players entered;
- ``WRITERS`` arbiters (``bench-arbiter-00`` …), each an arbiter of all those tournaments.

It prints one JSON line: the replay's and its floor's seconds, and what the parent measures.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import sys
import time

from bench.ratings import ROOT

WRITERS = 20
PASSWORD = "bench-only-password-7931"  # noqa: S105 - a throwaway database's arbiters
BIG_PLAYERS = 200
LIVE_BOARDS = 25  # bench/web.py's history: fields of 50 players


def _setup(env: dict[str, str]) -> None:
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def _reset_sequences() -> None:
    """The generator writes explicit ids: move the sequences past them."""
    from django.core.management.color import no_style
    from django.db import connection

    from players.models import Club, Player
    from tournaments.models import Game, Round, Tournament

    statements = connection.ops.sequence_reset_sql(
        no_style(), [Club, Player, Tournament, Round, Game]
    )
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def _enter_players(tournament_ids: list[int]) -> None:
    from tournaments.models import Game, Registration

    pairs = Game.objects.filter(round__tournament_id__in=tournament_ids).values_list(
        "round__tournament_id", "white_id", "black_id"
    )
    seen = set()
    for tid, white, black in pairs:
        seen.update({(tid, white), (tid, black)})
    Registration.objects.bulk_create(
        [Registration(tournament_id=t, player_id=p) for t, p in sorted(seen) if p],
        batch_size=5000,
        ignore_conflicts=True,
    )


def _live(count: int, last: datetime.date) -> list[dict]:
    """The ``count`` newest tournaments, moved into the open period, last round cleared."""
    from django.db.models import Count, F

    from tournaments.enums import TournamentStatus
    from tournaments.models import Game, Round, Tournament

    # Whole tournaments only (the generator's last one may stop short): 25 boards a round.
    whole = Tournament.objects.annotate(played=Count("rounds__games")).filter(
        played=F("rounds_planned") * LIVE_BOARDS
    )
    chosen = list(whole.order_by("-end_date", "-pk").values_list("pk", flat=True)[:count])
    if len(chosen) < count:
        raise SystemExit(f"only {len(chosen)} whole tournaments: ask for more --games")
    start = last + datetime.timedelta(days=1)
    Tournament.objects.filter(pk__in=chosen, end_date__lt=last).update(
        start_date=start, end_date=start + datetime.timedelta(days=5)
    )
    Round.objects.filter(tournament_id__in=chosen, date__lt=last).update(date=start)
    Tournament.objects.filter(pk__in=chosen).update(status=TournamentStatus.RUNNING)
    _enter_players(chosen)
    out = []
    for tournament in Tournament.objects.filter(pk__in=chosen).order_by("pk"):
        last_round = tournament.rounds.order_by("-number").first()
        Game.objects.filter(round=last_round).update(result="")
        boards = list(Game.objects.filter(round=last_round).values_list("board", flat=True))
        out.append({"slug": tournament.slug, "round": last_round.number, "boards": boards})
    return out


def _big(count: int, last: datetime.date, players: int, rng: random.Random) -> list[dict]:
    """``count`` tournaments of 200 players, one round of 100 boards without results."""
    from ratings.models import RatingList
    from tournaments.enums import TournamentStatus
    from tournaments.models import Game, Registration, Round, Tournament

    rating_list = RatingList.objects.get(slug="chess-standard")
    start = last + datetime.timedelta(days=2)
    out = []
    for index in range(count):
        tournament = Tournament.objects.create(
            name=f"Open {index}",
            slug=f"big-{index}",
            rating_list=rating_list,
            start_date=start,
            end_date=start + datetime.timedelta(days=6),
            rounds_planned=7,
            status=TournamentStatus.RUNNING,
        )
        field = rng.sample(range(1, players + 1), BIG_PLAYERS)
        Registration.objects.bulk_create(
            [
                Registration(tournament=tournament, player_id=p, pairing_number=n)
                for n, p in enumerate(field, 1)
            ]
        )
        round_ = Round.objects.create(tournament=tournament, number=1, date=start)
        Game.objects.bulk_create(
            [
                Game(round=round_, board=b + 1, white_id=field[2 * b], black_id=field[2 * b + 1])
                for b in range(BIG_PLAYERS // 2)
            ]
        )
        out.append({"slug": tournament.slug, "round": 1, "boards": BIG_PLAYERS // 2})
    return out


def _correction_boards(count: int, dates: list, rng: random.Random) -> list[dict]:
    """One board of the last round of ``count`` tournaments six periods back."""
    from tournaments.models import Game, Tournament

    if len(dates) < 7:
        raise SystemExit("the corrections need 7 published lists (12 periods are generated)")
    pool = list(
        Tournament.objects.filter(end_date__gte=dates[-7], end_date__lt=dates[-6]).values_list(
            "pk", flat=True
        )
    )
    chosen = rng.sample(pool, min(count, len(pool)))
    _enter_players(chosen)
    out = []
    for tournament in Tournament.objects.filter(pk__in=chosen).order_by("pk"):
        game = (
            Game.objects.filter(round__tournament=tournament)
            .order_by("-round__number", "board")
            .select_related("round")
            .first()
        )
        out.append({"slug": tournament.slug, "round": game.round.number, "board": game.board})
    return out


def _arbiters(slugs: list[str]) -> None:
    from django.contrib.auth import get_user_model

    from tournaments.models import Tournament

    model = get_user_model()
    users = [
        model.objects.create_user(username=f"bench-arbiter-{n:02d}", password=PASSWORD)
        for n in range(WRITERS)
    ]
    through = Tournament.arbiters.through
    tournaments = Tournament.objects.filter(slug__in=slugs).values_list("pk", flat=True)
    through.objects.bulk_create(
        [through(tournament_id=t, user_id=u.pk) for t in tournaments for u in users]
    )


def _public_urls(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct public URLs: player pages across the activity range, leaderboard
    pages and filters, standings and crosstables of tournaments of every period, searches."""
    from bench.web import CLUBS, FEDERATIONS, _search_paths
    from ratings.models import PlayerRating
    from tournaments.models import Tournament

    players = list(
        PlayerRating.objects.filter(rating_list__slug="chess-standard")
        .order_by("games", "player_id")
        .values_list("player_id", flat=True)
    )
    share = max(1, count * 4 // 10)
    picked = [players[(len(players) - 1) * i // max(1, share - 1)] for i in range(share)]
    urls = [f"/players/{pid}/" for pid in dict.fromkeys(picked)]
    pages = max(1, len(players) // 50)
    board = "/lists/chess-standard/"
    urls += [board, f"{board}?sex=f", f"{board}?juniors=on"]
    urls += [f"{board}?federation={code}" for code in FEDERATIONS[:3]]
    urls += [f"{board}?club={1 + rng.randrange(CLUBS)}", f"{board}?federation=GER&page=2"]
    urls += [f"{board}?page={1 + pages * i // 6}" for i in range(1, 6)]
    slugs = list(Tournament.objects.order_by("start_date", "pk").values_list("slug", flat=True))
    wanted = max(1, count * 3 // 10 // 2)
    for slug in [slugs[(len(slugs) - 1) * i // max(1, wanted - 1)] for i in range(wanted)]:
        urls += [f"/tournaments/{slug}/standings/", f"/tournaments/{slug}/crosstable/"]
    urls += _search_paths(len(players))
    return list(dict.fromkeys(urls))[:count]


def _replay_floor(rating_list) -> float:
    """The replay's floor: read what it reads, run the pure replay, COPY the ledger into a
    table without constraints or indexes; one transaction, commit included."""
    from django.db import connection, transaction

    from ratings.models import RatingChange
    from ratings.recompute import compute, write_rows
    from ratings.recompute.writing import ledger_tuples

    columns = ", ".join(RatingChange.COLUMNS)
    table = RatingChange._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE bench_floor_ledger AS SELECT {columns} FROM {table} WITH NO DATA"  # noqa: S608
        )
    started = time.perf_counter()
    with transaction.atomic():
        inputs, result = compute(rating_list)
        write_rows(
            "bench_floor_ledger",
            RatingChange.COLUMNS,
            ledger_tuples(
                result.ledger,
                rating_list_id=rating_list.pk,
                period_ids=[*inputs.list_ids, None],
                scale=result.ledger_scale,
            ),
        )
    seconds = time.perf_counter() - started
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE bench_floor_ledger")
    return seconds


def seed(options: argparse.Namespace, env: dict[str, str]) -> dict:
    _setup(env)
    from django.db import connection

    from actions.ratings import recompute_ratings
    from bench.web import _write_history
    from core.roles import SYSTEM
    from ratings.models import PublishedList, RatingList

    rng = random.Random(options.seed)
    _write_history(options)
    _reset_sequences()
    dates = list(PublishedList.objects.order_by("date").values_list("date", flat=True))
    live = _live(options.live, dates[-1])
    big = _big(options.big, dates[-1], options.players, rng)
    corrections = _correction_boards(options.corrections, dates, rng)
    _arbiters([t["slug"] for t in live + big] + [c["slug"] for c in corrections])
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    rating_list = RatingList.objects.get(slug="chess-standard")
    print("   full replay …", flush=True)
    started = time.perf_counter()
    recompute_ratings(actor=SYSTEM, rating_list=rating_list)
    replay = time.perf_counter() - started
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    print("   the replay's floor …", flush=True)
    floor = _replay_floor(rating_list)
    return {
        "replay": replay,
        "replay_floor": floor,
        "live": live,
        "big": big,
        "corrections": corrections,
        "public": _public_urls(options.urls, rng),
        "password": PASSWORD,
        "writers": WRITERS,
    }


def main(options: argparse.Namespace, env: dict[str, str]) -> None:
    print("RESULT " + json.dumps(seed(options, env)), flush=True)

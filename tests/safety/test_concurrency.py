"""Concurrent result entry: real threads, each with its own database connection.

Six organisers enter and correct results in two tournaments of one rating list at the same
time (210 service calls), and all of them race for the same ten boards. Afterwards
every derived row (player ratings, ledger, published list) is exactly what a full replay
from scratch computes, every organiser's own boards hold their last result, and each raced
board went to exactly one organiser: the others were told "changed meanwhile".

SQLite's test database is one in-memory database shared by the threads, where a writer
that finds it locked fails at once instead of waiting; the suite runs these tests on
PostgreSQL (CI does).
"""

from __future__ import annotations

import datetime
import random
import threading
from collections import Counter
from collections.abc import Callable

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction

from actions.boards import BoardChanged
from actions.ratings import recompute_ratings
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from core.roles import SYSTEM
from tests.factories import (
    make_game,
    make_player,
    make_rating,
    make_round,
    make_tournament,
    register,
    standard_list,
)
from tests.helpers import derived_state, rated_history
from tests.safety.concurrency import run_threads
from tournaments.enums import PairingSystem
from tournaments.models import Game, Round

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the threads need a database server with row locks (PostgreSQL)",
    ),
]

THREADS = 6
CODES = ("10", "==", "01")


def test_concurrent_entries_and_corrections_end_in_the_state_of_a_full_replay():
    history = rated_history(players=12, rounds=5)  # 2 tournaments × 5 rounds × 6 = 60 boards
    games = history["games"]
    contested, own = games[:10], games[10:]
    rng = random.Random(7)
    # Each organiser owns every sixth board: enter, correct, correct again (3 calls each).
    plans: dict[int, list[tuple[int, str, str]]] = {t: [] for t in range(THREADS)}
    final: dict[int, str] = {}
    for index, game in enumerate(own):
        first, second, third = rng.choice(CODES), rng.choice(CODES), rng.choice(CODES)
        steps = [("", first), (first, second), (second, third)]
        plans[index % THREADS].extend((game.pk, before, after) for before, after in steps)
        final[game.pk] = third
    # Everybody races for the contested boards, each with a result of their own choice.
    race = {t: {g.pk: CODES[(t + i) % 3] for i, g in enumerate(contested)} for t in range(THREADS)}
    won: Counter[tuple[int, str]] = Counter()
    changed_meanwhile: Counter[tuple[int, str]] = Counter()
    lock = threading.Lock()

    def rng_for(number: int) -> random.Random:
        return random.Random(100 + number)

    def organiser(number: int) -> Callable[[], None]:
        def job() -> None:
            own_steps = list(plans[number])
            raced = [(pk, "", code) for pk, code in race[number].items()]
            # Interleave the raced boards into the own plan, keeping each board's order.
            for position, step in zip(rng_for(number).sample(range(40), 10), raced, strict=True):
                own_steps.insert(min(position, len(own_steps)), step)
            for pk, before, after in own_steps:
                game = Game.objects.select_related("round__tournament").get(pk=pk)
                try:
                    record_result(
                        game=game,
                        result=after,
                        expected_result=before,
                        correction=bool(before),
                        later_rounds_confirmed=True,
                        actor=SYSTEM,
                    )
                except BoardChanged:
                    assert pk in race[number], f"own board {pk} reported as changed"
                    with lock:
                        changed_meanwhile[(pk, after)] += 1
                else:
                    if pk in race[number]:
                        with lock:
                            won[(pk, after)] += 1

        return job

    errors = run_threads([organiser(t) for t in range(THREADS)])

    assert errors == []
    assert sum(len(p) for p in plans.values()) + THREADS * len(contested) == 50 * 3 + 6 * 10
    results = dict(Game.objects.filter(pk__in=[g.pk for g in games]).values_list("pk", "result"))
    assert {pk: results[pk] for pk in final} == final
    for game in contested:
        entered = results[game.pk]
        posted = Counter(race[t][game.pk] for t in range(THREADS))
        # Whoever posted the winning result succeeded (the first wrote, the others found it
        # in place); everybody else was told the board had changed.
        assert won[(game.pk, entered)] == posted[entered]
        assert sum(n for (pk, _code), n in won.items() if pk == game.pk) == posted[entered]
        assert (
            sum(n for (pk, _code), n in changed_meanwhile.items() if pk == game.pk)
            == THREADS - posted[entered]
        )
    concurrent = derived_state()
    recompute_ratings(rating_list=history["list"], actor=SYSTEM)
    assert derived_state() == concurrent
    assert len(concurrent["ledger"]) == 2 * len(games)


def test_pairing_the_same_round_from_two_threads_makes_one_round():
    history = rated_history(players=8, rounds=0)
    tournament = history["tournaments"][1]
    tournament.pairing_system = PairingSystem.SWISS_DUTCH
    tournament.rounds_planned = 3
    tournament.save()
    rounds: list[Round] = []
    refused: list[str] = []

    def pair() -> None:
        try:
            rounds.append(pair_next_round(tournament=tournament, number=1, actor=SYSTEM))
        except ValidationError as error:
            refused.extend(error.messages)

    errors = run_threads([pair, pair, pair])

    assert errors == []
    assert refused == []
    assert len({r.pk for r in rounds}) == 1
    assert Round.objects.filter(tournament=tournament).count() == 1
    publish_round(round=rounds[0], actor=SYSTEM)
    assert Game.objects.filter(round=rounds[0]).count() == 4


def test_writers_of_different_tournaments_of_one_list_do_not_wait_for_each_other():
    """One arbiter's transaction stays open after their result; an arbiter of another
    tournament of the same list enters and commits theirs meanwhile (each locks only the
    rows of their own players), and both end in the state of a full replay."""
    rating_list = standard_list()
    games = []
    for number in range(2):
        tournament = make_tournament(start_date=datetime.date(2026, 3, 1 + number))
        white, black = make_player(f"White{number}"), make_player(f"Black{number}")
        for player, rating in ((white, 1700 + number), (black, 1600 + number)):
            make_rating(player, rating, starting_rating=rating, games=30)
        register(tournament, white, black)
        games.append(make_game(make_round(tournament), white, black))
    first, second = (
        Game.objects.select_related("round__tournament").get(pk=game.pk) for game in games
    )
    first_entered, second_committed = threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def holder() -> None:
        with transaction.atomic():
            record_result(game=first, result="10", actor=SYSTEM)
            first_entered.set()
            # Committed only once the other writer has committed (or given up waiting).
            seen["other committed meanwhile"] = second_committed.wait(timeout=30)

    def other() -> None:
        first_entered.wait(timeout=30)
        record_result(game=second, result="01", actor=SYSTEM)
        second_committed.set()
        seen["holder's result seen"] = Game.objects.get(pk=first.pk).result

    errors = run_threads([holder, other])

    assert errors == []
    assert seen == {"other committed meanwhile": True, "holder's result seen": ""}
    results = dict(Game.objects.filter(pk__in=[first.pk, second.pk]).values_list("pk", "result"))
    assert results == {first.pk: "10", second.pk: "01"}
    entered = derived_state()
    recompute_ratings(rating_list=rating_list, actor=SYSTEM)
    assert derived_state() == entered
    assert len(entered["ledger"]) == 4

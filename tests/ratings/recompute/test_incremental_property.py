"""Property: any sequence of entries and corrections leaves the state of a full replay.

Each example builds a small club (six players, some with starting ratings, three tournaments
spread over three rating periods, one of them spanning a list date), then applies a random
sequence of service calls, interleaved: games added with or without a result, results
entered, corrected or cleared and games deleted (incremental updates: in the open period, the
players' own rows only; in a closed period, the players it reaches, period by period), lists
published or withdrawn, starting ratings changed (replays from their period), full replays.
After every call the derived state (ledger, published lists, ``PlayerRating`` derived fields
and states, the checkpoints stored on the published lists) must equal the state after
``recompute_ratings`` from scratch, and nothing may be left pending. For all three systems
(FIDE, EGF, FESA); ``make test-slow`` runs many more examples.
"""

from __future__ import annotations

import contextlib
import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actions.boards import add_game, delete_game
from actions.ratings import (
    close_rating_period,
    recompute_ratings,
    reopen_rating_period,
    set_declared_grade,
    set_starting_rating,
)
from actions.results import record_result
from core import unit_of_work
from core.roles import SYSTEM
from ratings.models import (
    PendingUpdate,
    PlayerRating,
    PublishedList,
    PublishedRating,
    RatingChange,
    RatingList,
)
from tests.factories import make_player, make_round, make_tournament, register, standard_list
from tournaments.models import Game

pytestmark = pytest.mark.django_db

D = datetime.date
RESULTS = ["10", "==", "01", "", "+-", "WL"]
LIST_DATES = [D(2025, 2, 1), D(2025, 3, 1), D(2025, 4, 1)]
TOURNAMENTS = [
    (D(2025, 1, 5), D(2025, 1, 10)),
    (D(2025, 1, 28), D(2025, 2, 3)),  # spans the February list
    (D(2025, 2, 20), D(2025, 3, 5)),
]
PLAYERS = 6
ROUNDS = 3

game_op = st.tuples(
    st.just("game"),
    st.integers(0, len(TOURNAMENTS) - 1),
    st.integers(0, ROUNDS - 1),
    st.integers(0, PLAYERS - 1),
    st.integers(0, PLAYERS - 1),
    st.sampled_from(RESULTS),
)
correct_op = st.tuples(st.just("correct"), st.integers(0, 40), st.sampled_from(RESULTS))
delete_op = st.tuples(st.just("delete"), st.integers(0, 40))
full_op = st.tuples(st.just("full"))
close_op = st.tuples(st.just("close"))
reopen_op = st.tuples(st.just("reopen"))
start_op = st.tuples(
    st.just("start"),
    st.integers(0, PLAYERS - 1),
    st.one_of(st.none(), st.integers(1350, 2700)),
    st.sampled_from([None, D(2025, 1, 1), D(2025, 2, 15)]),
)
operations = st.lists(
    st.one_of(
        game_op,
        game_op,
        game_op,
        correct_op,
        correct_op,
        close_op,
        start_op,
        reopen_op,
        delete_op,
        full_op,
    ),
    min_size=1,
    max_size=24,
)
starting = st.lists(
    st.one_of(st.none(), st.integers(1400, 2500), st.integers(1400, 2500)),
    min_size=PLAYERS,
    max_size=PLAYERS,
)


def derived_state() -> dict[str, list]:
    """Every derived row, without primary keys (a full replay renumbers them)."""
    return {
        "ratings": sorted(
            PlayerRating.objects.values_list(
                "player_id", "starting_rating", "rating", "live_rating", "period_change",
                "period_games", "k", "games", "peak", "last_played", "grade", "status", "state",
            )
        ),
        "ledger": sorted(
            RatingChange.objects.values_list(
                *("period__date" if name == "period_id" else name for name in RatingChange.COLUMNS)
            ),
            key=repr,
        ),
        "published": sorted(
            PublishedRating.objects.values_list(
                "published_list__date", "player_id", "rating", "games", "k", "change", "grade"
            )
        ),
        "checkpoints": list(
            PublishedList.objects.order_by("date").values_list("date", "replay_state")
        ),
    }  # fmt: skip


def _apply(operation: tuple, *, rating_list, players, rounds, closed: list) -> None:
    kind = operation[0]
    if kind == "game":
        _, tournament, number, white, black, result = operation
        round_ = rounds[tournament][number]
        board = Game.objects.filter(round=round_).count() + 1
        add_game(
            round=round_,
            board=board,
            white=players[white],
            black=players[black],
            result=result,
            actor=SYSTEM,
        )
    elif kind == "correct":
        games = list(Game.objects.order_by("pk"))
        if games:
            record_result(game=games[operation[1] % len(games)], result=operation[2], actor=SYSTEM)
    elif kind == "delete":
        games = list(Game.objects.order_by("pk"))
        if games:
            delete_game(game=games[operation[1] % len(games)], actor=SYSTEM)
    elif kind == "full":
        recompute_ratings(rating_list=rating_list, actor=SYSTEM)
    elif kind == "close":
        if len(closed) < len(LIST_DATES):
            date = LIST_DATES[len(closed)]
            close_rating_period(rating_list=rating_list, date=date, actor=SYSTEM)
            closed.append(date)
    elif kind == "reopen":
        if closed:
            reopen_rating_period(rating_list=rating_list, actor=SYSTEM)
            closed.pop()
    else:
        _, player, rating, date = operation
        set_starting_rating(
            player=players[player],
            rating_list=rating_list,
            rating=rating,
            games=30,
            date=date,
            actor=SYSTEM,
        )


SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
}


@settings(max_examples=30, **SETTINGS)
@given(starting=starting, early_closes=st.integers(0, 2), operations=operations)
def test_incremental_replays_equal_a_full_replay(starting, early_closes, operations):
    _check_incremental(standard_list(), starting, early_closes, operations)


@pytest.mark.slow
@settings(max_examples=400, **SETTINGS)
@given(starting=starting, early_closes=st.integers(0, 2), operations=operations)
def test_many_incremental_updates_equal_a_full_replay(starting, early_closes, operations):
    _check_incremental(standard_list(), starting, early_closes, operations)


GRADES = ["3d", "1k", "4k", "8k", "12k", "15k"]


@pytest.mark.parametrize("slug", ["go-egf", "shogi-fesa"])
@settings(max_examples=8, **SETTINGS)
@given(starting=starting, early_closes=st.integers(0, 2), operations=operations)
def test_go_and_shogi_incremental_replays_equal_a_full_replay(
    slug, starting, early_closes, operations
):
    # Every player declares a grade (newcomers without a starting rating enter with it).
    _check_incremental(RatingList.objects.get(slug=slug), starting, early_closes, operations,
                       grades=GRADES)  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["go-egf", "shogi-fesa"])
@settings(max_examples=150, **SETTINGS)
@given(starting=starting, early_closes=st.integers(0, 2), operations=operations)
def test_many_go_and_shogi_updates_equal_a_full_replay(slug, starting, early_closes, operations):
    _check_incremental(RatingList.objects.get(slug=slug), starting, early_closes, operations,
                       grades=GRADES)  # fmt: skip


@settings(max_examples=10, **SETTINGS)
@given(starting=starting, early_closes=st.integers(0, 2), operations=operations)
def test_glicko2_incremental_replays_equal_a_full_replay(starting, early_closes, operations):
    # A club's own list (actions.club_games): the players' games of a period rated together.
    rating_list, _created = RatingList.objects.get_or_create(
        slug="club-glicko2",
        defaults={
            "name": "Club games (Glicko-2)",
            "game": "chess",
            "time_control": "standard",
            "system": "glicko2",
        },
    )
    _check_incremental(rating_list, starting, early_closes, operations)


def _round_date(start: datetime.date, end: datetime.date, index: int) -> datetime.date | None:
    """Round ``index``'s date: a day apart from the start (the tournament spanning the February
    list plays its first rounds before it, and is rated after it), the last round undated (its
    games carry the end date). The ledger dates games by their round, the period follows the
    tournament's end (docs/ratings.md)."""
    if index == ROUNDS - 1:
        return None
    return min(start + datetime.timedelta(days=index), end)


def _check_incremental(rating_list, starting, early_closes, operations, *, grades=None):
    with transaction.atomic():
        players = [make_player(f"P{i}") for i in range(PLAYERS)]
        for player, grade in zip(players, grades or (), strict=False):
            set_declared_grade(player=player, rating_list=rating_list, grade=grade, actor=SYSTEM)
        for player, rating in zip(players, starting, strict=True):
            if rating is not None:
                set_starting_rating(
                    player=player, rating_list=rating_list, rating=rating, games=35, actor=SYSTEM
                )
        rounds = []
        for start, end in TOURNAMENTS:
            tournament = make_tournament(
                start_date=start, end_date=end, rating_list=rating_list, rating_class="B"
            )
            register(tournament, *players)
            rounds.append(
                [
                    make_round(tournament, n + 1, date=_round_date(start, end, n))
                    for n in range(ROUNDS)
                ]
            )
        closed: list[datetime.date] = []
        for _ in range(early_closes):  # lists published before any game: later periods
            _apply(
                ("close",), rating_list=rating_list, players=players, rounds=rounds, closed=closed
            )

        for operation in operations:
            # A refusal (same player twice, busy player) writes nothing.
            with contextlib.suppress(ValidationError):
                _apply(
                    operation,
                    rating_list=rating_list,
                    players=players,
                    rounds=rounds,
                    closed=closed,
                )
            # After every step: the incremental state is the state of a full replay.
            incremental = derived_state()
            assert PendingUpdate.objects.count() == 0, operation
            with unit_of_work.observe() as units:
                recompute_ratings(rating_list=rating_list, actor=SYSTEM)
            assert [s.incremental for unit in units for s in unit.stats] == [False]
            assert derived_state() == incremental, operation

        transaction.set_rollback(True)

"""Incremental updates: a result re-derives only what it can change, and writes only the rows
that differ; the state is always the state of a full replay (see also
test_incremental_property.py)."""

from __future__ import annotations

import datetime

import pytest

from actions.ratings import close_rating_period, recompute_ratings
from actions.results import record_result
from core import unit_of_work
from core.roles import SYSTEM
from ratings.models import PlayerRating, RatingList
from tests.factories import make_game, make_player, make_round, make_tournament, register
from tests.helpers import derived_state, rated_history

pytestmark = pytest.mark.django_db

D = datetime.date
CODES = ("10", "==", "01")


def _enter_all(games) -> None:
    for index, game in enumerate(games):
        record_result(game=game, result=CODES[index % 3], actor=SYSTEM)


def _stats(action):
    with unit_of_work.observe() as units:
        action()
    return [stats for unit in units for stats in unit.stats]


def _equals_a_full_replay() -> bool:
    incremental = derived_state()
    recompute_ratings(actor=SYSTEM)
    return derived_state() == incremental


def test_a_result_of_the_open_period_rates_only_its_two_players_games():
    history = rated_history(players=12, rounds=4)
    _enter_all(history["games"])
    february = [g for g in history["games"] if g.round.tournament == history["tournaments"][1]]
    game = february[0]
    record_result(game=game, result="", correction=True, later_rounds_confirmed=True, actor=SYSTEM)

    (stats,) = _stats(lambda: record_result(game=game, result="01", actor=SYSTEM))

    # Each player has 4 games in February; the two share one: 7 games, 2 new ledger rows.
    assert (stats.incremental, stats.games, stats.ledger_rows) == (True, 7, 2)
    assert _equals_a_full_replay()


def test_a_correction_of_a_closed_period_rederives_the_players_it_reaches():
    history = rated_history(players=12, rounds=4)
    _enter_all(history["games"])
    january = [g for g in history["games"] if g.round.tournament == history["tournaments"][0]]

    (stats,) = _stats(
        lambda: record_result(
            game=january[0], result="01", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )
    )

    assert stats.incremental is True
    assert 0 < stats.games < len(history["games"])
    assert _equals_a_full_replay()


def test_a_correction_six_periods_back_reaches_later_periods_only_through_changed_ratings():
    rating_list = RatingList.objects.get(slug="chess-standard")
    players = [make_player(f"Q{n}") for n in range(8)]
    for n, player in enumerate(players):
        PlayerRating.objects.create(
            rating_list=rating_list, player=player, starting_rating=1500 + 60 * n,
            starting_games=40,
        )  # fmt: skip
    recompute_ratings(rating_list=rating_list, actor=SYSTEM)
    games = []
    for month in range(1, 8):
        tournament = make_tournament(start_date=D(2025, month, 3), end_date=D(2025, month, 5))
        register(tournament, *players)
        round_ = make_round(tournament, 1)
        for board in range(4):
            white, black = players[(board + month) % 8], players[(board + month + 4) % 8]
            games.append(make_game(round_, white, black, "", board=board + 1))
        _enter_all(games[-4:])
        if month < 7:
            close_rating_period(rating_list=rating_list, date=D(2025, month + 1, 1), actor=SYSTEM)

    (stats,) = _stats(
        lambda: record_result(
            game=games[0], result="==", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )
    )

    assert (stats.incremental, stats.from_date) == (True, D(2025, 1, 5))
    assert _equals_a_full_replay()


@pytest.mark.parametrize("slug", ["go-egf", "shogi-fesa"])
def test_go_and_shogi_results_update_the_tournament_and_what_depends_on_it(slug):
    rating_list = RatingList.objects.get(slug=slug)
    players = [make_player(f"G{n}") for n in range(6)]
    for n, player in enumerate(players):
        PlayerRating.objects.create(
            rating_list=rating_list, player=player, starting_rating=1500 + 80 * n,
            starting_games=40,
        )  # fmt: skip
    recompute_ratings(rating_list=rating_list, actor=SYSTEM)
    # A whole komi, so go games can be drawn (jigo) like shogi's: the draws are rated too.
    first = make_tournament(
        start_date=D(2025, 1, 3), end_date=D(2025, 1, 4), rating_list=rating_list, komi=7
    )
    second = make_tournament(
        start_date=D(2025, 1, 10), end_date=D(2025, 1, 11), rating_list=rating_list, komi=7
    )
    boards = []
    for tournament in (first, second):
        register(tournament, *players)
        round_ = make_round(tournament, 1)
        for board in range(3):
            boards.append(
                make_game(round_, players[board], players[board + 3], "", board=board + 1)
            )
    _enter_all(boards)

    stats = _stats(
        lambda: record_result(
            game=boards[0], result="01", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )
    )

    assert [(s.incremental, s.games) for s in stats] == [(True, 6)]
    assert _equals_a_full_replay()

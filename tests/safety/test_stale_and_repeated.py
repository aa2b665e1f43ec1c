"""Two people on one board, and forms submitted twice.

A form carries what it was based on (the board's result; the draft round's version). If
somebody else changed it meanwhile the service refuses with "changed meanwhile, reload" and
writes nothing; the same change posted twice happens once.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from actions.boards import BoardChanged, edit_board, swap_boards
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from core.roles import SYSTEM
from ratings.models import RatingChange
from tests.factories import make_player, make_tournament, register
from tests.helpers import full_state, rated_history
from tournaments.enums import PairingSystem, RoundStatus
from tournaments.models import Game, Round
from tournaments.queries.rounds import round_version

pytestmark = pytest.mark.django_db

CHANGED = "This board was changed meanwhile — reload the page and check it again."


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def _organiser(name: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_user(name, is_staff=True))
    return client


@pytest.fixture
def rated():
    history = rated_history(players=4, rounds=1)
    return history, history["games"][0]


@pytest.fixture
def swiss():
    tournament = make_tournament(
        slug="swiss",
        rating_list=None,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        initial_colour="w",
        start_date=datetime.date(2026, 6, 1),
        end_date=datetime.date(2026, 6, 3),
    )
    players = [make_player(name) for name in ("Alpha", "Bravo", "Charlie", "Delta")]
    register(tournament, *players)
    return tournament, players


# --------------------------------------------------------------------- services


def test_a_result_based_on_an_old_state_is_refused_and_writes_nothing(rated):
    _history, game = rated
    record_result(game=game, result="10", expected_result="", actor=SYSTEM)
    before = full_state()

    with pytest.raises(BoardChanged) as refused:
        record_result(game=game, result="01", expected_result="", correction=True, actor=SYSTEM)

    assert refused.value.messages == [CHANGED]
    assert full_state() == before


def test_the_same_result_twice_is_one_change_with_one_ledger_effect(rated):
    _history, game = rated
    record_result(game=game, result="10", expected_result="", actor=SYSTEM)
    after_first = full_state()

    again = record_result(game=game, result="10", expected_result="", actor=SYSTEM)

    assert again.result == "10"
    assert full_state() == after_first
    assert RatingChange.objects.filter(game=game).count() == 2


def test_a_correction_based_on_the_current_result_goes_through(rated):
    _history, game = rated
    record_result(game=game, result="10", expected_result="", actor=SYSTEM)

    record_result(game=game, result="==", expected_result="10", correction=True, actor=SYSTEM)

    assert Game.objects.get(pk=game.pk).result == "=="
    assert sorted(RatingChange.objects.filter(game=game).values_list("score", flat=True)) == [
        pytest.approx(0.5),
        pytest.approx(0.5),
    ]


def test_editing_a_draft_round_that_changed_meanwhile_is_refused(swiss):
    tournament, _players = swiss
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    version = round_version(round_)
    first, second = round_.games.order_by("board")
    swap_boards(game=first, other=second, expected_version=version, actor=SYSTEM)
    before = full_state()

    with pytest.raises(BoardChanged):
        swap_boards(
            game=first, other=second, expected_version=version, actor=SYSTEM
        )  # posted twice
    first.refresh_from_db()
    with pytest.raises(BoardChanged):
        edit_board(
            game=first, white=first.black, black=first.white, expected_version=version, actor=SYSTEM
        )

    assert full_state() == before
    assert round_version(round_) != version


def test_editing_a_board_to_what_it_already_is_changes_nothing(swiss):
    tournament, _players = swiss
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    game = round_.games.get(board=1)
    before = full_state()

    warnings = edit_board(
        game=game,
        white=game.white,
        black=game.black,
        expected_version="stale-version",
        actor=SYSTEM,
    )

    assert warnings == []
    assert full_state() == before


def test_pairing_and_publishing_a_round_twice_is_one_round(swiss):
    tournament, _players = swiss
    first = pair_next_round(tournament=tournament, number=1, actor=SYSTEM)
    games = list(Game.objects.order_by("pk").values_list())

    again = pair_next_round(tournament=tournament, number=1, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    published_at = Round.objects.get(pk=first.pk).published_at
    publish_round(round=first, actor=SYSTEM)

    assert again.pk == first.pk
    assert list(Game.objects.order_by("pk").values_list()) == games
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Round.objects.get(pk=first.pk).published_at == published_at


def test_pairing_a_round_that_is_not_next_is_refused(swiss):
    tournament, _players = swiss

    with pytest.raises(ValidationError) as refused:
        pair_next_round(tournament=tournament, number=2, actor=SYSTEM)

    assert refused.value.messages == ["Round 2 cannot be paired now: reload the page."]
    assert not Round.objects.exists()


# ------------------------------------------------------------------------ views


def _result_url(game: Game) -> str:
    round_ = game.round
    return reverse(
        "tournaments:organise_result",
        args=[round_.tournament.slug, round_.number, game.board],
    )


def test_two_organisers_enter_one_board_the_second_is_told_to_reload(rated):
    _history, game = rated
    anna, boris = _organiser("anna"), _organiser("boris")
    url = _result_url(game)
    prefix = f"b{game.board}"
    page = anna.get(reverse("tournaments:organise_round", args=[game.round.tournament.slug, 1]))
    assert f'name="{prefix}-based_on"' in page.content.decode()

    first = anna.post(url, {f"{prefix}-result": "10", f"{prefix}-based_on": ""}, follow=True)
    before = full_state()
    second = boris.post(url, {f"{prefix}-result": "01", f"{prefix}-based_on": ""}, follow=True)

    assert "Board 1: 1–0." in _messages(first)
    assert _messages(second) == [CHANGED]
    assert second.status_code == 200
    assert full_state() == before


def test_a_result_form_submitted_twice_is_one_change(rated):
    _history, game = rated
    anna = _organiser("anna")
    url = _result_url(game)
    data = {f"b{game.board}-result": "10", f"b{game.board}-based_on": ""}
    anna.post(url, data, follow=True)
    after_first = full_state()

    again = anna.post(url, data, follow=True)

    assert _messages(again) == ["Board 1: 1–0."]
    assert full_state() == after_first


def test_a_swap_form_submitted_twice_swaps_once(swiss):
    tournament, _players = swiss
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    anna = _organiser("anna")
    url = reverse("tournaments:organise_swap", args=["swiss", 1])
    page = anna.get(reverse("tournaments:organise_round", args=["swiss", 1]))
    version = page.context["version"]
    data = {"board": 1, "other": 2, "version": version}
    anna.post(url, data, follow=True)
    after_first = full_state()

    again = anna.post(url, data, follow=True)

    assert _messages(again) == [CHANGED]
    assert full_state() == after_first
    assert round_.status == RoundStatus.DRAFT


def test_the_pair_button_pressed_twice_makes_one_round(swiss):
    anna = _organiser("anna")
    url = reverse("tournaments:organise_pair", args=["swiss"])
    dashboard = anna.get(reverse("tournaments:organise", args=["swiss"]))
    assert 'name="number" value="1"' in dashboard.content.decode()

    first = anna.post(url, {"number": 1})
    after_first = full_state()
    second = anna.post(url, {"number": 1})

    assert first["Location"] == second["Location"] == "/tournaments/swiss/organise/rounds/1/"
    assert full_state() == after_first
    assert Round.objects.count() == 1


def test_a_board_edited_on_a_page_that_is_out_of_date_is_refused(swiss):
    tournament, _players = swiss
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    anna, boris = _organiser("anna"), _organiser("boris")
    page = boris.get(reverse("tournaments:organise_round", args=["swiss", 1]))
    version = page.context["version"]
    assert 'name="b1-version"' in page.content.decode()
    anna.post(
        reverse("tournaments:organise_swap", args=["swiss", 1]),
        {"board": 1, "other": 2, "version": version},
    )
    before = full_state()
    board = round_.games.get(board=1)

    response = boris.post(
        reverse("tournaments:organise_edit_board", args=["swiss", 1, 1]),
        {"b1-white": board.black_id, "b1-black": board.white_id, "b1-version": version},
        follow=True,
    )

    assert _messages(response) == [CHANGED]
    assert full_state() == before

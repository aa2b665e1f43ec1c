"""Manual tournaments: rounds and boards entered on the organiser's round page."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import make_player, make_tournament, register
from tournaments.enums import PairingSystem, RoundStatus
from tournaments.models import Game, Round

pytestmark = pytest.mark.django_db


def _url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=["blitz", *args])


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def blitz():
    tournament = make_tournament(
        slug="blitz",
        rating_list=None,
        pairing_system=PairingSystem.MANUAL,
        rounds_planned=2,
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 2),
    )
    players = [make_player(name) for name in ("Anna", "Boris", "Chen")]
    register(tournament, *players)
    return tournament, players


def _boards(round_number: int = 1) -> list[tuple[int, str, str | None, str]]:
    return [
        (g.board, g.white.last_name, g.black.last_name if g.black else None, g.result)
        for g in Game.objects.filter(round__number=round_number).select_related("white", "black")
    ]


def test_add_a_round_then_boards_and_a_bye(admin_client, blitz):
    _tournament, (anna, boris, chen) = blitz

    response = admin_client.post(_url("organise_add_round"), {"date": "2026-05-01"}, follow=True)

    assert response.redirect_chain[-1][0] == _url("organise_round", 1)
    assert "Round 1 added: enter its boards." in _messages(response)
    round_ = Round.objects.get()
    assert (round_.number, round_.date, round_.status) == (
        1,
        datetime.date(2026, 5, 1),
        RoundStatus.PUBLISHED,
    )
    assert 'name="bye"' in response.content.decode()

    response = admin_client.post(
        _url("organise_add_board", 1), {"white": boris.pk, "black": anna.pk}, follow=True
    )
    assert "Board 1 added." in _messages(response)
    response = admin_client.post(
        _url("organise_add_board", 1), {"board": "5", "white": chen.pk, "bye": "H"}, follow=True
    )
    assert "Board 5 added." in _messages(response)
    assert _boards() == [(1, "Boris", "Anna", ""), (5, "Chen", None, "H")]

    response = admin_client.post(_url("organise_result", 1, 1), {"b1-result": "01"}, follow=True)
    assert "Board 1: 0–1." in _messages(response)
    assert _boards()[0] == (1, "Boris", "Anna", "01")


def test_board_refusals_show_the_message_and_write_nothing(admin_client, blitz):
    _tournament, (anna, boris, chen) = blitz
    admin_client.post(_url("organise_add_round"), {"date": ""})
    admin_client.post(_url("organise_add_board", 1), {"white": anna.pk, "black": boris.pk})

    response = admin_client.post(
        _url("organise_add_board", 1), {"white": chen.pk, "black": anna.pk}, follow=True
    )
    assert "Anna already has a game in this round." in _messages(response)
    response = admin_client.post(_url("organise_add_board", 1), {"white": chen.pk}, follow=True)
    assert "Bye: Choose an opponent, or the kind of bye." in _messages(response)
    response = admin_client.post(
        _url("organise_add_board", 1),
        {"white": chen.pk, "black": boris.pk, "bye": "F"},
        follow=True,
    )
    assert "Bye: A game between two players has no bye code." in _messages(response)
    response = admin_client.post(
        _url("organise_add_board", 1), {"board": "1", "white": chen.pk, "bye": "F"}, follow=True
    )
    assert "Board 1 of this round already has a game." in _messages(response)

    assert _boards() == [(1, "Anna", "Boris", "")]


def test_remove_a_board(admin_client, blitz):
    _tournament, (anna, boris, _chen) = blitz
    admin_client.post(_url("organise_add_round"), {"date": ""})
    admin_client.post(_url("organise_add_board", 1), {"white": anna.pk, "black": boris.pk})

    round_page = admin_client.get(_url("organise_round", 1)).content.decode()
    assert _url("organise_delete_board", 1, 1) in round_page
    assert admin_client.get(_url("organise_delete_board", 1, 1)).status_code == 405
    assert Game.objects.count() == 1

    response = admin_client.post(_url("organise_delete_board", 1, 1), follow=True)

    assert "Board 1 removed." in _messages(response)
    assert not Game.objects.exists()


def test_no_round_beyond_the_planned_rounds(admin_client, blitz):
    admin_client.post(_url("organise_add_round"), {"date": ""})
    admin_client.post(_url("organise_add_round"), {"date": ""})

    response = admin_client.post(_url("organise_add_round"), {"date": ""}, follow=True)

    assert "The tournament has only 2 rounds." in _messages(response)
    assert list(Round.objects.values_list("number", flat=True)) == [1, 2]


def test_round_date_outside_the_tournament_is_refused(admin_client, blitz):
    response = admin_client.post(_url("organise_add_round"), {"date": "2026-06-01"}, follow=True)

    assert "The round's date must be within the tournament's dates." in _messages(response)
    assert not Round.objects.exists()


def test_paired_formats_take_no_manual_rounds_or_boards(admin_client, blitz):
    tournament, (anna, boris, _chen) = blitz
    admin_client.post(_url("organise_add_round"), {"date": ""})
    tournament.pairing_system = PairingSystem.SWISS_DUTCH
    tournament.save()

    response = admin_client.post(_url("organise_add_round"), {"date": ""}, follow=True)
    assert "Rounds of this tournament are paired by the program: pair the next round." in _messages(
        response
    )
    response = admin_client.post(
        _url("organise_add_board", 1), {"white": anna.pk, "black": boris.pk}, follow=True
    )
    assert "Boards are added by hand only in manual tournaments." in _messages(response)
    assert Round.objects.count() == 1
    assert not Game.objects.exists()
    assert 'name="bye"' not in admin_client.get(_url("organise_round", 1)).content.decode()


def test_dashboard_offers_add_round_only_for_manual(admin_client, blitz):
    tournament, _players = blitz
    add_round = _url("organise_add_round")
    assert add_round in admin_client.get(_url("organise")).content.decode()
    tournament.pairing_system = PairingSystem.SWISS_DUTCH
    tournament.save()
    assert add_round not in admin_client.get(_url("organise")).content.decode()


def test_manual_actions_are_post_only_and_staff_only(client, admin_client, blitz):
    _tournament, (anna, boris, _chen) = blitz
    assert admin_client.get(_url("organise_add_round")).status_code == 405
    assert not Round.objects.exists()
    admin_client.post(_url("organise_add_round"), {"date": ""})
    assert admin_client.get(_url("organise_add_board", 1)).status_code == 405

    board = {"white": anna.pk, "black": boris.pk}
    response = client.post(_url("organise_add_board", 1), board)
    assert response.status_code == 302
    assert "login" in response["Location"]
    client.force_login(get_user_model().objects.create_user("member"))
    assert client.post(_url("organise_add_round"), {"date": ""}).status_code == 403
    assert client.post(_url("organise_add_board", 1), board).status_code == 403
    assert Round.objects.count() == 1
    assert not Game.objects.exists()

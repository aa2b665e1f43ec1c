"""Organiser views beyond the main flow: settings, cancelled byes, round robins, swaps."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import make_player, make_tournament
from tournaments.enums import PairingSystem
from tournaments.models import Registration, RequestedBye, Round, Tournament
from tournaments.queries.pairing import pairing_state

pytestmark = pytest.mark.django_db


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def _url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=["league", *args])


SETTINGS = {
    "pairing_system": PairingSystem.SWISS_DUTCH,
    "rounds_planned": 5,
    "points_win": "3",
    "points_draw": "1",
    "points_loss": "0",
    "points_forfeit_win": "3",
    "points_pab": "3",
    "points_half_bye": "1",
    "initial_colour": "w",
    "accelerated": "on",
    "seeding": "rating",
    "tiebreaks": "BH/C1 BH DE WIN",
}


@pytest.fixture
def league(admin_client):
    tournament = make_tournament(
        slug="league",
        rating_list=None,
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2026, 12, 1),
    )
    players = [make_player(f"L{index}") for index in range(1, 7)]
    for index, player in enumerate(players):
        admin_client.post(
            _url("organise_register"), {"player": player.pk, "rating_at_start": 2000 - 10 * index}
        )
    return tournament, players


def test_settings_three_one_zero_reaches_the_engine(admin_client, league):
    tournament, _players = league

    # Baku is not defined for 3/1/0 (C.04.5.1; tests/tournaments/test_validators_baku.py): off here
    response = admin_client.post(
        _url("organise_settings"), {**SETTINGS, "accelerated": ""}, follow=True
    )

    assert "The settings were saved." in _messages(response)
    tournament.refresh_from_db()
    assert tournament.points_win == Decimal(3)
    assert tournament.tiebreak_codes == "BH/C1 BH DE WIN"
    admin_client.post(_url("organise_pair"))  # numbers are fixed when round 1 is paired
    state = pairing_state(tournament, 1)
    assert state.point_system.win == 3.0
    assert state.point_system.draw == 1.0
    assert state.baku is False
    assert admin_client.get(_url("organise")).status_code == 200


def test_settings_baku_with_two_one_zero_reaches_the_engine(admin_client, league):
    tournament, _players = league
    doubled = {"points_win": "2", "points_forfeit_win": "2", "points_pab": "2"}

    response = admin_client.post(_url("organise_settings"), {**SETTINGS, **doubled}, follow=True)

    assert "The settings were saved." in _messages(response)
    admin_client.post(_url("organise_pair"))
    tournament.refresh_from_db()
    state = pairing_state(tournament, 1)
    assert (state.point_system.win, state.point_system.draw, state.baku) == (2.0, 1.0, True)


def test_format_cannot_change_once_a_round_is_paired(admin_client, league):
    tournament, _players = league
    admin_client.post(_url("organise_settings"), {**SETTINGS, "accelerated": ""})
    admin_client.post(_url("organise_pair"))

    response = admin_client.post(
        _url("organise_settings"),
        {
            **SETTINGS,
            "accelerated": "",
            "pairing_system": PairingSystem.ROUND_ROBIN,
            "tiebreaks": "DE WIN SB KS",
        },
        follow=True,
    )

    # The settings form comes back with the refusal in its error summary.
    assert response.status_code == 200
    assert (
        '<a href="#settings-pairing_system">Pairing system: This cannot change once a round '
        "has been paired.</a>" in response.content.decode()
    )
    assert Tournament.objects.get(pk=tournament.pk).pairing_system == PairingSystem.SWISS_DUTCH


def test_requested_bye_can_be_cancelled_until_its_round_is_paired(admin_client, league):
    _tournament, players = league
    admin_client.post(_url("organise_settings"), {**SETTINGS, "accelerated": ""})
    registration = Registration.objects.get(player=players[0])
    admin_client.post(
        _url("organise_bye"), {"registration": registration.pk, "round_number": 2, "kind": "Z"}
    )
    bye = RequestedBye.objects.get()

    response = admin_client.post(_url("organise_cancel_bye", bye.pk), follow=True)

    assert "The requested bye was cancelled." in _messages(response)
    assert not RequestedBye.objects.exists()


def test_round_robin_by_rating_through_the_views(admin_client, league):
    tournament, _players = league
    admin_client.post(
        _url("organise_settings"),
        {
            **SETTINGS,
            "accelerated": "",
            "pairing_system": PairingSystem.ROUND_ROBIN,
            "tiebreaks": "DE WIN SB KS",
        },
    )

    admin_client.post(_url("organise_pair"))

    first = Round.objects.get(tournament=tournament, number=1)
    # Berger table, 6 players, round 1: 1-6, 2-5, 3-4.
    assert [(g.white.last_name, g.black.last_name) for g in first.games.order_by("board")] == [
        ("L1", "L6"),
        ("L2", "L5"),
        ("L3", "L4"),
    ]
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 5
    response = admin_client.post(_url("organise_swap", 1), {"board": 1, "other": 3}, follow=True)
    assert "Boards swapped." in _messages(response)
    assert first.games.get(board=1).white.last_name == "L3"
    page = admin_client.get(_url("organise_round", 1))
    assert page.status_code == 200
    assert "L6" in page.content.decode()

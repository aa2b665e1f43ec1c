"""The organiser flow end to end through the views: enter players, pair, edit, publish,
enter results, pair again, standings; and the refusals, each writing nothing."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import make_player, make_tournament
from tournaments.enums import PairingSystem, RoundStatus
from tournaments.models import Game, Registration, RequestedBye, Round

pytestmark = pytest.mark.django_db


def _snapshot() -> dict[str, list]:
    return {
        "games": list(Game.objects.order_by("pk").values_list()),
        "rounds": list(Round.objects.order_by("pk").values_list()),
        "registrations": list(Registration.objects.order_by("pk").values_list()),
        "byes": list(RequestedBye.objects.order_by("pk").values_list()),
    }


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def event():
    tournament = make_tournament(
        slug="club-open",
        rating_list=None,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        initial_colour="w",
        start_date=datetime.date(2026, 6, 1),
        end_date=datetime.date(2026, 6, 3),
    )
    players = [make_player(name) for name in ("Alpha", "Bravo", "Charlie", "Delta", "Echo")]
    return tournament, players


def _url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=["club-open", *args])


def test_organiser_pages_are_staff_only(client, event):
    response = client.get(_url("organise"))
    assert response.status_code == 302
    assert "login" in response["Location"]
    user = get_user_model().objects.create_user("member")
    client.force_login(user)
    assert client.get(_url("organise")).status_code == 403
    assert client.post(_url("organise_pair")).status_code == 403
    assert not Round.objects.exists()


def test_get_never_writes(admin_client, event):
    assert admin_client.get(_url("organise_pair")).status_code == 405
    assert not Round.objects.exists()


def test_full_flow_with_refusals(admin_client, event):
    tournament, (alpha, bravo, charlie, delta, echo) = event
    # Registration: five players with ratings; Echo withdraws before the start.
    for player, rating in ((alpha, 2200), (bravo, 2100), (charlie, 2000), (delta, 1900)):
        response = admin_client.post(
            _url("organise_register"),
            {"player": player.pk, "rating_at_start": rating},
            follow=True,
        )
        assert response.status_code == 200
    admin_client.post(_url("organise_register"), {"player": echo.pk, "rating_at_start": 1800})
    numbers = dict(
        Registration.objects.filter(tournament=tournament).values_list(
            "player__last_name", "pairing_number"
        )
    )
    assert numbers == {"Alpha": 1, "Bravo": 2, "Charlie": 3, "Delta": 4, "Echo": 5}
    echo_registration = Registration.objects.get(player=echo)
    response = admin_client.post(
        _url("organise_withdraw"),
        {"registration": echo_registration.pk, "after_round": 0},
        follow=True,
    )
    assert "Echo withdrew after round 0." in _messages(response)

    # Generate round 1: a draft, Echo gets a zero-point bye.
    response = admin_client.post(_url("organise_pair"), follow=True)
    assert response.redirect_chain[-1][0] == _url("organise_round", 1)
    first = Round.objects.get(tournament=tournament, number=1)
    assert first.status == RoundStatus.DRAFT
    boards = [
        (g.white.last_name, g.black.last_name if g.black else None, g.result)
        for g in first.games.order_by("board")
    ]
    assert boards == [("Alpha", "Charlie", ""), ("Delta", "Bravo", ""), ("Echo", None, "Z")]
    assert "Alpha" in response.content.decode()

    # Refusal: a result in the unpublished round.
    before = _snapshot()
    response = admin_client.post(_url("organise_result", 1, 1), {"b1-result": "10"}, follow=True)
    assert "Round 1 is not published: results cannot be entered yet." in _messages(response)
    assert _snapshot() == before

    # Refusal: pairing round 2 before round 1 is published.
    response = admin_client.post(_url("organise_pair"), follow=True)
    assert "Round 1 is not published yet." in _messages(response)
    assert _snapshot() == before

    # Refusal: the withdrawn player put on a board.
    response = admin_client.post(
        _url("organise_edit_board", 1, 1),
        {"b1-white": echo.pk, "b1-black": charlie.pk},
        follow=True,
    )
    assert "Echo has withdrawn and cannot be paired." in _messages(response)
    assert _snapshot() == before

    # Edit by hand: Alpha–Bravo on board 1 (Charlie moves to board 2).
    response = admin_client.post(
        _url("organise_edit_board", 1, 1),
        {"b1-white": alpha.pk, "b1-black": bravo.pk},
        follow=True,
    )
    assert "Board 1 changed." in _messages(response)
    assert [(g.white_id, g.black_id) for g in first.games.order_by("board")][:2] == [
        (alpha.pk, bravo.pk),
        (delta.pk, charlie.pk),
    ]

    # Discard (only once confirmed) and regenerate, then publish.
    before = _snapshot()
    response = admin_client.post(_url("organise_discard", 1), follow=True)
    assert "Confirm that the draft of round 1 is to be discarded." in _messages(response)
    assert _snapshot() == before
    admin_client.post(_url("organise_discard", 1), {"confirm": "yes"})
    assert not Round.objects.filter(tournament=tournament).exists()
    admin_client.post(_url("organise_pair"))
    first = Round.objects.get(tournament=tournament, number=1)
    response = admin_client.post(_url("organise_publish", 1), follow=True)
    assert "Round 1 is published." in _messages(response)
    first.refresh_from_db()
    assert first.status == RoundStatus.PUBLISHED and first.published_at is not None

    # Published pairings never change.
    before = _snapshot()
    response = admin_client.post(
        _url("organise_edit_board", 1, 1),
        {"b1-white": alpha.pk, "b1-black": bravo.pk},
        follow=True,
    )
    assert "Round 1 is published: its pairings cannot change." in _messages(response)
    admin_client.post(_url("organise_discard", 1))
    assert _snapshot() == before

    # Results: board 1, then refusal of pairing round 2 while board 2 is missing.
    response = admin_client.post(_url("organise_result", 1, 1), {"b1-result": "10"}, follow=True)
    assert "Board 1: 1–0." in _messages(response)
    before = _snapshot()
    response = admin_client.post(_url("organise_pair"), follow=True)
    assert "Round 1 is not complete: enter all its results first." in _messages(response)
    assert _snapshot() == before

    # Refusal: a second result for the same game (entry, not correction).
    response = admin_client.post(_url("organise_result", 1, 1), {"b1-result": "01"}, follow=True)
    assert "This game already has a result (1–0); correct it instead." in _messages(response)
    assert _snapshot() == before
    # A correction is accepted.
    admin_client.post(_url("organise_result", 1, 1), {"b1-result": "==", "b1-correction": "on"})
    assert first.games.get(board=1).result == "=="
    admin_client.post(_url("organise_result", 1, 2), {"b2-result": "+-"})
    page = admin_client.get(_url("organise_round", 1)).content.decode()
    assert "<strong>Next:</strong> round 2 can be paired." in page
    assert ">Pair round 2</button>" in page
    assert 'name="b1-correction" value="True"' in page

    # Round 2 can now be paired; standings show the points.
    response = admin_client.post(_url("organise_pair"), follow=True)
    assert "Round 2 is paired: review it, then publish." in _messages(response)
    second = Round.objects.get(tournament=tournament, number=2)
    assert second.games.get(white=echo).result == "Z"
    assert admin_client.get(_url("organise")).status_code == 200
    standings = admin_client.get(reverse("tournaments:standings", args=["club-open"]))
    assert standings.status_code == 200
    assert "Delta" in standings.content.decode()


def test_requested_bye_and_forbidden_pair_through_the_views(admin_client, event):
    tournament, players = event
    for index, player in enumerate(players[:4]):
        admin_client.post(
            _url("organise_register"), {"player": player.pk, "rating_at_start": 2000 - index}
        )
    alpha_registration = Registration.objects.get(player=players[0])
    response = admin_client.post(
        _url("organise_bye"),
        {"registration": alpha_registration.pk, "round_number": 1, "kind": "H"},
        follow=True,
    )
    assert any(message.startswith("Bye recorded") for message in _messages(response))
    response = admin_client.post(
        _url("organise_forbidden"),
        {"player_a": players[1].pk, "player_b": players[2].pk},
        follow=True,
    )
    assert any(message.startswith("Forbidden pair added") for message in _messages(response))

    admin_client.post(_url("organise_pair"))

    first = Round.objects.get(tournament=tournament, number=1)
    assert first.games.get(white=players[0]).result == "H"
    pairs = {frozenset((g.white_id, g.black_id)) for g in first.games.exclude(black=None)}
    assert frozenset((players[1].pk, players[2].pk)) not in pairs

"""Links between public and organiser pages; the cap on half-point byes."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_player, make_round, make_tournament, register
from tournaments.enums import PairingSystem
from tournaments.models import Game, RequestedBye, Tournament

pytestmark = pytest.mark.django_db

PUBLIC_PAGES = ("detail", "standings", "progress")


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def swiss():
    tournament = make_tournament(
        slug="swiss",
        rating_list=None,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=5,
        max_half_point_byes=1,
        start_date=datetime.date(2026, 7, 1),
        end_date=datetime.date(2026, 7, 5),
    )
    players = [make_player(name) for name in ("Ada", "Ben", "Cy", "Dee")]
    registrations = register(tournament, *players)
    return tournament, registrations


@pytest.mark.parametrize("page", PUBLIC_PAGES)
def test_public_pages_link_the_dashboard_and_trf_for_staff(client, admin_client, swiss, page):
    url = reverse(f"tournaments:{page}", args=["swiss"])
    dashboard = reverse("tournaments:organise", args=["swiss"])
    trf = reverse("tournaments:trf_export", args=["swiss"])

    staff_html = admin_client.get(url).content.decode()
    public_html = client.get(url).content.decode()

    assert dashboard in staff_html
    assert trf in staff_html
    assert dashboard not in public_html
    assert trf not in public_html


def test_dashboard_links_public_pages_and_trf_export(admin_client, swiss):
    html = admin_client.get(reverse("tournaments:organise", args=["swiss"])).content.decode()

    for name in (*PUBLIC_PAGES, "trf_export"):
        assert reverse(f"tournaments:{name}", args=["swiss"]) in html


def _bye(admin_client, registration, round_number, kind="H"):
    return admin_client.post(
        reverse("tournaments:organise_bye", args=["swiss"]),
        {"registration": registration.pk, "round_number": round_number, "kind": kind},
        follow=True,
    )


def test_second_half_point_bye_beyond_the_cap_is_refused(admin_client, swiss):
    _tournament, (ada, *_rest) = swiss
    _bye(admin_client, ada, 2)

    response = _bye(admin_client, ada, 4)

    assert (
        "Half-point byes per player in this tournament: at most 1; Ada already has 1."
        in _messages(response)
    )
    assert list(RequestedBye.objects.values_list("round_number", "kind")) == [(2, "H")]
    # A zero-point bye is not capped, and the same round may be asked again.
    _bye(admin_client, ada, 4, "Z")
    _bye(admin_client, ada, 2)
    assert sorted(RequestedBye.objects.values_list("round_number", "kind")) == [
        (2, "H"),
        (4, "Z"),
    ]


def test_half_point_byes_already_given_count_toward_the_cap(admin_client, swiss):
    tournament, (_ada, ben, *_rest) = swiss
    Game.objects.create(round=make_round(tournament, 1), board=1, white=ben.player, result="H")

    response = _bye(admin_client, ben, 3)

    assert (
        "Half-point byes per player in this tournament: at most 1; Ben already has 1."
        in _messages(response)
    )
    assert not RequestedBye.objects.exists()


def test_no_cap_when_blank(admin_client, swiss):
    tournament, (ada, *_rest) = swiss
    Tournament.objects.filter(pk=tournament.pk).update(max_half_point_byes=None)

    for round_number in (1, 2, 3):
        _bye(admin_client, ada, round_number)

    assert RequestedBye.objects.count() == 3


def test_cap_is_a_setting_on_the_dashboard(admin_client, swiss):
    tournament, _registrations = swiss
    settings = {
        "pairing_system": "swiss_dutch",
        "rounds_planned": 5,
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "1",
        "points_half_bye": "0.5",
        "initial_colour": "drawn",
        "seeding": "rating",
        "tiebreaks": "",
        "max_half_point_byes": "3",
    }

    response = admin_client.post(
        reverse("tournaments:organise_settings", args=["swiss"]), settings, follow=True
    )

    assert "The settings were saved." in _messages(response)
    tournament.refresh_from_db()
    assert tournament.max_half_point_byes == 3


def test_dashboard_shows_the_cap(admin_client, swiss):
    html = admin_client.get(reverse("tournaments:organise", args=["swiss"])).content.decode()

    assert "Half-point byes per player" in html
    assert "at most 1" in html


def test_settings_refuse_buchholz_in_a_round_robin(admin_client, swiss):
    tournament, _registrations = swiss
    settings = {
        "pairing_system": "round_robin",
        "rounds_planned": 3,
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "1",
        "points_half_bye": "0.5",
        "initial_colour": "drawn",
        "seeding": "rating",
        "tiebreaks": "BH DE",
    }

    response = admin_client.post(
        reverse("tournaments:organise_settings", args=["swiss"]), settings, follow=True
    )

    # The form comes back with its error in the summary at the top, linked to the field.
    page = response.content.decode()
    assert response.status_code == 200
    assert '<li><a href="#settings-tiebreaks">Tie-breaks: ' in page
    assert "Buchholz tie-breaks (BH)" in page
    tournament.refresh_from_db()
    assert tournament.pairing_system == PairingSystem.SWISS_DUTCH
    assert tournament.tiebreaks == ""

"""The organiser pages of an event: the forms call the event actions, refusals are shown on
the page with nothing written, and tournaments link to their event."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from events.models import Event, Section
from tests.factories import make_club, make_event, make_section, make_tournament
from tests.helpers import snapshot
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club("Riverside")


@pytest.fixture
def organiser(client, club):
    user = get_user_model().objects.create_user("org")
    club.organisers.add(user)
    client.force_login(user)
    return user


@pytest.fixture
def event(club):
    return make_event("Weekend Open", slug="weekend-open", club=club)


def test_an_organiser_creates_an_event_for_their_club(client, organiser, club):
    form = client.get(reverse("events:organise_create"))
    token = form.context["form"]["submission"].value()
    data = {
        "name": "Spring Weekend",
        "club": club.pk,
        "start_date": "2026-05-02",
        "end_date": "2026-05-03",
        "currency": "EUR",
        "submission": token,
    }

    response = client.post(reverse("events:organise_create"), data)
    again = client.post(reverse("events:organise_create"), data)

    assert response.status_code == 302
    assert response["Location"] == reverse("events:organise", args=["spring-weekend"])
    assert again["Location"] == response["Location"]
    assert list(Event.objects.values_list("name", "club")) == [("Spring Weekend", club.pk)]


def test_a_new_section_is_a_new_tournament_of_the_club(client, organiser, event, club):
    data = {
        "new-name": "Rapid",
        "new-pairing_system": PairingSystem.ROUND_ROBIN,
        "new-rounds_planned": "",
    }

    response = client.post(reverse("events:organise_new_section", args=[event.slug]), data)

    section = Section.objects.get()
    assert response["Location"] == f"/events/weekend-open/organise/#section-{section.pk}"
    tournament = section.tournament
    assert (tournament.name, tournament.club, tournament.pairing_system) == (
        "Rapid",
        club,
        PairingSystem.ROUND_ROBIN,
    )
    assert (tournament.start_date, tournament.end_date) == (event.start_date, event.end_date)


def test_a_swiss_section_without_rounds_is_refused_on_the_page(client, organiser, event):
    data = {"new-name": "Open", "new-pairing_system": PairingSystem.SWISS_DUTCH}
    before = snapshot()

    response = client.post(reverse("events:organise_new_section", args=[event.slug]), data)

    assert response.status_code == 400
    assert response.context["new_form"].errors == {
        "rounds_planned": ["Enter the number of rounds."]
    }
    assert snapshot() == before


def test_a_section_form_the_action_refuses_is_shown_with_its_error(client, organiser, event):
    section = make_section(event)
    prefix = f"section-{section.pk}"
    data = {
        f"{prefix}-order": 1,
        f"{prefix}-rating_min": 2000,
        f"{prefix}-rating_max": 1800,
        f"{prefix}-rated": "any",
        f"{prefix}-fee": "0",
    }
    before = snapshot()

    response = client.post(reverse("events:organise_section", args=[event.slug, section.pk]), data)

    assert response.status_code == 400
    assert "The highest rating cannot be below the lowest rating." in response.content.decode()
    assert snapshot() == before


def test_a_section_of_another_event_is_not_found(client, organiser, event, club):
    other = make_section(make_event(club=club))
    url = reverse("events:organise_section", args=[event.slug, other.pk])

    assert client.post(url, {}).status_code == 404


def test_the_event_page_shows_each_section_with_its_restrictions(client, organiser, event):
    section = make_section(
        event, make_tournament("Open B", club=event.club), rating_max=1799, cap=10
    )

    html = client.get(reverse("events:organise", args=[event.slug])).content.decode()

    assert f'id="section-{section.pk}"' in html
    assert '<span class="restrictions">rating under 1800</span>' in html
    assert "Entry fee: free · Entries: 0 / 10" in html


def test_tournaments_link_to_their_event_and_back(client, organiser, event, club):
    tournament = make_tournament("Open A", slug="open-a", club=club)
    make_section(event, tournament)

    dashboard = client.get(reverse("tournaments:organise", args=["open-a"])).content.decode()
    mine = client.get(reverse("tournaments:organise_list")).content.decode()
    page = client.get(reverse("events:organise", args=[event.slug])).content.decode()

    event_url = reverse("events:organise", args=[event.slug])
    assert f'Section of <a href="{event_url}">Weekend Open</a>' in dashboard
    assert f'<small>Section of <a href="{event_url}">Weekend Open</a></small>' in mine
    assert f'<a href="{reverse("tournaments:organise", args=["open-a"])}">Open A</a>' in page

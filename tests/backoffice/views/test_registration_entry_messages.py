"""The organiser's messages after entering pasted lines (issue 19): the names are
"Last, First", so the list of names entered is separated by semicolons, not commas."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from actions.tournaments import create_tournament
from core.roles import SYSTEM
from players.models import Club
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(client):
    user = get_user_model().objects.create_user("orga")
    club = Club.objects.create(name="Riverside")
    club.organisers.add(user)
    client.force_login(user)
    return create_tournament(
        name="Spring Swiss",
        slug="spring",
        club=club,
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 2),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        actor=SYSTEM,
    )


def test_the_names_entered_from_pasted_lines_are_separated_by_semicolons(client, tournament):
    url = reverse("tournaments:organise_register_lines", args=["spring"])
    lines = "Smith, John\tm\nDoe, Jane\tf"

    response = client.post(url, {"lines": lines}, follow=True)

    assert [str(m) for m in response.context["messages"]] == [
        "2 players entered: Smith, John; Doe, Jane."
    ]


def test_the_htmx_answer_separates_the_names_by_semicolons_too(client, tournament):
    url = reverse("tournaments:organise_register_lines", args=["spring"])

    response = client.post(url, {"lines": "Smith, John\tm\nDoe, Jane\tf"}, HTTP_HX_REQUEST="true")

    assert "2 players entered: Smith, John; Doe, Jane." in response.content.decode()

"""The role is checked before any object is looked up on the organiser URLs: anonymous
visitors and signed-in users without the role get the same answer whether the tournament,
its (draft) round, a board, a club or a game exists or not. Regression for issue 15, defect 9:
an anonymous visitor told a draft round (302 to the login page) from a missing one (404)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, reverse

from actions.invitations import invite
from actions.rounds import pair_next_round
from backoffice import urls as backoffice_urls
from core.roles import SYSTEM
from tests.factories import make_club, make_player, make_tournament, register
from tests.helpers import full_state
from tournaments.enums import PairingSystem
from tournaments.models import Team, TeamMatch

pytestmark = pytest.mark.django_db

PATTERNS = [p for p in backoffice_urls.tournament_patterns if isinstance(p, URLPattern)]
WITH_OBJECTS = [p for p in PATTERNS if p.pattern.converters]


@pytest.fixture
def site():
    club = make_club("Knights")
    tournament = make_tournament(
        slug="draft-open", club=club, pairing_system=PairingSystem.SWISS_DUTCH, rounds_planned=3
    )
    registrations = register(tournament, *[make_player(f"P{index}") for index in range(4)])
    first = pair_next_round(tournament=tournament, actor=SYSTEM)  # round 1 stays a draft
    game = first.games.order_by("board").first()
    team = Team.objects.create(tournament=tournament, name="Knights A")
    match = TeamMatch.objects.create(round=first, number=1, first=team)
    invitation = invite(
        actor=SYSTEM, club=club, email="org@example.org", role="organiser", link=str
    ).invitation
    return {
        "slug": tournament.slug,
        "number": 1,
        "board": 1,
        "pk": club.pk,
        "game": game.pk,
        "invitation": invitation.pk,
        "registration": registrations[0].pk,
        "team": team.pk,
        "match": match.pk,
    }


MISSING = {
    "slug": "no-such-tournament",
    "number": 9,
    "board": 9,
    "pk": 999999,
    "game": 999999,
    "invitation": 999999,
    "registration": 999999,
    "team": 999999,
    "match": 999999,
}
OTHER = {"kind": "pairings", "report": 1, "bye": 1}


def url(pattern: URLPattern, values: dict) -> str:
    kwargs = {name: {**OTHER, **values}[name] for name in pattern.pattern.converters}
    return reverse(f"tournaments:{pattern.name}", kwargs=kwargs)


def answer(client: Client, address: str) -> tuple[int, str]:
    response = client.get(address)
    if response.status_code == 405:
        response = client.post(address, {})
    location = response.get("Location", "")
    return response.status_code, location.split("?")[0]


@pytest.mark.parametrize("pattern", WITH_OBJECTS, ids=lambda p: p.name)
def test_anonymous_visitors_cannot_tell_what_exists(site, pattern):
    client = Client()
    before = full_state()

    existing = answer(client, url(pattern, site))
    missing = answer(client, url(pattern, MISSING))

    assert existing == missing == (302, reverse("login"))
    assert full_state() == before


@pytest.mark.parametrize("pattern", WITH_OBJECTS, ids=lambda p: p.name)
def test_users_without_the_role_cannot_tell_what_exists(site, pattern):
    client = Client()
    client.force_login(get_user_model().objects.create_user("nobody"))
    before = full_state()

    existing = answer(client, url(pattern, site))
    missing = answer(client, url(pattern, MISSING))

    assert existing == missing == (403, "")
    assert full_state() == before


def test_a_draft_round_and_a_missing_round_look_alike(site):
    client = Client()
    draft = client.get(reverse("tournaments:organise_round", args=[site["slug"], 1]))
    missing = client.get(reverse("tournaments:organise_round", args=[site["slug"], 2]))
    assert (draft.status_code, draft["Location"].split("?")[0]) == (302, reverse("login"))
    assert (missing.status_code, missing["Location"].split("?")[0]) == (302, reverse("login"))


def test_staff_still_get_404_for_what_does_not_exist(site, admin_client):
    response = admin_client.get(reverse("tournaments:organise_round", args=[site["slug"], 2]))
    assert response.status_code == 404
    assert admin_client.get(reverse("tournaments:organise", args=["nope"])).status_code == 404


PUBLIC_ROUND_PAGES = ["round", "round_csv", "round_by_name", "round_by_name_csv", "round_live"]


@pytest.mark.parametrize("name", PUBLIC_ROUND_PAGES)
def test_public_round_pages_answer_a_draft_round_like_a_missing_one(site, name):
    client = Client()
    draft = client.get(reverse(f"tournaments:{name}", args=[site["slug"], 1]))
    missing = client.get(reverse(f"tournaments:{name}", args=[site["slug"], 2]))
    assert (draft.status_code, draft.get("Location")) == (missing.status_code, None)
    assert draft.status_code == 404

"""The players' own check-in page: one button for a signed-in player of the tournament, the
code form for anyone else; wrong codes are throttled; the code on the player's own card."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from actions.check_in import set_check_in_rule
from core.models import ThrottleHit
from core.roles import SYSTEM
from events.models import CheckIn, CheckInRule
from events.queries.check_in import code_of
from public.views.check_in import WRONG_CODES
from tests.factories import make_player, make_tournament, register
from tests.helpers import snapshot
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    t = make_tournament(
        "Spring Open", slug="spring", rounds_planned=3, pairing_system=PairingSystem.SWISS_DUTCH
    )
    register(t, make_player("Adams", "Alan"), make_player("Baker", "Beth"))
    set_check_in_rule(actor=SYSTEM, tournament=t, rule=CheckInRule.FIRST)
    return t


def _url() -> str:
    return reverse("tournaments:check_in", args=["spring"])


def _account(tournament, last_name, client):
    registration = tournament.registrations.get(player__last_name=last_name)
    user = get_user_model().objects.create_user(last_name.lower(), password="x")  # noqa: S106
    registration.player.account = user
    registration.player.save()
    client.force_login(user)
    return registration


def _wrong_code(tournament) -> str:
    codes = {code_of(r) for r in tournament.registrations.all()}
    return next(c for c in ("AAAAAA", "BBBBBB", "CCCCCC") if c not in codes)


def test_a_signed_in_player_gets_one_button_and_checks_in(client, tournament):
    adams = _account(tournament, "Adams", client)

    page = client.get(_url()).content.decode()
    response = client.post(_url(), follow=True)

    assert "I am here" in page
    assert 'name="code"' not in page
    assert "Adams, Alan is checked in for round 1." in response.content.decode()
    assert "you are checked in for round 1" in response.content.decode()
    assert list(CheckIn.objects.values_list("registration", "way")) == [(adams.pk, "self")]


def test_a_visitor_checks_in_with_the_code(client, tournament):
    baker = tournament.registrations.get(player__last_name="Baker")

    page = client.get(_url()).content.decode()
    response = client.post(_url(), {"code": code_of(baker).lower()}, follow=True)

    assert 'name="code"' in page
    assert "Baker, Beth is checked in for round 1." in response.content.decode()
    assert list(CheckIn.objects.values_list("registration", "by")) == [(baker.pk, None)]


def _without_throttle(rows: dict) -> dict:
    return {table: rows[table] for table in rows if table != ThrottleHit._meta.db_table}


def test_a_wrong_code_is_refused_and_counted(client, tournament):
    before = snapshot()

    response = client.post(_url(), {"code": _wrong_code(tournament)})

    assert response.status_code == 200
    assert "This is not a check-in code of this tournament." in response.content.decode()
    assert ThrottleHit.objects.filter(scope="check-in-code").count() == 1
    assert _without_throttle(snapshot()) == _without_throttle(before)


def test_after_too_many_wrong_codes_even_the_right_one_is_refused(client, tournament):
    wrong = _wrong_code(tournament)
    for _ in range(WRONG_CODES):
        client.post(_url(), {"code": wrong})
    baker = tournament.registrations.get(player__last_name="Baker")

    response = client.post(_url(), {"code": code_of(baker)})

    assert response.status_code == 429
    assert "Too many wrong codes from your network" in response.content.decode()
    assert not CheckIn.objects.exists()


def test_right_codes_are_not_counted(client, tournament):
    for registration in tournament.registrations.all():
        client.post(_url(), {"code": code_of(registration)})

    assert CheckIn.objects.count() == 2
    assert not ThrottleHit.objects.exists()


def test_without_a_check_in_open_the_page_says_so(client, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.OFF)
    baker = tournament.registrations.get(player__last_name="Baker")
    before = snapshot()

    page = client.get(_url()).content.decode()
    response = client.post(_url(), {"code": code_of(baker)})

    assert "There is no check-in open in this tournament now." in page
    assert "There is no check-in open in this tournament now." in response.content.decode()
    assert snapshot() == before


def test_the_player_sees_their_code_on_their_own_card_only(client, tournament):
    adams = _account(tournament, "Adams", client)
    baker = tournament.registrations.get(player__last_name="Baker")

    own = client.get(reverse("tournaments:player_card", args=["spring", adams.pairing_number]))
    other = client.get(reverse("tournaments:player_card", args=["spring", baker.pairing_number]))

    assert own.context["check_in_code"] == code_of(adams)
    assert code_of(adams) in own.content.decode()
    assert other.context["check_in_code"] == ""
    assert code_of(baker) not in other.content.decode()

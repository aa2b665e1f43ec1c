"""The arbiter's check-in pages: the roll call and its count, the tap with and without htmx,
the filter, the rule form, the QR code and the codes; pairing asks about the players who did
not check in and leaves them out once confirmed."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from actions.check_in import check_in, set_check_in_rule
from core.roles import SYSTEM
from events.models import CheckIn, CheckInRule
from events.queries.check_in import code_of
from tests.factories import make_club, make_player, make_tournament, register
from tests.helpers import snapshot
from tournaments.enums import PairingSystem
from tournaments.models import Game, RequestedBye, Round

pytestmark = pytest.mark.django_db

NAMES = (("Adams", "Alan"), ("Baker", "Beth"), ("Clark", "Chris"), ("Davis", "Dana"))


@pytest.fixture
def tournament():
    club = make_club("Home")
    t = make_tournament(
        "Spring Open",
        slug="spring",
        club=club,
        rounds_planned=3,
        pairing_system=PairingSystem.SWISS_DUTCH,
    )
    players = [make_player(last, first) for last, first in NAMES]
    for rating, registration in zip((2200, 2100, 2000, 1900), register(t, *players), strict=True):
        registration.rating_at_start = rating
        registration.save(update_fields=["rating_at_start"])
    return t


@pytest.fixture
def arbiter(client, tournament):
    user = get_user_model().objects.create_user("arno", password="x")  # noqa: S106 -- test user
    tournament.arbiters.add(user)
    client.force_login(user)
    return client


def _url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=["spring", *args])


def _registration(tournament, last_name):
    return tournament.registrations.select_related("player").get(player__last_name=last_name)


def test_without_a_rule_the_page_says_check_in_is_off(arbiter, tournament):
    response = arbiter.get(_url("organise_check_in"))

    assert response.status_code == 200
    assert "Check-in is off" in response.content.decode()
    assert response.context["rows"] == []


def test_the_roll_call_lists_each_player_with_the_count(arbiter, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    check_in(actor=SYSTEM, registration=_registration(tournament, "Baker"), round_number=1)

    response = arbiter.get(_url("organise_check_in"))

    page = response.content.decode()
    rows = response.context["rows"]
    assert [(r.registration.player.last_name, r.rating, r.present) for r in rows] == [
        ("Adams", 2200, False),
        ("Baker", 2100, True),
        ("Clark", 2000, False),
        ("Davis", 1900, False),
    ]
    assert "Check-in for round 1" in page
    assert "1 of 4 checked in" in page


def test_the_filter_narrows_the_list_by_name_or_number(arbiter, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)

    by_name = arbiter.get(_url("organise_check_in"), {"q": "bak"}).context["rows"]
    by_first = arbiter.get(_url("organise_check_in"), {"q": "DANA"}).context["rows"]
    by_number = arbiter.get(_url("organise_check_in"), {"q": "3"}).context["rows"]

    assert [r.registration.player.last_name for r in by_name] == ["Baker"]
    assert [r.registration.player.last_name for r in by_first] == ["Davis"]
    assert [r.registration.player.last_name for r in by_number] == ["Clark"]


def test_a_tap_without_javascript_checks_in_and_comes_back_filtered(arbiter, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    adams = _registration(tournament, "Adams")

    response = arbiter.post(
        _url("organise_check_in_tap", adams.pk), {"round": 1, "present": "on", "q": "ad"}
    )

    assert response.status_code == 302
    assert response["Location"] == _url("organise_check_in") + "?q=ad"
    assert list(CheckIn.objects.values_list("registration", "round_number", "way")) == [
        (adams.pk, 1, "arbiter")
    ]


def test_a_tap_with_htmx_answers_the_row_and_the_count(arbiter, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    adams = _registration(tournament, "Adams")
    check_in(actor=SYSTEM, registration=adams, round_number=1)

    response = arbiter.post(
        _url("organise_check_in_tap", adams.pk), {"round": 1}, HTTP_HX_REQUEST="true"
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert f'id="check-in-{adams.pk}" class="check-in-row"' in page
    assert 'aria-pressed="false"' in page
    assert "0 of 4 checked in" in page
    assert 'hx-swap-oob="true"' in page
    assert not CheckIn.objects.exists()


def test_a_tap_for_a_round_already_paired_is_refused_in_the_row(arbiter, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.EVERY)
    Round.objects.create(tournament=tournament, number=1)
    adams = _registration(tournament, "Adams")
    before = snapshot()

    response = arbiter.post(
        _url("organise_check_in_tap", adams.pk),
        {"round": 1, "present": "on"},
        HTTP_HX_REQUEST="true",
    )

    assert "Check-in is open for round 2 only: reload the page." in response.content.decode()
    assert snapshot() == before


def test_the_organiser_sets_the_rule_on_the_page(client, tournament):
    organiser = get_user_model().objects.create_user("olga", password="x")  # noqa: S106
    tournament.club.organisers.add(organiser)
    client.force_login(organiser)

    response = client.post(_url("organise_check_in_rule"), {"rule": "every"}, follow=True)

    assert response.redirect_chain == [(_url("organise_check_in"), 302)]
    assert "Check-in: before every round." in response.content.decode()
    assert tournament.check_in_setting.rule == "every"


def test_pairing_asks_about_the_players_not_checked_in_and_writes_nothing(arbiter, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    for name in ("Adams", "Baker", "Clark"):
        check_in(actor=SYSTEM, registration=_registration(tournament, name), round_number=1)
    davis = _registration(tournament, "Davis")
    before = snapshot()

    response = arbiter.post(_url("organise_pair"), {"number": 1})

    page = response.content.decode()
    assert response.status_code == 200
    assert (
        "1 player has not checked in: Davis, Dana. They will not be paired in round 1 and "
        "score what the regulations give an absent player."
    ) in page
    assert f'name="absent" value="{davis.pk}"' in page
    assert snapshot() == before


def test_confirmed_pairing_leaves_the_absent_player_out(arbiter, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    for name in ("Adams", "Baker", "Clark"):
        check_in(actor=SYSTEM, registration=_registration(tournament, name), round_number=1)
    davis = _registration(tournament, "Davis")

    response = arbiter.post(_url("organise_pair"), {"number": 1, "absent": str(davis.pk)})

    assert response.status_code == 302
    assert response["Location"] == _url("organise_round", 1)
    games = Game.objects.filter(round__tournament=tournament).select_related("white")
    assert sorted((g.white.last_name, g.result) for g in games if g.black_id is None) == [
        ("Clark", "U"),
        ("Davis", "Z"),
    ]
    assert RequestedBye.objects.get().registration == davis


def test_a_round_robin_is_paired_with_a_warning(arbiter, tournament):
    tournament.pairing_system = PairingSystem.ROUND_ROBIN
    tournament.save(update_fields=["pairing_system"])
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)

    response = arbiter.post(_url("organise_pair"), {"number": 1}, follow=True)

    page = response.content.decode()
    assert (
        "4 players have not checked in: Adams, Alan, Baker, Beth, Clark, Chris, Davis, Dana."
        in page
    )
    assert "A round robin pairs everyone" in page
    assert Game.objects.filter(round__tournament=tournament).count() == 2


def test_the_qr_page_points_at_the_self_check_in_page(arbiter, tournament):
    response = arbiter.get(_url("organise_check_in_qr"))

    page = response.content.decode()
    assert "http://testserver/tournaments/spring/check-in/" in page
    assert 'class="qr"><path class="qr-line"' in page


def test_the_code_list_has_each_players_code(arbiter, tournament):
    response = arbiter.get(_url("organise_check_in_codes"))

    page = response.content.decode()
    codes = [(r.player.last_name, code_of(r)) for r in tournament.registrations.all()]
    assert response.context["codes"] == [
        (r, code_of(r))
        for r in tournament.registrations.order_by("player__last_name").select_related("player")
    ]
    assert all(code in page for _name, code in codes)


def test_the_dashboard_links_the_check_in(arbiter, tournament):
    response = arbiter.get(reverse("tournaments:organise", args=["spring"]))

    assert f'href="{_url("organise_check_in")}"' in response.content.decode()


def test_the_roll_call_and_the_question_read_in_russian(arbiter, tournament):
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    for name in ("Adams", "Baker"):
        check_in(actor=SYSTEM, registration=_registration(tournament, name), round_number=1)
    arbiter.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"

    page = arbiter.get(_url("organise_check_in")).content.decode()
    question = arbiter.post(_url("organise_pair"), {"number": 1}).content.decode()

    assert "Отметка на тур 1" in page
    assert "Отмечено: 2 из 4" in page
    assert "Сохранить правило отметки" not in page  # the rule form is the managers'
    assert (
        "2 участника не отметились: Clark, Chris, Davis, Dana. В жеребьёвку тура 1 они не "
        "попадут и получат то, что регламент даёт отсутствующему."
    ) in question
    assert "Провести жеребьёвку без них" in question

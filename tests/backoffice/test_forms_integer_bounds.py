"""Every integer of the organiser forms and the admin is bound to its column's range (or a
tighter real bound): an out-of-range number is a form error and writes nothing, on SQLite and
PostgreSQL alike. Regression for issue 15, defect 6 (``after_round=40000`` and a manual board
number 40000 overflowed a smallint column: a 500 on PostgreSQL)."""

from __future__ import annotations

import pytest
from django.contrib.messages import constants, get_messages
from django.urls import reverse

from actions.rounds import add_round
from backoffice.forms import tournaments as forms
from backoffice.forms.settings import SettingsForm
from core.roles import SYSTEM
from tests.factories import make_player, make_tournament, register
from tests.form_data import inline_management
from tests.helpers import full_state
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

HUGE = ["40000", "32768", str(2**31), str(2**63), "9" * 30]


@pytest.fixture
def manual():
    tournament = make_tournament(slug="manual", pairing_system="manual", rounds_planned=3)
    players = [make_player(f"P{index}") for index in range(4)]
    registrations = register(tournament, *players)
    add_round(tournament=tournament, actor=SYSTEM)
    return {"tournament": tournament, "players": players, "registrations": registrations}


def refused(response) -> bool:
    levels = {m.level for m in get_messages(response.wsgi_request)}
    return response.status_code == 200 or constants.ERROR in levels


@pytest.mark.parametrize("value", HUGE)
def test_withdraw_after_a_huge_round(admin_client, manual, value):
    before = full_state()
    response = admin_client.post(
        reverse("tournaments:organise_withdraw", args=["manual"]),
        {"registration": manual["registrations"][0].pk, "after_round": value},
    )
    assert response.status_code < 500
    assert refused(response)
    assert full_state() == before


@pytest.mark.parametrize("value", HUGE)
def test_manual_board_with_a_huge_number(admin_client, manual, value):
    white, black = manual["players"][:2]
    before = full_state()
    response = admin_client.post(
        reverse("tournaments:organise_add_board", args=["manual", 1]),
        {"board": value, "white": white.pk, "black": black.pk},
    )
    assert response.status_code < 500
    assert refused(response)
    assert full_state() == before


@pytest.mark.parametrize("value", HUGE)
def test_bye_in_a_huge_round(admin_client, manual, value):
    before = full_state()
    response = admin_client.post(
        reverse("tournaments:organise_bye", args=["manual"]),
        {"registration": manual["registrations"][0].pk, "round_number": value, "kind": "H"},
    )
    assert response.status_code < 500
    assert refused(response)
    assert full_state() == before


@pytest.mark.parametrize(
    ("form", "field", "limit"),
    [
        (forms.AddBoardForm, "board", 32767),
        (forms.WithdrawForm, "after_round", "rounds"),
        (forms.ByeForm, "round_number", "rounds"),
        (forms.SwapBoardsForm, "board", 32767),
        (forms.SwapBoardsForm, "other", 32767),
        (forms.PairForm, "number", 32767),
        (forms.NewcomerForm, "fide_id", 2**63 - 1),
        (forms.ClubPlayerForm, "fide_id", 2**63 - 1),
    ],
)
def test_every_organiser_integer_has_a_maximum(manual, form, field, limit):
    needs = (
        {"tournament": manual["tournament"]}
        if "tournament" in form.__init__.__code__.co_varnames
        else {}
    )
    if limit == "rounds":  # a round number stops at the tournament's planned rounds
        limit = manual["tournament"].rounds_planned
        assert limit == 3
    assert form(**needs).fields[field].max_value == limit


def test_settings_integers_are_bound_to_their_columns(manual):
    form = SettingsForm(instance=manual["tournament"])
    assert form.fields["max_half_point_byes"].max_value == 32767
    assert form.fields["max_half_point_byes"].min_value == 0


def test_admin_registration_with_a_huge_pairing_number(admin_client, manual):
    tournament = manual["tournament"]
    registration = manual["registrations"][0]
    data = {
        "name": tournament.name,
        "slug": tournament.slug,
        "club": "",
        "rating_list": "",
        "city": "",
        "start_date": tournament.start_date.isoformat(),
        "end_date": tournament.end_date.isoformat(),
        "rounds_planned": "3",
        "pairing_system": "manual",
        **inline_management("rounds", 0, 0),
        **inline_management("registrations", 1, 1),
        "registrations-0-id": str(registration.pk),
        "registrations-0-tournament": str(tournament.pk),
        "registrations-0-player": str(registration.player_id),
        "registrations-0-pairing_number": "40000",
    }
    before = full_state()
    response = admin_client.post(
        reverse("admin:tournaments_tournament_change", args=[tournament.pk]), data
    )
    assert response.status_code == 200
    assert full_state() == before
    assert Registration.objects.get(pk=registration.pk).pairing_number != 40000


def test_a_round_robins_rounds_are_bound_to_the_column(manual):
    data = {"pairing_system": "round_robin", "rounds_planned": "40000"}
    form = SettingsForm(data, instance=manual["tournament"])
    form.is_valid()
    assert form.errors["rounds_planned"] == [
        "The number of rounds must be a whole number from 0 to 32767."
    ]

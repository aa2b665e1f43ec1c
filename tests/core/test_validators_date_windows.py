"""Dates stay in sane windows on every way in: birth years 1900–2100, tournament and round
dates within ``TOURNAMENT_DATE_YEARS`` of today (organiser forms and the admin), imported
tournaments from 1900 up to that window's end (TRF). Regression for issue 15, defect 3:
forms accepted years 1 and 9999, which broke the public pages of the players."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from actions.trf_import import import_trf
from core.roles import SYSTEM
from core.validators import tournament_dates
from players.models import Player
from tests.factories import make_club, make_player, make_tournament
from tests.form_data import inline_management, tournament_form
from tests.helpers import full_state
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

CREATE = reverse("tournaments:organise_create")


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "2040-01-01", "2000-01-01"])
def test_create_refuses_a_tournament_date_out_of_the_window(admin_client, day):
    first, last = tournament_dates()
    response = admin_client.post(CREATE, tournament_form(start_date=day, end_date=day))

    assert response.status_code == 200
    assert response.context["form"].errors["start_date"] == [
        f"The date must be from {first.isoformat()} to {last.isoformat()}."
    ]
    assert not Tournament.objects.exists()


def test_the_window_is_a_setting(admin_client, settings):
    today = timezone.localdate()
    next_year = today.replace(year=today.year + 1, day=min(today.day, 28)).isoformat()
    settings.TOURNAMENT_DATE_YEARS = 0
    refused = admin_client.post(CREATE, tournament_form(start_date=next_year, end_date=next_year))
    assert "start_date" in refused.context["form"].errors
    settings.TOURNAMENT_DATE_YEARS = 5
    admin_client.post(CREATE, tournament_form(start_date=next_year, end_date=next_year))
    assert Tournament.objects.get().start_date.isoformat() == next_year


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "1899-12-31", "2101-01-01"])
def test_club_player_birth_date_out_of_the_window_is_refused(admin_client, day):
    club = make_club("Knights")
    before = full_state()
    response = admin_client.post(
        reverse("tournaments:organise_add_player", args=[club.pk]),
        {"last_name": "Ames", "first_name": "Ann", "sex": "f", "birth_date": day},
    )

    assert response.status_code == 200
    assert response.context["form"].errors["birth_date"] == [
        "The birth year must be from 1900 to 2100."
    ]
    assert full_state() == before


def test_add_round_refuses_a_far_date(admin_client):
    tournament = make_tournament(slug="manual", pairing_system="manual", rounds_planned=3)
    admin_client.post(
        reverse("tournaments:organise_add_round", args=["manual"]), {"date": "9999-12-31"}
    )
    assert not Round.objects.filter(tournament=tournament).exists()


def _player_post(birth_date: str) -> dict:
    return {
        "last_name": "Ames",
        "first_name": "Ann",
        "sex": "f",
        "federation": "",
        "birth_date": birth_date,
        "club": "",
        "fide_id": "",
        "title": "",
        **inline_management("ratings", 0, 0),
    }


def test_admin_refuses_a_far_birth_date(admin_client):
    ann = make_player("Ames", "Ann", sex="f")
    response = admin_client.post(
        reverse("admin:players_player_change", args=[ann.pk]), _player_post("9999-12-31")
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["birth_date"] == [
        "The birth year must be from 1900 to 2100."
    ]
    assert Player.objects.get(pk=ann.pk).birth_date is None


def _tournament_post(tournament, day: str) -> dict:
    return {
        "name": tournament.name,
        "slug": tournament.slug,
        "club": "",
        "rating_list": "",
        "city": "",
        "start_date": day,
        "end_date": day,
        "rounds_planned": "0",
        "pairing_system": "manual",
        **inline_management("rounds", 0, 0),
        **inline_management("registrations", 0, 0),
    }


def test_admin_refuses_a_far_tournament_date_but_keeps_an_old_unchanged_one(admin_client):
    old = datetime.date(2015, 5, 1)
    tournament = make_tournament(
        slug="old", pairing_system="manual", rounds_planned=0, start_date=old, end_date=old
    )
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])

    refused = admin_client.post(url, _tournament_post(tournament, "9999-12-31"))
    kept = admin_client.post(url, {**_tournament_post(tournament, "2015-05-01"), "city": "Ely"})

    assert "start_date" in refused.context["adminform"].form.errors
    assert kept.status_code == 302
    assert Tournament.objects.values_list("start_date", "city").get() == (old, "Ely")


TRF = """\
012 Far Open
042 {start}
052 {start}
142 1
001    1 m    Alpha, Ann                        2000 ENG             {born}  1.0    1     2 w 1
001    2 w    Beta, Bea                         1900                 1985/05/05  0.0    2     1 b 0
"""


def test_trf_import_refuses_a_tournament_date_after_the_window():
    report = import_trf(text=TRF.format(start="9999/12/31", born="1990/01/02"), actor=SYSTEM)

    assert [p.reason for p in report.errors] == [
        f"tournament date 9999-12-31: The date must be from 1900-01-01 to "
        f"{tournament_dates()[1].isoformat()}."
    ]
    assert not Tournament.objects.exists()


def test_trf_import_ignores_a_birth_date_out_of_the_window_with_a_warning():
    report = import_trf(text=TRF.format(start="2026/03/01", born="0001/01/01"), actor=SYSTEM)

    assert report.errors == []
    assert Player.objects.get(last_name="Alpha").birth_date is None
    assert [(p.line, p.column) for p in report.warnings if "birth date" in p.reason] == [(5, 70)]


def test_trf_import_keeps_an_archived_tournament():
    report = import_trf(text=TRF.format(start="2005/07/28", born="1990/01/02"), actor=SYSTEM)

    assert report.errors == []
    assert Tournament.objects.get().start_date == datetime.date(2005, 7, 28)

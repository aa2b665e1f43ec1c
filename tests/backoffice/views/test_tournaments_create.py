"""Creating a tournament from the organiser pages, and the organiser's tournament list."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from actions.tournaments import create_tournament
from core.roles import SYSTEM
from tests.factories import make_club, make_tournament, standard_list
from tests.form_data import CREATE, tournament_form
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

LIST = reverse("tournaments:organise_list")


def test_create_tournament_stores_every_setting(admin_client):
    club = make_club("Knights")
    rating_list = standard_list()

    response = admin_client.post(
        CREATE, tournament_form(club=club.pk, rating_list=rating_list.pk), follow=True
    )

    tournament = Tournament.objects.get()
    assert response.redirect_chain[-1][0] == reverse(
        "tournaments:organise", args=["autumn-open-2026"]
    )
    assert "Tournament “Autumn Open 2026” created: enter the players." in [
        str(m) for m in response.context["messages"]
    ]
    assert tournament.slug == "autumn-open-2026"
    assert tournament.club == club
    assert tournament.rating_list == rating_list
    assert tournament.city == "Tbilisi"
    assert tournament.start_date == datetime.date(2026, 10, 1)
    assert tournament.end_date == datetime.date(2026, 10, 5)
    assert tournament.rounds_planned == 7
    assert tournament.pairing_system == "swiss_dutch"
    assert tournament.points_pab == Decimal("0.5")
    assert tournament.max_half_point_byes == 2
    assert tournament.initial_colour == "b"
    assert tournament.accelerated is True
    assert tournament.tiebreaks == "BH/C1 BH DE"


def test_create_unrated_round_robin_with_lot_seeding(admin_client):
    admin_client.post(
        CREATE,
        tournament_form(
            name="Club Championship",
            slug="champs",
            pairing_system="round_robin",
            seeding="lot",
            accelerated="",
            tiebreaks="",
            max_half_point_byes="",
        ),
    )

    tournament = Tournament.objects.get()
    assert tournament.slug == "champs"
    assert tournament.rating_list is None
    assert tournament.is_round_robin
    assert tournament.seeding == "lot"
    assert tournament.accelerated is False
    assert tournament.tiebreak_codes == "DE WIN SB KS"
    assert tournament.max_half_point_byes is None


def test_slug_from_a_taken_name_gets_a_number(admin_client):
    make_tournament("Autumn Open 2026", slug="autumn-open-2026")

    admin_client.post(CREATE, tournament_form())

    assert Tournament.objects.filter(slug="autumn-open-2026-2").exists()


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        (
            {"end_date": "2026-09-30"},
            "end_date",
            "The end date cannot be before the start date.",
        ),
        ({"slug": "taken"}, "slug", "The address “taken” is already taken."),
        ({"slug": "organise"}, "slug", "The address “organise” is already taken."),
        ({"tiebreaks": "BH XYZ"}, "tiebreaks", "Unknown tie-break code: XYZ."),
        (
            {"pairing_system": "round_robin", "tiebreaks": "BH DE"},
            "tiebreaks",
            "Buchholz tie-breaks (BH) are not used in round robins, where every player meets "
            "the same opponents. Try DE WIN SB KS.",
        ),
    ],
)
def test_refusals_are_shown_on_the_form_and_write_nothing(admin_client, overrides, field, message):
    make_tournament("Existing", slug="taken")

    response = admin_client.post(CREATE, tournament_form(**overrides))

    assert response.status_code == 200
    form = response.context["form"]
    errors = form.errors.get(field or "__all__", [])
    assert any(message in error for error in errors), form.errors
    assert message in response.content.decode()
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["taken"]


def test_end_before_start_is_refused_by_the_service_too():
    with pytest.raises(ValidationError) as info:
        create_tournament(
            name="X",
            start_date=datetime.date(2026, 2, 2),
            end_date=datetime.date(2026, 2, 1),
            actor=SYSTEM,
        )
    assert info.value.message_dict == {
        "end_date": ["The end date cannot be before the start date."]
    }
    assert not Tournament.objects.exists()


def test_service_refuses_unknown_fields():
    with pytest.raises(ValidationError) as info:
        create_tournament(
            name="X",
            start_date=datetime.date(2026, 2, 1),
            end_date=datetime.date(2026, 2, 1),
            colour="w",
            actor=SYSTEM,
        )
    assert info.value.message_dict == {"colour": ["This field cannot be set here."]}
    assert not Tournament.objects.exists()


def test_create_page_get_writes_nothing(admin_client):
    response = admin_client.get(CREATE)

    assert response.status_code == 200
    assert 'name="tiebreaks"' in response.content.decode()
    assert not Tournament.objects.exists()


def test_create_and_list_are_staff_only(client):
    for url in (CREATE, LIST):
        response = client.get(url)
        assert response.status_code == 302
        assert "login" in response["Location"]
    assert client.post(CREATE, tournament_form()).status_code == 302
    client.force_login(get_user_model().objects.create_user("member"))
    assert client.get(CREATE).status_code == 403
    assert client.get(LIST).status_code == 403
    assert client.post(CREATE, tournament_form()).status_code == 403
    assert not Tournament.objects.exists()


def test_list_links_dashboards_trf_import_and_creation(admin_client):
    make_tournament("Spring Cup", slug="spring-cup")

    response = admin_client.get(LIST)

    html = response.content.decode()
    assert response.status_code == 200
    assert reverse("tournaments:organise", args=["spring-cup"]) in html
    assert reverse("tournaments:trf_export", args=["spring-cup"]) in html
    assert reverse("tournaments:trf_import") in html
    assert CREATE in html


def test_nav_links_the_organiser_pages_for_staff_only(client, admin_client):
    assert LIST in admin_client.get(reverse("tournaments:list")).content.decode()
    assert LIST not in client.get(reverse("tournaments:list")).content.decode()

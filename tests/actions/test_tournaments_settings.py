"""A tournament's settings are declared once (``tournaments.enums.TOURNAMENT_SETTINGS``): the
actions accept those and no other field, and the admin shows them all, the go settings too."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from actions.tournaments import create_tournament, update_tournament
from core.roles import SYSTEM
from tests.factories import make_superuser, make_tournament
from tournaments.enums import GO_SETTINGS, PAIRING_SETTINGS, TOURNAMENT_SETTINGS
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

#: The fields of a tournament nobody sets as a setting: its id, its life, its arbiters (their
#: own action), the colour drawn by lot when round 1 is paired, its creation time.
NOT_SETTINGS = {
    "id",
    "status",
    "final_standings",
    "arbiters",
    "drawn_colour",
    "created_at",
}


def test_every_field_of_a_tournament_is_a_setting_or_named_as_not_one():
    fields = {field.name for field in Tournament._meta.get_fields() if field.concrete}

    assert fields - set(TOURNAMENT_SETTINGS) == NOT_SETTINGS
    assert len(TOURNAMENT_SETTINGS) == len(set(TOURNAMENT_SETTINGS))
    assert TOURNAMENT_SETTINGS[-len(PAIRING_SETTINGS) :] == PAIRING_SETTINGS
    assert PAIRING_SETTINGS[-len(GO_SETTINGS) :] == GO_SETTINGS


def test_the_colour_drawn_by_lot_is_not_a_setting():
    tournament = make_tournament("Spring Open")

    with pytest.raises(ValidationError) as created:
        create_tournament(
            actor=SYSTEM,
            name="Autumn Open",
            start_date=datetime.date(2026, 10, 1),
            end_date=datetime.date(2026, 10, 1),
            drawn_colour="w",
        )
    with pytest.raises(ValidationError) as changed:
        update_tournament(actor=SYSTEM, tournament=tournament, changes={"drawn_colour": "w"})

    assert created.value.message_dict == {"drawn_colour": ["This field cannot be set here."]}
    assert changed.value.message_dict == {"drawn_colour": ["This field cannot be changed here."]}
    assert not Tournament.objects.filter(name="Autumn Open").exists()
    tournament.refresh_from_db()
    assert tournament.drawn_colour == ""


def _admin_post(client, tournament: Tournament, **fields: str):
    management = {
        f"{prefix}-{name}": value
        for prefix in ("rounds", "registrations")
        for name, value in (
            ("TOTAL_FORMS", "0"),
            ("INITIAL_FORMS", "0"),
            ("MIN_NUM_FORMS", "0"),
            ("MAX_NUM_FORMS", "1000"),
        )
    }
    data = {
        "name": tournament.name,
        "slug": tournament.slug,
        "club": "",
        "rating_list": "",
        "city": "",
        "start_date": "2026-03-01",
        "end_date": "2026-03-01",
        "rounds_planned": "3",
        "pairing_system": "mcmahon_go",
        **management,
        **fields,
    }
    return client.post(reverse("admin:tournaments_tournament_change", args=[tournament.pk]), data)


def test_staff_set_the_go_settings_in_the_admin_and_may_leave_them_out(client):
    client.force_login(make_superuser())
    tournament = make_tournament("Go Cup", rating_list=None, pairing_system="mcmahon_go")

    form = client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk]))
    set_them = _admin_post(
        client, tournament, komi="7.5", handicap_cap="4", handicap_policy="capped", top_bar="2d"
    )
    tournament.refresh_from_db()
    after_setting = (tournament.komi, tournament.handicap_cap, tournament.top_bar)
    leave_them_out = _admin_post(client, tournament)
    tournament.refresh_from_db()

    assert list(form.context["adminform"].form.fields) == list(TOURNAMENT_SETTINGS)
    assert (set_them.status_code, leave_them_out.status_code) == (302, 302)
    assert after_setting == (Decimal("7.5"), 4, "2d")
    # Left out: the settings with a default keep their value; a bar left empty is no bar.
    assert (tournament.komi, tournament.handicap_cap, tournament.top_bar) == (
        Decimal("7.5"),
        4,
        "",
    )

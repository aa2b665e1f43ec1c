"""Requested byes and forbidden pairs are visible in the admin and written only by services."""

import pytest
from django.urls import reverse

from actions.byes import add_forbidden_pair, request_bye
from core.roles import SYSTEM
from tests.factories import make_player, make_superuser, make_tournament, register, standard_list
from tests.form_data import inline_management
from tournaments.enums import PairingSystem
from tournaments.models import ForbiddenPair, RequestedBye, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(make_superuser())
    return client


@pytest.fixture
def entries():
    tournament = make_tournament(
        "Summer Swiss", slug="summer", pairing_system=PairingSystem.SWISS_DUTCH, rounds_planned=5
    )
    ann, bob, cy = make_player("Ames", "Ann"), make_player("Bell", "Bob"), make_player("Cole")
    registrations = register(tournament, ann, bob, cy)
    bye = request_bye(registration=registrations[0], round_number=3, kind="H", actor=SYSTEM)
    pair = add_forbidden_pair(tournament=tournament, player_a=bob, player_b=cy, actor=SYSTEM)
    return bye, pair


def test_requested_byes_are_listed_and_searchable(admin_client, entries):
    url = reverse("admin:tournaments_requestedbye_changelist")

    response = admin_client.get(url)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Ames" in html
    assert "Summer Swiss" in html
    assert "half-point bye" in html
    assert response.context["cl"].result_count == 1
    assert admin_client.get(url, {"q": "Bell"}).context["cl"].result_count == 0


def test_forbidden_pairs_are_listed_and_searchable(admin_client, entries):
    url = reverse("admin:tournaments_forbiddenpair_changelist")

    response = admin_client.get(url, {"q": "Cole"})

    assert response.status_code == 200
    assert response.context["cl"].result_count == 1
    assert "Bell" in response.content.decode()


@pytest.mark.parametrize(
    ("model", "index"), [("requestedbye", 0), ("forbiddenpair", 1)], ids=["bye", "pair"]
)
def test_admin_cannot_add_change_or_delete_them(admin_client, entries, model, index):
    obj = entries[index]
    change = reverse(f"admin:tournaments_{model}_change", args=[obj.pk])

    assert admin_client.get(reverse(f"admin:tournaments_{model}_add")).status_code == 403
    assert admin_client.get(change).status_code == 200  # view only
    assert admin_client.post(change, {"round_number": "4", "kind": "Z"}).status_code == 403
    delete = reverse(f"admin:tournaments_{model}_delete", args=[obj.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert list(RequestedBye.objects.values_list("round_number", "kind")) == [(3, "H")]
    assert ForbiddenPair.objects.count() == 1


def test_tournament_added_in_admin_goes_through_create_tournament(admin_client):
    data = {
        "name": "Organise",
        "slug": "organise",
        "club": "",
        "rating_list": standard_list().pk,
        "city": "",
        "start_date": "2026-10-01",
        "end_date": "2026-10-02",
        "rounds_planned": "2",
        "pairing_system": "manual",
        "max_half_point_byes": "1",
        **inline_management("rounds", 0, 0),
        **inline_management("registrations", 0, 0),
    }

    response = admin_client.post(reverse("admin:tournaments_tournament_add"), data)

    assert response.status_code == 200
    assert "The address “organise” is already taken." in response.content.decode()
    assert not Tournament.objects.exists()

    response = admin_client.post(
        reverse("admin:tournaments_tournament_add"), {**data, "slug": "autumn"}
    )

    assert response.status_code == 302
    assert Tournament.objects.get().max_half_point_byes == 1

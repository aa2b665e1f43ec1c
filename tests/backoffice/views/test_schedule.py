"""The round schedule page: a row per planned round, saved through the action; a refused form
shows each error next to its round and writes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from actions.schedule import set_schedule
from core.roles import SYSTEM
from events.models import RoundStart
from tests.factories import make_player, make_tournament, register
from tests.helpers import snapshot
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


def local(day: int, hour: int, minute: int = 0) -> datetime.datetime:
    """A start in the site's time zone (the form's inputs are read in it)."""
    naive = datetime.datetime(2026, 5, day, hour, minute)  # made aware below
    return timezone.make_aware(naive)


@pytest.fixture
def tournament():
    return make_tournament("Spring Open", slug="spring", rounds_planned=3)


def _url() -> str:
    return reverse("tournaments:organise_schedule", args=["spring"])


def test_the_page_has_a_row_per_planned_round_with_the_starts_set(admin_client, tournament):
    set_schedule(actor=SYSTEM, tournament=tournament, starts={2: local(2, 15, 30)})

    response = admin_client.get(_url())

    form = response.context["form"]
    assert list(form.fields) == ["round_1", "round_2", "round_3"]
    html = response.content.decode()
    assert 'type="datetime-local" name="round_2" value="2026-05-02T15:30"' in html
    assert 'type="datetime-local" name="round_1"' in html
    assert "<script" not in html.split("<main", 1)[-1]


def test_saving_sets_the_schedule_and_goes_back_to_the_dashboard(admin_client, tournament):
    response = admin_client.post(
        _url(), {"round_1": "2026-05-02T10:00", "round_2": "2026-05-02T15:30", "round_3": ""}
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:organise", args=["spring"])
    starts = dict(RoundStart.objects.values_list("number", "starts_at"))
    assert starts == {1: local(2, 10), 2: local(2, 15, 30)}


@pytest.mark.parametrize(
    ("data", "field", "error"),
    [
        (
            {"round_1": "2026-05-02T15:00", "round_2": "2026-05-02T10:00"},
            "round_2",
            "Round 2 must start after round 1.",
        ),
        ({"round_1": "2026-05-32T10:00"}, "round_1", "Enter a valid date/time."),
        ({"round_3": "tomorrow"}, "round_3", "Enter a valid date/time."),
    ],
)
def test_bad_input_is_refused_next_to_its_round_and_writes_nothing(
    admin_client, tournament, data, field, error
):
    before = snapshot()

    response = admin_client.post(_url(), data)

    assert response.status_code == 200
    assert response.context["form"].errors == {field: [error]}
    html = response.content.decode()
    assert f'<ul class="errorlist" id="id_{field}_error"><li>{error}</li></ul>' in html
    assert snapshot() == before


def test_a_round_robin_has_a_row_per_round_of_its_players(admin_client):
    tournament = make_tournament(
        "Club RR", slug="rr", pairing_system=PairingSystem.ROUND_ROBIN, rounds_planned=0
    )
    register(tournament, *(make_player(name) for name in ("Ada", "Ben", "Cy", "Dee")))

    response = admin_client.get(reverse("tournaments:organise_schedule", args=["rr"]))

    assert list(response.context["form"].fields) == ["round_1", "round_2", "round_3"]


def test_the_dashboard_links_the_schedule_screen_and_calendar(admin_client, tournament):
    html = admin_client.get(reverse("tournaments:organise", args=["spring"])).content.decode()

    assert 'href="/tournaments/spring/organise/schedule/"' in html
    assert 'href="/tournaments/spring/screen/"' in html
    assert 'href="/tournaments/spring/rounds.ics"' in html

"""A withdrawal or a requested bye posted again changes nothing: no audit entry, no replay,
the cached pages stay valid (issue 15, defect 9)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from core import unit_of_work
from core.models import AuditEntry
from tests.factories import make_player, make_tournament, register
from tests.helpers import full_state
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss():
    tournament = make_tournament(
        slug="swiss",
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=5,
        initial_colour="w",
        start_date=datetime.date(2026, 6, 1),
        end_date=datetime.date(2026, 6, 5),
    )
    players = [make_player(name) for name in ("Alpha", "Bravo", "Charlie", "Delta")]
    registrations = register(tournament, *players)
    client = Client()
    client.force_login(get_user_model().objects.create_user("staffer", is_staff=True))
    return tournament, registrations, client


def _twice(client: Client, url: str, data: dict) -> tuple[dict, list, dict]:
    client.post(url, data)
    after_first = full_state()
    entries = AuditEntry.objects.count()
    with unit_of_work.observe() as units:
        client.post(url, data)
    return after_first, [entries, AuditEntry.objects.count()], {"units": units}


def test_a_withdrawal_posted_twice_writes_one_audit_entry_and_no_replay(swiss):
    tournament, registrations, client = swiss
    url = reverse("tournaments:organise_withdraw", args=[tournament.slug])
    data = {"registration": registrations[0].pk, "after_round": 2}

    after_first, counts, seen = _twice(client, url, data)

    assert counts == [1, 1]
    assert full_state() == after_first
    assert [unit.stats for unit in seen["units"]] == [[]]
    assert [unit._touched for unit in seen["units"]] == [False]


def test_a_requested_bye_posted_twice_writes_one_audit_entry_and_no_replay(swiss):
    tournament, registrations, client = swiss
    url = reverse("tournaments:organise_bye", args=[tournament.slug])
    data = {"registration": registrations[1].pk, "round_number": 3, "kind": "H"}

    after_first, counts, seen = _twice(client, url, data)

    assert counts == [1, 1]
    assert full_state() == after_first
    assert [unit.stats for unit in seen["units"]] == [[]]
    assert [unit._touched for unit in seen["units"]] == [False]

"""Entries to the last places of a section at once, on PostgreSQL: the cap holds.

Eight players with accounts enter a section with three places at the same moment (each in
its own thread and connection): the section's tournament is locked by each entry's unit, so
exactly three are accepted and registered and five wait, numbered 1 to 5 in the order of
their confirmation. SQLite's test database cannot run writers side by side: skipped there.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from actions import online_entries as oe
from events.enums import EntryStatus
from events.models import Entry
from events.queries.entries import waiting
from tests.factories import make_entry_section, make_open_event, make_player
from tests.safety.concurrency import run_threads
from tournaments.models import Registration

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the threads need a database server with row locks (PostgreSQL)",
    ),
]

LINKS = oe.Links(confirm=lambda t: f"http://x/{t}/", withdraw=lambda t: f"http://x/{t}/w/")


def test_eight_entries_at_once_for_three_places_accept_three_and_line_up_five():
    section = make_entry_section(make_open_event("Burst"), name="Open", cap=3)
    accounts = []
    for number in range(8):
        account = get_user_model().objects.create_user(
            f"p{number}",
            email=f"p{number}@example.org",
            password="x",  # noqa: S106
        )
        make_player(f"P{number}", account=account)
        accounts.append(account)

    def job(account) -> Callable[[], None]:
        return lambda: oe.enter(actor=account, sections=[section], links=LINKS)

    assert run_threads([job(account) for account in accounts]) == []

    statuses = sorted(Entry.objects.values_list("status", flat=True))
    assert statuses == [EntryStatus.ACCEPTED] * 3 + [EntryStatus.WAITING] * 5
    assert Registration.objects.filter(tournament=section.tournament).count() == 3
    line = waiting(section)
    assert [e.confirmed_at for e in line] == sorted(e.confirmed_at for e in line)
    assert len(line) == 5

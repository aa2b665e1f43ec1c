"""Online entries in the admin: listed for staff, never written there."""

from __future__ import annotations

import pytest
from django.urls import reverse

from events.models import Entry
from tests.factories import make_entry_section, make_open_event, make_superuser

pytestmark = pytest.mark.django_db


def test_staff_see_entries_but_cannot_add_or_change_them(client):
    section = make_entry_section(make_open_event("Spring"), name="Open")
    entry = Entry.objects.create(
        section=section, last_name="Guest", sex="f", email="g@example.org", token_hash="ab" * 32
    )
    client.force_login(make_superuser())

    listing = client.get(reverse("admin:events_entry_changelist")).content.decode()
    page = client.get(reverse("admin:events_entry_change", args=[entry.pk])).content.decode()

    assert "Guest → Spring: Open" in listing
    assert "ab" * 32 not in page
    assert client.get(reverse("admin:events_entry_add")).status_code == 403

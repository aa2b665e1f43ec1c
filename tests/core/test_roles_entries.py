"""The roles of online entries: the event's organisers, the player themself, the links."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from core import roles
from core.invitation_tokens import token_hash, withdraw_token
from events.models import Entry
from tests.factories import make_club, make_entry_section, make_open_event, make_player

pytestmark = pytest.mark.django_db


def account(name: str, **fields):
    return get_user_model().objects.create_user(name, password="x", **fields)  # noqa: S106


@pytest.fixture
def entry():
    club = make_club("Rooks")
    club.organisers.add(account("org"))
    section = make_entry_section(make_open_event("Spring", club=club), name="Open")
    player = make_player("Ann", account=account("ann"))
    return Entry.objects.create(
        section=section,
        player=player,
        last_name="Ann",
        sex="f",
        email="ann@example.org",
        token_hash=token_hash("secret"),
    )


def test_the_events_organisers_and_staff_handle_its_entries(entry):
    event = entry.section.event
    users = get_user_model().objects
    assert roles.can_handle_entries(users.get(username="org"), event)
    assert roles.can_handle_entries(account("boss", is_staff=True), event)
    assert not roles.can_handle_entries(users.get(username="ann"), event)
    assert not roles.can_handle_entries(AnonymousUser(), event)
    event.club = None
    assert not roles.can_handle_entries(users.get(username="org"), event)


def test_an_entry_is_withdrawn_by_its_player_its_link_or_the_organisers(entry):
    users = get_user_model().objects
    holder = roles.entry_holder
    assert holder(entry).allows(users.get(username="ann"))
    assert holder(entry).allows(users.get(username="org"))
    assert holder(entry, withdraw_token(entry)).allows(AnonymousUser())
    assert not holder(entry, "secret").allows(AnonymousUser())
    assert not holder(entry).allows(account("stranger"))


def test_the_confirmation_link_confirms_only_its_entry(entry):
    assert roles.entry_link_holder(entry, "secret").allows(AnonymousUser())
    assert not roles.entry_link_holder(entry, "other").allows(AnonymousUser())
    entry.token_hash = ""
    assert not roles.entry_link_holder(entry, "secret").allows(AnonymousUser())

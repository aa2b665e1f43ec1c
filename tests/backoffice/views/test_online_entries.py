"""The organiser's entry pages: deciding on entries, the waiting list, the fees list."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from actions import online_entries as oe
from events.enums import EntryStatus
from events.models import Discount
from tests.factories import make_club, make_entry_section, make_open_event, make_player
from tests.helpers import snapshot

pytestmark = pytest.mark.django_db

LINKS = oe.Links(confirm=lambda t: f"http://x/{t}/", withdraw=lambda t: f"http://x/{t}/w/")


def account(name: str):
    return get_user_model().objects.create_user(
        name,
        email=f"{name}@example.org",
        password="pw-123456",  # noqa: S106 -- a test user
    )


@pytest.fixture
def organiser():
    return account("org")


@pytest.fixture
def event(organiser):
    club = make_club("Rooks")
    club.organisers.add(organiser)
    return make_open_event("Spring Weekend", slug="spring", club=club)


def entered(event_section, name: str, **fields):
    user = account(name)
    make_player(name.title(), "A", account=user, **fields)
    (entry,) = oe.enter(actor=user, sections=[event_section], links=LINKS)
    return entry


def test_the_organiser_approves_a_pending_entry(client, event, organiser):
    event.approve_entries = True
    event.save()
    section = make_entry_section(event, name="Open")
    entry = entered(section, "ann")
    client.force_login(organiser)
    url = reverse("events:organise_entries", args=["spring"])
    page = client.get(url)
    assert [e.pk for e in page.context["pending"]] == [entry.pk]

    response = client.post(url, {"entry": entry.pk, "decision": "approve"})

    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED
    assert "Ann, A: accepted." in client.get(url).content.decode()


def test_a_look_alike_guest_is_approved_as_the_chosen_player(client, event, organiser):
    section = make_entry_section(event, name="Open")
    twin = make_player("Ivanova", "Anna", sex="f", birth_date=datetime.date(1990, 5, 5))
    entry = oe.enter_as_guest(
        actor=AnonymousUser(),
        section=section,
        last_name="Ivanova",
        first_name="Anna",
        sex="f",
        birth_year=1990,
        email="anna@example.org",
        links=LINKS,
    )
    entry.status = EntryStatus.PENDING  # as if confirmed: the link's token is not at hand
    entry.save()
    client.force_login(organiser)
    url = reverse("events:organise_entries", args=["spring"])
    (shown,) = client.get(url).context["pending"]
    assert shown.look_alikes == [twin]
    client.post(url, {"entry": entry.pk, "decision": "approve", "player": twin.pk})
    entry.refresh_from_db()
    assert (entry.status, entry.player) == (EntryStatus.ACCEPTED, twin)


def test_a_refused_decision_is_an_error_and_writes_nothing(client, event, organiser):
    section = make_entry_section(event, name="Open")
    entry = entered(section, "bob")
    client.force_login(organiser)
    url = reverse("events:organise_entries", args=["spring"])
    before = snapshot()
    response = client.post(url, {"entry": entry.pk, "decision": "approve"}, follow=True)
    assert "Only an entry awaiting approval can be approved." in response.content.decode()
    response = client.post(url, {"entry": "x", "decision": "approve"}, follow=True)
    assert "Choose an entry and what to do with it." in response.content.decode()
    assert snapshot() == before


def test_the_fees_list_records_payments_and_downloads_as_csv(client, event, organiser):
    Discount.objects.create(event=event, kind="junior", age=18, percent=50)
    section = make_entry_section(event, name="Open", fee=Decimal("30"))
    ann = entered(section, "ann")
    entered(section, "kid", birth_date=datetime.date(2015, 1, 1))
    client.force_login(organiser)
    url = reverse("events:organise_fees", args=["spring"])

    before = snapshot()
    response = client.post(url, {"entry": ann.pk, "amount": "31"}, follow=True)
    assert "Ann, A: The amount cannot be more than the fee, 30.00." in response.content.decode()
    assert snapshot() == before
    client.post(url, {"entry": ann.pk, "amount": "30"})

    fees = client.get(url).context["fees"]
    assert [(r.name, r.owed, r.paid, r.balance) for r in fees.rows] == [
        ("Ann, A", Decimal("30.00"), Decimal("30.00"), Decimal("0.00")),
        ("Kid, A", Decimal("15.00"), Decimal("0.00"), Decimal("15.00")),
    ]
    assert (fees.owed, fees.paid, fees.balance) == (
        Decimal("45.00"),
        Decimal("30.00"),
        Decimal("15.00"),
    )
    csv = client.get(url, {"format": "csv"})
    assert csv["Content-Type"] == "text/csv; charset=utf-8"
    assert csv.content.decode().splitlines() == [
        "Name,Section,Status,Discount,Owed,Paid,Balance",
        '"Ann, A",Open,accepted,,30.00,30.00,0.00',
        '"Kid, A",Open,accepted,juniors (under the age),15.00,0.00,15.00',
        "Total,,,,45.00,30.00,15.00",
    ]

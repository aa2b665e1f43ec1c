"""The public entry pages: the entry form (player and guest), the links mailed to players,
and the public entry list."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from core.models import OutgoingMail
from events.enums import EntryStatus
from events.models import Discount, Entry
from ratings.models import RatingList
from tests.factories import make_club, make_entry_section, make_open_event, make_player, make_rating
from tests.helpers import snapshot
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return make_open_event("Spring Weekend", slug="spring", club=make_club("Rooks"))


def signed_in(client, name: str, **fields):
    account = get_user_model().objects.create_user(
        name,
        email=f"{name}@example.org",
        password="pw-123456",  # noqa: S106 -- a test user
    )
    player = make_player(name.title(), "A", account=account, **fields)
    client.force_login(account)
    return player


GUEST = {
    "section": "",
    "last_name": "Guest",
    "first_name": "Gina",
    "sex": "f",
    "birth_year": "2015",
    "federation": "ENG",
    "fide_id": "",
    "email": "gina@example.org",
}


def test_a_player_sees_each_section_with_its_price_and_why_it_is_closed(client, event):
    Discount.objects.create(event=event, kind="senior", age=60, percent=50)
    make_entry_section(event, name="Open", fee=Decimal("20"))
    make_entry_section(event, name="Women", sex="f", fee=Decimal("20"))
    signed_in(client, "ann", birth_date=datetime.date(1950, 1, 1))

    page = client.get(reverse("events:enter", args=["spring"])).content.decode()

    assert "<strong>Open</strong></label>" in page
    assert "10.00 EUR (seniors (from the age), −50%)" in page
    assert "Not open to you: for women only." in page
    assert page.count('type="checkbox" name="sections"') == 1


def test_a_player_enters_and_withdraws_from_the_form(client, event):
    open_ = make_entry_section(event, name="Open")
    player = signed_in(client, "bob")
    url = reverse("events:enter", args=["spring"])

    response = client.post(url, {"sections": [open_.pk]})

    assert response.status_code == 302
    entry = Entry.objects.get()
    assert (entry.player, entry.status) == (player, EntryStatus.ACCEPTED)
    page = client.get(url).content.decode()
    assert "Open: accepted." in page
    client.post(url, {"withdraw": entry.pk})
    entry.refresh_from_db()
    assert entry.status == EntryStatus.WITHDRAWN
    assert not Registration.objects.exists()


def test_ticking_nothing_is_refused_and_writes_nothing(client, event):
    make_entry_section(event, name="Open")
    signed_in(client, "cy")
    before = snapshot()
    response = client.post(reverse("events:enter", args=["spring"]), {"sections": []})
    assert response.status_code == 400
    assert "Tick at least one section." in response.content.decode()
    assert snapshot() == before


def test_a_guest_is_suggested_a_section_then_enters_and_confirms_by_the_link(client, event):
    make_entry_section(event, name="Open")
    u12 = make_entry_section(event, name="U12", age_max=12)
    url = reverse("events:enter", args=["spring"])
    before = snapshot()

    suggestion = client.post(url, GUEST)

    assert suggestion.status_code == 200
    assert "We suggest U12; other sections open to you" in suggestion.content.decode()
    assert suggestion.context["form"]["section"].value() == str(u12.pk)
    assert snapshot() == before

    response = client.post(url, {**GUEST, "section": u12.pk})
    assert response.status_code == 302
    (mail,) = OutgoingMail.objects.all()
    link = re.search(r"http://testserver(/events/entry/[\w-]+/)", mail.body).group(1)
    assert Entry.objects.get().status == EntryStatus.UNCONFIRMED

    shown = client.get(link)
    assert "Confirm</button>" in shown.content.decode()
    assert Entry.objects.get().status == EntryStatus.UNCONFIRMED

    confirmed = client.post(link)
    assert confirmed.status_code == 302
    entry = Entry.objects.get()
    assert entry.status == EntryStatus.ACCEPTED
    status_page = client.get(confirmed["Location"]).content.decode()
    assert "Your entry is confirmed: accepted." in status_page
    assert "Withdraw my entry" in status_page
    assert client.get(link).status_code == 404

    listing = client.get(reverse("events:entries", args=["spring"])).content.decode()
    assert "Guest, Gina" in listing
    assert "gina@example.org" not in listing


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("last_name", "", "This field is required."),
        ("sex", "", "This field is required."),
        ("birth_year", "12x", "Enter a whole number."),
        ("email", "gina", "Enter a valid email address."),
        ("fide_id", "0", "Ensure this value is greater than or equal to 1."),
        ("federation", "E1", "Use a three-letter federation code, e.g. ENG."),
    ],
)
def test_the_guest_form_refuses_bad_input_and_writes_nothing(client, event, field, value, error):
    section = make_entry_section(event, name="Open")
    before = snapshot()
    response = client.post(
        reverse("events:enter", args=["spring"]), {**GUEST, "section": section.pk, field: value}
    )
    assert response.status_code == 400
    assert response.context["form"].errors[field] == [error]
    assert snapshot() == before


def test_a_closed_event_shows_no_form(client, event):
    event.entries_open = False
    event.save()
    make_entry_section(event)
    page = client.get(reverse("events:enter", args=["spring"])).content.decode()
    assert "Entries are closed." in page
    assert "<form" not in page.split("<main", 1)[1]


def test_the_entry_list_numbers_the_waiting_list_and_shows_ratings(client, event):
    section = make_entry_section(event, name="Open", cap=1)
    for name, rating in (("dan", 1900), ("eve", 2000)):
        player = signed_in(client, name, federation="ENG")
        make_rating(player, rating)
        client.post(reverse("events:enter", args=["spring"]), {"sections": [section.pk]})
    lists = client.get(reverse("events:entries", args=["spring"])).context["lists"]
    (open_list,) = lists
    assert [(r.number, r.name, r.rating, r.federation) for r in open_list.accepted] == [
        (1, "Dan, A", 1900, "ENG")
    ]
    assert [(r.number, r.name) for r in open_list.waiting] == [(1, "Eve, A")]


def test_a_made_up_link_is_not_found_and_writes_nothing(client, event):
    before = snapshot()
    assert client.get("/events/entry/made-up/").status_code == 404
    assert client.post("/events/entry/made-up/").status_code == 404
    assert client.get("/events/entry/made-up/withdraw/").status_code == 404
    assert snapshot() == before


def test_a_section_of_a_kind_already_entered_is_closed_with_the_reason(client, event):
    blitz = RatingList.objects.get(slug="chess-blitz")
    first = make_entry_section(event, name="Blitz A", rating_list=blitz)
    make_entry_section(event, name="Blitz B", rating_list=blitz)
    signed_in(client, "fay")
    url = reverse("events:enter", args=["spring"])
    client.post(url, {"sections": [first.pk]})

    page = client.get(url).content.decode()

    assert "Not open to you: you have entered Blitz A, of the same kind." in page
    assert 'type="checkbox" name="sections"' not in page

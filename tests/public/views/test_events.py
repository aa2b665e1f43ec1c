"""The public pages of events: the list (upcoming and past) and an event's page with its
facts, rules and sections; a section's tournament page names its event."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from events.enums import EntryStatus
from events.models import Discount, Entry, RoundStart
from tests.factories import (
    make_club,
    make_event,
    make_game,
    make_player,
    make_round,
    make_section,
    make_tournament,
    register,
)
from tests.helpers import body_rows, tables
from tournaments.enums import PairingSystem, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    club = make_club("Riverside")
    event = make_event(
        "Weekend Open",
        slug="weekend-open",
        club=club,
        venue="Town hall",
        city="Kingsbridge",
        rules="Five rounds <b>Swiss</b>.\n\nFIDE Laws apply.",
        currency="GBP",
    )
    open_b = make_tournament(
        "Open B",
        slug="open-b",
        club=club,
        rounds_planned=5,
        pairing_system=PairingSystem.SWISS_DUTCH,
    )
    section = make_section(event, open_b, rating_max=1799, cap=10, fee=Decimal("15"))
    ann, bob = make_player("Ames", "Ann"), make_player("Bell", "Bob")
    register(open_b, ann, bob)
    make_game(make_round(open_b, 1, status=RoundStatus.PUBLISHED), ann, bob, "10")
    for n in range(2):
        Entry.objects.create(
            section=section,
            last_name=f"E{n}",
            sex="m",
            email=f"e{n}@example.com",
            status=EntryStatus.ACCEPTED,
        )
    rapid = make_tournament(
        "Rapid", slug="rapid", club=club, pairing_system=PairingSystem.ROUND_ROBIN, rating_list=None
    )
    make_section(event, rapid, age_max=12, sex="f")
    Discount.objects.create(event=event, kind="junior", age=18, percent=50)
    return event


def test_the_event_page_lists_its_sections_as_chess_results_does(client, event):
    response = client.get(reverse("events:event", args=["weekend-open"]))

    assert response.status_code == 200
    table = tables(response.content)[0]
    assert table["head"] == [
        [
            "Section",
            "Format",
            "Game and time control",
            "Who may play",
            "Entry fee",
            "Entries",
            "Rounds",
            "Leader",
            "",
        ]
    ]
    assert body_rows(response.content) == [
        [
            "Open B",
            "Swiss (FIDE Dutch)",
            "Chess standard",
            "rating under 1800",
            "15 GBP",
            "2 / 10",
            "1 / 5",
            "Ames, Ann 1 pts",
            "Calendar",
        ],
        ["Rapid", "round robin", "unrated", "U12, women", "free", "0", "0", "–", "Calendar"],
    ]
    html = response.content.decode()
    assert f'href="{reverse("tournaments:detail", args=["open-b"])}"' in html
    assert f'href="{reverse("tournaments:standings", args=["open-b"])}"' in html
    assert f'href="{reverse("tournaments:rounds_ics", args=["rapid"])}"' in html


def test_the_event_page_tells_its_facts_and_escapes_the_rules(client, event):
    html = client.get(reverse("events:event", args=["weekend-open"])).content.decode()

    assert "<dd>Town hall</dd>" in html
    assert "<dd>Kingsbridge</dd>" in html
    assert "<dd>Riverside</dd>" in html
    assert "<dd>juniors U18: −50%</dd>" in html
    assert "<p>Five rounds &lt;b&gt;Swiss&lt;/b&gt;.</p>\n\n<p>FIDE Laws apply.</p>" in html


def test_an_unknown_event_is_not_found(client):
    assert client.get(reverse("events:event", args=["nothing"])).status_code == 404


def test_a_section_names_its_event_on_the_tournament_page(client, event):
    html = client.get(reverse("tournaments:detail", args=["open-b"])).content.decode()

    assert 'Section of <a href="/events/weekend-open/">Weekend Open</a>' in html


def test_the_list_shows_upcoming_and_past_events(client):
    today = datetime.date.today()
    make_event("Next", start_date=today + datetime.timedelta(days=7))
    make_event("Last", start_date=today - datetime.timedelta(days=30))

    response = client.get(reverse("events:list"))

    upcoming, past = (table["body"] for table in tables(response.content))
    assert [row[0] for row in upcoming] == ["Next"]
    assert [row[0] for row in past] == ["Last"]


@pytest.mark.parametrize("item_count", [1, 3])
def test_the_list_takes_the_same_queries_for_any_number_of_events(
    client, django_assert_num_queries, item_count
):
    for number in range(item_count):
        start = datetime.date.today() + datetime.timedelta(days=7 + number)
        make_section(make_event(f"Event {number}", club=make_club(), start_date=start))

    # the lists' versions (the anonymous page cache), the events with their clubs and
    # sections counted; cached: the versions only
    with django_assert_num_queries(2):
        response = client.get(reverse("events:list"))
    with django_assert_num_queries(1):
        cached = client.get(reverse("events:list"))

    assert cached.content == response.content

    assert len(body_rows(response.content)) == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_the_event_page_takes_the_same_queries_for_any_number_of_unplayed_sections(
    client, django_assert_num_queries, item_count
):
    event = make_event("Weekend", slug="weekend", club=make_club())
    for _ in range(item_count):
        make_section(event)

    # the lists' versions (the anonymous page cache), the event with its club, the sections
    # with their tournaments and counts, the discounts (a section with a round played adds
    # its standings for the leader)
    with django_assert_num_queries(4):
        response = client.get(reverse("events:event", args=["weekend"]))

    assert len(body_rows(response.content)) == item_count


def test_the_event_calendar_lists_every_sections_rounds_with_the_sections_uids(client):
    event = make_event("Calendar Weekend", slug="calendar-weekend", venue="Hall", city="York")
    first = make_section(event, make_tournament("Open A", slug="open-a"))
    second = make_section(event, make_tournament("Rapid", slug="rapid"))
    stamp = datetime.datetime(2026, 2, 1, 9, 0, tzinfo=datetime.UTC)
    for section, number, hour in ((first, 1, 10), (second, 1, 9), (first, 2, 15)):
        RoundStart.objects.create(
            tournament=section.tournament,
            number=number,
            starts_at=datetime.datetime(2026, 3, 7, hour, 0, tzinfo=datetime.UTC),
            changed_at=stamp,
        )

    response = client.get("/events/calendar-weekend/rounds.ics")
    section_feed = client.get("/tournaments/open-a/rounds.ics").content.decode()

    text = response.content.decode()
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert [line for line in text.splitlines() if line.startswith("SUMMARY:")] == [
        "SUMMARY:Rapid: round 1",
        "SUMMARY:Open A: round 1",
        "SUMMARY:Open A: round 2",
    ]
    assert text.count("LOCATION:Hall\\, York") == 3
    open_a = [f"UID:tournament-{first.tournament_id}-round-{n}@testserver" for n in (1, 2)]
    assert all(uid in text and uid in section_feed for uid in open_a)

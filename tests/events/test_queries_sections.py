"""The reads of events and sections: the restrictions told in words (one describer for every
page), the discounts, the lists of events, an event's section rows with entries, rounds and
leader."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction

import pytest
from django.utils import translation

from events.enums import EntryStatus, Rated
from events.models import Discount, Entry, Section
from events.queries.sections import (
    attachable_tournaments,
    discount_text,
    event_of,
    fee_text,
    restrictions,
    restrictions_text,
    section_rows,
    upcoming_and_past,
)
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
from tournaments.enums import PairingSystem, RoundStatus


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({}, []),
        ({"age_max": 12}, ["U12"]),
        ({"age_min": 50}, ["50+"]),
        ({"rating_min": 1600, "rating_max": 1999}, ["rating 1600–1999"]),
        ({"rating_max": 1799}, ["rating under 1800"]),
        ({"rating_max": 1800}, ["rating up to 1800"]),
        ({"rating_min": 2000}, ["rating 2000+"]),
        ({"sex": "f"}, ["women"]),
        ({"rated": Rated.RATED}, ["rated players only"]),
        ({"rated": Rated.UNRATED}, ["unrated players only"]),
        (
            {"age_max": 18, "rating_max": 1799, "sex": "f", "rated": Rated.RATED},
            ["U18", "rating under 1800", "women", "rated players only"],
        ),
    ],
)
def test_restrictions_in_words(fields, words):
    section = Section(**fields)

    assert restrictions(section) == words
    assert restrictions_text(section) == (", ".join(words) or "open to all")


def test_restrictions_in_russian():
    section = Section(age_max=12, rating_min=1600, rating_max=1999, sex="f", rated=Rated.RATED)

    with translation.override("ru"):
        assert restrictions_text(section) == (
            "до 12 лет, рейтинг 1600–1999, женщины, только игроки с рейтингом"
        )
        assert restrictions_text(Section()) == "без ограничений"


@pytest.mark.parametrize(
    ("fields", "text"),
    [
        ({"kind": "junior", "age": 18, "percent": 50}, "juniors U18: −50%"),
        ({"kind": "senior", "age": 65, "percent": 25}, "seniors 65+: −25%"),
        ({"kind": "women", "percent": 20}, "women: −20%"),
        ({"kind": "titled", "percent": 100}, "titled players: −100%"),
    ],
)
def test_discount_in_words(fields, text):
    assert discount_text(Discount(**fields)) == text


@pytest.mark.parametrize(
    ("amount", "text"),
    [(Decimal("15.00"), "15 EUR"), (Decimal("12.50"), "12.50 EUR"), (Decimal("0"), "free")],
)
def test_fee_in_words(amount, text):
    assert fee_text(amount, "EUR") == text


@pytest.mark.django_db
def test_upcoming_events_soonest_first_and_past_ones_latest_first():
    today = datetime.date(2026, 6, 10)
    for name, start, end in [
        ("Spring", datetime.date(2026, 4, 1), datetime.date(2026, 4, 2)),
        ("Winter", datetime.date(2026, 1, 5), datetime.date(2026, 1, 6)),
        ("Running", datetime.date(2026, 6, 9), datetime.date(2026, 6, 10)),
        ("Autumn", datetime.date(2026, 10, 1), datetime.date(2026, 10, 1)),
        ("Summer", datetime.date(2026, 7, 1), datetime.date(2026, 7, 3)),
    ]:
        make_event(name, start_date=start, end_date=end)

    upcoming, past = upcoming_and_past(today)

    assert [e.name for e in upcoming] == ["Running", "Summer", "Autumn"]
    assert [e.name for e in past] == ["Spring", "Winter"]


@pytest.mark.django_db
def test_attachable_tournaments_are_the_clubs_not_in_an_event():
    club = make_club("Home")
    event = make_event(club=club)
    taken = make_section(event).tournament
    free = make_tournament("Free", club=club)
    make_tournament("Away", club=make_club("Away"))

    assert list(attachable_tournaments(event)) == [free]
    assert event_of(taken) == event
    assert event_of(free) is None


@pytest.mark.django_db
def test_section_rows_count_entries_rounds_and_name_the_leader():
    event = make_event(club=make_club())
    swiss = make_section(event, cap=10, fee=Decimal("15"), rating_max=1799)
    swiss.tournament.rounds_planned = 5
    swiss.tournament.save()
    ann, bob, cy, dan = (make_player(name) for name in ("Ames", "Bell", "Cole", "Dunn"))
    register(swiss.tournament, ann, bob, cy, dan)
    round_ = make_round(swiss.tournament, 1, status=RoundStatus.PUBLISHED)
    make_game(round_, ann, bob, "10")
    make_game(round_, cy, dan, "==", board=2)
    for n, status in enumerate([EntryStatus.ACCEPTED] * 3 + [EntryStatus.WAITING]):
        Entry.objects.create(
            section=swiss, last_name=f"E{n}", sex="m", email=f"e{n}@example.com", status=status
        )
    robin = make_section(event)
    robin.tournament.pairing_system = PairingSystem.ROUND_ROBIN
    robin.tournament.save()
    register(robin.tournament, ann, bob, cy)

    rows = section_rows(event)

    first, second = rows
    assert (first.accepted, first.cap, first.players) == (3, 10, 4)
    assert (first.rounds_played, first.rounds_planned) == (1, 5)
    assert (first.leader, first.leader_points) == (ann, Fraction(1))
    assert first.restrictions == "rating under 1800"
    assert (second.accepted, second.cap, second.players) == (0, None, 3)
    assert (second.rounds_played, second.rounds_planned, second.leader) == (0, 3, None)
    assert second.restrictions == "open to all"

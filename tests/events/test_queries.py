"""The round schedule's reads: the rounds the form shows and the venue screen's clock."""

from __future__ import annotations

import datetime

import pytest

from actions.schedule import set_schedule
from core.roles import SYSTEM
from events.queries.schedule import Clock, round_clock, schedule_numbers
from tests.factories import make_round, make_tournament
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 5, 2, 12, 0, tzinfo=datetime.UTC)


def hours(n: int) -> datetime.datetime:
    return NOW + datetime.timedelta(hours=n)


def test_a_tournament_of_open_length_shows_the_rounds_so_far_and_the_next():
    manual = make_tournament(pairing_system=PairingSystem.MANUAL, rounds_planned=0)

    empty = schedule_numbers(manual)
    make_round(manual, 1)
    make_round(manual, 2)
    paired = schedule_numbers(manual)
    set_schedule(actor=SYSTEM, tournament=manual, starts={4: hours(5)})

    assert (empty, paired, schedule_numbers(manual)) == ([1], [1, 2, 3], [1, 2, 3, 4, 5])


def test_a_planned_tournament_shows_every_planned_round():
    assert schedule_numbers(make_tournament(rounds_planned=4)) == [1, 2, 3, 4]


AHEAD = {1: 2, 2: 3, 3: 4}
UNDER_WAY = {1: -3, 2: -1, 3: 4}


@pytest.mark.parametrize(
    ("schedule", "published", "unfinished", "expected"),
    [
        (AHEAD, [], False, Clock(round=1, starts_at=hours(2))),
        (AHEAD, [1], True, Clock(round=1, starts_at=hours(2))),
        (UNDER_WAY, [1, 2], True, Clock(round=2, playing=True)),
        (UNDER_WAY, [1, 2], False, Clock(round=3, starts_at=hours(4))),
        (UNDER_WAY, [1], False, Clock()),  # round 2's start passed, not published yet
        (UNDER_WAY, [], False, Clock()),
        (UNDER_WAY, [1, 2, 3], True, Clock(round=3, starts_at=hours(4))),  # pairings up early
        ({1: -3, 2: -2, 3: -1}, [1, 2, 3], False, Clock()),
        ({}, [1], True, Clock(round=1, playing=True)),
    ],
)
def test_the_clock(schedule, published, unfinished, expected):
    tournament = make_tournament(rounds_planned=3)
    starts = {number: hours(offset) for number, offset in schedule.items()}
    set_schedule(actor=SYSTEM, tournament=tournament, starts=starts)

    assert round_clock(tournament, published, NOW, unfinished=unfinished) == expected

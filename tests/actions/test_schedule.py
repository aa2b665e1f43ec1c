"""The round schedule action: set, change and clear starts; refusals write nothing; roles."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError

from actions.schedule import set_schedule
from core.enums import AuditAction
from core.history import sentence
from core.models import AuditEntry
from core.roles import SYSTEM
from events.models import RoundStart
from tests.factories import make_club, make_tournament
from tests.helpers import snapshot

pytestmark = pytest.mark.django_db

YORK = ZoneInfo("Europe/London")


def at(day: int, hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime(2026, 3, day, hour, minute, tzinfo=YORK)


@pytest.fixture
def tournament():
    return make_tournament("Spring Open", rounds_planned=5, club=make_club("Home"))


def _schedule(tournament) -> dict[int, datetime.datetime]:
    return dict(RoundStart.objects.filter(tournament=tournament).values_list("number", "starts_at"))


def test_sets_the_starts_and_records_one_entry(tournament):
    result = set_schedule(
        actor=SYSTEM, tournament=tournament, starts={1: at(7, 10), 2: at(7, 15), 3: None}
    )

    assert {n: s.starts_at for n, s in result.items()} == {1: at(7, 10), 2: at(7, 15)}
    assert _schedule(tournament) == {1: at(7, 10), 2: at(7, 15)}
    entry = AuditEntry.objects.get()
    assert entry.action == AuditAction.TOURNAMENT_CHANGED
    assert entry.tournament_id == tournament.pk
    assert entry.before == {"1": None, "2": None}
    assert entry.after == {"1": "2026-03-07T10:00:00+00:00", "2": "2026-03-07T15:00:00+00:00"}
    assert sentence(entry) == "Round schedule changed: rounds 1, 2"


def test_changes_and_clears_only_what_differs(tournament):
    set_schedule(actor=SYSTEM, tournament=tournament, starts={1: at(7, 10), 2: at(7, 15)})

    set_schedule(actor=SYSTEM, tournament=tournament, starts={1: at(7, 10), 2: None, 3: at(8, 9)})

    assert _schedule(tournament) == {1: at(7, 10), 3: at(8, 9)}
    latest = AuditEntry.objects.order_by("-pk").first()
    assert latest.params == {"variant": "schedule", "rounds": "2, 3"}
    assert latest.before == {"2": "2026-03-07T15:00:00+00:00", "3": None}


def test_the_same_schedule_again_records_nothing(tournament):
    set_schedule(actor=SYSTEM, tournament=tournament, starts={1: at(7, 10)})
    before = snapshot()

    set_schedule(actor=SYSTEM, tournament=tournament, starts={1: at(7, 10), 2: None})

    assert snapshot() == before


@pytest.mark.parametrize(
    ("starts", "errors"),
    [
        ({2: at(7, 10), 3: at(7, 10)}, {"round_3": ["Round 3 must start after round 2."]}),
        ({1: at(7, 15), 2: at(7, 10)}, {"round_2": ["Round 2 must start after round 1."]}),
        ({6: at(9, 10)}, {"round_6": ["The tournament has only 5 rounds."]}),
        (
            {1: datetime.datetime(2026, 3, 7, 10)},  # naive: refused
            {"round_1": ["Give the start with its time zone."]},
        ),
    ],
)
def test_refusals_write_nothing(tournament, starts, errors):
    set_schedule(actor=SYSTEM, tournament=tournament, starts={4: at(9, 9)})
    before = snapshot()

    with pytest.raises(ValidationError) as refused:
        set_schedule(actor=SYSTEM, tournament=tournament, starts=starts)

    assert refused.value.message_dict == errors
    assert snapshot() == before


def test_a_change_that_would_put_a_later_round_first_is_refused(tournament):
    set_schedule(actor=SYSTEM, tournament=tournament, starts={2: at(7, 15)})
    before = snapshot()

    with pytest.raises(ValidationError) as refused:
        set_schedule(actor=SYSTEM, tournament=tournament, starts={1: at(7, 16)})

    assert refused.value.message_dict == {"round_2": ["Round 2 must start after round 1."]}
    assert snapshot() == before


def test_round_zero_is_refused(tournament):
    with pytest.raises(ValidationError) as refused:
        set_schedule(actor=SYSTEM, tournament=tournament, starts={0: at(7, 10)})

    assert refused.value.messages == ["A round is numbered from 1."]
    assert not RoundStart.objects.exists()


def test_only_the_tournaments_managers_may_set_it(tournament):
    users = get_user_model().objects
    arbiter, organiser = users.create_user("arbiter"), users.create_user("organiser")
    tournament.arbiters.add(arbiter)
    tournament.club.organisers.add(organiser)
    before = snapshot()

    with pytest.raises(PermissionDenied):
        set_schedule(actor=arbiter, tournament=tournament, starts={1: at(7, 10)})
    assert snapshot() == before

    set_schedule(actor=organiser, tournament=tournament, starts={1: at(7, 10)})
    assert _schedule(tournament) == {1: at(7, 10)}
    assert AuditEntry.objects.get().user == organiser

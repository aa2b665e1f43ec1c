"""``actions.events``: events, their sections and discounts — who may, what is written and
audited, what is refused (with nothing written)."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from actions.events import (
    add_section,
    create_event,
    remove_section,
    set_discounts,
    update_event,
    update_section,
)
from core.enums import AuditAction
from core.history import sentence
from core.models import AuditEntry
from core.roles import SYSTEM
from events.enums import EntryStatus
from events.models import Discount, Entry, Section
from tests.factories import (
    make_club,
    make_event,
    make_round,
    make_section,
    make_tournament,
    standard_list,
)
from tests.helpers import snapshot
from tournaments.enums import PairingSystem
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

SAT, SUN = datetime.date(2026, 3, 7), datetime.date(2026, 3, 8)


@pytest.fixture
def club():
    return make_club("Riverside")


@pytest.fixture
def organiser(club):
    user = get_user_model().objects.create_user("org")
    club.organisers.add(user)
    return user


@pytest.fixture
def event(club):
    return make_event("Spring Open", club=club, start_date=SAT, end_date=SUN)


def entry(section: Section, status: str = EntryStatus.ACCEPTED, n: int = 1) -> Entry:
    return Entry.objects.create(
        section=section, last_name=f"P{n}", sex="m", email=f"p{n}@example.com", status=status
    )


# ------------------------------------------------------------------ events


def test_an_organiser_creates_an_event_of_their_club(club, organiser):
    event = create_event(
        actor=organiser,
        name="Riverside Weekend Open",
        start_date=SAT,
        end_date=SUN,
        club=club,
        venue="Town hall",
        rules="Nine rounds.",
    )

    assert (event.slug, event.club, event.venue) == ("riverside-weekend-open", club, "Town hall")
    audit = AuditEntry.objects.get(action=AuditAction.EVENT_CREATED)
    assert audit.user == organiser
    assert sentence(audit) == "Event Riverside Weekend Open created"


def test_a_taken_name_gets_the_next_free_address(club):
    make_event("Open", slug="open", club=club)
    event = create_event(actor=SYSTEM, name="Open", start_date=SAT, end_date=SUN, club=club)
    assert event.slug == "open-2"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"name": "  "}, "name"),
        ({"end_date": SAT - datetime.timedelta(days=1)}, "end_date"),
        ({"slug": "organise"}, "slug"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_event_is_refused_and_nothing_written(club, fields, field):
    before = snapshot()
    values = {"name": "Open", "start_date": SAT, "end_date": SUN, "club": club, **fields}

    with pytest.raises(ValidationError) as refused:
        create_event(actor=SYSTEM, **values)

    assert field in refused.value.message_dict
    assert snapshot() == before


@pytest.mark.parametrize("who", ["anonymous", "player", "other_organiser"])
def test_only_the_clubs_organisers_and_staff_create_its_events(club, who):
    user = AnonymousUser()
    if who != "anonymous":
        user = get_user_model().objects.create_user(who)
    if who == "other_organiser":
        make_club("Away").organisers.add(user)
    before = snapshot()

    with pytest.raises(PermissionDenied):
        create_event(actor=user, name="Open", start_date=SAT, end_date=SUN, club=club)

    assert snapshot() == before


def test_staff_create_an_event_without_a_club():
    staff = get_user_model().objects.create_user("staff", is_staff=True)
    event = create_event(actor=staff, name="Festival", start_date=SAT, end_date=SAT)
    assert event.club is None


def test_update_event_changes_the_fields_and_tells_them(event, organiser):
    update_event(actor=organiser, event=event, changes={"venue": "Library", "city": "Dunmore"})

    event.refresh_from_db()
    assert (event.venue, event.city) == ("Library", "Dunmore")
    audit = AuditEntry.objects.get(action=AuditAction.EVENT_CHANGED)
    assert audit.before == {"venue": "", "city": ""}
    assert sentence(audit) == "Event Spring Open changed: venue, city"


def test_the_same_values_again_record_nothing(event, organiser):
    update_event(actor=organiser, event=event, changes={"venue": ""})
    assert not AuditEntry.objects.exists()


def test_an_event_cannot_move_to_a_club_other_than_its_sections(event, club):
    make_section(event)
    away = make_club("Away")
    before = snapshot()

    with pytest.raises(ValidationError) as refused:
        update_event(actor=SYSTEM, event=event, changes={"club": away})

    assert "club" in refused.value.message_dict
    assert snapshot() == before


def test_another_clubs_organiser_may_not_change_the_event(event):
    user = get_user_model().objects.create_user("away")
    make_club("Away").organisers.add(user)
    before = snapshot()

    with pytest.raises(PermissionDenied):
        update_event(actor=user, event=event, changes={"venue": "Elsewhere"})

    assert snapshot() == before


# ------------------------------------------------------------------ sections


def test_add_section_creates_its_tournament_with_the_events_club_and_dates(event, organiser):
    section = add_section(
        actor=organiser,
        event=event,
        new={
            "name": "Open B",
            "pairing_system": PairingSystem.SWISS_DUTCH,
            "rounds_planned": 5,
            "rating_list": standard_list(),
        },
        rating_max=1799,
        cap=10,
        fee=Decimal("15"),
    )

    tournament = section.tournament
    assert (tournament.name, tournament.club, tournament.start_date, tournament.end_date) == (
        "Open B",
        event.club,
        SAT,
        SUN,
    )
    assert (section.order, section.cap, section.rating_max) == (1, 10, 1799)
    actions = list(AuditEntry.objects.order_by("pk").values_list("action", flat=True))
    assert actions == [AuditAction.TOURNAMENT_CREATED, AuditAction.SECTION_ADDED]
    added = AuditEntry.objects.get(action=AuditAction.SECTION_ADDED)
    assert sentence(added) == "Open B added to the event Spring Open as a section"


def test_a_round_robin_section_has_no_rounds_to_give(event):
    section = add_section(
        actor=SYSTEM,
        event=event,
        new={"name": "Rapid", "pairing_system": PairingSystem.ROUND_ROBIN, "rounds_planned": 0},
    )
    assert section.tournament.is_round_robin


def test_an_existing_tournament_of_the_club_is_attached_last(event, club):
    make_section(event)
    tournament = make_tournament("Blitz", club=club)

    section = add_section(actor=SYSTEM, event=event, tournament=tournament)

    assert (section.order, section.tournament) == (2, tournament)


@pytest.mark.parametrize("case", ["other_club", "in_an_event", "neither", "outside_dates"])
def test_a_section_that_cannot_be_is_refused_and_nothing_written(event, club, case):
    kwargs: dict = {}
    if case == "other_club":
        kwargs["tournament"] = make_tournament(club=make_club("Away"))
    elif case == "in_an_event":
        kwargs["tournament"] = make_section(make_event(club=club)).tournament
    elif case == "outside_dates":
        kwargs["new"] = {
            "name": "Late",
            "rounds_planned": 5,
            "start_date": SUN + datetime.timedelta(days=1),
        }
    before = snapshot()

    with pytest.raises(ValidationError):
        add_section(actor=SYSTEM, event=event, **kwargs)

    assert snapshot() == before


def test_a_bad_new_tournament_writes_no_tournament(event):
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        add_section(actor=SYSTEM, event=event, new={"name": "Open", "rounds_planned": 999})
    assert "rounds_planned" in refused.value.message_dict
    assert snapshot() == before
    assert not Tournament.objects.filter(name="Open").exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"rating_min": 2000, "rating_max": 1999}, "rating_max"),
        ({"age_max": 2}, "age_max"),
        ({"age_min": 18, "age_max": 12}, "age_max"),
        ({"cap": 0}, "cap"),
        ({"fee": Decimal("-1")}, "fee"),
        ({"tournament": None}, "tournament"),
    ],
)
def test_bad_section_values_are_refused_and_nothing_written(event, changes, field):
    section = make_section(event)
    before = snapshot()

    with pytest.raises(ValidationError) as refused:
        update_section(actor=SYSTEM, section=section, changes=changes)

    assert field in refused.value.message_dict
    assert snapshot() == before


def test_the_cap_cannot_go_below_the_entries_accepted(event):
    section = make_section(event, cap=5)
    for n in range(3):
        entry(section, n=n)
    entry(section, EntryStatus.WAITING, n=9)

    with pytest.raises(ValidationError) as refused:
        update_section(actor=SYSTEM, section=section, changes={"cap": 2})
    assert refused.value.message_dict["cap"] == [
        "3 entries are accepted already: the section needs at least as many places."
    ]

    update_section(actor=SYSTEM, section=section, changes={"cap": 3})
    section.refresh_from_db()
    assert section.cap == 3


def test_update_section_is_audited_on_its_tournament(event, organiser):
    section = make_section(event)

    update_section(
        actor=organiser, section=section, changes={"rating_min": 1600, "rating_max": 1999}
    )

    audit = AuditEntry.objects.get(action=AuditAction.SECTION_CHANGED)
    assert audit.tournament_id == section.tournament_id
    assert audit.after == {"rating_min": 1600, "rating_max": 1999}
    assert sentence(audit) == (
        f"Section {section.tournament.name} of Spring Open changed: rating from, rating to"
    )


def test_remove_section_keeps_the_tournament(event):
    section = make_section(event)

    remove_section(actor=SYSTEM, section=section)

    assert not Section.objects.exists()
    assert Tournament.objects.filter(pk=section.tournament_id).exists()
    assert AuditEntry.objects.filter(action=AuditAction.SECTION_REMOVED).count() == 1


@pytest.mark.parametrize("case", ["paired", "entries"])
def test_a_section_in_play_or_with_entries_stays(event, case):
    section = make_section(event)
    if case == "paired":
        make_round(section.tournament)
    else:
        entry(section, EntryStatus.PENDING)
    before = snapshot()

    with pytest.raises(ValidationError):
        remove_section(actor=SYSTEM, section=section)

    assert snapshot() == before


@pytest.mark.parametrize("action", ["update", "remove"])
@pytest.mark.parametrize("who", ["anonymous", "arbiter", "other_organiser"])
def test_section_changes_need_the_events_organiser(event, who, action):
    section = make_section(event)
    user = AnonymousUser()
    if who != "anonymous":
        user = get_user_model().objects.create_user(who)
    if who == "arbiter":
        section.tournament.arbiters.add(user)
    if who == "other_organiser":
        make_club("Away").organisers.add(user)
    before = snapshot()

    with pytest.raises(PermissionDenied):
        if action == "update":
            update_section(actor=user, section=section, changes={"cap": 4})
        else:
            remove_section(actor=user, section=section)

    assert snapshot() == before


# ------------------------------------------------------------------ discounts


def test_set_discounts_replaces_them(event, organiser):
    set_discounts(actor=organiser, event=event, discounts=[{"kind": "women", "percent": 10}])
    set_discounts(
        actor=organiser,
        event=event,
        discounts=[
            {"kind": "junior", "age": 18, "percent": 50},
            {"kind": "women", "age": 30, "percent": 20},
        ],
    )

    assert sorted(Discount.objects.values_list("kind", "age", "percent")) == [
        ("junior", 18, 50),
        ("women", None, 20),
    ]
    audit = AuditEntry.objects.filter(action=AuditAction.EVENT_CHANGED).latest("pk")
    assert sentence(audit) == "Event Spring Open: discounts set (2)"


def test_the_same_discounts_again_record_nothing(event):
    for _ in range(2):
        set_discounts(actor=SYSTEM, event=event, discounts=[{"kind": "titled", "percent": 100}])
    assert AuditEntry.objects.count() == 1


@pytest.mark.parametrize(
    "discounts",
    [
        [{"kind": "junior", "percent": 50}],
        [{"kind": "women", "percent": 0}],
        [{"kind": "women", "percent": 101}],
        [{"kind": "nobody", "percent": 5}],
        [{"kind": "women", "percent": 5}, {"kind": "women", "percent": 6}],
    ],
)
def test_bad_discounts_are_refused_and_nothing_written(event, discounts):
    Discount.objects.create(event=event, kind="women", percent=10)
    before = snapshot()

    with pytest.raises(ValidationError):
        set_discounts(actor=SYSTEM, event=event, discounts=discounts)

    assert snapshot() == before

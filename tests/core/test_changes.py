"""Update these fields and say what changed (``core.changes.apply_changes``), and the update
actions that use it."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from actions.clubs import update_club
from actions.players import update_player
from actions.tournaments import update_tournament
from core.changes import apply_changes
from core.models import AuditEntry
from core.roles import SYSTEM
from players.models import Player
from tests.factories import make_club, make_player, make_round, make_tournament

pytestmark = pytest.mark.django_db

EDITABLE = ("last_name", "first_name", "club", "created_at")


def _updates(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].startswith("UPDATE")]


def test_unknown_and_non_editable_fields_are_refused_and_nothing_is_set():
    ann = make_player("Ames", "Ann")

    with pytest.raises(ValidationError) as refused:
        apply_changes(
            ann,
            {"last_name": "Amos", "nickname": "A", "created_at": None, "search_key": "x"},
            editable=EDITABLE,
        )

    assert refused.value.message_dict == {
        "created_at": ["This field cannot be changed here."],  # not editable
        "nickname": ["This field cannot be changed here."],
        "search_key": ["This field cannot be changed here."],
    }
    assert ann.last_name == "Ames"


def test_only_the_fields_that_changed_are_told_and_saved_with_the_derived_ones():
    club = make_club("Kingside")
    ann = make_player("Ames", "Ann")

    with CaptureQueriesContext(connection) as queries:
        changed = apply_changes(
            ann,
            {"club": club, "first_name": "Ann", "last_name": "Amos"},
            editable=EDITABLE,
            derive=lambda player: {"search_key": f"key {player.last_name}"},
        )

    assert (changed.fields, changed.before, changed.after) == (
        ["last_name", "club"],
        {"last_name": "Ames", "club": None},
        {"last_name": "Amos", "club": club.pk},
    )
    (update,) = _updates(queries)
    assert ('"last_name"' in update, '"club_id"' in update, '"search_key"' in update) == (
        True,
        True,
        True,
    )
    assert '"first_name"' not in update and '"birth_date"' not in update
    assert Player.objects.values_list("last_name", "club", "search_key").get() == (
        "Amos",
        club.pk,
        "key Amos",
    )


def test_nothing_changed_saves_nothing():
    ann = make_player("Ames", "Ann")

    with CaptureQueriesContext(connection) as queries:
        changed = apply_changes(ann, {"last_name": "Ames"}, editable=EDITABLE)

    assert (bool(changed), changed.fields, changed.before) == (False, [], {})
    assert _updates(queries) == []


def test_the_actions_checks_come_before_full_clean_and_a_refusal_before_the_save():
    ann = make_player("Ames", "Ann")
    seen = []

    def validate(player):
        seen.append(player.last_name)
        raise ValidationError({"last_name": "The action's own reason."})

    with pytest.raises(ValidationError) as checked:
        apply_changes(ann, {"last_name": ""}, editable=EDITABLE, validate=validate)
    with pytest.raises(ValidationError) as refused:
        apply_changes(ann, {"last_name": "Amos"}, editable=EDITABLE, refuse=_refuse_all)

    # full_clean would have said the name cannot be blank: the action's check ran first.
    assert checked.value.message_dict == {"last_name": ["The action's own reason."]}
    assert refused.value.message_dict == {"last_name": ["Refused: last_name."]}
    assert seen == [""]
    assert Player.objects.values_list("last_name", flat=True).get() == "Ames"


def _refuse_all(fields: list[str]) -> None:
    raise ValidationError({name: f"Refused: {name}." for name in fields})


def test_the_audit_entry_tells_the_fields_in_form_order():
    ann = make_player("Ames", "Ann")
    club = make_club("Kingside")
    tournament = make_tournament("Spring Open", city="York")

    update_player(player=ann, changes={"first_name": "Anna", "last_name": "Amos"}, actor=SYSTEM)
    update_club(club=club, changes={"short_name": "KS", "name": "Kingside CC"}, actor=SYSTEM)
    update_tournament(
        tournament=tournament, changes={"city": "Leeds", "name": "Spring Cup"}, actor=SYSTEM
    )

    entries = AuditEntry.objects.order_by("pk")
    assert [(e.params["fields"], e.before, e.after) for e in entries] == [
        (
            ["last_name", "first_name"],
            {"last_name": "Ames", "first_name": "Ann"},
            {"last_name": "Amos", "first_name": "Anna"},
        ),
        (
            ["name", "short_name"],
            {"name": "Kingside", "short_name": ""},
            {"name": "Kingside CC", "short_name": "KS"},
        ),
        (
            ["name", "city"],
            {"name": "Spring Open", "city": "York"},
            {"name": "Spring Cup", "city": "Leeds"},
        ),
    ]
    assert [e.summary for e in entries] == [
        "Amos, Anna changed: last name, first name",
        "Club Kingside CC changed: name, short name",
        "Tournament changed: name, city",
    ]


def test_a_pairing_setting_is_refused_once_paired_and_nothing_is_written():
    tournament = make_tournament("Spring Open", city="York")
    make_round(tournament)

    with pytest.raises(ValidationError) as refused:
        update_tournament(
            tournament=tournament,
            changes={"city": "Leeds", "seeding": "lot", "end_date": datetime.date(2026, 3, 2)},
            actor=SYSTEM,
        )

    assert refused.value.message_dict == {
        "seeding": ["This cannot change once a round has been paired."]
    }
    tournament.refresh_from_db()
    assert (tournament.city, tournament.end_date) == ("York", datetime.date(2026, 3, 1))
    assert not AuditEntry.objects.exists()

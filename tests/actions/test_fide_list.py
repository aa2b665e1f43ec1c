"""Importing FIDE's rating list: players created and updated by FIDE ID, starting ratings
where a player has none, idempotent, a malformed line refused with its number."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError

from actions.fide_list import import_fide_list
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from players.models import Player
from ratings.models import PlayerRating
from rules.files.fide_list import text_lines
from tests.datafiles import FIDE
from tests.factories import make_player, make_rating, standard_list
from tests.helpers import full_state

pytestmark = pytest.mark.django_db

OCTOBER = datetime.date(2026, 10, 1)


def _import(name: str, *, date=OCTOBER, actor=SYSTEM, **options):
    with (FIDE / name).open("rb") as stream:
        return import_fide_list(
            lines=list(text_lines(stream)), list_date=date, actor=actor, **options
        )


def _starting(slug: str) -> dict[str, tuple]:
    return {
        row.player.last_name + (f", {row.player.first_name}" if row.player.first_name else ""): (
            row.starting_rating,
            row.starting_games,
            row.starting_date,
        )
        for row in PlayerRating.objects.filter(rating_list__slug=slug).select_related("player")
    }


def test_a_first_import_creates_the_players_with_their_ratings():
    stats = _import("players_list_foa.txt")

    assert (stats.read, stats.created, stats.updated, stats.unchanged) == (9, 9, 0, 0)
    spencer = Player.objects.get(fide_id=4100018)
    assert (
        spencer.name,
        spencer.sex,
        spencer.federation,
        spencer.birth_date,
        spencer.title,
        spencer.fide_standard,
        spencer.fide_rapid,
        spencer.fide_blitz,
    ) == ("Spencer, Lucy", "f", "ENG", datetime.date(1994, 1, 1), "WFM", 2105, 2050, None)
    assert _starting("chess-rapid") == {
        "Carlsen, Magnus": (2815, 30, OCTOBER),
        "Spencer, Lucy": (2050, 30, OCTOBER),
        "Lindqvist, Per": (2290, 30, OCTOBER),
        "Ivanova, Olga": (2395, 30, OCTOBER),
    }
    assert _starting("chess-standard")["Spencer, Tom"] == (1850, 0, OCTOBER)  # K 40
    assert "Nakamura, Yui" not in _starting("chess-standard")  # unrated everywhere
    entry = AuditEntry.objects.get(action=AuditAction.FIDE_LIST_IMPORTED)
    assert entry.summary == (
        "FIDE rating list of 2026-10-01: 9 lines, 9 players created, 0 updated"
    )


def test_the_zip_imports_as_the_text():
    stats = _import("players_list.zip")

    assert (stats.read, stats.created) == (9, 9)


def test_importing_the_same_list_again_changes_nothing():
    _import("players_list_foa.txt")
    before = full_state()
    entries = AuditEntry.objects.count()

    stats = _import("players_list_foa.txt")

    assert (stats.created, stats.updated, stats.unchanged) == (0, 0, 9)
    assert full_state() == before
    assert AuditEntry.objects.count() == entries


def test_next_months_list_updates_players_and_keeps_starting_ratings():
    _import("players_list_foa.txt")

    stats = _import("players_list_foa_next_month.txt", date=datetime.date(2026, 11, 1))

    assert (stats.created, stats.updated, stats.unchanged) == (1, 2, 6)
    lucy = Player.objects.get(fide_id=4100018)
    assert (lucy.title, lucy.fide_standard) == ("WIM", 2210)
    # Her starting rating stays the first one; Tom's new rapid rating becomes his starting one.
    assert _starting("chess-standard")["Spencer, Lucy"] == (2105, 30, OCTOBER)
    assert _starting("chess-rapid")["Spencer, Tom"] == (1801, 0, datetime.date(2026, 11, 1))


def test_a_club_player_with_the_fide_id_is_updated_not_duplicated():
    member = make_player("Spenser", "L.", fide_id=4100018, sex="f")
    make_rating(member, 1999, rating_list=standard_list(), starting_rating=1990)

    _import("players_list_foa.txt")

    member.refresh_from_db()
    assert Player.objects.filter(fide_id=4100018).count() == 1
    assert (member.pk, member.name, member.fide_standard) == (
        Player.objects.get(fide_id=4100018).pk,
        "Spencer, Lucy",
        2105,
    )
    # She has a starting rating of her own: it is not replaced.
    assert PlayerRating.objects.get(player=member, rating_list=standard_list()).starting_rating == (
        1990
    )


def test_a_malformed_line_is_refused_with_its_number_and_nothing_is_written():
    before = full_state()
    players = Player.objects.count()

    with pytest.raises(ValidationError) as refused:
        _import("players_list_malformed.txt")

    assert refused.value.messages == ["Line 5 of the FIDE list: the sex “X” is neither M nor F"]
    assert full_state() == before
    assert Player.objects.count() == players
    assert not AuditEntry.objects.filter(action=AuditAction.FIDE_LIST_IMPORTED).exists()


def test_one_federation_only():
    stats = _import("players_list_foa.txt", federation="eng")

    assert (stats.read, stats.created, stats.skipped) == (9, 2, 7)
    assert sorted(Player.objects.values_list("last_name", flat=True)) == ["Spencer", "Spencer"]


def test_only_staff_may_import():
    organiser = get_user_model().objects.create_user("orga")

    with pytest.raises(PermissionDenied):
        _import("players_list_foa.txt", actor=organiser)

    assert not Player.objects.exists()

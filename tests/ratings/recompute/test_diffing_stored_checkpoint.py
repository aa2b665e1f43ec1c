"""A published list's checkpoint read and patched player by player (``StoredCheckpoint``): in
the database on PostgreSQL, in Python elsewhere, with the same answers."""

import datetime

import pytest
from django.db import connection

from ratings.models import PublishedList
from ratings.recompute.diffing import StoredCheckpoint
from tests.factories import standard_list

pytestmark = pytest.mark.django_db

STATE = {
    "system": "fide",
    "version": 1,
    "players": {
        "1": [1942, 20, 135, 2158, False, False, "2024-04-30", []],
        "2": [1771, 40, 0, 1771, False, True, None, [[1, 2]]],
        "30": [1500, 0, 0, 1500, False, False, None, []],
    },
}


@pytest.fixture
def stored():
    published = PublishedList.objects.create(
        rating_list=standard_list(), date=datetime.date(2026, 2, 1), replay_state=STATE
    )
    return published.pk


def _state(pk):
    return PublishedList.objects.get(pk=pk).replay_state


def test_only_the_entries_asked_for_are_read(stored):
    assert StoredCheckpoint(stored).entries(["2", "30", "999"]) == {
        "2": STATE["players"]["2"],
        "30": STATE["players"]["30"],
    }
    assert StoredCheckpoint(stored).entries([]) == {}


def test_a_patch_writes_what_changed_and_says_whose_entry_changed(stored):
    checkpoint = StoredCheckpoint(stored)
    moved = checkpoint.patch(
        {
            "1": STATE["players"]["1"],  # as stored: unchanged
            "2": [1780, 41, 9, 1780, False, True, "2026-01-20", []],
            "30": None,  # gone
            "44": [1600, 5, 0, 1600, True, False, None, []],  # new
        }
    )

    assert moved == {2, 30, 44}
    assert _state(stored) == {
        "system": "fide",
        "version": 1,
        "players": {
            "1": STATE["players"]["1"],
            "2": [1780, 41, 9, 1780, False, True, "2026-01-20", []],
            "44": [1600, 5, 0, 1600, True, False, None, []],
        },
    }
    assert checkpoint.entries(["2", "30"]) == {
        "2": [1780, 41, 9, 1780, False, True, "2026-01-20", []]
    }


def test_a_patch_of_nothing_new_writes_nothing(stored, django_assert_num_queries):
    checkpoint = StoredCheckpoint(stored)
    with django_assert_num_queries(1):  # the entries read, no UPDATE
        assert checkpoint.patch({"1": STATE["players"]["1"], "77": None}) == set()
    assert _state(stored) == STATE


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's column compression")
def test_checkpoints_are_compressed_with_lz4_on_postgresql():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute WHERE attname = 'replay_state' "
            "AND attrelid = 'ratings_publishedlist'::regclass"
        )
        assert cursor.fetchone()[0] == "l"

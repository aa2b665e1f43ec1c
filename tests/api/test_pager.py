"""The API's one pager: the envelope, the cut it is given, and no cut past the last row."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api.pager import paged
from players.models import Player
from tests.factories import make_player

pytestmark = pytest.mark.django_db


def _names(rows):
    return rows.order_by("last_name")


def test_a_page_counts_cuts_and_writes_each_row():
    for name in ("Alpha", "Beta", "Gamma", "Delta", "Epsilon"):
        make_player(name, "Ann")

    page = paged(_names(Player.objects.all()), 2, 2, lambda player: player.last_name)

    assert page == {
        "count": 5,
        "page": 2,
        "page_size": 2,
        "pages": 3,
        "results": ["Delta", "Epsilon"],
    }


def test_the_callers_cut_gets_the_start_and_size():
    make_player("Alpha", "Ann")
    cuts = []

    def cut(rows, start, size):
        cuts.append((start, size))
        return ["cut"]

    page = paged(Player.objects.all(), 1, 50, str, cut)

    assert (cuts, page["results"], page["pages"]) == ([(0, 50)], ["cut"], 1)


def test_a_page_past_the_last_row_is_empty_after_the_count_alone():
    make_player("Alpha", "Ann")

    with CaptureQueriesContext(connection) as queries:
        page = paged(Player.objects.all(), 3, 1, str)

    assert (page["count"], page["pages"], page["results"]) == (1, 1, [])
    assert len(queries.captured_queries) == 1


def test_no_rows_is_one_empty_page():
    assert paged(Player.objects.all(), 1, 50, str) == {
        "count": 0,
        "page": 1,
        "page_size": 50,
        "pages": 1,
        "results": [],
    }

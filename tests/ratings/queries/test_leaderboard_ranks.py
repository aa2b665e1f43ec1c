"""Ranks on later leaderboard pages: counted per page in rating order, equal to the window
function's in every other order, ties across a page break included."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ratings.queries.leaderboard import (
    leaderboard_rows,
    live_rating_counts,
    page_in_rating_order,
    with_rank,
)
from tests.factories import make_player, make_rating, standard_list
from tests.helpers import body_rows

pytestmark = pytest.mark.django_db

URL = reverse("ratings:leaderboard", args=["chess-standard"])


@pytest.fixture
def field():
    """54 players: 47 distinct ratings, then four tied at 1900 (rows 48-51, across the page
    break at 50), two at 1800 and one at 1700."""
    ratings = [2500 - 10 * i for i in range(47)] + [1900] * 4 + [1800] * 2 + [1700]
    for number, rating in enumerate(ratings, start=1):
        make_rating(make_player(f"P{number:02d}"), rating)


def _ranks(client, query: str) -> list[str]:
    return [row[0] for row in body_rows(client.get(URL + query).content)]


def test_second_page_ranks_continue_a_tie_from_the_first(client, field):
    assert _ranks(client, "?page=2") == ["48", "52", "52", "54"]
    assert _ranks(client, "")[44:] == ["45", "46", "47", "48", "48", "48"]


def test_page_ranks_equal_the_window_function_in_every_order(client, field):
    windowed = {
        row.player.last_name: row.rank for row in with_rank(leaderboard_rows(standard_list()))
    }
    for query in ("", "?page=2", "?sort=-rank", "?sort=-rank&page=2", "?sort=name&page=2"):
        rows = body_rows(client.get(URL + query).content)
        assert {row[1]: int(row[0]) for row in rows} == {
            row[1]: windowed[row[1]] for row in rows
        }, query


def _counts_above(captured) -> list[str]:
    return [q["sql"] for q in captured if "COUNT(*)" in q["sql"] and '"live_rating" > ' in q["sql"]]


def _grouped(captured) -> list[str]:
    return [q["sql"] for q in captured if "GROUP BY" in q["sql"]]


def test_a_later_page_of_the_whole_list_starts_where_the_lists_rating_counts_say(client, field):
    """The first page counts its rows; a later page of the whole list reads the list's
    rating counts instead (one grouped read of the ratings, cached by the list's version):
    no count, and no offset into the list."""
    with CaptureQueriesContext(connection) as first:
        client.get(URL)
    cache.clear()  # the filter form's federations are cached: compare cold requests
    with CaptureQueriesContext(connection) as second:
        rows = body_rows(client.get(URL + "?page=2").content)

    assert len(second.captured_queries) == len(first.captured_queries)
    assert [len(_grouped(first.captured_queries)), len(_grouped(second.captured_queries))] == [
        0,
        1,
    ]
    assert '"players_player"' not in _grouped(second.captured_queries)[0]
    assert not any("COUNT(*)" in q["sql"] for q in second.captured_queries)
    assert [(row[0], row[1]) for row in rows] == [
        ("48", "P51"),
        ("52", "P52"),
        ("52", "P53"),
        ("54", "P54"),
    ]


def test_a_later_page_of_a_filtered_list_costs_its_ratings_and_one_count_more(client, field):
    query = "?sex=m"
    with CaptureQueriesContext(connection) as first:
        client.get(URL + query)
    cache.clear()
    with CaptureQueriesContext(connection) as second:
        client.get(URL + query + "&page=2")

    assert len(second.captured_queries) == len(first.captured_queries) + 2
    assert (
        len(_counts_above(first.captured_queries)),
        len(_counts_above(second.captured_queries)),
    ) == (0, 1)


def test_a_later_page_joins_no_row_before_it(client, field):
    """Deep in a federation's list, ``OFFSET`` on the joined rows made the database join and
    sort every row before the page: only the page's ratings are read with an offset (a
    filtered list), or none at all (the whole list), and the joined rows are only those
    rated from the page's first rating down to its last."""
    for query in ("?page=2", "?sex=m&page=2"):
        with CaptureQueriesContext(connection) as captured:
            rows = body_rows(client.get(URL + query).content)

        joined = [
            q["sql"]
            for q in captured.captured_queries
            if '"players_player"."last_name"' in q["sql"]
        ]
        offsets = [q["sql"] for q in captured.captured_queries if "OFFSET" in q["sql"]]
        assert all(
            sql.startswith('SELECT "ratings_playerrating"."live_rating" AS "live_rating" FROM')
            for sql in offsets
            if sql not in joined
        ), query
        assert len(joined) == 1, query
        assert re.search(
            r'"live_rating" >= \'?1700(\.00)?\'? AND .*"live_rating" <= \'?1900', joined[0]
        ), query
        assert [(row[0], row[1]) for row in rows] == [
            ("48", "P51"),
            ("52", "P52"),
            ("52", "P53"),
            ("54", "P54"),
        ], query


def test_pages_cut_from_the_rating_counts_equal_pages_cut_from_the_ratings(field):
    """Every offset and page size: the page found from the list's rating counts is the page
    found from its ratings (ties across either end of the page included), and past the end
    both are empty."""
    rating_list = standard_list()
    rows = leaderboard_rows(rating_list)
    counts = live_rating_counts(rating_list)
    assert sum(players for _rating, players in counts) == 54

    for limit in (1, 3, 50):
        for offset in range(1, 56):
            found = page_in_rating_order(rows, offset=offset, limit=limit, counts=counts)
            expected = page_in_rating_order(rows, offset=offset, limit=limit)
            assert ([row.pk for row in found[0]], found[1]) == (
                [row.pk for row in expected[0]],
                expected[1],
            ), (offset, limit)
    assert page_in_rating_order(rows, offset=54, limit=50, counts=counts) == ([], None)


def test_the_api_ranks_a_later_page_as_the_window_function_does(client, field):
    page = client.get("/api/lists/chess-standard/leaderboard?page=2&page_size=50").json()
    small = client.get("/api/lists/chess-standard/leaderboard?page=10&page_size=5").json()

    assert (page["count"], page["pages"]) == (54, 2)
    assert [(row["rank"], row["player"]["last_name"]) for row in page["results"]] == [
        (48, "P51"),
        (52, "P52"),
        (52, "P53"),
        (54, "P54"),
    ]
    assert [row["rank"] for row in small["results"]] == [46, 47, 48, 48, 48]

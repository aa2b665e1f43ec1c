"""One page of a leaderboard from one query
(``ratings.queries.leaderboard.leaderboard_page``): the rows of the page in the order asked
for, ranked within the rows they were cut from, the count, and which page it is (out of
range: the last)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ratings.queries.leaderboard import (
    leaderboard_page,
    leaderboard_rows,
    live_rating_counts,
    with_rank,
)
from tests.factories import make_player, make_rating, standard_list

pytestmark = pytest.mark.django_db

RATINGS = {"Ames": 2400, "Bell": 2300, "Cole": 2300, "Dunn": 2300, "Eady": 2100, "Ford": 2000}


@pytest.fixture
def rows():
    for name, rating in RATINGS.items():
        make_rating(make_player(name, "X"), rating)
    return leaderboard_rows(standard_list())


def _ranked(page) -> list[tuple[int, str]]:
    return [(row.rank, row.player.last_name) for row in page.rows]


def test_pages_in_rating_order_are_ranked_across_the_page_break(rows):
    first = leaderboard_page(rows, per_page=3)
    second = leaderboard_page(rows, page=2, per_page=3)

    assert _ranked(first) == [(1, "Ames"), (2, "Bell"), (2, "Cole")]
    assert _ranked(second) == [(2, "Dunn"), (5, "Eady"), (6, "Ford")]
    assert (first.order, first.count, first.num_pages, first.number) == (("rank",), 6, 2, 1)
    assert (first.has_previous, first.has_next, second.has_previous, second.has_next) == (
        False,
        True,
        True,
        False,
    )
    assert (second.previous_page_number, first.next_page_number) == (1, 2)


@pytest.mark.parametrize(("asked", "shown"), [(None, 1), (1, 1), (2, 2), (3, 2), (0, 2), (-4, 2)])
def test_a_page_out_of_range_is_the_last(rows, asked, shown):
    assert leaderboard_page(rows, page=asked, per_page=5).number == shown


@pytest.mark.parametrize(
    "sort", [["name"], ["-name"], ["-rank"], ["club", "-games"], ["name", "rank"], ["-peak"]]
)
def test_every_other_order_ranks_as_the_window_function(rows, sort):
    windowed = {row.player.last_name: row.rank for row in with_rank(rows)}
    page = leaderboard_page(rows, sort=sort, per_page=4)

    ranked = _ranked(page)
    assert (page.order, len(ranked)) == (tuple(sort), 4)
    assert [rank for rank, _name in ranked] == [windowed[name] for _rank, name in ranked]


def test_orders_sort_by_their_fields_each_reversed_by_a_minus(rows):
    by_name = leaderboard_page(rows, sort=["-name"], per_page=6)
    by_rank = leaderboard_page(rows, sort=["-rank"], per_page=6)

    assert [name for _rank, name in _ranked(by_name)] == sorted(RATINGS, reverse=True)
    assert _ranked(by_rank) == [
        (6, "Ford"),
        (5, "Eady"),
        (2, "Dunn"),
        (2, "Cole"),
        (2, "Bell"),
        (1, "Ames"),
    ]


@pytest.mark.parametrize("sort", [[], [""], ["rank"], ["bogus"], ["--name"]])
def test_no_valid_order_is_rating_order(rows, sort):
    page = leaderboard_page(rows, sort=sort, page=2, per_page=4)

    assert page.order == (("rank",) if sort in ([], ["rank"]) else ())
    assert _ranked(page) == [(5, "Eady"), (6, "Ford")]


def test_a_later_page_of_the_whole_list_reads_the_counts_and_counts_no_row(rows):
    read = []

    def counts():
        read.append(1)
        return live_rating_counts(standard_list())

    cached = live_rating_counts(standard_list())
    with CaptureQueriesContext(connection) as captured:
        page = leaderboard_page(rows, page=2, per_page=3, counts=lambda: cached)
    first = leaderboard_page(rows, per_page=3, counts=counts)
    by_name = leaderboard_page(rows, sort=["name"], page=2, per_page=3, counts=counts)

    assert (_ranked(page), page.count) == ([(2, "Dunn"), (5, "Eady"), (6, "Ford")], 6)
    assert len(captured.captured_queries) == 1  # the rows between the page's ratings
    assert not any("COUNT(" in query["sql"] for query in captured.captured_queries)
    assert (read, first.count, by_name.count) == ([], 6, 6)  # first page, other order: counted


def test_no_rows_are_one_empty_page(rows):
    page = leaderboard_page(rows.none(), sort=["name"], page=3)

    assert (page.rows, page.count, page.number, page.num_pages) == ([], 0, 1, 1)

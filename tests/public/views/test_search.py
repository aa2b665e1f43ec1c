"""The site search: names in any order, FIDE IDs, clubs; results grouped by rating list.

``/search/?q=`` is a plain page (no JavaScript needed); ``/search/suggest/?q=`` is the
fragment the header box shows while typing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_club, make_player, make_rating, standard_list
from tests.helpers import body_rows, tables

pytestmark = pytest.mark.django_db

SEARCH = reverse("ratings:search")
SUGGEST = reverse("ratings:search_suggest")


@pytest.fixture
def people():
    from ratings.models import RatingList

    riverside = make_club("Riverside Chess Club", short_name="Riverside", city="Kingsbridge")
    lucy = make_player(
        "Spencer", "Lucy", sex="f", federation="ENG", club=riverside, fide_id=4100018
    )
    make_rating(lucy, "1850.4")
    make_rating(lucy, "2100", rating_list=RatingList.objects.get(slug="chess-rapid"))
    tom = make_player("Spencer", "Tom", federation="SCO")
    make_rating(tom, "1700")
    make_player("Lucas", "Spencerina")  # first name starts with "Spencer" too: unrated
    make_player("van der Berg", "Jan", federation="NED", club=riverside)
    make_player("Lucyna", "Adams")
    return {"lucy": lucy, "tom": tom, "riverside": riverside}


def found(query: str) -> list[tuple[str, list[str]]]:
    """(group heading, [names]) of a search page."""
    from django.test import Client

    response = Client().get(SEARCH, {"q": query})
    assert response.status_code == 200
    return [
        (str(group["rating_list"] or "unrated"), [row[0] for row in body_rows(response.content, i)])
        for i, group in enumerate(response.context["groups"])
    ]


@pytest.mark.parametrize("query", ["Lucy Spencer", "Spencer Lucy", "spencer, lucy", "LUCY spen"])
def test_a_name_is_found_in_any_order(people, query):
    assert found(query) == [
        ("Chess standard", ["Spencer, Lucy"]),
        ("Chess rapid", ["Spencer, Lucy"]),
    ]


def test_one_word_finds_last_and_first_names_grouped_by_list(people):
    assert found("spencer") == [
        ("Chess standard", ["Spencer, Lucy", "Spencer, Tom"]),
        ("Chess rapid", ["Spencer, Lucy"]),
        ("unrated", ["Lucas, Spencerina"]),
    ]


def test_a_fide_id_finds_its_player(people):
    assert found("4100018") == [
        ("Chess standard", ["Spencer, Lucy"]),
        ("Chess rapid", ["Spencer, Lucy"]),
    ]
    assert found("4100019") == []


def test_a_last_name_of_several_words_is_found_by_its_words(people):
    assert found("van der berg") == [("unrated", ["van der Berg, Jan"])]
    # Each word starts a word of the name: "Berg" alone finds "van der Berg", as a Dutch
    # reader looks it up; "erg" starts no word.
    assert found("Jan Berg") == [("unrated", ["van der Berg, Jan"])]
    assert found("Jan erg") == []


def test_the_results_page_shows_federation_club_fide_id_and_rating(client, people):
    response = client.get(SEARCH, {"q": "Lucy Spencer"})

    assert body_rows(response.content, 0) == [
        ["Spencer, Lucy", "Class A", "ENG", "Riverside Chess Club", "4100018", "1850.4"]
    ]


def test_a_club_is_found_with_links_to_its_top_lists(client, people):
    response = client.get(SEARCH, {"q": "riverside"})

    clubs = tables(response.content)[-1]
    assert clubs["head"] == [["Club", "City", "Rated players"]]
    assert clubs["body"] == [
        ["Riverside Chess Club", "Kingsbridge", "Chess standard (1), Chess rapid (1)"]
    ]
    leaderboard = reverse("ratings:leaderboard", args=["chess-standard"])
    assert f'href="{leaderboard}?club={people["riverside"].pk}"' in response.content.decode()


def test_nothing_found_and_an_empty_search_say_so(client, people):
    assert "Nothing found for “Zzz”." in client.get(SEARCH, {"q": "Zzz"}).content.decode()
    empty = client.get(SEARCH).content.decode()
    assert "A name in any order" in empty


def test_suggestions_list_players_and_clubs_and_link_all_results(client, people):
    response = client.get(SUGGEST, {"q": "river"})
    html = response.content.decode()

    assert "Riverside Chess Club" in html
    assert f'href="{SEARCH}?q=river"' in html

    names = client.get(SUGGEST, {"q": "Lucy Spencer"}).content.decode()
    assert f'href="{people["lucy"].get_absolute_url()}">Spencer, Lucy</a>' in names
    assert "Spencer, Tom" not in names


def test_suggestions_need_two_letters(client, people):
    assert client.get(SUGGEST, {"q": "s"}).content.decode().strip() == ""


def test_a_broad_search_says_it_shows_the_first_fifty(client):
    for number in range(52):
        make_player(f"Smith{number:02d}", "Ann")

    response = client.get(SEARCH, {"q": "smith"})

    assert response.context["more"] is True
    assert sum(len(group["table"].rows) for group in response.context["groups"]) == 50
    assert "The first 50 players found are shown" in response.content.decode()


def test_every_page_has_the_search_box_in_its_header(client):
    html = client.get(reverse("ratings:home")).content.decode()

    assert f'<form class="site-search" action="{SEARCH}" method="get" role="search">' in html
    assert f'hx-get="{SUGGEST}"' in html


@pytest.mark.parametrize("rows", [1, 3])
def test_search_query_count(client, django_assert_num_queries, rows):
    club = make_club("Query Club")
    for number in range(rows):
        make_rating(make_player(f"Quentin{number}", club=club), "1500", rating_list=standard_list())

    # list versions (the page cache's key), players, their ratings (lists joined), clubs
    with django_assert_num_queries(4):
        client.get(SEARCH, {"q": "quentin"})
    # list versions, players (none found), clubs, the clubs' lists and their names
    with django_assert_num_queries(5):
        client.get(SEARCH, {"q": "query club"})

"""The home page and a rating list's leaderboard: ranks, columns, filters, sorting, paging."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from public.tables.lists import LeaderboardTable
from ratings.models import PublishedRating, RatingList
from ratings.queries.leaderboard import LEADERBOARD_ORDERS
from tests.factories import make_club, make_player, make_published_list, make_rating
from tests.helpers import body_rows, column

pytestmark = pytest.mark.django_db

LEADERBOARD = reverse("ratings:leaderboard", args=["chess-standard"])


def years_ago(years: int) -> datetime.date:
    today = timezone.localdate()
    return datetime.date(today.year - years, 6, 15)


@pytest.fixture
def field():
    """Four rated players in the standard list (and one in rapid only)."""
    riverside = make_club("Riverside")
    hilltop = make_club("Hilltop")
    today = timezone.localdate()
    players = {
        "carlsen": make_player(
            "Carlsen",
            "Magnus",
            title="GM",
            federation="NOR",
            club=riverside,
            birth_date=years_ago(35),
        ),
        "smith": make_player(
            "Smith", "Anna", sex="f", federation="ENG", club=hilltop, birth_date=years_ago(15)
        ),
        "jones": make_player(
            "Jones", "Bob", federation="ENG", club=riverside, birth_date=years_ago(40)
        ),
        "brown": make_player("Brown", "Cara", sex="f", federation="SCO", birth_date=years_ago(25)),
    }
    make_rating(
        players["carlsen"],
        "2830.40",
        rating=2830,
        games=120,
        peak=2882,
        k=10,
        last_played=today - datetime.timedelta(days=30),
    )
    make_rating(
        players["smith"],
        "1850.00",
        rating=1850,
        games=12,
        peak=1850,
        k=40,
        last_played=today - datetime.timedelta(days=10),
    )
    make_rating(
        players["jones"],
        "1850.00",
        rating=1840,
        games=60,
        peak=1900,
        k=20,
        last_played=today - datetime.timedelta(days=400),
    )
    make_rating(players["brown"], "1612.20", rating=1600, games=8, peak=1612, k=40)
    rapid_only = make_player("Rapid", "Only")
    make_rating(rapid_only, "2000.00", rating_list=RatingList.objects.get(slug="chess-rapid"))
    return players


def test_home_lists_every_rating_list_with_its_rated_players(client, field):
    response = client.get(reverse("ratings:home"))

    assert body_rows(response.content) == [
        ["Chess standard", "chess", "standard", "FIDE (Elo)", "4", "–"],
        ["Chess rapid", "chess", "rapid", "FIDE (Elo)", "1", "–"],
        ["Chess blitz", "chess", "blitz", "FIDE (Elo)", "0", "–"],
        ["Go (EGF)", "go", "standard", "EGF (GoR, 2021 system)", "0", "–"],
        ["Shogi (FESA)", "shogi", "standard", "FESA (shogi Elo)", "0", "–"],
    ]
    assert f'href="{LEADERBOARD}"' in response.content.decode()


def test_leaderboard_ranks_by_live_rating_with_shared_ranks(client, field):
    response = client.get(LEADERBOARD)

    assert response.status_code == 200
    assert body_rows(response.content) == [
        ["1", "Carlsen, Magnus", "GM", "NOR", "Riverside", "2830.4", "2830", "0", "120", "2882"],
        ["2", "Jones, Bob", "Class A", "ENG", "Riverside", "1850", "1840", "+10", "60", "1900"],
        ["2", "Smith, Anna", "Class A", "ENG", "Hilltop", "1850", "1850", "0", "12", "1850"],
        ["4", "Brown, Cara", "Class B", "SCO", "", "1612.2", "1600", "+12", "8", "1612"],
    ]
    assert (
        f'<a href="/players/{field["carlsen"].pk}/">Carlsen, Magnus</a>'
        in response.content.decode()
    )


def test_leaderboard_unknown_list_is_404(client):
    response = client.get(reverse("ratings:leaderboard", args=["no-such-list"]))

    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("sex=f", [("1", "Smith, Anna"), ("2", "Brown, Cara")]),
        ("sex=m", [("1", "Carlsen, Magnus"), ("2", "Jones, Bob")]),
        ("juniors=on", [("1", "Smith, Anna")]),
        ("federation=ENG", [("1", "Jones, Bob"), ("1", "Smith, Anna")]),
        ("active=on", [("1", "Carlsen, Magnus"), ("2", "Smith, Anna")]),
        ("sex=f&federation=SCO", [("1", "Brown, Cara")]),
    ],
)
def test_leaderboard_filters_rank_within_the_filtered_rows(client, field, query, expected):
    response = client.get(f"{LEADERBOARD}?{query}")

    assert [(row[0], row[1]) for row in body_rows(response.content)] == expected
    assert "Ranks are counted within the filtered list" in response.content.decode()


def test_leaderboard_filters_by_club(client, field):
    club = field["carlsen"].club

    response = client.get(f"{LEADERBOARD}?club={club.pk}")

    assert [(row[0], row[1]) for row in body_rows(response.content)] == [
        ("1", "Carlsen, Magnus"),
        ("2", "Jones, Bob"),
    ]


def test_leaderboard_offers_only_the_lists_federations(client, field):
    response = client.get(LEADERBOARD)

    html = response.content.decode()
    assert '<option value="ENG">ENG</option>' in html
    assert '<option value="SCO">SCO</option>' in html
    assert 'value="NOR"' in html
    assert "Ranks are counted within the filtered list" not in html


@pytest.mark.parametrize(
    ("sort", "names"),
    [
        ("name", ["Brown, Cara", "Carlsen, Magnus", "Jones, Bob", "Smith, Anna"]),
        ("-name", ["Smith, Anna", "Jones, Bob", "Carlsen, Magnus", "Brown, Cara"]),
        ("games", ["Brown, Cara", "Smith, Anna", "Jones, Bob", "Carlsen, Magnus"]),
        ("-rank", ["Brown, Cara", "Smith, Anna", "Jones, Bob", "Carlsen, Magnus"]),
        ("rating", ["Brown, Cara", "Jones, Bob", "Smith, Anna", "Carlsen, Magnus"]),
    ],
)
def test_leaderboard_sorts_by_column_and_keeps_the_rank(client, field, sort, names):
    response = client.get(f"{LEADERBOARD}?sort={sort}")

    rows = body_rows(response.content)
    assert [row[1] for row in rows] == names
    assert {row[1]: row[0] for row in rows} == {
        "Carlsen, Magnus": "1",
        "Jones, Bob": "2",
        "Smith, Anna": "2",
        "Brown, Cara": "4",
    }


def test_leaderboard_paginates_with_ranks_from_the_query(client):
    for number in range(52):
        make_rating(make_player(f"Player{number:02d}"), 2000 - number)

    response = client.get(f"{LEADERBOARD}?page=2")

    assert body_rows(response.content) == [
        ["51", "Player50", "Class A", "", "", "1950", "1950", "0", "0", "–"],
        ["52", "Player51", "Class A", "", "", "1949", "1949", "0", "0", "–"],
    ]


def test_leaderboard_leaves_out_players_without_a_rating(client):
    make_rating(make_player("Rated"), 1500)
    make_rating(make_player("Unrated"), None)

    response = client.get(LEADERBOARD)

    assert column(response.content, 1) == ["Rated"]


def test_published_list_ranks_the_frozen_ratings(client, field):
    published = make_published_list(datetime.date(2026, 2, 1))
    for key, rating, change in (("smith", 1850, 12), ("jones", 1840, -3), ("carlsen", 2830, 0)):
        PublishedRating.objects.create(
            published_list=published,
            player=field[key],
            rating=rating,
            change=change,
            games=4,
            k=20,
        )

    response = client.get(reverse("ratings:published_list", args=["chess-standard", "2026-02-01"]))

    assert body_rows(response.content) == [
        ["1", "Carlsen, Magnus", "GM", "NOR", "Riverside", "2830", "0", "4", "20", "new"],
        ["2", "Smith, Anna", "Class A", "ENG", "Hilltop", "1850", "+12", "4", "20", "new"],
        ["3", "Jones, Bob", "Class A", "ENG", "Riverside", "1840", "-3", "4", "20", "new"],
    ]
    leaderboard = client.get(LEADERBOARD).content.decode()
    home = client.get(reverse("ratings:home"))
    assert '<a href="/lists/chess-standard/2026-02-01/">2026-02-01</a>' in leaderboard
    assert body_rows(home.content)[0][5] == "2026-02-01"
    assert '<a href="/lists/chess-standard/2026-02-01/">2026-02-01</a>' in home.content.decode()


@pytest.mark.parametrize("date", ["2026-03-01", "2026-02-30"])
def test_published_list_unknown_or_impossible_date_is_404(client, date):
    make_published_list(datetime.date(2026, 2, 1))

    response = client.get(f"/lists/chess-standard/{date}/")

    assert response.status_code == 404


def test_the_sortable_columns_are_the_orders_of_the_leaderboard_query():
    """The table marks and links the orders; the query sorts by them: the same names, and
    each column sorts by the fields the query sorts by."""
    table = LeaderboardTable([])
    sortable = {bound.name: bound.order_by for bound in table.columns if bound.orderable}

    assert sortable == LEADERBOARD_ORDERS

"""N+1 guards: every list page runs the same number of queries for 1 and 3 rows."""

import datetime

import pytest
from django.urls import reverse

from ratings.models import PublishedRating, RatingList
from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_published_list,
    make_rating,
    make_round,
    make_tournament,
    register,
)
from tests.web.helpers import body_rows

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("item_count", [1, 3])
def test_home_query_count(client, django_assert_num_queries, item_count):
    for number in range(item_count):
        rating_list = RatingList.objects.create(
            name=f"Go {number}",
            slug=f"go-{number}",
            game="go",
            time_control="standard",
            system="fide",
            position=10 + number,
        )
        make_rating(make_player(), 2000 + number, rating_list=rating_list)
        make_published_list(datetime.date(2026, 1, 1), rating_list)

    with django_assert_num_queries(1):
        response = client.get(reverse("ratings:home"))

    assert len(body_rows(response.content)) == 3 + item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_leaderboard_query_count(client, django_assert_num_queries, item_count):
    club = make_club()
    for number in range(item_count):
        player = make_player(club=club, federation="ENG", title="FM" if number else "")
        make_rating(player, 2000 + number)

    # list, federations, count, rows, clubs (filter form), published lists
    with django_assert_num_queries(6):
        response = client.get(reverse("ratings:leaderboard", args=["chess-standard"]))

    assert len(body_rows(response.content)) == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_filtered_leaderboard_query_count(client, django_assert_num_queries, item_count):
    club = make_club()
    for number in range(item_count):
        make_rating(make_player(club=club, sex="f"), 2000 + number)
    url = reverse("ratings:leaderboard", args=["chess-standard"])

    with django_assert_num_queries(7):
        response = client.get(f"{url}?sex=f&club={club.pk}&juniors=&active=")

    assert len(body_rows(response.content)) == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_player_page_query_count(client, django_assert_num_queries, item_count):
    player = make_player(club=make_club())
    make_rating(player, 1500)
    tournament = make_tournament()
    for number in range(item_count):
        opponent = make_player(title="IM")
        game = make_game(make_round(tournament, number + 1), player, opponent, "10")
        make_change(
            game,
            player,
            opponent,
            rating_used=1500,
            opponent_rating=1600,
            opponent_rating_used=1600,
            score=1,
            expected="0.36",
            k=40,
            change="25.60",
        )

    # player, ratings, ledger, published ratings (history chart)
    with django_assert_num_queries(4):
        response = client.get(reverse("ratings:player", args=[player.pk]))

    assert len(body_rows(response.content, 1)) == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_tournament_list_query_count(client, django_assert_num_queries, item_count):
    for _ in range(item_count):
        make_tournament(club=make_club())

    with django_assert_num_queries(2):
        response = client.get(reverse("tournaments:list"))

    assert len(body_rows(response.content)) == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_tournament_page_query_count(client, django_assert_num_queries, item_count):
    tournament = make_tournament(club=make_club(), start_date=datetime.date(2026, 3, 1))
    for number in range(item_count):
        white, black = make_player(title="GM"), make_player()
        if number == 0:
            register(tournament, white, black)
        game = make_game(make_round(tournament, number + 1), white, black, "10")
        make_change(
            game,
            white,
            black,
            rating_used=1600,
            opponent_rating=1500,
            opponent_rating_used=1500,
            score=1,
            expected="0.64",
            k=20,
            change="7.20",
        )

    # tournament, games, registrations, ledger
    with django_assert_num_queries(4):
        response = client.get(reverse("tournaments:detail", args=[tournament.slug]))

    assert len(body_rows(response.content, 0)) == 2 * item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_published_list_query_count(client, django_assert_num_queries, item_count):
    published = make_published_list(datetime.date(2026, 2, 1))
    for number in range(item_count):
        player = make_player(club=make_club(), title="GM" if number else "")
        PublishedRating.objects.create(published_list=published, player=player, rating=2000)
    url = reverse("ratings:published_list", args=["chess-standard", published.date])

    # published list, previous list, count, rows
    with django_assert_num_queries(4):
        response = client.get(url)

    assert len(body_rows(response.content)) == item_count

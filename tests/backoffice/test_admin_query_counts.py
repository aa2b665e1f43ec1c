"""N+1 guards for the admin changelists: the same number of queries for 1 and 3 rows."""

import datetime

import pytest
from django.urls import reverse

from ratings.models import PublishedRating
from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_published_list,
    make_rating,
    make_round,
    make_superuser,
    make_tournament,
    register,
)

pytestmark = pytest.mark.django_db


def make_rows(item_count: int) -> None:
    """``item_count`` rows of every model (the rating lists come from a migration)."""
    for number in range(item_count):
        club = make_club()
        white = make_player(club=club, title="FM")
        black = make_player(club=club)
        make_rating(white, 1600)
        make_rating(black, 1500)
        tournament = make_tournament(club=club)
        register(tournament, white)
        game = make_game(make_round(tournament), white, black, "10")
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
        published = make_published_list(datetime.date(2026, 1, 1 + number))
        PublishedRating.objects.create(published_list=published, player=white, rating=1600)


@pytest.mark.parametrize("item_count", [1, 3])
@pytest.mark.parametrize(
    ("model", "queries"),
    [
        ("players_club", 6),
        ("players_player", 7),
        ("ratings_ratinglist", 5),
        ("ratings_playerrating", 6),
        ("ratings_publishedlist", 8),
        ("ratings_publishedrating", 6),
        ("ratings_ratingchange", 8),
        ("tournaments_tournament", 9),
        ("tournaments_registration", 6),
        ("tournaments_round", 7),
        ("tournaments_game", 7),
    ],
)
def test_admin_changelist_query_count(
    client, django_assert_num_queries, item_count, model, queries
):
    make_rows(item_count)
    client.force_login(make_superuser())
    url = reverse(f"admin:{model}_changelist")

    with django_assert_num_queries(queries):
        response = client.get(url)

    rows_per_item = {"players_player": 2, "ratings_playerrating": 2}.get(model, 1)
    expected = 5 if model == "ratings_ratinglist" else rows_per_item * item_count
    assert response.context["cl"].result_count == expected

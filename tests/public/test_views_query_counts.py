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
from tests.helpers import body_rows, tables

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

    # list versions (the cache key), the rated players of every list (one grouped count),
    # lists with their top-ten thresholds, the top tens of every list, tournaments, the last
    # published list, its gains and its falls; cached: the versions only
    with django_assert_num_queries(8):
        response = client.get(reverse("ratings:home"))
    with django_assert_num_queries(1):
        cached = client.get(reverse("ratings:home"))

    assert len(body_rows(response.content)) == 5 + item_count
    assert [len(body_rows(response.content, 1 + n)) for n in range(item_count)] == [1] * item_count
    assert tables(cached.content) == tables(response.content)


@pytest.mark.parametrize("item_count", [1, 3])
def test_leaderboard_query_count(client, django_assert_num_queries, item_count):
    club = make_club()
    for number in range(item_count):
        player = make_player(club=club, federation="ENG", title="FM" if number else "")
        make_rating(player, 2000 + number)

    # the lists' versions (the anonymous page cache), list, federations, count, rows, clubs
    # (filter form), published lists; cached: the versions only
    with django_assert_num_queries(7):
        response = client.get(reverse("ratings:leaderboard", args=["chess-standard"]))
    with django_assert_num_queries(1):
        cached = client.get(reverse("ratings:leaderboard", args=["chess-standard"]))

    assert len(body_rows(response.content)) == item_count
    assert tables(cached.content) == tables(response.content)


@pytest.mark.parametrize("item_count", [1, 3])
def test_filtered_leaderboard_query_count(client, django_assert_num_queries, item_count):
    club = make_club()
    for number in range(item_count):
        make_rating(make_player(club=club, sex="f"), 2000 + number)
    url = reverse("ratings:leaderboard", args=["chess-standard"])

    # as the unfiltered leaderboard: the club asked for is one of the list's clubs, read with
    # them (cached under the roster versions as the federations are)
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

    # the lists' versions (the anonymous page cache), player with the version of their lists
    # (the cache key), ratings, ledger, published ratings (history chart); cached: the
    # versions only
    with django_assert_num_queries(5):
        response = client.get(reverse("ratings:player", args=[player.pk]))
    with django_assert_num_queries(1):
        cached = client.get(reverse("ratings:player", args=[player.pk]))

    assert len(body_rows(response.content, 1)) == item_count
    assert tables(cached.content) == tables(response.content)


@pytest.mark.parametrize("item_count", [1, 3])
def test_tournament_list_query_count(client, django_assert_num_queries, item_count):
    for _ in range(item_count):
        make_tournament(club=make_club())

    # (and the list versions: the key of the page cache)
    with django_assert_num_queries(3):
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

    # tournament, games, ledger, registrations, the ratings at the start of the entries
    # without one (the overview ranks like the standings, whose tie-breaks may use them), and
    # the list versions (the key of the page cache)
    with django_assert_num_queries(6):
        response = client.get(reverse("tournaments:detail", args=[tournament.slug]))

    assert len(body_rows(response.content, 0)) == 2 * item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_published_list_query_count(client, django_assert_num_queries, item_count):
    published = make_published_list(datetime.date(2026, 2, 1))
    for number in range(item_count):
        player = make_player(club=make_club(), title="GM" if number else "")
        PublishedRating.objects.create(published_list=published, player=player, rating=2000)
    url = reverse("ratings:published_list", args=["chess-standard", published.date])

    # published list, previous list, summary, count, rows
    with django_assert_num_queries(5):
        response = client.get(url)

    assert len(body_rows(response.content)) == item_count


# New public pages: the count is pinned and the same for 1 and 3 rows.


@pytest.mark.parametrize("item_count", [1, 3])
def test_top_list_query_count(client, django_assert_num_queries, item_count):
    year = datetime.date.today().year
    for number in range(item_count):
        player = make_player(sex="f", birth_date=datetime.date(year - 10, 1, 1), title="WFM")
        make_rating(player, 2000 + number)
    url = reverse("ratings:leaderboard", args=["chess-standard"])

    # the lists' versions (page cache), list, federations, count, rows, clubs, published lists
    with django_assert_num_queries(7):
        response = client.get(f"{url}?category=girls")

    assert len(body_rows(response.content)) == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_distribution_query_count(client, django_assert_num_queries, item_count):
    for number in range(item_count):
        make_rating(make_player(title="GM" if number else ""), 1500 + 100 * number)

    # list, federations, bands, titles, clubs (filter form)
    with django_assert_num_queries(5):
        response = client.get(reverse("ratings:distribution", args=["chess-standard"]))

    assert len(body_rows(response.content)) == item_count


def _published_rows(item_count: int):
    january = make_published_list(datetime.date(2026, 1, 1))
    published = make_published_list(datetime.date(2026, 2, 1))
    for number in range(item_count):
        player = make_player(club=make_club(), title="GM" if number else "")
        PublishedRating.objects.create(published_list=january, player=player, rating=1990)
        PublishedRating.objects.create(
            published_list=published, player=player, rating=2000, change=10
        )
    return published


@pytest.mark.parametrize("item_count", [1, 3])
def test_archive_query_count(client, django_assert_num_queries, item_count):
    for number in range(item_count):
        make_published_list(datetime.date(2026, number + 1, 1))

    # list, count, rows
    with django_assert_num_queries(3):
        response = client.get(reverse("ratings:archive", args=["chess-standard"]))

    assert len(body_rows(response.content)) == item_count


@pytest.mark.parametrize("name", ["published_csv", "published_txt"])
@pytest.mark.parametrize("item_count", [1, 3])
def test_download_query_count(client, django_assert_num_queries, item_count, name):
    published = _published_rows(item_count)

    # published list, previous list, rows
    with django_assert_num_queries(3):
        response = client.get(reverse(f"ratings:{name}", args=["chess-standard", published.date]))

    assert len(response.content.decode().splitlines()) == 1 + item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_player_games_and_head_to_head_query_count(client, django_assert_num_queries, item_count):
    player, opponent = make_player(), make_player(title="IM")
    tournament = make_tournament()
    for number in range(item_count):
        game = make_game(make_round(tournament, number + 1), player, opponent, "10")
        make_change(game, player, opponent, opponent_rating_used=1600, score=1, k=20)

    # player, count, rows
    with django_assert_num_queries(3):
        response = client.get(reverse("ratings:player_games", args=[player.pk]))
    assert len(body_rows(response.content)) == item_count

    # player, opponent, games
    url = reverse("ratings:head_to_head", args=[player.pk])
    with django_assert_num_queries(3):
        response = client.get(f"{url}?opponent={opponent.pk}")
    assert len(body_rows(response.content)) == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_compare_query_count(client, django_assert_num_queries, item_count):
    published = make_published_list(datetime.date(2026, 1, 1))
    players = [make_player() for _ in range(item_count)]
    tournament = make_tournament()
    for number, player in enumerate(players):
        PublishedRating.objects.create(published_list=published, player=player, rating=1500)
        make_rating(player, 1510, rating=1500, last_played=datetime.date(2026, 2, 1))
        opponent = make_player()
        game = make_game(make_round(tournament, number + 1), player, opponent, "10")
        make_change(game, player, opponent, score=1)
    query = "&".join(f"p={player.pk}" for player in players)

    # players, lists, published ratings, ledger, ratings
    with django_assert_num_queries(5):
        response = client.get(f"{reverse('ratings:compare')}?{query}")

    assert response.content.decode().count('<g class="series"') == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_round_page_query_count(client, django_assert_num_queries, item_count):
    tournament = make_tournament()
    first, second = make_round(tournament, 1), make_round(tournament, 2)
    for board in range(1, item_count + 1):
        white, black = make_player(title="GM"), make_player()
        make_game(first, white, black, "10", board=board)
        make_game(second, black, white, "==", board=board)

    # list versions (the page cache's key), tournament, round numbers, registrations (none
    # here: no ratings at the start), games
    with django_assert_num_queries(5):
        response = client.get(reverse("tournaments:round", args=[tournament.slug, 2]))

    assert len(body_rows(response.content)) == item_count

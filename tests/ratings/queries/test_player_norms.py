"""A player's norms across tournaments and where each title application stands."""

import datetime

import pytest

from ratings.models import PublishedRating
from ratings.queries.player_norms import player_title_norms, ratings_in_force_of
from ratings.queries.tournaments import ratings_in_force
from rules.norms.fide import NormTitle
from tests.factories import (
    make_player,
    make_published_list,
    make_rating,
    norm_tournament,
    standard_list,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

D = datetime.date


def test_a_gm_norm_is_listed_with_the_application_short_of_games_and_rating():
    tournament, hero = norm_tournament(slug="spring")

    norms = player_title_norms(hero)

    assert [
        (n.tournament, n.tpn, n.title, n.games, n.average, n.performance) for n in norms.norms
    ] == [
        (tournament, 1, NormTitle.GM, 9, 2380, 2600),
        (tournament, 1, NormTitle.IM, 9, 2380, 2600),
    ]
    assert [(a.title, a.games, a.highest_rating, a.complete) for a in norms.applications] == [
        (NormTitle.GM, 9, 2390, False),
        (NormTitle.IM, 9, 2390, False),
    ]


def test_three_norms_and_the_rating_complete_the_application():
    hero = make_player("Hero", federation="ENG", fide_standard=2390, sex="f")
    for month in (3, 5, 7):
        norm_tournament(hero=hero, slug=f"open-{month}", start_date=D(2026, month, 1))
    make_rating(hero, 2410, peak=2410)

    norms = player_title_norms(hero)
    by_title = {a.title: a for a in norms.applications}

    assert len(norms.norms) == 12  # GM, IM, WGM and WIM norms in each of three
    assert (by_title[NormTitle.GM].games, by_title[NormTitle.GM].complete) == (27, False)
    assert (by_title[NormTitle.IM].highest_rating, by_title[NormTitle.IM].complete) == (2410, True)
    assert by_title[NormTitle.WGM].complete
    assert by_title[NormTitle.WIM].complete


def test_a_running_tournament_gives_no_norm_yet():
    _tournament, hero = norm_tournament(played=7)

    assert player_title_norms(hero).norms == []


def test_the_ratings_in_force_agree_with_the_tournament_pages():
    first, hero = norm_tournament(slug="march")
    second, _hero = norm_tournament(hero=hero, slug="may", start_date=D(2026, 5, 1))
    eighth = first.registrations.get(pairing_number=9).player  # no FIDE rating
    february = make_published_list(D(2026, 2, 1), standard_list())
    PublishedRating.objects.create(published_list=february, player=eighth, rating=2310)
    tournaments = list(Tournament.objects.filter(pk__in=[first.pk, second.pk]).order_by("pk"))
    players = {
        t.pk: {r.player_id: r.player for r in t.registrations.select_related("player")}
        for t in tournaments
    }

    batch = ratings_in_force_of(tournaments, players)

    for tournament in tournaments:
        missing = [pk for pk, p in players[tournament.pk].items() if not p.fide_standard]
        assert {pk: batch[tournament.pk][pk] for pk in missing if pk in batch[tournament.pk]} == (
            ratings_in_force(tournament, missing)
        )
    assert batch[first.pk][eighth.pk] == 2310


@pytest.mark.parametrize("count", [1, 3])
def test_six_queries_whatever_the_number_of_tournaments(django_assert_num_queries, count):
    hero = make_player("Hero", federation="ENG", fide_standard=2390)
    for month in range(count):
        norm_tournament(hero=hero, slug=f"t{month}", start_date=D(2026, 3 + month, 1))

    with django_assert_num_queries(6):
        player_title_norms(hero)

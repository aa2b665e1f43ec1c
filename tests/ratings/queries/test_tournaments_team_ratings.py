"""The ratings a team tournament's pages show: the registration's rating at the start, else
the rating in force at the start for a roster player who is not registered; two queries."""

from __future__ import annotations

import pytest

from ratings.queries.tournaments import team_ratings
from tests.factories import make_player, make_rating, make_tournament, register

pytestmark = pytest.mark.django_db


def test_registered_rating_at_start_else_the_rating_in_force(django_assert_num_queries):
    tournament = make_tournament(pairing_system="team_round_robin", team_boards=2)
    registered, roster_only, unrated = make_player(), make_player(), make_player()
    make_rating(registered, 1900, starting_rating=1900)
    make_rating(roster_only, 2100, starting_rating=2100)
    (registration,) = register(tournament, registered)
    registration.rating_at_start = 1850
    registration.save()

    with django_assert_num_queries(2):
        ratings = team_ratings(tournament, [registered.pk, roster_only.pk, unrated.pk])

    assert ratings == {registered.pk: 1850, roster_only.pk: 2100}

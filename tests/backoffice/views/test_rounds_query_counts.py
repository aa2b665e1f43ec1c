"""Query counts of the two requests an arbiter makes most: the organiser round page (GET) and a
board's result (the htmx POST from that page), on a rated tournament whose round 1 has results
and round 2 is being entered. Pinned at today's counts (issue 20: the round page and the POST
are the slow paths ``make bench-users`` measures), and the same for 4 and 12 boards."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.urls import reverse

from tests.factories import make_player, make_rating, make_round, make_tournament, register
from tournaments.enums import TournamentStatus
from tournaments.models import Game

pytestmark = pytest.mark.django_db

#: Today's counts (the pin): the round page GET, and the result POST with its row re-rendered
#: (the action's unit of work and the open period's replay included; on PostgreSQL the unit
#: also bounds its waits for locks: ``lock_timeout``, core.busy; issue 23 added one: the
#: players' mail addresses and preferences, for the result's mail).
ROUND_PAGE_QUERIES = 23
RESULT_POST_QUERIES = 33 + (connection.vendor == "postgresql")


def _event(client, boards: int) -> str:
    """A running rated tournament of ``2 * boards`` players, its arbiter logged in: round 1
    played, round 2 published without results. Returns round 2's page."""
    arbiter = get_user_model().objects.create_user("arbiter")
    tournament = make_tournament(slug="spring", status=TournamentStatus.RUNNING)
    tournament.arbiters.add(arbiter)
    players = [make_player() for _ in range(2 * boards)]
    for number, player in enumerate(players):
        make_rating(player, 1500 + 10 * number)
    register(tournament, *players)
    first, second = make_round(tournament, 1), make_round(tournament, 2)
    for board in range(boards):
        white, black = players[2 * board], players[2 * board + 1]
        Game.objects.create(round=first, board=board + 1, white=white, black=black, result="10")
        Game.objects.create(round=second, board=board + 1, white=black, black=white)
    client.force_login(arbiter)
    return reverse("tournaments:organise_round", args=["spring", 2])


@pytest.mark.parametrize("boards", [4, 12])
def test_the_round_page_takes_the_same_pinned_queries_at_any_size(
    client, django_assert_num_queries, boards
):
    page = _event(client, boards)

    with django_assert_num_queries(ROUND_PAGE_QUERIES):
        response = client.get(page)

    assert response.status_code == 200
    assert response.content.decode().count('class="result-key"') == boards


@pytest.mark.parametrize("boards", [4, 12])
def test_the_result_post_takes_the_same_pinned_queries_at_any_size(
    client, django_assert_num_queries, boards
):
    _event(client, boards)
    url = reverse("tournaments:organise_result", args=["spring", 2, 3])

    with django_assert_num_queries(RESULT_POST_QUERIES):
        response = client.post(url, {"b3-result": "1", "b3-based_on": ""}, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert 'class="saved"' in response.content.decode()
    assert Game.objects.get(round__number=2, board=3).result == "10"

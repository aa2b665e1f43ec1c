"""Query count of the organiser dashboard: pinned, and the same for a tournament of 2 rounds
and one of 7 (issue 21: each round's completeness was a query of its own). Every round but the
last is played; the last waits for one result."""

import pytest
from django.urls import reverse

from tests.factories import (
    make_game,
    make_player,
    make_rating,
    make_round,
    make_tournament,
    register,
)
from tests.helpers import body_rows
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.queries.rounds import round_is_complete, rounds_progress

pytestmark = pytest.mark.django_db

#: Today's count (the pin) of the dashboard's GET for staff.
DASHBOARD_QUERIES = 19


def _event(rounds: int) -> str:
    """A running rated Swiss of six players and ``rounds`` rounds of three boards: every board
    has a result but board 2 of the last round. Returns its dashboard."""
    tournament = make_tournament(slug="spring", status=TournamentStatus.RUNNING, rounds_planned=9)
    players = [make_player() for _ in range(6)]
    for number, player in enumerate(players):
        make_rating(player, 1500 + 10 * number)
    register(tournament, *players)
    for number in range(1, rounds + 1):
        round_ = make_round(tournament, number)
        for board in range(3):
            result = "" if number == rounds and board == 1 else "10"
            make_game(round_, players[2 * board], players[2 * board + 1], result, board + 1)
    return reverse("tournaments:organise", args=["spring"])


@pytest.mark.parametrize("rounds", [2, 7])
def test_the_dashboard_takes_the_same_pinned_queries_for_any_number_of_rounds(
    admin_client, django_assert_num_queries, rounds
):
    page = _event(rounds)

    with django_assert_num_queries(DASHBOARD_QUERIES):
        response = admin_client.get(page)

    assert response.status_code == 200
    rows = body_rows(response.content)
    assert [row[0] for row in rows] == [str(number) for number in range(1, rounds + 1)]
    assert [row[2] for row in rows] == ["✔"] * (rounds - 1) + ["✘"]


def test_each_rounds_completeness_in_the_one_query_is_that_of_the_round_alone():
    """``rounds_progress`` counts in one query what ``round_is_complete`` asks per round: a
    published round with every result, one waiting for a result, a draft with every result,
    a published round without games."""
    tournament = make_tournament(status=TournamentStatus.RUNNING)
    white, black = make_player(), make_player()
    register(tournament, white, black)
    rounds = [
        make_round(tournament, 1),
        make_round(tournament, 2),
        make_round(tournament, 3, status=RoundStatus.DRAFT),
        make_round(tournament, 4),
    ]
    make_game(rounds[0], white, black, "10")
    make_game(rounds[0], white, None, "U", board=2)
    make_game(rounds[1], white, black, "")
    make_game(rounds[2], white, black, "01")

    progress = rounds_progress(tournament)

    assert [(row.number, row.games, row.results) for row in progress] == [
        (1, 2, 2),
        (2, 1, 0),
        (3, 1, 1),
        (4, 0, 0),
    ]
    assert [row.complete for row in progress] == [True, False, False, True]
    assert [row.complete for row in progress] == [round_is_complete(r) for r in rounds]

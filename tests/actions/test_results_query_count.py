"""Recording one result in a rated tournament costs a fixed, small number of queries."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext

from actions.ratings import close_rating_period, set_starting_rating
from actions.results import record_result
from core.roles import SYSTEM
from tests.factories import (
    make_club,
    make_game,
    make_player,
    make_round,
    make_superuser,
    make_tournament,
    register,
    standard_list,
)
from tournaments.models import Game

pytestmark = pytest.mark.django_db

D = datetime.date


@pytest.fixture
def board():
    """A rated tournament of the open period with six players, two lists published before."""
    rating_list = standard_list()
    players = [make_player(f"P{n}") for n in range(6)]
    for n, player in enumerate(players):
        set_starting_rating(
            player=player, rating_list=rating_list, rating=1600 + 40 * n, games=30, actor=SYSTEM
        )
    close_rating_period(rating_list=rating_list, date=D(2026, 1, 1), actor=SYSTEM)
    close_rating_period(rating_list=rating_list, date=D(2026, 2, 1), actor=SYSTEM)
    club = make_club()
    tournament = make_tournament(club=club, start_date=D(2026, 3, 1), end_date=D(2026, 3, 3))
    register(tournament, *players)
    round_ = make_round(tournament, 1)
    for n in range(3):
        make_game(round_, players[2 * n], players[2 * n + 1], "", board=n + 1)
    return tournament, Game.objects.select_related("round__tournament").get(round=round_, board=1)


#: What one result costs, in order: whether the list can be locked shared (its system and
#: the date of its latest list: an open-period FIDE result can); the savepoint of the unit
#: (a transaction outside tests); on PostgreSQL, the bound on the unit's waits for locks
#: (``lock_timeout``, core.busy); lock the list shared (other arbiters of the list go on);
#: lock the tournament (its list and club joined; an arbiter's role read in the same
#: query); the game with its players and whether both are entered; the update; the
#: incremental update of the open period: the published lists, lock and read the two
#: players' rating rows, their games of the period with each side's rating at the
#: tournament's start, their stored ledger rows of the period, insert the rows that changed
#: (a delete too when an old row differs), update their ratings; the audit entry; the two
#: players' mail addresses with their preferences (issue 23: a mail to each player who has
#: one; these have none, so no mail is inserted); the savepoint's release; right after the
#: commit, raise the list's version.
QUERIES = 16 + (connection.vendor == "postgresql")


def _record(game, actor) -> list[str]:
    with (
        CaptureQueriesContext(connection) as captured,
        TestCase.captureOnCommitCallbacks(execute=True),
    ):
        record_result(game=game, result="10", actor=actor)
    return [query["sql"] for query in captured.captured_queries]


def test_recording_a_result_as_staff_takes_at_most_16_queries(board):
    _tournament, game = board

    queries = _record(game, make_superuser())

    assert len(queries) == QUERIES, "\n".join(queries)


def test_recording_a_result_as_an_arbiter_takes_at_most_16_queries(board):
    tournament, game = board
    arbiter = get_user_model().objects.create_user("arbiter")
    tournament.arbiters.add(arbiter)

    queries = _record(game, arbiter)

    assert len(queries) == QUERIES, "\n".join(queries)

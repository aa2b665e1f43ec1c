"""The ledger (``RatingChange``) has no foreign-key constraints in the database (issue 20: the
replay's COMMIT checked them row by row). What they guarded is checked here: every way our
actions remove a game, a player or a published list
leaves no ledger row naming what is gone, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection

from actions.boards import add_game, delete_game
from actions.players import merge_players
from actions.ratings import close_rating_period, reopen_rating_period, set_starting_rating
from core.roles import SYSTEM
from ratings.models import RatingChange
from tests.factories import (
    make_player,
    make_round,
    make_superuser,
    make_tournament,
    register,
    standard_list,
)

pytestmark = pytest.mark.django_db

D = datetime.date

#: Each reference of a ledger row and the table it names.
REFERENCES = {
    "rating_list_id": "ratings_ratinglist",
    "period_id": "ratings_publishedlist",
    "game_id": "tournaments_game",
    "tournament_id": "tournaments_tournament",
    "player_id": "players_player",
    "opponent_id": "players_player",
}


def dangling() -> dict[str, int]:
    """How many ledger rows name a row that does not exist, by reference (none: ``{}``)."""
    found = {}
    with connection.cursor() as cursor:
        for column, table in REFERENCES.items():
            cursor.execute(
                f"SELECT COUNT(*) FROM ratings_ratingchange c WHERE c.{column} IS NOT NULL "  # noqa: S608
                f"AND NOT EXISTS (SELECT 1 FROM {table} t WHERE t.id = c.{column})"
            )
            if count := cursor.fetchone()[0]:
                found[column] = count
    return found


@pytest.fixture
def club():
    """Ann, Ben, Cay and Ann's duplicate (who never met Ann) play in January (the February
    list is published) and in February (open)."""
    rating_list = standard_list()
    ann, ben, cay = make_player("Ames", "Ann"), make_player("Bell", "Ben"), make_player("Cole")
    dup = make_player("Ames", "Ann", fide_id=4100018)
    for player, rating in ((ann, 1800), (ben, 2000), (cay, 1900), (dup, 1700)):
        set_starting_rating(player=player, rating_list=rating_list, rating=rating, actor=SYSTEM)
    games = {}
    events = (  # (month, day, players, boards): Ann's duplicate plays in events of its own
        (1, 5, (ann, ben, cay), [(ann, ben)]),
        (1, 12, (cay, dup), [(cay, dup)]),
        (2, 5, (ann, cay), [(ann, cay)]),
        (2, 12, (ben, dup), [(dup, ben)]),
    )
    for month, day, players, pairs in events:
        tournament = make_tournament(start_date=D(2026, month, day), end_date=D(2026, month, day))
        register(tournament, *players)
        round_ = make_round(tournament)
        for board, (white, black) in enumerate(pairs, start=1):
            games[(month, day)] = add_game(
                round=round_, board=board, white=white, black=black, result="10", actor=SYSTEM
            )
        if (month, day) == (1, 12):
            close_rating_period(rating_list=rating_list, date=D(2026, 2, 1), actor=SYSTEM)
    assert RatingChange.objects.count() == 8
    return {"list": rating_list, "games": games, "ann": ann, "dup": dup}


def test_the_fixture_names_only_what_exists(club):
    assert dangling() == {}


def test_a_deleted_rated_game_takes_its_ledger_rows(club):
    delete_game(actor=SYSTEM, game=club["games"][(1, 12)])
    assert RatingChange.objects.count() == 6
    assert dangling() == {}


def test_a_merged_duplicate_leaves_no_row_of_its_own(club):
    merge_players(actor=make_superuser(), keep=club["ann"], duplicate=club["dup"])
    assert RatingChange.objects.filter(player=club["ann"]).count() == 4
    assert dangling() == {}


def test_a_withdrawn_list_leaves_its_games_in_the_open_period(club):
    reopen_rating_period(actor=SYSTEM, rating_list=club["list"])
    assert RatingChange.objects.filter(period__isnull=True).count() == 8
    assert dangling() == {}

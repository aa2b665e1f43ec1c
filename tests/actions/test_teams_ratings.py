"""Team games are rated exactly as individual games (issue 22): the same games, played once
as a team tournament and once as an individual one by twin players with the same ratings,
give the same ledger rows and ratings; forfeits are not rated; the ledger names the match."""

from __future__ import annotations

import pytest

from actions.boards import add_game
from actions.ratings import set_starting_rating
from actions.rounds import add_round, pair_next_round, publish_round
from actions.teams.results import record_board_result, set_match_outcome
from core.roles import SYSTEM
from ratings.models import PlayerRating, RatingChange
from tests.actions.teams_data import rated_player, roster, team_tournament
from tests.factories import make_tournament, register, standard_list
from tournaments.models import Game, TeamMatch

pytestmark = pytest.mark.django_db

#: Round by round, each board's result as entered (White's side).
RESULTS = {1: ["10", "==", "01"], 2: ["==", "01", "10"], 3: ["+-", "10", "=="]}


def _ledger(player) -> list[tuple]:
    return [
        (
            row.game.round.number,
            row.date,
            row.rating_used,
            row.opponent_rating_used,
            row.score,
            row.expected,
            row.k,
            row.change,
        )
        for row in RatingChange.objects.filter(player=player)
        .select_related("game__round")
        .order_by("game__round__number")
    ]


def _rating(player) -> tuple:
    row = PlayerRating.objects.get(player=player)
    return (row.live_rating, row.games, row.rating)


def test_team_games_are_rated_as_the_same_individual_games():
    tournament, (a, b) = team_tournament(teams=2, boards=3, reserves=0, system="scheveningen")
    for number, results in RESULTS.items():
        round_ = pair_next_round(actor=SYSTEM, tournament=tournament)
        publish_round(actor=SYSTEM, round=round_)
        match = TeamMatch.objects.get(round=round_)
        for board, result in enumerate(results, start=1):
            record_board_result(actor=SYSTEM, match=match, board=board, result=result)
        assert number == round_.number

    twins = {
        p.pk: rated_player(p.last_name + "-twin", 0, rated=False) for p in roster(a) + roster(b)
    }
    for original, twin in ((p, twins[p.pk]) for p in roster(a) + roster(b)):
        start = PlayerRating.objects.get(player=original)
        set_starting_rating(
            player=twin,
            rating_list=standard_list(),
            rating=start.starting_rating,
            games=start.starting_games,
            actor=SYSTEM,
        )
    individual = make_tournament(
        pairing_system="manual",
        start_date=tournament.start_date,
        end_date=tournament.end_date,
    )
    register(individual, *twins.values())
    for number in RESULTS:
        round_ = add_round(actor=SYSTEM, tournament=individual, date=tournament.start_date)
        for game in Game.objects.filter(round__tournament=tournament, round__number=number):
            add_game(
                actor=SYSTEM,
                round=round_,
                board=game.board,
                white=twins[game.white_id],
                black=twins[game.black_id],
                result=game.result,
            )

    for player in roster(a) + roster(b):
        assert _ledger(player) == _ledger(twins[player.pk]), player
        assert _rating(player) == _rating(twins[player.pk]), player
    # 9 games, one a forfeit: 8 rated games, each with a row for both players.
    assert RatingChange.objects.filter(tournament=tournament).count() == 16


def test_a_whole_match_forfeit_rates_nothing_and_the_ledger_names_the_match(client):
    tournament, (a, _b) = team_tournament(
        teams=2, boards=2, reserves=0, system="team_double_round_robin"
    )
    round_ = pair_next_round(actor=SYSTEM, tournament=tournament)
    publish_round(actor=SYSTEM, round=round_)
    match = TeamMatch.objects.get(round=round_)
    record_board_result(actor=SYSTEM, match=match, board=1, result="10")
    assert RatingChange.objects.filter(tournament=tournament).count() == 2

    set_match_outcome(actor=SYSTEM, match=match, outcome="first_absent")

    assert RatingChange.objects.filter(tournament=tournament).count() == 0
    set_match_outcome(actor=SYSTEM, match=match, outcome="played")
    record_board_result(actor=SYSTEM, match=match, board=1, result="10")
    page = client.get(roster(a)[0].get_absolute_url()).content.decode()
    assert f"{tournament.name} · Team A – Team B" in page

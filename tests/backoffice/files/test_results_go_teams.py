"""A go team tournament in the EGD's ``.h9`` file: the EGD has no team record, so every board
game of the matches is written as an individual game, and nothing of the teams."""

from __future__ import annotations

import pytest

from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from backoffice.files.results import export_h9
from core.roles import SYSTEM
from ratings.models import RatingList
from tests.actions.teams_data import team_tournament

pytestmark = pytest.mark.django_db


def test_every_board_game_of_a_go_team_round_is_an_individual_game():
    go = RatingList.objects.get(game="go")
    tournament, _teams = team_tournament(teams=4, boards=3, reserves=0, rated=False, rating_list=go)
    round_ = pair_next_round(actor=SYSTEM, tournament=tournament)
    publish_round(actor=SYSTEM, round=round_)
    for game in round_.games.all():
        record_result(actor=SYSTEM, game=game, result="10")

    text = export_h9(tournament=tournament)

    players = [line for line in text.splitlines() if line and not line.startswith(";")]
    # 4 teams of 3: 12 players, 6 board games, White won each: 6 wins and 6 losses
    assert len(players) == 12
    assert sum(line.endswith("+/w0") for line in players) == 6
    assert sum(line.endswith("-/b0") for line in players) == 6
    assert "Team" not in text

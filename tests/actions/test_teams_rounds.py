"""Team rounds (issue 22): pairing from the Berger tables, Scheveningen and the team Swiss
engine, board games from the line-ups with colours alternating from board 1, the PAB; board
results, whole-match forfeits and the scores through ``rules.pairing.teams``."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError

from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.teams.line_ups import submit_line_up
from actions.teams.results import record_board_result, set_match_outcome
from actions.teams.rosters import set_roster
from core.roles import SYSTEM
from tests.actions.teams_data import roster, team_tournament
from tests.helpers import snapshot
from tournaments.models import Game, LineUp, TeamMatch
from tournaments.queries.teams import match_scores, missing_line_ups, team_standings

pytestmark = pytest.mark.django_db


def _boards(round_) -> list[tuple[int, int, int, str, str]]:
    return [
        (g.board, g.team_match.number, g.team_board, g.white.last_name, g.black.last_name)
        for g in Game.objects.filter(round=round_).select_related("white", "black", "team_match")
    ]


def _pair_and_publish(tournament):
    round_ = pair_next_round(actor=SYSTEM, tournament=tournament)
    publish_round(actor=SYSTEM, round=round_)
    return round_


def test_a_team_round_robin_pairs_the_berger_table_with_alternating_board_colours():
    tournament, _teams = team_tournament(teams=4, boards=2, reserves=1)

    round_ = pair_next_round(actor=SYSTEM, tournament=tournament)

    # Teams numbered by strength (A strongest); Berger round 1 of 4: 1-4, 2-3.
    assert _boards(round_) == [
        (1, 1, 1, "A1", "D1"),
        (2, 1, 2, "D2", "A2"),
        (3, 2, 1, "B1", "C1"),
        (4, 2, 2, "C2", "B2"),
    ]
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 3
    # Nobody submitted a line-up: each team's is its first two roster players, recorded.
    assert LineUp.objects.filter(round_number=1, submitted_by=None).count() == 4


def test_an_odd_number_of_teams_gives_the_pab_a_drawn_match():
    tournament, _teams = team_tournament(teams=3, boards=2, reserves=0)

    round_ = _pair_and_publish(tournament)

    matches = match_scores(round_)
    bye = [m for m, _games, _score in matches if m.second_id is None]
    assert len(bye) == 1 and bye[0].first.name == "Team A"
    score = next(s for m, _g, s in matches if m.second_id is None)
    assert (score.first_match_points, score.first_game_points) == (1, Fraction(1))


def test_a_submitted_line_up_is_played_and_the_next_round_defaults_to_it():
    tournament, (a, *_rest) = team_tournament(
        teams=2, boards=2, reserves=1, system="team_double_round_robin"
    )
    a1, _a2, a3 = roster(a)
    submit_line_up(actor=SYSTEM, team=a, round_number=1, players=[a1, a3])
    assert [t.name for t in missing_line_ups(tournament, 1)] == ["Team B"]

    round_ = _pair_and_publish(tournament)
    for game in round_.games.all():
        record_result(actor=SYSTEM, game=game, result="==")
    round_2 = pair_next_round(actor=SYSTEM, tournament=tournament)

    names = {g.white.last_name for g in round_2.games.all()} | {
        g.black.last_name for g in round_2.games.all()
    }
    assert {"A1", "A3"} <= names and "A2" not in names
    # The second cycle: the teams named the other way round, so B has White on board 1.
    assert _boards(round_2)[0][3] == "B1"


def test_a_team_short_of_players_cannot_be_paired_and_nothing_is_written():
    tournament, (a, _b) = team_tournament(teams=2, boards=2, reserves=0)
    set_roster(actor=SYSTEM, team=a, players=roster(a)[:1])
    before = snapshot()

    with pytest.raises(ValidationError, match="Team A has 1 players who may play round 1"):
        pair_next_round(actor=SYSTEM, tournament=tournament)

    assert snapshot() == before


def test_scheveningen_meets_every_player_of_the_other_team_once():
    tournament, _teams = team_tournament(teams=2, boards=2, reserves=0, system="scheveningen")
    met = set()
    for _ in range(2):
        round_ = _pair_and_publish(tournament)
        for game in round_.games.select_related("white", "black"):
            met.add(frozenset({game.white.last_name, game.black.last_name}))
            record_result(actor=SYSTEM, game=game, result="10")

    assert met == {frozenset({a, b}) for a in ("A1", "A2") for b in ("B1", "B2")}
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 2


def test_a_team_swiss_pairs_eight_teams_without_rematches():
    tournament, _teams = team_tournament(teams=8, boards=2, reserves=0, system="team_swiss")
    seen = set()
    for number in (1, 2, 3):
        round_ = _pair_and_publish(tournament)
        matches = list(TeamMatch.objects.filter(round=round_).select_related("first", "second"))
        assert len(matches) == 4
        for match in matches:
            pair = frozenset({match.first.name, match.second.name})
            assert pair not in seen, f"rematch in round {number}"
            seen.add(pair)
        for game in round_.games.order_by("board"):
            record_result(actor=SYSTEM, game=game, result="10" if game.board % 3 else "==")
    first_round = TeamMatch.objects.get(round__number=1, number=1)
    # C.04.6 round 1: the top half meets the bottom half, 1 against 5.
    assert (first_round.first.pairing_number, first_round.second.pairing_number) in ((1, 5), (5, 1))


def test_board_results_score_the_match_and_the_team_standings():
    tournament, _teams = team_tournament(teams=2, boards=4, reserves=0)
    round_ = _pair_and_publish(tournament)
    match = TeamMatch.objects.get(round=round_)
    # Board 1: A white wins; 2: A black draws; 3: A white loses; 4: A black wins by forfeit.
    for board, result in ((1, "10"), (2, "=="), (3, "01"), (4, "+-")):
        record_board_result(actor=SYSTEM, match=match, board=board, result=result)

    ((_m, _games, score),) = match_scores(round_)
    assert (score.first_game_points, score.second_game_points) == (Fraction(3, 2), Fraction(5, 2))
    assert (score.first_match_points, score.second_match_points) == (0, 2)
    rows = team_standings(tournament)
    assert [(r.rank, r.team.name, r.match_points, r.game_points) for r in rows] == [
        (1, "Team B", 2, Fraction(5, 2)),
        (2, "Team A", 0, Fraction(3, 2)),
    ]


@pytest.mark.parametrize("board", [0, 5, "2"])
def test_a_board_result_for_a_board_that_does_not_exist_is_refused_and_nothing_is_written(board):
    tournament, _teams = team_tournament(teams=2, boards=4, reserves=0)
    round_ = _pair_and_publish(tournament)
    match = TeamMatch.objects.get(round=round_)
    before = snapshot()

    with pytest.raises(ValidationError, match=f"has boards 1 to 4: there is no board {board}"):
        record_board_result(actor=SYSTEM, match=match, board=board, result="10")

    assert snapshot() == before


def test_a_whole_match_forfeit_gives_every_board_to_the_present_team_and_can_be_undone():
    tournament, _teams = team_tournament(teams=2, boards=2, reserves=0)
    round_ = _pair_and_publish(tournament)
    match = TeamMatch.objects.get(round=round_)

    set_match_outcome(actor=SYSTEM, match=match, outcome="second_absent")

    # Team A (first) is present: its board-1 player (White) and board-2 player (Black) win.
    assert list(round_.games.order_by("board").values_list("result", flat=True)) == ["+-", "-+"]
    ((_m, _g, score),) = match_scores(round_)
    assert (score.first_match_points, score.first_game_points, score.second_game_points) == (
        2,
        Fraction(2),
        Fraction(0),
    )
    before = snapshot()
    with pytest.raises(ValidationError, match="forfeited as a whole"):
        record_board_result(actor=SYSTEM, match=match, board=1, result="10")
    assert snapshot() == before

    set_match_outcome(actor=SYSTEM, match=match, outcome="played")
    assert list(round_.games.values_list("result", flat=True)) == ["", ""]


def test_both_teams_absent_score_nothing():
    tournament, _teams = team_tournament(teams=2, boards=2, reserves=0)
    round_ = _pair_and_publish(tournament)

    set_match_outcome(
        actor=SYSTEM, match=TeamMatch.objects.get(round=round_), outcome="both_absent"
    )

    assert set(round_.games.values_list("result", flat=True)) == {"--"}
    assert [(r.match_points, r.game_points) for r in team_standings(tournament)] == [
        (0, Fraction(0)),
        (0, Fraction(0)),
    ]

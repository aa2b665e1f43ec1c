"""Team standings on small events worked by hand: scoring of matches, forfeits, the PAB and
absences; Buchholz with the 2026 caps; EDE, TBR, BBE and BC; the input's checks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.standings.teams import (
    BoardGame,
    MatchPoints,
    Team,
    TeamBye,
    TeamMatch,
    TeamPlayer,
    TeamScoring,
    TeamTournament,
    board_prizes,
    forfeited_games,
    parse_team_tiebreak,
    team_standings,
    team_tiebreak_values,
)


def _games(*results: str) -> tuple[BoardGame, ...]:
    return tuple(BoardGame(b, None, None, r) for b, r in enumerate(results, 1))


def _teams(count: int) -> tuple[Team, ...]:
    return tuple(Team(n, f"Team {n}") for n in range(1, count + 1))


#: Round 1: team 1 beats team 2 1½-½, team 3 has the PAB. Round 2: team 1 does not come to
#: its match with team 3 (a whole-match forfeit), team 2 is absent.
SWISS = TeamTournament(
    teams=_teams(3),
    boards=2,
    rounds=2,
    matches=(
        TeamMatch(1, 1, 2, _games("1-0", "1/2")),
        TeamMatch(2, 3, 1, forfeited_games(2, absent="second")),
    ),
    byes=(TeamBye(1, 3, "PAB"), TeamBye(2, 2, "absent")),
)


def test_match_and_game_points_of_played_forfeited_and_unpaired_rounds():
    rows = team_standings(SWISS, ()).rows
    assert [(r.team.number, r.match_points, r.game_points, r.matches) for r in rows] == [
        (3, 3, 3, 0),  # PAB: a drawn match (1, 1), forfeit win: 2 and both boards
        (1, 2, Fraction(3, 2), 1),
        (2, 0, Fraction(1, 2), 1),
    ]


def test_buchholz_counts_the_capped_dummy_for_unplayed_rounds():
    # Adjusted scores (16.3): team 1: 2 (its forfeit loss has an opponent), team 2: 0 + a draw
    # for the absence after its last played round = 1, team 3: 3. Own unplayed rounds (16.4):
    # team 1's forfeit: min(own 2, team 3's 3) = 2; team 2's absence: min(own 0, 1 × 2) = 0;
    # team 3's PAB: min(own 3, draw 1 × 2 rounds) = 2, its forfeit win: min(3, team 1's 2) = 2.
    assert team_tiebreak_values(SWISS, "BH:MP") == {1: 1 + 2, 2: 2 + 0, 3: 2 + 2}
    # On game points the draw is half the boards: team 2 is seen with ½ + 1 = 1½.
    assert team_tiebreak_values(SWISS, "BH:GP") == {
        1: Fraction(3, 2) + Fraction(3, 2),
        2: Fraction(3, 2) + Fraction(1, 2),
        3: 2 + Fraction(3, 2),
    }


def test_the_pab_counts_a_won_board_on_every_board_for_the_board_tiebreaks():
    # The PAB gives 1 game point (half the boards) but, as FIDE's reference checker counts
    # it, a win on each board for WIN:GP and BC: team 3's boards hold 2 + 2 points for 3 GP.
    assert team_tiebreak_values(SWISS, "GPTS")[3] == 3
    assert team_tiebreak_values(SWISS, "WIN:GP") == {1: 1, 2: 0, 3: 4}
    assert team_tiebreak_values(SWISS, "BC") == {1: 1 + 2 * Fraction(1, 2), 2: 1, 3: 6}


def test_a_match_of_double_forfeits_is_lost_by_both_teams():
    t = TeamTournament(
        teams=_teams(2),
        boards=2,
        rounds=1,
        matches=(TeamMatch(1, 1, 2, forfeited_games(2, absent="both")),),
    )
    assert team_tiebreak_values(t, "MPTS") == {1: 0, 2: 0}
    assert team_tiebreak_values(t, "REP:MP") == {1: 0, 2: 0}


def test_three_one_zero_and_the_pab_values_of_the_scoring():
    t = TeamTournament(
        teams=_teams(3),
        boards=4,
        rounds=1,
        matches=(TeamMatch(1, 1, 2, _games("1-0", "1/2", "1/2", "0-1")),),
        byes=(TeamBye(1, 3),),
        scoring=TeamScoring(MatchPoints(3, 1, 0), pab_match=3, pab_game=Fraction(5, 2)),
    )
    assert team_tiebreak_values(t, "MPTS") == {1: 1, 2: 1, 3: 3}
    assert team_tiebreak_values(t, "GPTS") == {1: 2, 2: 2, 3: Fraction(5, 2)}
    assert team_tiebreak_values(t, "STD:MP") == {1: Fraction(1, 2), 2: Fraction(1, 2), 3: 1}


#: A round robin of four teams on two boards: 1, 2 and 3 beat each other in a circle and all
#: beat 4, so they tie on 4 match points and their mini-table on match points is 2 each.
CIRCLE = TeamTournament(
    teams=_teams(4),
    boards=2,
    rounds=3,
    round_robin=True,
    matches=(
        TeamMatch(1, 1, 4, _games("1-0", "1-0")),
        TeamMatch(1, 2, 3, _games("1-0", "1/2")),
        TeamMatch(2, 4, 3, _games("0-1", "0-1")),
        TeamMatch(2, 1, 2, _games("1-0", "1-0")),
        TeamMatch(3, 2, 4, _games("1-0", "1/2")),
        TeamMatch(3, 3, 1, _games("1-0", "1/2")),
    ),
)


def test_ede_splits_on_game_points_when_direct_encounter_on_match_points_cannot():
    assert team_tiebreak_values(CIRCLE, "DE") == {1: 0, 2: 0, 3: 0, 4: 0}
    # Game points among 1, 2, 3: team 1 2 + ½, team 3 1½ + ½, team 2 1½ + 0.
    assert team_tiebreak_values(CIRCLE, "EDE") == {1: 1, 2: 3, 3: 2, 4: 0}


def test_board_tiebreaks():
    # Board 1: 2 points each for teams 1-3; board 2: team 1 2½, team 3 2, team 2 1.
    assert team_tiebreak_values(CIRCLE, "TBR") == {1: 1, 2: 3, 3: 2, 4: 0}
    # BBE leaves out the last board first (2 points each), then the last two: no split.
    assert team_tiebreak_values(CIRCLE, "BBE") == {1: 0, 2: 0, 3: 0, 4: 0}
    # BC: Σ board × points on it, lower first.
    assert team_tiebreak_values(CIRCLE, "BC") == {1: 7, 2: 4, 3: 6, 4: 1}
    standings = team_standings(CIRCLE, "BC")
    assert [(row.label, row.team.number) for row in standings.rows] == [
        ("1", 2),
        ("2", 3),
        ("3", 1),
        ("4", 4),
    ]


def test_extended_sonneborn_berger_mixes_the_two_scores():
    # EMGSB: the opponents' match points × the game points scored against them.
    # Team 1: team 4 (0) × 2 + team 2 (4) × 2 + team 3 (4) × ½ = 10.
    assert team_tiebreak_values(CIRCLE, "EMGSB")[1] == 10
    # EGMSB: the opponents' game points × the match points won against them:
    # team 4 (½) × 2 + team 2 (3) × 2 + team 3 × 0 = 7.
    assert team_tiebreak_values(CIRCLE, "EGMSB")[1] == Fraction(1, 2) * 2 + 3 * 2


def test_codes():
    assert parse_team_tiebreak("bh:gp/c1").code == "BH:GP/C1"
    assert parse_team_tiebreak("GPTS").score == "GP"
    assert parse_team_tiebreak("KS:MP/L-1").limit_offset == Fraction(-1, 2)
    assert parse_team_tiebreak("DE/P").forfeits
    for bad in ("XYZ", "BH:XP", "EDE/C1", "TPN/L2"):
        with pytest.raises(ValueError, match=bad.split(":")[0].split("/")[0] or "score"):
            parse_team_tiebreak(bad)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"boards": 11}, "2 to 10 boards"),
        ({"matches": (TeamMatch(1, 1, 2, (BoardGame(3, None, None, "1-0"),)),)}, "board 3 does"),
        ({"matches": (TeamMatch(1, 1, 5, _games("1-0", "1-0")),)}, "unknown team 5"),
        ({"matches": (TeamMatch(3, 1, 2, _games("1-0", "1-0")),)}, "round 3 is outside"),
        ({"byes": (TeamBye(1, 1),)}, "team 1 plays twice in round 1"),
        ({"primary": "XP"}, "primary must be"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(change, message):
    base = {
        "teams": _teams(3),
        "boards": 2,
        "rounds": 2,
        "matches": (TeamMatch(1, 1, 2, _games("1-0", "1-0")),),
    }
    with pytest.raises(ValueError, match=message):
        TeamTournament(**(base | change))


def test_an_unknown_board_result_is_refused():
    with pytest.raises(ValueError, match="unknown board result '2-0'"):
        BoardGame(1, None, None, "2-0")


# --------------------------------------------------------------------------- board prizes

PRIZES = TeamTournament(
    teams=(
        Team(1, "A", (TeamPlayer(1, "A1", 2400), TeamPlayer(2, "A2", 2200), TeamPlayer(3, "A3"))),
        Team(2, "B", (TeamPlayer(4, "B1", 2300), TeamPlayer(5, "B2", 2100), TeamPlayer(6, "B3"))),
    ),
    boards=2,
    rounds=3,
    round_robin=True,
    matches=(
        # round 1: A1 beats B1, A2 draws B2
        TeamMatch(1, 1, 2, (BoardGame(1, 1, 4, "1-0"), BoardGame(2, 2, 5, "1/2"))),
        # round 2: B1 draws A1, the reserve A3 beats B2; round 3: B1 wins by forfeit
        TeamMatch(2, 2, 1, (BoardGame(1, 4, 1, "1/2"), BoardGame(2, 5, 3, "0-1"))),
        TeamMatch(3, 1, 2, (BoardGame(1, 1, 4, "-+"), BoardGame(2, 3, 6, "1-0"))),
    ),
)


def test_board_prizes_by_percentage_count_games_played_over_the_board():
    prizes = board_prizes(PRIZES, min_games=2)
    assert set(prizes) == {1, 2, 3}  # board 3 is the reserves'
    assert [(r.label, r.player.name, r.games, r.points) for r in prizes[1]] == [
        ("1", "A1", 2, Fraction(3, 2)),  # the forfeit loss is no game
        ("2", "B1", 2, Fraction(1, 2)),  # nor is the forfeit win a point
    ]
    assert [(r.player.name, r.percentage) for r in prizes[3]] == [("A3", 1)]
    assert [r.player.name for r in prizes[2]] == ["B2"]  # A2 played one game only
    assert [r.player.name for r in board_prizes(PRIZES, min_games=1)[2]] == ["A2", "B2"]


def test_board_prizes_by_performance():
    prizes = board_prizes(PRIZES, min_games=1, by="performance")
    # A1: 1½ of 2 against 2300 (75 %: dp +193) = 2493; B1: ½ of 2 against 2400 (25 %) = 2207.
    assert [(r.player.name, r.performance) for r in prizes[1]] == [("A1", 2493), ("B1", 2207)]
    # A3 beat B2 (2100) and the unrated B3: the unrated game is left out, 100 % = +800.
    assert [(r.player.name, r.performance) for r in prizes[3]] == [("A3", 2900), ("B3", None)]
    with pytest.raises(ValueError, match="percentage or performance"):
        board_prizes(PRIZES, by="points")

"""A TRF-2026 team file as the engine's state (``rules.pairing.team_swiss.from_trf``), and the
readings where we part from the fork's reader (C.04.6 Art. 1.5, 1.6.1)."""

from fractions import Fraction

import pytest

from rules.files.trf import PlayerRecord, RoundEntry, TrfFile
from rules.files.trf.team_records import (
    LineUp,
    TeamAcceleration,
    TeamForfeit,
    TeamRecord,
    TeamTrfFile,
)
from rules.pairing.team_swiss import (
    BLACK,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PAB,
    PLAYED,
    WHITE,
    pair_team_round,
)
from rules.pairing.team_swiss.facts import team_facts
from rules.pairing.team_swiss.from_trf import team_state


def two_board_file(round1: dict[int, RoundEntry], *, lineups=(), forfeits=()) -> TeamTrfFile:
    """Four teams of two boards (players 1-2, 3-4, 5-6, 7-8), round 1 as given, 5 rounds."""
    players = [
        PlayerRecord(tpn=p, name=f"P{p}", rounds=[round1.get(p, RoundEntry(None, "-", "Z"))])
        for p in range(1, 9)
    ]
    members = TrfFile(
        headers={"192": "FIDE_TEAM"}, players=players, total_rounds=5, initial_colour="w"
    )
    teams = [TeamRecord(tpn=t, members=[2 * t - 1, 2 * t]) for t in range(1, 5)]
    return TeamTrfFile(members=members, teams=teams, lineups=list(lineups), forfeits=list(forfeits))


def game(opponent, colour, result):
    return RoundEntry(opponent, colour, result)


#: Team 1 (players 1, 2) against team 2 (3, 4); team 3 (5, 6) against team 4 (7, 8).
ROUND1 = {
    1: game(3, "w", "1"),
    3: game(1, "b", "0"),
    2: game(4, "b", "="),
    4: game(2, "w", "="),
    5: game(7, "w", "0"),
    7: game(5, "b", "1"),
    6: game(8, "b", "0"),
    8: game(6, "w", "1"),
}


def test_matches_scores_and_board_one_colours():
    state = team_state(two_board_file(ROUND1))
    assert state.round_to_pair == 2 and state.total_rounds == 5
    one, two, three, four = (state.team(t).history[0] for t in (1, 2, 3, 4))
    assert (one.kind, one.opponent, one.colour) == (PLAYED, 2, WHITE)
    assert (one.match_points, one.game_points) == (2, Fraction(3, 2))
    assert (two.colour, two.match_points, two.game_points) == (BLACK, 0, Fraction(1, 2))
    assert (three.match_points, three.game_points, four.game_points) == (0, 0, 2)


def test_board_one_forfeited_the_match_is_still_played():
    # Art. 1.6.1: a team has a colour "if the match was actually played and the player on the
    # first board was scheduled to play with that colour". Board 1 is forfeited (player 3
    # absent), board 2 is played: the match was played, team 1 had White (player 1 was
    # scheduled White) and won 1½-½. The fork reads board 1's own game: unplayed, so for it the
    # match is a forfeit and team 1 gets no colour.
    round1 = dict(ROUND1)
    round1[1], round1[3] = game(3, "w", "+"), game(1, "b", "-")
    state = team_state(two_board_file(round1))
    one = state.team(1).history[0]
    assert (one.kind, one.colour, one.match_points, one.game_points) == (
        PLAYED,
        WHITE,
        2,
        Fraction(3, 2),
    )
    assert team_facts(state)[1].met == frozenset({2})


def test_a_300_line_up_names_board_one():
    # Team 1 fields player 2 on board 1 in round 1 (record 300): its colour is player 2's, Black.
    # The fork does not read 300 and takes the roster's first member (player 1, White).
    lineup = LineUp(round_no=1, team=1, opponent=2, players=(2, 1))
    state = team_state(two_board_file(ROUND1, lineups=[lineup]))
    assert state.team(1).history[0].colour == BLACK


def test_a_whole_match_forfeit_330():
    round1 = {p: e for p, e in ROUND1.items() if p in (5, 6, 7, 8)}
    state = team_state(two_board_file(round1, forfeits=[TeamForfeit("+-", 1, 1, 2)]))
    one, two = state.team(1).history[0], state.team(2).history[0]
    assert (one.kind, one.match_points, one.game_points) == (FORFEIT_WIN, 2, 2)
    assert (two.kind, two.match_points, two.game_points) == (FORFEIT_LOSS, 0, 0)
    facts = team_facts(state)
    assert not facts[1].pab_allowed and facts[1].met == frozenset()  # [C2]; C.04.2 Art. 3.5
    # Round 2 pairs the two winners, 1-4, and the two losers, 2-3.
    pairs = {frozenset(p) for p in pair_team_round(state).pairs}
    assert pairs == {frozenset((1, 4)), frozenset((2, 3))}


def test_a_pab_is_not_a_float():
    # Art. 1.5: "A floater is a team that plays against an opponent with a different score";
    # the PAB team plays no one. (The fork counts a scoring unplayed round as a float.)
    round1 = {p: e for p, e in ROUND1.items() if p <= 4}
    round1[5] = round1[6] = RoundEntry(None, "-", "U")
    f = two_board_file(round1)
    f.teams = f.teams[:3]
    f.members.players = f.members.players[:6]
    state = team_state(f)
    assert state.team(3).history[0].kind == PAB
    assert not team_facts(state)[3].floated


def test_a_reserve_does_not_count_as_a_board():
    # Without 352 or 300, the boards are the most members of a team with a game in a round: a
    # reserve on the roster (player 9) does not make the match three boards, so a PAB is worth
    # a drawn two-board match, 1 game point (Art. 1.4).
    f = two_board_file(ROUND1)
    f.teams[0].members.append(9)
    f.members.players.append(PlayerRecord(tpn=9, name="P9", rounds=[RoundEntry(None, "-", "Z")]))
    config = team_state(f).config
    assert config.boards == 2 and config.pab_points == (1, 1)


def test_250_records_replace_the_baku_of_192():
    # TRF-2026, record 250: "these records cause any acceleration method in record 192 to be
    # disregarded". With them, a _BAKU code adds no Baku points of its own, and a game-points
    # Baku code (undefined by C.04.7 Art. 1.4.4) is paired from the 250 points.
    for code in ("FIDE_TEAM_MP_GP_BAKU", "FIDE_TEAM_GP_MP_BAKU"):
        f = two_board_file(ROUND1)
        f.members.headers["192"] = code
        f.accelerations = [TeamAcceleration(Fraction(1), Fraction(1), 1, 3, 1, 2)]
        state = team_state(f)
        assert not state.config.baku
        assert [t.acceleration[1] for t in state.teams[:2]] == [(1, 1), (1, 1)]
    f = two_board_file(ROUND1)
    f.members.headers["192"] = "FIDE_TEAM_GP_MP_BAKU"
    with pytest.raises(ValueError, match="Baku acceleration needs match points"):
        team_state(f)

"""Team round robin, board colours, Scheveningen and match scoring (no database)."""

from fractions import Fraction
from itertools import pairwise

import pytest

from rules.pairing.teams import (
    SCHEVENINGEN_PATTERNS,
    Match,
    MatchPoints,
    MatchScore,
    board_colours,
    forfeited_match,
    match_score,
    pab_score,
    scheveningen,
    team_colours,
    team_schedule,
)


def table(teams, *, double=False):
    return [
        ([(m.first, m.second) for m in played.matches], played.bye)
        for played in team_schedule(teams, double=double)
    ]


def test_four_teams_single_is_the_berger_table():
    assert table(4) == [
        ([(1, 4), (2, 3)], None),
        ([(4, 3), (1, 2)], None),
        ([(2, 4), (3, 1)], None),
    ]


def test_four_teams_double_reverses_the_second_cycle_and_swaps_the_last_two_rounds():
    assert table(4, double=True) == [
        ([(1, 4), (2, 3)], None),
        ([(2, 4), (3, 1)], None),
        ([(4, 3), (1, 2)], None),
        ([(4, 1), (3, 2)], None),
        ([(3, 4), (2, 1)], None),
        ([(4, 2), (1, 3)], None),
    ]
    assert [played.cycle for played in team_schedule(4, double=True)] == [1, 1, 1, 2, 2, 2]


def test_five_teams_single_gives_the_pab_to_the_team_drawn_against_six():
    assert table(5) == [
        ([(2, 5), (3, 4)], 1),
        ([(5, 3), (1, 2)], 4),
        ([(3, 1), (4, 5)], 2),
        ([(1, 4), (2, 3)], 5),
        ([(4, 2), (5, 1)], 3),
    ]


def test_five_teams_double():
    assert table(5, double=True) == [
        ([(2, 5), (3, 4)], 1),
        ([(5, 3), (1, 2)], 4),
        ([(3, 1), (4, 5)], 2),
        ([(4, 2), (5, 1)], 3),
        ([(1, 4), (2, 3)], 5),
        ([(5, 2), (4, 3)], 1),
        ([(3, 5), (2, 1)], 4),
        ([(1, 3), (5, 4)], 2),
        ([(4, 1), (3, 2)], 5),
        ([(2, 4), (1, 5)], 3),
    ]


def test_six_teams_single():
    assert table(6) == [
        ([(1, 6), (2, 5), (3, 4)], None),
        ([(6, 4), (5, 3), (1, 2)], None),
        ([(2, 6), (3, 1), (4, 5)], None),
        ([(6, 5), (1, 4), (2, 3)], None),
        ([(3, 6), (4, 2), (5, 1)], None),
    ]


def test_six_teams_double():
    assert table(6, double=True) == [
        ([(1, 6), (2, 5), (3, 4)], None),
        ([(6, 4), (5, 3), (1, 2)], None),
        ([(2, 6), (3, 1), (4, 5)], None),
        ([(3, 6), (4, 2), (5, 1)], None),
        ([(6, 5), (1, 4), (2, 3)], None),
        ([(6, 1), (5, 2), (4, 3)], None),
        ([(4, 6), (3, 5), (2, 1)], None),
        ([(6, 2), (1, 3), (5, 4)], None),
        ([(5, 6), (4, 1), (3, 2)], None),
        ([(6, 3), (2, 4), (1, 5)], None),
    ]


@pytest.mark.parametrize("teams", [4, 5, 6, 7, 8])
def test_every_pair_of_teams_meets_once_per_cycle_with_reversed_order(teams):
    rounds = team_schedule(teams, double=True)
    first = [(m.first, m.second) for r in rounds if r.cycle == 1 for m in r.matches]
    second = [(m.first, m.second) for r in rounds if r.cycle == 2 for m in r.matches]
    assert len(first) == len(set(first)) == teams * (teams - 1) // 2
    assert {frozenset(pair) for pair in first} == {frozenset(pair) for pair in second}
    assert {(b, a) for a, b in first} == set(second)


def test_board_colours_of_four_and_five_boards():
    assert board_colours(4) == ("W", "B", "W", "B")
    assert board_colours(5) == ("W", "B", "W", "B", "W")
    match = Match(first=3, second=1)
    assert team_colours(match, 3, 4) == ("W", "B", "W", "B")
    assert team_colours(match, 1, 4) == ("B", "W", "B", "W")
    assert team_colours(match, 1, 5) == ("B", "W", "B", "W", "B")
    with pytest.raises(ValueError, match="team 2 does not play"):
        team_colours(match, 2, 4)


def test_board_colours_reverse_in_the_second_cycle():
    rounds = team_schedule(4, double=True)
    # Teams 1 and 4: round 1 names 1 first, round 4 names 4 first.
    assert team_colours(rounds[0].matches[0], 1, 4) == ("W", "B", "W", "B")
    assert team_colours(rounds[3].matches[0], 1, 4) == ("B", "W", "B", "W")


@pytest.mark.parametrize("boards", [1, 11, 0])
def test_board_count_is_two_to_ten(boards):
    with pytest.raises(ValueError, match="2 to 10 boards"):
        board_colours(boards)


def schedule(boards):
    return [
        [(g.a_player, g.b_player, "A" if g.a_white else "B") for g in r]
        for r in scheveningen(boards)
    ]


def test_scheveningen_four_boards_exact():
    assert schedule(4) == [
        [(1, 1, "A"), (2, 2, "B"), (3, 3, "B"), (4, 4, "A")],
        [(1, 2, "A"), (2, 3, "A"), (3, 4, "B"), (4, 1, "B")],
        [(1, 3, "B"), (2, 4, "A"), (3, 1, "A"), (4, 2, "B")],
        [(1, 4, "B"), (2, 1, "B"), (3, 2, "A"), (4, 3, "A")],
    ]


def test_scheveningen_six_boards_exact():
    assert schedule(6) == [
        [(1, 1, "A"), (2, 2, "A"), (3, 3, "A"), (4, 4, "A"), (5, 5, "B"), (6, 6, "B")],
        [(1, 2, "B"), (2, 3, "A"), (3, 4, "B"), (4, 5, "B"), (5, 6, "A"), (6, 1, "B")],
        [(1, 3, "B"), (2, 4, "B"), (3, 5, "A"), (4, 6, "A"), (5, 1, "A"), (6, 2, "A")],
        [(1, 4, "A"), (2, 5, "B"), (3, 6, "B"), (4, 1, "A"), (5, 2, "B"), (6, 3, "B")],
        [(1, 5, "A"), (2, 6, "A"), (3, 1, "B"), (4, 2, "B"), (5, 3, "A"), (6, 4, "A")],
        [(1, 6, "B"), (2, 1, "B"), (3, 2, "A"), (4, 3, "B"), (5, 4, "B"), (6, 5, "A")],
    ]


def whites(boards):
    rounds = scheveningen(boards)
    per_round = [sum(g.a_white for g in r) for r in rounds]
    a = [sum(g.a_white for r in rounds for g in r if g.a_player == i) for i in range(1, boards + 1)]
    b = [
        sum(not g.a_white for r in rounds for g in r if g.b_player == j)
        for j in range(1, boards + 1)
    ]
    return per_round, a, b


def test_scheveningen_colour_counts_four_and_six():
    assert whites(4) == ([2, 2, 2, 2], [2, 2, 2, 2], [2, 2, 2, 2])
    # B = 6: every player has 3 Whites; per round 4 and 2 alternate (exact 3 is impossible).
    assert whites(6) == ([4, 2, 4, 2, 4, 2], [3] * 6, [3] * 6)


@pytest.mark.parametrize("boards", range(2, 11))
def test_scheveningen_properties_for_every_board_count(boards):
    rounds = scheveningen(boards)
    assert len(rounds) == boards
    meetings = [(g.a_player, g.b_player) for r in rounds for g in r]
    assert sorted(meetings) == [(a, b) for a in range(1, boards + 1) for b in range(1, boards + 1)]
    for r in rounds:
        assert [g.a_player for g in r] == list(range(1, boards + 1))
        assert sorted(g.b_player for g in r) == list(range(1, boards + 1))
    per_round, a, b = whites(boards)
    half, up = boards // 2, (boards + 1) // 2
    assert set(a) | set(b) <= {half, up}
    if boards % 4 == 0:
        assert per_round == [half] * boards
    elif boards % 2 == 0:
        assert per_round == [half + 1, half - 1] * half
        assert a == b == [half] * boards
    else:
        assert per_round == [up, half] * half + [up]
        assert sum(a) - sum(b) == 1


def longest_run(colours):
    best = run = 1
    for before, after in pairwise(colours):
        run = run + 1 if before == after else 1
        best = max(best, run)
    return best


def test_scheveningen_five_boards_colour_counts():
    assert whites(5) == ([3, 2, 3, 2, 3], [2, 3, 3, 2, 3], [2, 2, 2, 3, 3])


def balanced_cyclic_colouring_exists(boards):
    """Whether a colouring of the cyclic Scheveningen schedule gives every player and every
    round exactly boards / 2 Whites of team A: an exhaustive search (pruned by bounds)."""
    half = boards // 2
    rows, cols, diagonals = [0] * boards, [0] * boards, [0] * boards

    def fits(total, filled):
        return total <= half and total + boards - filled >= half

    def place(cell):
        if cell == boards * boards:
            return True
        r, i = divmod(cell, boards)
        j = (i + r) % boards
        for white in (1, 0):
            rows[r] += white
            cols[i] += white
            diagonals[j] += white
            fitting = fits(rows[r], i + 1) and fits(cols[i], r + 1) and fits(diagonals[j], r + 1)
            if fitting and place(cell + 1):
                return True
            rows[r] -= white
            cols[i] -= white
            diagonals[j] -= white
        return False

    return place(0)


def test_exact_halves_in_every_round_exist_for_four_boards_and_not_for_two_or_six():
    assert balanced_cyclic_colouring_exists(4)
    assert not balanced_cyclic_colouring_exists(2)
    assert not balanced_cyclic_colouring_exists(6)


@pytest.mark.parametrize("boards", range(2, 11))
def test_scheveningen_colours_alternate_with_runs_of_two_at_most_but_for_five_boards(boards):
    rounds = scheveningen(boards)
    runs = []
    for player in range(1, boards + 1):
        runs.append(longest_run([g.a_white for r in rounds for g in r if g.a_player == player]))
        runs.append(longest_run([g.a_white for r in rounds for g in r if g.b_player == player]))
    assert max(runs) == {2: 1, 5: 3}.get(boards, 2)
    assert set(SCHEVENINGEN_PATTERNS) == set(range(2, 11))


def test_four_board_match_won_on_game_points():
    score = match_score(["1-0", "½-½", "0-1", "1-0"])
    assert score == MatchScore(Fraction(5, 2), Fraction(3, 2), 2, 0)


def test_drawn_match_and_three_one_zero():
    assert match_score(["1-0", "0-1", "=", "1/2"]) == MatchScore(Fraction(2), Fraction(2), 1, 1)
    won = match_score(["0-1", "0-1", "1-0", "½-½", "0-1"], MatchPoints(3, 1, 0))
    assert won == MatchScore(Fraction(3, 2), Fraction(7, 2), 0, 3)


def test_board_forfeits_count_one_game_point_and_double_forfeit_none():
    assert match_score(["+-", "0-1", "-+", "--"]) == MatchScore(Fraction(1), Fraction(2), 0, 2)
    assert match_score(["+-", "--", "½-½", "0-1"]) == MatchScore(
        Fraction(3, 2), Fraction(3, 2), 1, 1
    )


def test_unknown_board_result_is_refused():
    with pytest.raises(ValueError, match="unknown board result '2-0'"):
        match_score(["2-0", "1-0"])


def test_whole_match_forfeit():
    assert forfeited_match(4, absent="second") == MatchScore(Fraction(4), Fraction(0), 2, 0)
    assert forfeited_match(6, absent="first", points=MatchPoints(3, 1, 0)) == MatchScore(
        Fraction(0), Fraction(6), 0, 3
    )
    assert forfeited_match(4, absent="both") == MatchScore(Fraction(0), Fraction(0), 0, 0)
    with pytest.raises(ValueError, match="absent must be"):
        forfeited_match(4, absent="nobody")


def test_pab_is_a_drawn_match_by_default():
    assert pab_score(4) == (1, Fraction(2))
    assert pab_score(5) == (1, Fraction(5, 2))
    assert pab_score(4, MatchPoints(3, 1, 0)) == (1, Fraction(2))
    assert pab_score(4, match_points=2, game_points=Fraction(4)) == (2, Fraction(4))

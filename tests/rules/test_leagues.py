"""A league division's calendar, table and eligibility rules (no database)."""

from collections import Counter
from datetime import date, timedelta
from fractions import Fraction

import pytest

from rules.leagues import (
    BOARD_POINTS,
    DIRECT,
    GAME_POINTS,
    MATCH_POINTS,
    OTHER_TEAM_IN_DIVISION,
    PLAYED_UP_TOO_OFTEN,
    PROMOTION,
    RELEGATION,
    RESERVE_DOWN,
    WINS,
    Appearance,
    Fixture,
    PlayedMatch,
    Refusal,
    TeamRef,
    division_table,
    eligibility_refusal,
    league_calendar,
    rounds_of,
)
from rules.pairing.teams import MatchPoints

SUNDAYS = tuple(date(2026, 9, 6) + timedelta(weeks=2 * k) for k in range(10))


# --- the calendar ---------------------------------------------------------------------------


def test_rounds_of_a_division():
    assert [rounds_of(n) for n in (2, 3, 4, 5, 6)] == [1, 3, 3, 5, 5]
    assert [rounds_of(n, double=True) for n in (2, 3, 6, 8)] == [2, 6, 10, 14]


def test_a_division_has_two_teams_at_least():
    with pytest.raises(ValueError, match="at least 2 teams"):
        rounds_of(1)


def test_six_teams_single_round_one_is_the_berger_table_with_the_first_named_team_at_home():
    calendar = league_calendar(6, dates=SUNDAYS[:5])

    assert calendar[:3] == (
        Fixture(round=1, cycle=1, home=1, away=6, date=date(2026, 9, 6)),
        Fixture(round=1, cycle=1, home=2, away=5, date=date(2026, 9, 6)),
        Fixture(round=1, cycle=1, home=3, away=4, date=date(2026, 9, 6)),
    )
    assert [(f.home, f.away) for f in calendar if f.round == 2] == [(6, 4), (5, 3), (1, 2)]
    assert [f.date for f in calendar if f.round == 5] == [date(2026, 11, 1)] * 3


def test_six_teams_double_every_pair_meets_once_at_each_venue():
    calendar = league_calendar(6, double=True, dates=SUNDAYS)

    assert len(calendar) == 30
    assert Counter((f.home, f.away) for f in calendar) == Counter(
        {(a, b): 1 for a in range(1, 7) for b in range(1, 7) if a != b}
    )
    assert Counter(f.home for f in calendar) == Counter(dict.fromkeys(range(1, 7), 5))
    assert [f.cycle for f in calendar if f.round == 6] == [2, 2, 2]
    assert [f.date for f in calendar if f.round == 10] == [date(2027, 1, 10)] * 3


def test_every_team_plays_once_every_round():
    for fixture_round in range(1, 11):
        teams = [
            team
            for f in league_calendar(6, double=True)
            if f.round == fixture_round
            for team in (f.home, f.away)
        ]
        assert sorted(teams) == [1, 2, 3, 4, 5, 6]


def test_five_teams_one_team_rests_each_round():
    calendar = league_calendar(5)

    assert rounds_of(5) == 5
    assert [len([f for f in calendar if f.round == r]) for r in range(1, 6)] == [2] * 5
    resting = [
        ({1, 2, 3, 4, 5} - {t for f in calendar if f.round == r for t in (f.home, f.away)})
        for r in range(1, 6)
    ]
    assert sorted(team for rest in resting for team in rest) == [1, 2, 3, 4, 5]


def test_no_dates_yet_leaves_the_dates_empty():
    assert {f.date for f in league_calendar(4)} == {None}


def test_the_away_team_has_white_on_board_one_where_the_regulations_say_so():
    assert {f.home_white for f in league_calendar(4, home_white=False)} == {False}


def test_wrong_number_of_dates_is_refused():
    with pytest.raises(ValueError, match="10 rounds need 10 match dates, got 5"):
        league_calendar(6, double=True, dates=SUNDAYS[:5])


def test_dates_out_of_order_are_refused():
    with pytest.raises(ValueError, match="out of order"):
        league_calendar(4, dates=(date(2026, 9, 6), date(2026, 9, 5), date(2026, 9, 20)))


# --- the table ------------------------------------------------------------------------------


def test_table_counts_match_and_game_points():
    table = division_table(
        [1, 2, 3, 4],
        [
            PlayedMatch(1, 4, ("1-0", "1-0", "½-½", "0-1")),  # 2½-1½
            PlayedMatch(2, 3, ("½-½", "½-½", "½-½", "½-½")),  # 2-2
        ],
    )

    assert [(r.team, r.rank, r.match_points, r.game_points) for r in table] == [
        (1, 1, 2, Fraction(5, 2)),
        (2, 2, 1, Fraction(2)),
        (3, 2, 1, Fraction(2)),
        (4, 4, 0, Fraction(3, 2)),
    ]
    assert [(r.played, r.won, r.drawn, r.lost) for r in table] == [
        (1, 1, 0, 0),
        (1, 0, 1, 0),
        (1, 0, 1, 0),
        (1, 0, 0, 1),
    ]
    assert [r.shared for r in table] == [False, True, True, False]
    assert table[0].values == (Fraction(2), Fraction(5, 2), Fraction(0))


def test_game_points_break_a_tie_in_match_points():
    table = division_table(
        [1, 2, 3, 4],
        [
            PlayedMatch(1, 2, ("1-0", "1-0", "1-0", "1-0")),
            PlayedMatch(3, 4, ("1-0", "1-0", "½-½", "0-1")),
        ],
    )

    assert [r.team for r in table] == [1, 3, 4, 2]


def test_the_direct_encounter_decides_among_the_teams_still_level():
    # 1 beat 2, 2 beat 3, 3 beat 1: all on 2 MP and 4 GP; only 1 and 2 then met again.
    matches = [
        PlayedMatch(1, 2, ("1-0", "½-½", "½-½", "0-1", "1-0", "½-½")),  # 3½-2½
        PlayedMatch(2, 3, ("1-0", "½-½", "½-½", "0-1", "1-0", "½-½")),
        PlayedMatch(3, 1, ("1-0", "½-½", "½-½", "0-1", "1-0", "½-½")),
        PlayedMatch(4, 1, ("0-1",) * 6),
        PlayedMatch(4, 2, ("0-1",) * 6),
        PlayedMatch(4, 3, ("0-1",) * 6),
    ]
    no_direct = division_table([1, 2, 3, 4], matches, order=(MATCH_POINTS, GAME_POINTS))
    with_direct = division_table([1, 2, 3, 4], [*matches[1:], matches[0]])

    assert [(r.team, r.rank, r.shared) for r in no_direct] == [
        (1, 1, True),
        (2, 1, True),
        (3, 1, True),
        (4, 4, False),
    ]
    # Each of 1, 2 and 3 won one match of the three among them: still level.
    assert [(r.team, r.rank) for r in with_direct] == [(1, 1), (2, 1), (3, 1), (4, 4)]
    assert [r.match_points for r in with_direct] == [4, 4, 4, 0]


def test_direct_encounter_breaks_a_two_team_tie_before_game_points():
    matches = [
        PlayedMatch(1, 2, ("0-1", "0-1", "½-½", "1-0")),  # 2 beats 1, 2½-1½
        PlayedMatch(1, 3, ("1-0", "1-0", "1-0", "1-0")),  # 1 wins 4-0
        PlayedMatch(2, 4, ("0-1", "0-1", "½-½", "1-0")),  # 4 beats 2
    ]
    by_direct = division_table([1, 2, 3, 4], matches, order=(MATCH_POINTS, DIRECT, GAME_POINTS))
    by_game_points = division_table([1, 2, 3, 4], matches, order=(MATCH_POINTS, GAME_POINTS))

    # 1, 2 and 4 have 2 MP each; game points put 1 first.
    assert [(r.team, r.match_points) for r in by_game_points] == [(1, 2), (2, 2), (4, 2), (3, 0)]
    assert [r.game_points for r in by_game_points] == [
        Fraction(11, 2),
        Fraction(4),
        Fraction(5, 2),
        Fraction(0),
    ]
    # Direct among {1, 2, 4}: 1 scored 0 against 2, 2 scored 2 against 1 and 0 against 4,
    # 4 scored 2 against 2.
    assert [(r.team, r.values[1]) for r in by_direct] == [
        (2, Fraction(2)),
        (4, Fraction(2)),
        (1, Fraction(0)),
        (3, Fraction(0)),
    ]


def test_wins_and_board_points_as_criteria():
    matches = [
        PlayedMatch(1, 3, ("1-0", "0-1", "0-1", "0-1")),  # 3 wins 3-1
        PlayedMatch(2, 4, ("0-1", "1-0", "1-0", "1-0")),  # 2 wins 3-1
    ]
    table = division_table([1, 2, 3, 4], matches, order=(MATCH_POINTS, BOARD_POINTS, WINS))

    # Board points of 4 boards weigh 4, 3, 2, 1: team 2 won boards 2-4 (3+2+1 = 6),
    # team 3 boards 2-4 too (6); team 1 won board 1 (4), team 4 board 1 (4).
    assert [(r.team, r.values[1]) for r in table] == [
        (2, Fraction(6)),
        (3, Fraction(6)),
        (1, Fraction(4)),
        (4, Fraction(4)),
    ]
    assert [r.values[2] for r in table] == [1, 1, 0, 0]


def test_three_one_zero_match_points():
    table = division_table([1, 2], [PlayedMatch(1, 2, ("1-0", "½-½"))], points=MatchPoints(3, 1, 0))

    assert [(r.team, r.match_points) for r in table] == [(1, 3), (2, 0)]


def test_a_default_is_a_whole_match_forfeit():
    table = division_table(
        [1, 2, 3, 4],
        [
            PlayedMatch(1, 2, absent="away", boards_count=6),
            PlayedMatch(3, 4, absent="both", boards_count=6),
        ],
    )

    assert [(r.team, r.match_points, r.game_points, r.won, r.lost) for r in table] == [
        (1, 2, Fraction(6), 1, 0),
        (2, 0, Fraction(0), 0, 1),
        (3, 0, Fraction(0), 0, 1),
        (4, 0, Fraction(0), 0, 1),
    ]


def test_board_forfeits_count_as_game_points():
    table = division_table([1, 2], [PlayedMatch(1, 2, ("+-", "-+", "--", "1-0"))])

    assert [(r.team, r.game_points, r.match_points) for r in table] == [
        (1, Fraction(2), 2),
        (2, Fraction(1), 0),
    ]


def test_promotion_and_relegation_places_are_marked():
    matches = [
        PlayedMatch(a, b, ("1-0", "1-0")) for a in range(1, 7) for b in range(a + 1, 7)
    ]  # the lower number wins every match
    table = division_table(range(1, 7), matches, promotion=1, relegation=2)

    assert [(r.team, r.zone) for r in table] == [
        (1, PROMOTION),
        (2, ""),
        (3, ""),
        (4, ""),
        (5, RELEGATION),
        (6, RELEGATION),
    ]


def test_a_place_is_never_both_promotion_and_relegation():
    table = division_table([1, 2], [], promotion=2, relegation=2)

    assert [r.zone for r in table] == [PROMOTION, PROMOTION]


def test_a_postponed_match_counts_when_it_is_played_in_any_order():
    played = [
        PlayedMatch(1, 2, ("1-0", "1-0")),
        PlayedMatch(3, 4, ("0-1", "½-½")),
        PlayedMatch(1, 3, ("½-½", "½-½")),  # round 2, played after the postponed round-1 match
    ]
    assert division_table([1, 2, 3, 4], played) == division_table([1, 2, 3, 4], played[::-1])


def test_table_refusals():
    with pytest.raises(ValueError, match="unknown table criteria"):
        division_table([1, 2], [], order=("buchholz",))
    with pytest.raises(ValueError, match="not in the division"):
        division_table([1, 2], [PlayedMatch(1, 3, ("1-0", "1-0"))])
    with pytest.raises(ValueError, match="absent must be"):
        division_table([1, 2], [PlayedMatch(1, 2, absent="late", boards_count=2)])
    with pytest.raises(ValueError, match="cannot be negative"):
        division_table([1, 2], [], relegation=-1)


# --- eligibility ----------------------------------------------------------------------------

# Club 1 fields A1 (division 10, the first division) and A2 and A3 (both in division 20).
A1 = TeamRef(id=1, club=1, division=10, rank=1)
A2 = TeamRef(id=2, club=1, division=20, rank=2)
A3 = TeamRef(id=3, club=1, division=20, rank=3)
B1 = TeamRef(id=4, club=2, division=20, rank=1)
MATCH_DAY = date(2026, 11, 1)


def played(team, *days):
    return [Appearance(team, date(2026, 10, day)) for day in days]


def test_a_player_of_the_roster_may_play_for_his_team():
    assert eligibility_refusal(team=A2, on=MATCH_DAY, nominated=A2, played_up_limit=3) is None


def test_one_team_per_division_per_season():
    assert eligibility_refusal(team=A3, on=MATCH_DAY, appearances=played(A2, 4)) == Refusal(
        OTHER_TEAM_IN_DIVISION, A2
    )
    assert eligibility_refusal(team=B1, on=MATCH_DAY, appearances=played(A2, 4)) == Refusal(
        OTHER_TEAM_IN_DIVISION, A2
    )
    # Named to A3's roster: A2 is in the same division, so no playing up into it either.
    assert eligibility_refusal(team=A2, on=MATCH_DAY, nominated=A3) == Refusal(
        OTHER_TEAM_IN_DIVISION, A3
    )


def test_the_same_team_again_is_fine():
    assert eligibility_refusal(team=A2, on=MATCH_DAY, appearances=played(A2, 4, 11, 18)) is None


def test_reserves_play_up():
    assert eligibility_refusal(team=A1, on=MATCH_DAY, nominated=A2, played_up_limit=2) is None


def test_reserves_do_not_play_down():
    assert eligibility_refusal(team=A2, on=MATCH_DAY, nominated=A1) == Refusal(RESERVE_DOWN, A1)


def test_played_up_n_times_may_not_play_for_the_lower_team():
    # Played for A1 twice: the limit of 2 binds him to A1 (no more games for A2).
    up_twice = played(A1, 4, 18)
    assert eligibility_refusal(
        team=A2, on=MATCH_DAY, appearances=up_twice, nominated=A2, played_up_limit=2
    ) == Refusal(PLAYED_UP_TOO_OFTEN, 2)
    assert (
        eligibility_refusal(
            team=A2, on=MATCH_DAY, appearances=up_twice, nominated=A2, played_up_limit=3
        )
        is None
    )
    assert eligibility_refusal(team=A2, on=MATCH_DAY, appearances=up_twice) is None


def test_played_up_counts_only_games_up_to_the_match_date():
    # A postponed A2 match of 11 October played after he had played for A1 on 18 and 25 October.
    up_later = played(A1, 18, 25)

    assert (
        eligibility_refusal(team=A2, on=date(2026, 10, 11), appearances=up_later, played_up_limit=2)
        is None
    )
    assert eligibility_refusal(
        team=A2, on=date(2026, 10, 25), appearances=up_later, played_up_limit=2
    ) == Refusal(PLAYED_UP_TOO_OFTEN, 2)


def test_games_for_another_club_do_not_count_as_playing_up():
    other_club_first = TeamRef(id=9, club=2, division=10, rank=1)

    assert (
        eligibility_refusal(
            team=A2, on=MATCH_DAY, appearances=played(other_club_first, 4, 11), played_up_limit=1
        )
        is None
    )

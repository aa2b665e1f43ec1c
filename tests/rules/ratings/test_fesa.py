"""Tests of rules.ratings.fesa: the rating notes §4 (K table, self-check, categories,
grades, promotion example), the fixed point by hand, and properties (hypothesis).

Pure tests: no database, no Django.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.ratings import fesa

approx = pytest.approx

# --------------------------------------------------------------------------- K, f, d


@pytest.mark.parametrize(
    ("rating", "k"),
    [
        (2640, 16),
        (2240, 16),
        (2239.99, 20),
        (1920, 20),
        (1919, 24),
        (1560, 24),
        (1559, 28),
        (1280, 28),
        (1279, 32),
        (1040, 32),
        (1039, 36),
        (720, 36),
        (719.5, 40),
        (1, 40),
    ],
)
def test_k_table(rating: float, k: int) -> None:
    assert fesa.k_factor(rating) == k


def test_self_check_1700_against_1900() -> None:
    # Rating notes §4: f = 0.2403, loss -5.77, win d = +18.23 but d' = 24 x 200 / 160 = +30.
    assert fesa.expected_score(1700, 1900) == approx(0.2403, abs=1e-4)
    assert fesa.game_change(1700, 1900, 0) == approx(-5.77, abs=0.005)
    assert fesa.game_change(1700, 1900, 1, win_bonus=False) == approx(18.23, abs=0.005)
    assert fesa.game_change(1700, 1900, 1) == approx(30)


def test_win_bonus_only_when_larger_and_only_for_wins() -> None:
    # 100 points: d' = 24 x 100 / 160 = 15 < d = 24 x (1 - 0.3599) = 15.36: d stays.
    assert fesa.game_change(1700, 1800, 1) == approx(24 * (1 - fesa.expected_score(1700, 1800)))
    # Draws and losses never get the bonus.
    assert fesa.game_change(1700, 1900, 0.5) == approx(24 * (0.5 - 0.2403), abs=0.005)
    # Beating a weaker player: d' is negative, d is used.
    assert fesa.game_change(1900, 1700, 1) == approx(24 * (1 - fesa.expected_score(1900, 1700)))


def test_opponent_rating_floor_400() -> None:
    assert fesa.expected_score(500, 100) == fesa.expected_score(500, 400)
    assert fesa.expected_score(300, 399) == fesa.expected_score(300, 400)
    # The player's own rating is not floored.
    assert fesa.expected_score(100, 400) < fesa.expected_score(400, 400) == 0.5
    assert fesa.game_change(100, 50, 1, win_bonus=False) == approx(
        40 * (1 - fesa.expected_score(100, 400))
    )
    assert fesa.game_change(100, 50, 1) == approx(40 * (400 - 100) / 160)


@pytest.mark.parametrize(
    ("total", "rounded"), [(0.5, 1), (-0.5, -1), (1.49, 1), (-1.5, -2), (2.5, 3), (0.0, 0)]
)
def test_round_total_half_away_from_zero(total: float, rounded: int) -> None:
    assert fesa.round_total(total) == rounded


# --------------------------------------------------------------------------- tournament


def test_one_game_fixed_point_by_hand() -> None:
    # A 1700 beats B 1900 (no bonus). A: d = 24 (1 - f(1700, FB)), B: d = 24 (0 - f(1900, FA)),
    # FA = 1700 + dA and FB = 1900 + dB. Solve by hand-written iteration.
    fa, fb = 1700.0, 1900.0
    for _ in range(100):
        fa, fb = (
            1700 + 24 * (1 - 1 / (1 + 10 ** ((fb - 1700) / 400))),
            1900 + 24 * (0 - 1 / (1 + 10 ** ((fa - 1900) / 400))),
        )
    solution = fesa.solve_tournament(
        {"A": (1700, 30), "B": (1900, 30)}, [("A", "B", 1)], win_bonus=False
    )
    assert solution.converged
    assert solution.final["A"] == approx(fa)
    assert solution.final["B"] == approx(fb)
    # FB ~ 1882.3: A expected 0.2638, gains 17.67 -> 1718; B expected 0.7362 (v FA 1717.7),
    # loses 17.67 -> 1882.
    assert solution.ratings == {"A": 1718, "B": 1882}
    assert fesa.rate_tournament(
        {"A": (1700, 30), "B": (1900, 30)}, [("A", "B", 1)], win_bonus=False
    ) == {"A": 1718, "B": 1882}


def test_with_the_win_bonus_the_opponents_final_rating_is_used() -> None:
    solution = fesa.solve_tournament({"A": (1700, 30), "B": (1900, 30)}, [("A", "B", 1)])
    fb = solution.final["B"]
    assert solution.changes["A"] == [approx(24 * (fb - 1700) / 160)]
    assert solution.ratings["A"] == 1700 + fesa.round_total(24 * (fb - 1700) / 160)


def test_game_by_game_pr_and_k_follow_the_running_rating() -> None:
    # X starts at 1555 (K 28); after beating a strong player pr is above 1560 and K is 24.
    ratings = {"X": (1555, 40), "S": (2000, 40), "T": (1500, 40)}
    solution = fesa.solve_tournament(ratings, [("X", "S", 1), ("X", "T", 0)], win_bonus=False)
    fs, ft = solution.final["S"], solution.final["T"]
    first = 28 * (1 - fesa.expected_score(1555, fs))
    second = 24 * (0 - fesa.expected_score(1555 + first, ft))
    assert solution.changes["X"] == [approx(first), approx(second)]
    assert solution.ratings["X"] == 1555 + fesa.round_total(first + second)


def test_a_players_own_order_matters_interleaving_does_not() -> None:
    ratings = {"X": (1555, 40), "S": (2000, 40), "T": (1500, 40), "U": (1700, 40)}
    one = fesa.solve_tournament(ratings, [("X", "S", 1), ("X", "T", 0), ("U", "S", 0.5)])
    two = fesa.solve_tournament(ratings, [("X", "T", 0), ("X", "S", 1), ("U", "S", 0.5)])
    assert sum(one.changes["X"]) != approx(sum(two.changes["X"]), abs=1e-6)
    # U-S moved before X-T: X's, S's and U's own orders are unchanged.
    three = fesa.solve_tournament(ratings, [("X", "S", 1), ("U", "S", 0.5), ("X", "T", 0)])
    assert three.final == one.final
    assert three.ratings == one.ratings


def test_newcomer_with_a_starting_rating_is_rated_like_anyone() -> None:
    ratings = {"N": (fesa.grade_to_rating("5k"), 0), "R": (1300, 50)}
    solution = fesa.solve_tournament(ratings, [("N", "R", 1)])
    assert solution.start["N"] == 1240
    assert solution.ratings["N"] > 1240


def test_newcomer_without_rating_starts_at_their_performance() -> None:
    ratings = {"N": (None, 0), "A": (1500, 50), "B": (1700, 50), "C": (1300, 50)}
    games = [("N", "A", 1), ("N", "B", 0), ("N", "C", 0.5)]
    solution = fesa.solve_tournament(ratings, games)
    assert solution.converged
    r = solution.start["N"]
    assert 1300 < r < 1700
    final = solution.final
    expected = sum(fesa.expected_score(r, final[o]) for o in "ABC")
    assert expected == approx(1.5)
    # From R the newcomer is rated game by game like anyone else.
    k1 = fesa.k_factor(r)
    first = k1 * (1 - fesa.expected_score(r, final["A"]))
    assert solution.changes["N"][0] == approx(first)
    assert solution.ratings["N"] == round(r) + fesa.round_total(sum(solution.changes["N"]))
    # The others were rated against the newcomer's final rating.
    assert final["A"] == approx(1500 + 28 * (0 - fesa.expected_score(1500, final["N"])))


def test_newcomer_with_only_wins_or_losses_is_clamped() -> None:
    ratings = {"W": (None, 0), "L": (None, 0), "A": (1500, 50)}
    solution = fesa.solve_tournament(ratings, [("W", "A", 1), ("L", "A", 0)])
    assert solution.start["W"] == fesa.NEWCOMER_RANGE[1]
    assert solution.start["L"] == fesa.NEWCOMER_RANGE[0]
    assert fesa.player_status(1, wins=1, losses=0) == fesa.UNRATED


def test_newcomers_need_a_rated_player_somewhere() -> None:
    with pytest.raises(ValueError, match="newcomers"):
        fesa.solve_tournament({"N": (None, 0), "M": (None, 0)}, [("N", "M", 1)])
    # Through another newcomer is enough.
    ratings = {"N": (None, 0), "M": (None, 0), "A": (1500, 50)}
    games = [("N", "M", 1), ("M", "A", 0.5), ("N", "A", 0.5)]
    assert fesa.solve_tournament(ratings, games).converged


def test_players_without_games() -> None:
    ratings = {"A": (1500, 50), "N": (None, 0)}
    assert fesa.rate_tournament(ratings, []) == {"A": 1500}


def test_tournament_errors() -> None:
    with pytest.raises(KeyError):
        fesa.rate_tournament({"A": (1500, 0)}, [("A", "B", 1)])
    with pytest.raises(ValueError, match="themself"):
        fesa.rate_tournament({"A": (1500, 0)}, [("A", "A", 1)])
    with pytest.raises(ValueError, match="score"):
        fesa.rate_tournament({"A": (1500, 0), "B": (1500, 0)}, [("A", "B", 2)])


# --------------------------------------------------------------------------- status


@pytest.mark.parametrize(
    ("games", "wins", "losses", "expected"),
    [
        (0, 0, 0, "unrated"),
        (8, 4, 4, "unrated"),
        (9, 4, 4, "provisional"),
        (9, 9, 0, "unrated"),  # only wins
        (12, 0, 12, "unrated"),  # only losses
        (12, 0, 11, "provisional"),  # one draw
        (17, 8, 9, "provisional"),
        (18, 8, 10, "established"),
        (40, 40, 0, "unrated"),
    ],
)
def test_player_status(games: int, wins: int, losses: int, expected: str) -> None:
    assert fesa.player_status(games, wins=wins, losses=losses) == expected
    assert fesa.status(games, wins=wins, losses=losses) == expected


def test_player_status_rejects_inconsistent_counts() -> None:
    with pytest.raises(ValueError):
        fesa.player_status(3, wins=2, losses=2)


# --------------------------------------------------------------------------- grades

# (grade, LB, MP, UB), the FESA table (rating notes §4).
FESA_TABLE = [
    ("6d", 2440, 2540, 2640), ("5d", 2240, 2340, 2440), ("4d", 2080, 2160, 2240),
    ("3d", 1920, 2000, 2080), ("2d", 1800, 1860, 1920), ("1d", 1680, 1740, 1800),
    ("1k", 1560, 1620, 1680), ("2k", 1460, 1510, 1560), ("3k", 1360, 1410, 1460),
    ("4k", 1280, 1320, 1360), ("5k", 1200, 1240, 1280), ("6k", 1120, 1160, 1200),
    ("7k", 1040, 1080, 1120), ("8k", 960, 1000, 1040), ("9k", 880, 920, 960),
    ("10k", 800, 840, 880), ("11k", 720, 760, 800), ("12k", 640, 680, 720),
    ("13k", 560, 600, 640), ("14k", 480, 520, 560), ("15k", 400, 440, 480),
]  # fmt: skip


@pytest.mark.parametrize(("grade", "lb", "mp", "ub"), FESA_TABLE)
def test_grade_table(grade: str, lb: int, mp: int, ub: int) -> None:
    assert fesa.grade_to_rating(grade) == mp
    assert fesa.rating_to_grade(lb) == grade
    assert fesa.rating_to_grade(mp) == grade
    assert fesa.rating_to_grade(ub - 0.01) == grade


def test_extension_16_to_20_kyu() -> None:
    extension = [g for g in fesa.GRADES if g.extension]
    assert [g.name for g in extension] == ["20k", "19k", "18k", "17k", "16k"]
    assert [(g.lb, g.ub) for g in extension][1:] == [(80, 160), (160, 240), (240, 320), (320, 400)]
    assert fesa.rating_to_grade(399) == "16k"
    assert fesa.rating_to_grade(1) == "20k"
    assert fesa.rating_to_grade(-50) == "20k"
    assert fesa.grade_to_rating("20 kyu") == 40
    assert not any(g.extension for g in fesa.GRADES if g.lb >= 400)


def test_grade_spellings_and_errors() -> None:
    assert fesa.grade_to_rating("3 Dan") == 2000
    assert fesa.grade_to_rating("15K") == 440
    for bad in ("21k", "7d", "1p", "x"):
        with pytest.raises(ValueError):
            fesa.grade_to_rating(bad)


def test_stouten_example_provisional_promotion_stops_at_2_dan() -> None:
    # Above the 4 dan lower bound but fewer than 18 rated games: 3 dan is earned (midpoint
    # 2000 with >= 8 games) but the automatic promotion is only to 2 dan.
    assert fesa.promote("1k", 2100, 12) == "2d"
    assert fesa.promote("1k", 2100, 18) == "4d"  # 4 dan lower bound with >= 16 games
    assert fesa.promote("1k", 2050, 18) == "3d"  # 3 dan midpoint with >= 8 games


def test_promotion_at_the_lower_bound_or_the_midpoint() -> None:
    assert fesa.promote("10k", 1045, 9) == "8k"  # 7k LB needs 10 games; 8k LB 8 games
    assert fesa.promote("10k", 1045, 10) == "7k"
    assert fesa.promote("10k", 1085, 5) == "7k"  # 7k MP needs 5 games
    assert fesa.promote("10k", 1085, 4) == "8k"  # 8k MP 1000 needs 4 games
    assert fesa.promote("10k", 1085, 3) == "10k"  # 9k and 8k need 4 at the midpoint
    assert fesa.promote(None, 300, 2) is None
    assert fesa.promote(None, 300, 6) == "17k"
    assert fesa.promote("5d", 2600, 100) == "5d"  # no automatic 6 dan
    assert fesa.promote("4d", 2345, 10) == "4d"  # provisional: stops at 2 dan
    assert fesa.promote("4d", 2345, 18) == "5d"


def test_grades_are_not_lost() -> None:
    assert fesa.promote("3d", 1500, 50) == "3d"
    assert fesa.promote("6d", 0, 0) == "6d"


# --------------------------------------------------------------------------- properties

ALL_GRADES = [g.name for g in fesa.GRADES]


@given(st.sampled_from(ALL_GRADES))
def test_grade_round_trip(grade: str) -> None:
    assert fesa.rating_to_grade(fesa.grade_to_rating(grade)) == grade


@given(st.floats(min_value=0, max_value=2639.99, allow_nan=False))
def test_rating_lies_in_its_grade_band(rating: float) -> None:
    grade = fesa.GRADES[[g.name for g in fesa.GRADES].index(fesa.rating_to_grade(rating))]
    assert grade.lb <= rating < grade.ub


@given(
    st.one_of(st.none(), st.sampled_from(ALL_GRADES)),
    st.floats(min_value=-100, max_value=3000, allow_nan=False),
    st.integers(min_value=0, max_value=200),
)
def test_promote_never_demotes(current: str | None, rating: float, games: int) -> None:
    new = fesa.promote(current, rating, games)
    if current is not None:
        assert new is not None
        assert ALL_GRADES.index(new) >= ALL_GRADES.index(current)


def _round_robin(n: int) -> list[list[tuple[int, int]]]:
    """Circle-method rounds of a round robin for n (even) players."""
    players = list(range(n))
    rounds = []
    for _ in range(n - 1):
        rounds.append([(players[i], players[n - 1 - i]) for i in range(n // 2)])
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


tournaments = st.integers(min_value=2, max_value=4).flatmap(
    lambda half: st.tuples(
        st.lists(
            st.one_of(st.none(), st.integers(min_value=1, max_value=2600)),
            min_size=2 * half,
            max_size=2 * half,
        ),
        st.lists(
            st.sampled_from([0.0, 0.5, 1.0]),
            min_size=2 * half * (2 * half - 1) // 2,
            max_size=2 * half * (2 * half - 1) // 2,
        ),
        st.booleans(),
        st.randoms(use_true_random=False),
    )
)


def _games(
    rounds: list[list[tuple[int, int]]], scores: list[float]
) -> list[list[tuple[int, int, float]]]:
    flat = iter(scores)
    return [[(a, b, next(flat)) for a, b in one] for one in rounds]


def _check_fixed_point(
    ratings: dict[int, tuple[int | None, int]], games: list[tuple[int, int, float]], bonus: bool
) -> None:
    solution = fesa.solve_tournament(ratings, games, win_bonus=bonus)
    running: list[float] = []
    totals = {}
    for p in ratings:
        pr = solution.start[p]
        total = 0.0
        for a, b, s in games:
            if p in (a, b):
                opponent, score = (b, s) if p == a else (a, 1 - s)
                running.append(pr)
                d = fesa.game_change(pr, solution.final[opponent], score, win_bonus=bonus)
                total += d
                pr += d
        totals[p] = total
    if not solution.converged:
        # Allowed when a running rating is at a K band boundary (the change jumps there;
        # newcomers without a rating follow their opponents and amplify the feedback, so the
        # iteration may settle a few points away from the boundary).
        # Or weakly anchored newcomers converge too slowly (then the last move is tiny).
        boundaries = [lowest for lowest, _ in fesa.K_TABLE]
        near = min(abs(x - b) for x in running for b in boundaries) < 5
        assert near or solution.residual < 1e-4
        assert solution.residual <= 4 * len(games)
        return
    # Re-rating every player against the others' final ratings reproduces the final ratings.
    for p, (r, _) in ratings.items():
        begin = solution.start[p]
        total = totals[p]
        if r is None:
            opponents = [b if p == a else a for a, b, _ in games if p in (a, b)]
            score = sum(s if p == a else 1 - s for a, b, s in games if p in (a, b))
            expected = sum(fesa.expected_score(begin, solution.final[o]) for o in opponents)
            assert expected == approx(score, abs=1e-6) or begin in fesa.NEWCOMER_RANGE
        else:
            assert begin == r
        assert solution.final[p] == approx(begin + total, abs=1e-6)
        assert solution.ratings[p] == round(begin) + fesa.round_total(sum(solution.changes[p]))


@settings(max_examples=150, deadline=None)
@given(tournaments)
def test_fixed_point_converges_and_holds(
    data: tuple[list[int | None], list[float], bool, random.Random],
) -> None:
    # Everyone has a starting rating (newcomers: their declared grade's midpoint).
    start, scores, bonus, _rng = data
    ratings = {p: (r if r is not None else 1240, 20) for p, r in enumerate(start)}
    games = list(itertools.chain.from_iterable(_games(_round_robin(len(start)), scores)))
    _check_fixed_point(ratings, games, bonus)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(tournaments)
def test_fixed_point_with_unrated_newcomers_converges_and_holds(
    data: tuple[list[int | None], list[float], bool, random.Random],
) -> None:
    # Newcomers without a rating, each with neither 0 % nor 100 % against rated players.
    start, scores, bonus, _rng = data
    ratings = {p: (r, 20 if r is not None else 0) for p, r in enumerate(start)}
    games = list(itertools.chain.from_iterable(_games(_round_robin(len(start)), scores)))
    for p, (r, _) in ratings.items():
        if r is None:
            against_rated = [
                s if p == a else 1 - s
                for a, b, s in games
                if p in (a, b) and ratings[b if p == a else a][0] is not None
            ]
            assume(0 < sum(against_rated) < len(against_rated))
    _check_fixed_point(ratings, games, bonus)


@settings(max_examples=10, deadline=None)
@given(tournaments)
def test_result_is_independent_of_the_order_of_games_within_a_round(
    data: tuple[list[int | None], list[float], bool, random.Random],
) -> None:
    _order_of_games_within_a_round_changes_nothing(data)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(tournaments)
def test_result_is_independent_of_the_order_of_games_within_a_round_many_events(
    data: tuple[list[int | None], list[float], bool, random.Random],
) -> None:
    _order_of_games_within_a_round_changes_nothing(data)


def _order_of_games_within_a_round_changes_nothing(
    data: tuple[list[int | None], list[float], bool, random.Random],
) -> None:
    # The rules make pr depend on each player's own playing order, so only orders that keep
    # every player's own sequence may be compared: the games of one round in any order.
    start, scores, bonus, rng = data
    assume(any(r is not None for r in start))
    ratings = {p: (r, 20) for p, r in enumerate(start)}
    rounds = _games(_round_robin(len(start)), scores)
    shuffled = []
    for one in rounds:
        one = list(one)
        rng.shuffle(one)
        shuffled.append(one)
    first = fesa.solve_tournament(ratings, itertools.chain.from_iterable(rounds), win_bonus=bonus)
    second = fesa.solve_tournament(
        ratings, itertools.chain.from_iterable(shuffled), win_bonus=bonus
    )
    assert second.ratings == first.ratings
    assert second.final == first.final


def test_no_fixed_point_when_a_newcomers_start_sits_on_a_k_boundary() -> None:
    # Found by hypothesis. Newcomer 4's solved start R is pulled up while R < 720 (K 40) and
    # pushed down from R >= 720 (K 36): with the others solved for a fixed R, the performance
    # rating minus R is +0.016 at 719.999 and -14.02 at 720, and a scan of 1-2640 finds no
    # other sign change, so no fixed point exists. The solver settles at the jump, unconverged.
    start = [None, 21, 1, 2430, None, 21, 2429, None]
    scores = [0.5, 0.5, 0.0, 0.0, 0.5, 0.0, 1.0, 0.0, 1.0, 0.5, 0.5, 1.0, 0.5, 0.5]
    scores += [0.5, 0.5, 1.0, 0.0, 0.0, 0.5, 1.0, 0.5, 0.5, 0.0, 0.0, 0.5, 0.5, 0.0]
    ratings = {p: (r, 20 if r is not None else 0) for p, r in enumerate(start)}
    games = list(itertools.chain.from_iterable(_games(_round_robin(len(start)), scores)))
    solution = fesa.solve_tournament(ratings, games)
    assert not solution.converged
    assert solution.start[4] == approx(720, abs=1)
    assert fesa.k_factor(719) == 40
    assert fesa.k_factor(720) == 36
    assert solution.residual <= 4 * len(games)

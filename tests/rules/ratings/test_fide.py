"""Tests of rules.ratings.fide against the published vectors of docs/ratings.md §1-§2.

Pure tests: no database, no Django.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from rules.ratings import fide
from rules.ratings.fide import NewcomerEvent

D = Decimal

# --------------------------------------------------------------------------- table 8.1.2

# (lowest D, highest D, PD of the higher-rated player), transcribed from ratings.md §1.3.
TABLE_8_1_2 = [
    (0, 3, "0.50"), (4, 10, "0.51"), (11, 17, "0.52"), (18, 25, "0.53"), (26, 32, "0.54"),
    (33, 39, "0.55"), (40, 46, "0.56"), (47, 53, "0.57"), (54, 61, "0.58"), (62, 68, "0.59"),
    (69, 76, "0.60"), (77, 83, "0.61"), (84, 91, "0.62"), (92, 98, "0.63"), (99, 106, "0.64"),
    (107, 113, "0.65"), (114, 121, "0.66"), (122, 129, "0.67"), (130, 137, "0.68"),
    (138, 145, "0.69"), (146, 153, "0.70"), (154, 162, "0.71"), (163, 170, "0.72"),
    (171, 179, "0.73"), (180, 188, "0.74"), (189, 197, "0.75"), (198, 206, "0.76"),
    (207, 215, "0.77"), (216, 225, "0.78"), (226, 235, "0.79"), (236, 245, "0.80"),
    (246, 256, "0.81"), (257, 267, "0.82"), (268, 278, "0.83"), (279, 290, "0.84"),
    (291, 302, "0.85"), (303, 315, "0.86"), (316, 328, "0.87"), (329, 344, "0.88"),
    (345, 357, "0.89"), (358, 374, "0.90"), (375, 391, "0.91"), (392, 411, "0.92"),
    (412, 432, "0.93"), (433, 456, "0.94"), (457, 484, "0.95"), (485, 517, "0.96"),
    (518, 559, "0.97"), (560, 619, "0.98"), (620, 735, "0.99"), (736, 5000, "1.00"),
]  # fmt: skip

TABLE_8_1_2_EDGES = [
    pytest.param(d, D(pd), id=f"D={d}->{pd}")
    for low, high, pd in TABLE_8_1_2
    for d in sorted({low, high})
]


@pytest.mark.parametrize(("difference", "pd"), TABLE_8_1_2_EDGES)
def test_table_8_1_2_row_edges_higher_player(difference: int, pd: Decimal) -> None:
    assert fide.probability_for_difference(difference) == pd


@pytest.mark.parametrize(("difference", "pd"), TABLE_8_1_2_EDGES)
def test_table_8_1_2_row_edges_lower_player_is_one_minus(difference: int, pd: Decimal) -> None:
    if difference == 0:
        assert fide.probability_for_difference(0) == D("0.50")
    else:
        assert fide.probability_for_difference(-difference) == D(1) - pd


# --------------------------------------------------------------------------- table 8.1.1

# p (whole %) -> dp for p >= 50, transcribed from ratings.md §1.3.
TABLE_8_1_1 = {
    100: 800, 99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401,
    91: 383, 90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273, 82: 262,
    81: 251, 80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184, 73: 175, 72: 166,
    71: 158, 70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102, 63: 95, 62: 87,
    61: 80, 60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29, 53: 21, 52: 14, 51: 7,
    50: 0,
}  # fmt: skip


@pytest.mark.parametrize(("percent", "dp"), sorted(TABLE_8_1_1.items()))
def test_table_8_1_1_upper_half(percent: int, dp: int) -> None:
    assert fide.difference_for_percentage(percent) == dp


@pytest.mark.parametrize(("percent", "dp"), sorted(TABLE_8_1_1.items()))
def test_table_8_1_1_lower_half_is_symmetric(percent: int, dp: int) -> None:
    assert fide.difference_for_percentage(100 - percent) == -dp


@pytest.mark.parametrize("percent", [-1, 101])
def test_table_8_1_1_rejects_out_of_range(percent: int) -> None:
    with pytest.raises(ValueError):
        fide.difference_for_percentage(percent)


# --------------------------------------------------------------------------- §2.1 calculator

# (id, own, opponent, score, K, K x (score - PD)); ratings.md §2.1, FIDE's online calculator.
CALCULATOR_CASES = [
    ("F-C01", 2000, 2000, "1", 10, "5"),
    ("F-C02", 2003, 2000, "1", 10, "5"),
    ("F-C03", 2004, 2000, "1", 10, "4.9"),
    ("F-C05", 2011, 2000, "1", 10, "4.8"),
    ("F-C06", 2206, 2000, "1", 10, "2.4"),
    ("F-C07", 2207, 2000, "1", 10, "2.3"),
    ("F-C08", 2391, 2000, "1", 10, "0.9"),
    ("F-C09", 2392, 2000, "1", 10, "0.8"),
    ("F-C10", 2000, 2003, "0", 10, "-5"),
    ("F-C11", 2000, 2004, "0", 10, "-4.9"),
    ("F-C12", 1656, 2000, "0", 10, "-1.2"),
    ("F-C13", 1655, 2000, "0", 10, "-1.1"),
    ("F-C14", 2600, 2100, "1", 10, "0.8"),  # 2600 < 2650: D 500 capped to 400, PD .92
    ("F-C18", 2200, 2700, "0", 20, "-1.6"),  # capped, PD .08
    ("F-C22", 1500, 2000, "0.5", 20, "8.4"),  # capped, PD .08
    ("F-C23", 2092, 2000, "1", 15, "5.55"),  # D 92 -> PD .63
    ("F-C24", 2000, 2092, "0.5", 30, "3.9"),  # PD .37
    # The calculator still caps players rated 2650+ and printed 0.8 / 0.8 / -9.2 for the
    # next three; the current §8.3.1 (from 1 October 2025) uses the real difference:
    ("F-C16", 2650, 2150, "1", 10, "0.4"),  # D 500 -> PD .96
    ("F-C20", 2700, 1964, "1", 10, "0"),  # D 736 -> PD 1.00
    ("F-C21", 2700, 1900, "0", 10, "-10"),  # D 800 -> PD 1.00
]


@pytest.mark.parametrize(
    ("own", "opponent", "score", "k", "change"),
    [pytest.param(*case[1:], id=case[0]) for case in CALCULATOR_CASES],
)
def test_calculator_vectors_rating_change(
    own: int, opponent: int, score: str, k: int, change: str
) -> None:
    assert fide.rating_change(own, k, [(opponent, D(score))]) == D(change)


@pytest.mark.parametrize(
    ("own", "opponent", "score", "k", "change"),
    [pytest.param(*case[1:], id=case[0]) for case in CALCULATOR_CASES],
)
def test_calculator_vectors_game_line(
    own: int, opponent: int, score: str, k: int, change: str
) -> None:
    line = fide.game_line(own, opponent, score, k=k)
    assert line.change == D(change)
    assert line.delta * k == D(change)


# --------------------------------------------------------------------------- §2.4 scalachess

# (own, K, opponent, score, time control, rounded change); ratings.md §2.4.
SCALACHESS_CASES = [
    (1500, 40, 1500, "1", "standard", 20),
    (1500, 40, 1500, "0", "standard", -20),
    (1500, 40, 1500, "0.5", "standard", 0),
    (1500, 40, 1900, "1", "standard", 37),  # 36.8
    (1500, 40, 1900, "0", "standard", -3),  # -3.2
    (1500, 40, 1900, "0.5", "standard", 17),  # 16.8
    (1500, 40, 2900, "1", "standard", 37),  # capped at 400
    (1500, 40, 2900, "0", "standard", -3),
    (1500, 40, 2900, "0.5", "standard", 17),
    (1500, 40, 1600, "1", "standard", 26),
    (1500, 40, 1600, "0", "standard", -14),
    (1500, 40, 1600, "0.5", "standard", 6),
    (2000, 40, 1600, "1", "standard", 3),
    (2000, 40, 1600, "0", "standard", -37),
    (2000, 40, 1600, "0.5", "standard", -17),
    (2000, 40, 1000, "1", "standard", 3),  # capped
    (2000, 40, 1000, "0", "standard", -37),
    (2000, 40, 1000, "0.5", "standard", -17),
    (2000, 40, 1900, "1", "standard", 14),
    (2000, 40, 1900, "0", "standard", -26),
    (2000, 40, 1900, "0.5", "standard", -6),
    (2800, 10, 1800, "1", "standard", 0),  # 2650+ uncapped: D 1000 -> PD 1.00
    (1800, 40, 2601, "0", "rapid", 0),  # 600-point rule: not rated
    (2601, 10, 1800, "1", "rapid", 0),  # 600-point rule: not rated
    (2600, 10, 1900, "1", "rapid", 1),  # capped at 400 -> 0.8
    (1500, 40, 1500, "1", "rapid", 20),
    (1500, 40, 1900, "0.5", "blitz", 17),
]


@pytest.mark.parametrize(
    ("own", "k", "opponent", "score", "time_control", "expected"),
    [pytest.param(*case, id="{}K{}-vs-{}-{}-{}".format(*case)) for case in SCALACHESS_CASES],
)
def test_scalachess_vectors(
    own: int, k: int, opponent: int, score: str, time_control: str, expected: int
) -> None:
    change = fide.rating_change(own, k, [(opponent, score)], time_control=time_control)
    assert fide.round_change(change) == expected


def test_scalachess_2800_wins_eleven_games_against_1800() -> None:
    change = fide.rating_change(2800, 10, [(1800, 1)] * 11)
    assert change == D(0)
    assert fide.round_change(change) == 0


def test_scalachess_unrounded_values() -> None:
    assert fide.rating_change(1500, 40, [(1900, 1)]) == D("36.8")
    assert fide.rating_change(1500, 40, [(1900, 0)]) == D("-3.2")
    assert fide.rating_change(1500, 40, [(1900, D("0.5"))]) == D("16.8")
    assert fide.rating_change(2600, 10, [(1900, 1)], time_control="rapid") == D("0.8")


# scalachess getExpectedScore takes opponent - own and applies no cap.
@pytest.mark.parametrize(
    ("opponent_minus_own", "expected"),
    [(0, "0.5"), (100, "0.36"), (-100, "0.64"), (300, "0.15"), (-300, "0.85"),
     (400, "0.08"), (-400, "0.92"), (800, "0"), (-800, "1")],
)  # fmt: skip
def test_scalachess_expected_score_table(opponent_minus_own: int, expected: str) -> None:
    assert fide.probability_for_difference(-opponent_minus_own) == D(expected)


@pytest.mark.parametrize(
    ("opponents", "points", "expected"),
    [
        pytest.param([1500], 1, 2300, id="W1500: 1500+800"),
        pytest.param([1500, 1500], 2, 2300, id="WW: 1500+800"),
        pytest.param([1500], 0, 700, id="L1500: 1500-800"),
        pytest.param([1500], "0.5", 1500, id="D1500: 1500+0"),
        pytest.param([1500, 1500], 1, 1500, id="DD: 1500+0"),
        pytest.param([1500, 1500], 1, 1500, id="WL: 1500+0"),
        pytest.param([1500, 1700], 1, 1600, id="W1500 L1700: 1600+0"),
        pytest.param([1500, 1500], "1.5", 1693, id="W D: 75% -> 1500+193"),
        pytest.param([1500, 1500, 1500], 2, 1625, id="W D D: 66.67%->67% -> 1500+125"),
    ],
)
def test_scalachess_performance_rating(opponents: list[int], points: str, expected: int) -> None:
    assert fide.performance_rating(opponents, points) == expected


def test_performance_rating_needs_games() -> None:
    with pytest.raises(ValueError):
        fide.performance_rating([], 0)


@pytest.mark.parametrize(
    ("opponents", "points", "expected"),
    [
        pytest.param([1500, 1501], 1, 1501, id="average 1500.5 rounds up to 1501"),
        pytest.param([1800] * 8, 5, 1895, id="5/8 = 62.5% rounds up to 63% -> +95"),
        pytest.param([1800] * 8, 3, 1713, id="3/8 = 37.5% rounds up to 38% -> -87"),
        pytest.param(
            [2000, 2100, 2201], "2.5", 2373, id="avg 2100.33 -> 2100, 83.33% -> 83% -> +273"
        ),
    ],
)
def test_performance_rating_rounding(opponents: list[int], points: str, expected: int) -> None:
    assert fide.performance_rating(opponents, points) == expected


# --------------------------------------------------------------------------- 400 / 2650 rule


@pytest.mark.parametrize(
    ("own", "opponent", "time_control", "expected"),
    [
        pytest.param(1500, 2000, "standard", "0.08", id="1500v2000 capped -> .08"),
        pytest.param(2649, 2149, "standard", "0.92", id="2649 still capped -> .92"),
        pytest.param(2650, 2150, "standard", "0.96", id="2650 uses D 500 -> .96"),
        pytest.param(2700, 1900, "standard", "1.00", id="2700 uses D 800 -> 1.00"),
        pytest.param(2150, 2650, "standard", "0.08", id="lower side of 2650 game capped"),
        pytest.param(2700, 2250, "rapid", "0.92", id="rapid no 2650 exemption D450 -> .92"),
        pytest.param(2700, 2250, "blitz", "0.92", id="blitz no 2650 exemption"),
        pytest.param(2700, 2250, "standard", "0.94", id="standard 2700 D450 -> .94"),
        pytest.param(2000, 1600, "standard", "0.92", id="D 400 exactly -> .92"),
        pytest.param(2000, 1599, "standard", "0.92", id="D 401 -> capped 400 -> .92"),
    ],
)
def test_expected_score_400_point_rule(
    own: int, opponent: int, time_control: str, expected: str
) -> None:
    assert fide.expected_score(own, opponent, time_control=time_control) == D(expected)


def test_two_sides_of_a_2650_game_are_not_zero_sum() -> None:
    # ratings.md §1.4: in the same game a 2813 player used D = 413 (PD .93) while his
    # 2400 opponent saw "2800 *" (capped).
    high = fide.game_line(2813, 2400, 1, k=10)
    assert (high.expected, high.capped, high.opponent_used, high.change) == (
        D("0.93"),
        False,
        2400,
        D("0.70"),
    )
    low = fide.game_line(2400, 2813, 0, k=10)
    assert (low.expected, low.capped, low.opponent_used, low.change) == (
        D("0.08"),
        True,
        2800,
        D("-0.80"),
    )


def test_game_line_fields() -> None:
    line = fide.game_line(2395, 1235, "1", k=10)
    assert line == fide.GameLine(
        rating=2395,
        opponent=1235,
        opponent_used=1995,
        capped=True,
        difference=400,
        expected=D("0.92"),
        score=D("1"),
        k=10,
        delta=D("0.08"),
        change=D("0.80"),
        rated=True,
    )


# --------------------------------------------------------------------------- 600-point rule


@pytest.mark.parametrize(
    ("own", "opponent", "time_control", "rated"),
    [
        pytest.param(1800, 2601, "rapid", False, id="D801, 2601>2600: not rated"),
        pytest.param(2601, 1800, "blitz", False, id="symmetric, blitz"),
        pytest.param(2001, 2601, "rapid", False, id="D600 exactly: not rated"),
        pytest.param(2002, 2601, "rapid", True, id="D599: rated"),
        pytest.param(2000, 2600, "rapid", True, id="2600 is not above 2600: rated"),
        pytest.param(1800, 2601, "standard", True, id="standard: always rated"),
    ],
)
def test_is_rated_game(own: int, opponent: int, time_control: str, rated: bool) -> None:
    assert fide.is_rated_game(own, opponent, time_control=time_control) is rated


def test_unrated_game_line_contributes_nothing() -> None:
    line = fide.game_line(1800, 2601, 0, k=40, time_control="rapid")
    assert (line.rated, line.delta, line.change) == (False, D(0), D(0))


def test_rate_period_does_not_count_unrated_games_in_n() -> None:
    # 18 rated games would cut K 40 to 38; the 19th game is not rated, so n = 18.
    games = [(1800, "0.5")] * 18 + [(2700, "0")]
    result = fide.rate_period(1800, 40, games, time_control="rapid")
    assert (result.games, result.k_used, result.change, result.rounded_change) == (
        18,
        38,
        D(0),
        0,
    )


# --------------------------------------------------------------------------- rounding


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param(D("-2.50"), -3, id="-2.50->-3 (F-P01)"),
        pytest.param(D("2.5"), 3, id="2.5->3"),
        pytest.param(D("0.49"), 0, id="0.49->0"),
        pytest.param(D("-0.49"), 0, id="-0.49->0"),
        pytest.param(D("0.5"), 1, id="0.5->1"),
        pytest.param(D("-0.5"), -1, id="-0.5->-1"),
        pytest.param(D("92.48"), 92, id="92.48->92 (F-P05)"),
        pytest.param(D("-6.10"), -6, id="-6.10->-6"),
        pytest.param(D("36.8"), 37, id="36.8->37"),
        pytest.param(2.5, 3, id="float 2.5->3"),
        pytest.param(-1.5, -2, id="float -1.5->-2"),
        pytest.param("5.40", 5, id="str 5.40->5"),
        pytest.param(7, 7, id="int"),
    ],
)
def test_round_change(value: Decimal | float | str | int, expected: int) -> None:
    assert fide.round_change(value) == expected


def test_rate_period_rounds_once_per_period() -> None:
    # Three games with K 10, each +0.4 unrounded (PD .96 at D 500 for a 2650 player):
    # per game each would round to 0, once per period 1.2 -> 1.
    result = fide.rate_period(2650, 10, [(2150, 1)] * 3)
    assert (result.change, result.rounded_change, result.new_rating) == (D("1.2"), 1, 2651)


def test_rate_period_with_ratings_from_two_lists() -> None:
    # An event that started under the previous list uses the older own rating (2395);
    # the base of the new rating is the current list (2400).
    games = [(1995, 1, 2395), (2205, "0.5", 2395), (2000, 1), (2121, 1)]
    result = fide.rate_period(2400, 10, games)
    # 0.80 - 2.50 + 0.80 + 1.60 = 0.70 -> +1
    assert [line.change for line in result.lines] == [D("0.80"), D("-2.50"), D("0.80"), D("1.60")]
    assert (result.change, result.new_rating) == (D("0.70"), 2401)


def test_rate_period_caps_k_by_games() -> None:
    # 39 games with K 20: K becomes floor(700 / 39) = 17 (F-P05).
    result = fide.rate_period(2054, 20, [(2054, "1")] * 39)
    assert (result.games, result.k_used) == (39, 17)
    assert result.change == D("0.5") * 39 * 17
    assert result.rounded_change == 332  # 331.5 -> 332


# --------------------------------------------------------------------------- K factor


@pytest.mark.parametrize(
    ("k", "games", "expected"),
    [
        pytest.param(40, 17, 40, id="40x17=680"),
        pytest.param(40, 18, 38, id="n=18: 700//18=38"),
        pytest.param(20, 35, 20, id="n=35: 20x35=700 keeps 20"),
        pytest.param(20, 36, 19, id="n=36: 700//36=19"),
        pytest.param(20, 39, 17, id="n=39: 700//39=17 (F-P05)"),
        pytest.param(10, 70, 10, id="n=70: 10x70=700 keeps 10"),
        pytest.param(10, 71, 9, id="n=71: 700//71=9"),
        pytest.param(40, 0, 40, id="no games"),
        pytest.param(40, 701, 0, id="n=701: 700//701=0"),
    ],
)
def test_capped_k(k: int, games: int, expected: int) -> None:
    assert fide.capped_k(k, games) == expected


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        pytest.param({"rating": 1800, "games_total": 0}, 40, id="new player"),
        pytest.param({"rating": 1800, "games_total": 29}, 40, id="29 games"),
        pytest.param({"rating": 1800, "games_total": 30}, 20, id="30 games"),
        pytest.param({"rating": 2399, "games_total": 500}, 20, id="2399 adult"),
        pytest.param({"rating": 2400, "games_total": 500}, 10, id="2400 published"),
        pytest.param(
            {"rating": 2350, "games_total": 500, "ever_published_2400": True},
            10,
            id="once 2400 stays 10",
        ),
        pytest.param(
            {"rating": 2350, "games_total": 5, "ever_published_2400": True},
            10,
            id="2400 beats the 30-game rule",
        ),
        pytest.param(
            {"rating": 1900, "games_total": 100, "birth_year": 2010, "list_year": 2028},
            40,
            id="junior in the year of the 18th birthday",
        ),
        pytest.param(
            {"rating": 1900, "games_total": 100, "birth_year": 2010, "list_year": 2029},
            20,
            id="junior drops to 20 in January after",
        ),
        pytest.param(
            {
                "rating": 1900,
                "games_total": 100,
                "birth_year": 2010,
                "list_year": date(2028, 12, 1),
            },
            40,
            id="list date instead of year",
        ),
        pytest.param(
            {"rating": 2300, "games_total": 100, "birth_year": 2010, "list_year": 2025},
            20,
            id="junior rated 2300",
        ),
        pytest.param(
            {
                "rating": 2250,
                "games_total": 100,
                "birth_year": 2010,
                "list_year": 2025,
                "ever_rated_2300": True,
            },
            20,
            id="junior once rated 2300",
        ),
        pytest.param(
            {
                "rating": 2250,
                "games_total": 10,
                "birth_year": 2010,
                "list_year": 2025,
                "ever_rated_2300": True,
            },
            40,
            id="junior once 2300 but under 30 games",
        ),
        pytest.param(
            {"rating": 2450, "games_total": 10, "birth_year": 2012, "list_year": 2025},
            10,
            id="junior published 2400",
        ),
        pytest.param(
            {"rating": 1900, "games_total": 100, "birth_year": 2010},
            20,
            id="no list year: junior rule off",
        ),
    ],
)
def test_k_factor(kwargs: dict[str, object], expected: int) -> None:
    assert fide.k_factor(**kwargs) == expected  # type: ignore[arg-type]


# --------------------------------------------------------------------------- floor


@pytest.mark.parametrize(("rating", "listed"), [(1399, None), (1400, 1400), (2000, 2000)])
def test_apply_floor(rating: int, listed: int | None) -> None:
    assert fide.apply_floor(rating) == listed
    assert fide.is_below_floor(rating) is (listed is None)


# --------------------------------------------------------------------------- initial rating


@pytest.mark.parametrize(
    ("opponents", "points", "expected"),
    [
        pytest.param(
            [1902, 1877, 1884, 2012, 1832],
            3,
            1922,
            id="F-N01: Ra=(9507+3600)/7=1872.43, p=4/7=57%->+50, Ru=1922.43->1922",
        ),
        pytest.param([1800] * 5, "2.5", 1800, id="Ra=12600/7=1800, p=3.5/7=50%->0"),
        pytest.param([1800] * 6, 4, 1895, id="Ra=1800, p=5/8=62.5%->63% (0.5 up) -> +95 = 1895"),
        pytest.param(
            [1800] * 198,
            100,
            1807,
            id="Ra=1800, p=101/200=50.5%->51% -> +7 = 1807",
        ),
        pytest.param([1500] * 5, 1, 1428, id="Ra=11100/7=1585.71, p=2/7=29%->-158, 1427.71->1428"),
        pytest.param(
            [2000] * 5, 5, 2200, id="Ra=13600/7=1942.86, p=6/7=86%->+309, 2251.86 capped 2200"
        ),
        pytest.param(
            [1461, 1461, 1461, 1461, 1462],
            1,
            1400,
            id="Ra=10906/7=1558, p=29%->-158, Ru=1400 exactly: published",
        ),
        pytest.param(
            [1460, 1460, 1461, 1461, 1461],
            1,
            1400,
            id="Ra=10903/7=1557.57, -158 = 1399.57 -> 1400: rounded before the floor",
        ),
        pytest.param(
            [1460, 1460, 1460, 1461, 1461],
            1,
            None,
            id="Ra=10902/7=1557.43, -158 = 1399.43 -> 1399 < 1400: not published",
        ),
        pytest.param([1400] * 5, 0, None, id="Ra=10600/7=1514.29, p=1/7=14%->-309, 1205 < 1400"),
        pytest.param([2000] * 4, 4, None, id="only 4 games: not rateable"),
        pytest.param([], 0, None, id="no games"),
    ],
)
def test_initial_rating(opponents: list[int], points: str, expected: int | None) -> None:
    assert fide.initial_rating(opponents, points) == expected


def _event(year: int, month: int, *games: tuple[int, str | int]) -> NewcomerEvent:
    return NewcomerEvent(period=date(year, month, 1), games=games)  # type: ignore[arg-type]


def test_first_rating_single_event() -> None:
    event = _event(2025, 12, (1902, "0.5"), (1877, "0.5"), (1884, 1), (2012, 0), (1832, 1))
    result = fide.first_rating([event])
    assert result == fide.FirstRating(
        period=date(2025, 12, 1),
        rating=1922,
        games=5,
        points=D(3),
        average=D(13107) / D(7),
        percent=57,
        dp=50,
        events=(0,),
        discarded=None,
    )


def test_first_rating_pools_events_until_five_games() -> None:
    events = [
        _event(2024, 1, (1800, 1), (1800, 0), (1800, "0.5")),
        _event(2024, 3, (1800, 1), (1800, 0)),
    ]
    result = fide.first_rating(events)
    assert result is not None
    # Ra = 12600/7 = 1800, p = 3.5/7 = 50% -> 1800, published on the March 2024 list.
    assert (result.period, result.rating, result.games, result.events) == (
        date(2024, 3, 1),
        1800,
        5,
        (0, 1),
    )


def test_first_rating_pools_26_monthly_periods() -> None:
    first = _event(2024, 1, (1800, 1), (1800, 0), (1800, "0.5"))
    # January 2024 .. February 2026 is 26 periods: pooled.
    inside = fide.first_rating([first, _event(2026, 2, (1800, 1), (1800, 0))])
    assert inside is not None
    assert (inside.period, inside.games) == (date(2026, 2, 1), 5)
    # January 2024 .. March 2026 is 27 periods: the first event has dropped out.
    assert fide.first_rating([first, _event(2026, 3, (1800, 1), (1800, 0))]) is None


def test_first_rating_discards_a_zero_first_event() -> None:
    events = [
        _event(2024, 1, (2000, 0), (2000, 0), (2000, 0)),
        _event(2024, 2, *[(1800, "0.5")] * 5),
    ]
    result = fide.first_rating(events)
    assert result is not None
    assert (result.rating, result.games, result.events, result.discarded) == (1800, 5, (1,), 0)


def test_first_rating_counts_a_later_zero_event() -> None:
    events = [
        _event(2024, 1, (1800, "0.5"), (1800, "0.5"), (1800, "0.5")),
        _event(2024, 2, (1800, 0), (1800, 0)),
    ]
    result = fide.first_rating(events)
    assert result is not None
    # Ra = 1800, p = (1.5 + 1) / 7 = 35.71% -> 36% -> -102: 1698.
    assert (result.rating, result.games, result.discarded) == (1698, 5, None)


def test_first_rating_waits_while_below_1400() -> None:
    weak = _event(2024, 1, *[(1400, 0)] * 4 + [(1400, "0.5")])
    # Ra = 10600/7 = 1514.29, p = 1.5/7 = 21% -> -230: 1284 < 1400, not published.
    assert fide.first_rating([weak]) is None
    strong = _event(2024, 4, *[(1600, 1)] * 5)
    result = fide.first_rating([weak, strong])
    assert result is not None
    # Ra = (7000 + 8000 + 3600)/12 = 1550, p = 6.5/12 = 54.17% -> 54% -> +29: 1579.
    assert (result.period, result.rating, result.games) == (date(2024, 4, 1), 1579, 10)


def test_first_rating_ignores_events_without_rated_opponents() -> None:
    events = [
        _event(2024, 1),
        _event(2024, 2, *[(1800, "0.5")] * 5),
    ]
    result = fide.first_rating(events)
    assert result is not None
    assert (result.rating, result.events) == (1800, (1,))


def test_first_rating_requires_chronological_order() -> None:
    events = [_event(2024, 3, (1800, 1)), _event(2024, 1, (1800, 1))]
    with pytest.raises(ValueError):
        fide.first_rating(events)


# --------------------------------------------------------------------------- validation


def test_rejects_unknown_time_control() -> None:
    with pytest.raises(ValueError):
        fide.expected_score(2000, 2000, time_control="bullet")


@pytest.mark.parametrize("score", ["0.3", 2, -1])
def test_rejects_impossible_scores(score: str | int) -> None:
    with pytest.raises(ValueError):
        fide.rating_change(2000, 20, [(2000, score)])


def test_rejects_non_integer_ratings() -> None:
    with pytest.raises(TypeError):
        fide.expected_score(2000.5, 2000)  # type: ignore[arg-type]

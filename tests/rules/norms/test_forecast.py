"""What a player still needs: the forecast, proved by playing the rounds left."""

from fractions import Fraction

from rules.norms.fide import (
    Event,
    EventKind,
    NormTitle,
    best_selection,
)
from rules.norms.forecast import forecast, forecasts, points_needed
from tests.rules.norms.cases import ENG, SWISS9, D, L, W, rounds

# The first seven rounds: Ra 16710 / 7 = 2387, 5.5 points.
FIRST_SEVEN = [
    (2450, "GM", "GER", D),
    (2420, "GM", "FRA", W),
    (2400, "GM", "ESP", D),
    (2380, "IM", "ENG", W),
    (2370, "IM", "NED", D),
    (2350, "FM", "ENG", W),
    (2340, "FM", "USA", W),
]


def test_after_seven_rounds_a_gm_norm_needs_one_and_a_half_from_two():
    line = forecast(NormTitle.GM, ENG, SWISS9, rounds(FIRST_SEVEN), 2)

    assert line.reachable
    assert not line.achieved
    assert line.points_needed == Fraction(3, 2)  # 7 / 9 = 78 %, 2387 + 220 = 2607
    assert line.opponents_average is None
    assert (line.title_holders_needed, line.norm_titles_needed, line.federations_needed) == (
        0,
        0,
        0,
    )
    assert (line.own_federation_room, line.one_federation_room) == (3, 4)


def test_the_forecast_is_right_when_the_rounds_are_played():
    """Replaying rounds 8 and 9 against opponents at the assumed average (2387)."""
    enough = rounds([*FIRST_SEVEN, (2387, "", "ENG", W), (2387, "", "ENG", D)])
    short = rounds([*FIRST_SEVEN, (2387, "", "ENG", W), (2387, "", "ENG", L)])

    verdict = best_selection(NormTitle.GM, ENG, SWISS9, enough)
    assert (verdict.average, verdict.points, verdict.performance, verdict.passed) == (
        2387,
        7,
        2607,
        True,
    )
    verdict = best_selection(NormTitle.GM, ENG, SWISS9, short)
    assert (verdict.performance, verdict.passed) == (2553, False)


def test_every_norm_is_forecast_and_an_easier_one_needs_less():
    lines = forecasts(ENG, SWISS9, rounds(FIRST_SEVEN), 2)

    assert {t: line.points_needed for t, line in lines.items()} == {
        NormTitle.GM: Fraction(3, 2),
        NormTitle.IM: Fraction(0),  # 5.5 / 9 = 61 %, 2387 + 80 = 2467
        NormTitle.WGM: Fraction(0),
        NormTitle.WIM: Fraction(0),
    }


def test_an_average_below_the_minimum_asks_for_stronger_opponents():
    three = rounds([(2300, "GM", "GER", W), (2300, "GM", "FRA", W), (2300, "GM", "ESP", W)])

    line = forecast(NormTitle.GM, ENG, SWISS9, three, 6)

    # (2380 - 0.5) * 9 = 21415.5; (21415.5 - 6900) / 6 = 2419.25
    assert line.opponents_average == 2420
    assert line.reachable
    assert line.points_needed == points_needed(2380, Fraction(3), 3, 6, 2600)
    assert line.points_needed == Fraction(4)  # 7 / 9 = 78 %, 2380 + 220


def test_a_norm_out_of_reach_says_why():
    losing = rounds([(2400, "GM", "GER", L)] * 5)

    line = forecast(NormTitle.GM, ENG, SWISS9, losing, 4)

    assert not line.reachable
    assert line.points_needed is None
    assert line.blocked == ("points",)


def test_too_many_opponents_of_ones_own_federation_cannot_be_undone():
    home = rounds([(2450, "GM", "ENG", W)] * 6)

    line = forecast(NormTitle.GM, ENG, SWISS9, home, 3)

    assert line.own_federation_room == -1  # floor(27 / 5) = 5 < 6
    assert line.blocked == ("own_federation",)  # 6 <= floor(18 / 3) for one federation


def test_an_achieved_norm_needs_nothing_more():
    done = rounds(
        [
            (2450, "GM", "GER", W),
            (2420, "GM", "FRA", W),
            (2400, "GM", "ESP", W),
            (2380, "IM", "ENG", W),
            (2370, "IM", "NED", W),
            (2350, "FM", "ENG", W),
            (2340, "FM", "USA", W),
            (2330, "", "ENG", W),
            (2380, "", "ENG", W),
        ]
    )

    line = forecast(NormTitle.GM, ENG, Event(11, EventKind.SWISS, "ENG"), done, 2)

    assert (line.achieved, line.reachable, line.points_needed) == (True, True, 0)


def test_too_few_rounds_left_for_nine_games():
    line = forecast(NormTitle.WIM, ENG, SWISS9, rounds(FIRST_SEVEN[:3]), 5)

    assert "games" in line.blocked

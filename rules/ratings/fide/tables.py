"""FIDE tables 8.1.2 (expected score PD for a difference) and 8.1.1 (dp for a percentage).

Also the whole percentage of a score and the rounded average rating of the Title Regulations,
which the performance and initial ratings use.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from rules.ratings.fide.checks import _check_rating, _round_half_up, _to_decimal
from rules.ratings.fide.constants import _ONE, _PERCENT_MAX, Score

# Table 8.1.2: (largest D of the row, PD of the higher-rated player in hundredths).
# D > 735 gives 1.00.
_TABLE_8_1_2: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73),
    (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81),
    (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89),
    (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97),
    (619, 98), (735, 99),
)  # fmt: skip
_TABLE_8_1_2_BOUNDS: tuple[int, ...] = tuple(bound for bound, _ in _TABLE_8_1_2)

# Table 8.1.1 (= Title Regulations table 1.4.9): whole percentage p >= 50 -> dp.
# dp(p) = -dp(100 - p); 100 % and 0 % are the notional +800 / -800.
_TABLE_8_1_1: dict[int, int] = {
    50: 0, 51: 7, 52: 14, 53: 21, 54: 29, 55: 36, 56: 43, 57: 50, 58: 57, 59: 65,
    60: 72, 61: 80, 62: 87, 63: 95, 64: 102, 65: 110, 66: 117, 67: 125, 68: 133, 69: 141,
    70: 149, 71: 158, 72: 166, 73: 175, 74: 184, 75: 193, 76: 202, 77: 211, 78: 220, 79: 230,
    80: 240, 81: 251, 82: 262, 83: 273, 84: 284, 85: 296, 86: 309, 87: 322, 88: 336, 89: 351,
    90: 366, 91: 383, 92: 401, 93: 422, 94: 444, 95: 470, 96: 501, 97: 538, 98: 589, 99: 677,
    100: 800,
}  # fmt: skip


def probability_for_difference(difference: int) -> Decimal:
    """Table 8.1.2: the expected score PD for a rating difference, without any cap.

    ``difference`` is D = own rating - opponent's rating (an int, either sign). For D >= 0 the
    table gives PD of the higher-rated player; for D < 0 the result is 1 - PD(|D|). Beyond 735
    points PD is 1.00 (0.00 for the lower-rated player).

    >>> probability_for_difference(400), probability_for_difference(-100)
    (Decimal('0.92'), Decimal('0.36'))
    """
    _check_rating(difference, "difference")
    magnitude = abs(difference)
    row = bisect.bisect_left(_TABLE_8_1_2_BOUNDS, magnitude)
    hundredths = _TABLE_8_1_2[row][1] if row < len(_TABLE_8_1_2) else 100
    higher = Decimal(hundredths).scaleb(-2)
    return higher if difference >= 0 else _ONE - higher


def difference_for_percentage(percent: int) -> int:
    """Table 8.1.1 (= Title Regulations 1.4.9): dp for a whole percentage 0..100.

    The percentage must already be rounded (see :func:`percentage`). 100 % and 0 % give the
    notional +800 / -800.

    >>> difference_for_percentage(75), difference_for_percentage(25)
    (193, -193)
    """
    _check_rating(percent, "percent")
    if not 0 <= percent <= _PERCENT_MAX:
        raise ValueError(f"percent must be within 0..100, got {percent}")
    if percent in _TABLE_8_1_1:
        return _TABLE_8_1_1[percent]
    return -_TABLE_8_1_1[_PERCENT_MAX - percent]


def percentage(points: Score, games: int) -> int:
    """The fractional score ``points / games`` as a whole percentage, 0.5 % rounded up.

    Title Regulations (after table 1.4.9): "All percentages are rounded to the nearest whole
    number. 0.5% is rounded up." ``points`` may be any multiple of 0.5 within 0..games.
    """
    _check_rating(games, "games")
    if games <= 0:
        raise ValueError("games must be positive")
    total = Fraction(_to_decimal(points, "points"))
    if not 0 <= total <= games:
        raise ValueError(f"points must be within 0..{games}, got {points!r}")
    return _round_half_up(total * 100 / games)


def average_rating(ratings: Iterable[int]) -> int:
    """Average of ratings rounded to the nearest whole number, 0.5 rounded up.

    Title Regulations §1.4.7 b) (used for the performance rating and tournament categories).
    """
    values = [_check_rating(r, "opponent rating") for r in ratings]
    if not values:
        raise ValueError("at least one rating is needed")
    return _round_half_up(Fraction(sum(values), len(values)))

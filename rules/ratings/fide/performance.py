"""The performance rating Rp = Ra + dp of the Title Regulations (§1.4.7-1.4.9)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules.ratings.fide.checks import _check_rating, _round_half_up, _to_decimal
from rules.ratings.fide.constants import Score
from rules.ratings.fide.tables import average_rating, difference_for_percentage


def _points_against(opponent_ratings: Sequence[int], points: Score) -> tuple[int, Fraction]:
    n = len(opponent_ratings)
    for value in opponent_ratings:
        _check_rating(value, "opponent rating")
    total = Fraction(_to_decimal(points, "points"))
    if total < 0 or total > n or (total * 2).denominator != 1:
        raise ValueError(f"points must be a multiple of 0.5 within 0..{n}, got {points!r}")
    return n, total


def performance_rating(opponent_ratings: Sequence[int], points: Score) -> int:
    """Performance rating Rp = Ra + dp (Title Regulations §1.4.7-1.4.9).

    Ra is the average of the opponents' ratings rounded to the nearest whole number (0.5
    up); the percentage score is rounded to a whole percent (0.5 % up) and dp is read from
    table 8.1.1; 100 % and 0 % give +800 / -800. Pass only rated opponents (the norm rule
    that counts unrated opponents as 1400 is the caller's business).

    >>> performance_rating([1500, 1500], Decimal("1.5"))
    1693
    """
    n, total = _points_against(opponent_ratings, points)
    if n == 0:
        raise ValueError("a performance rating needs at least one game")
    return average_rating(opponent_ratings) + difference_for_percentage(
        _round_half_up(total * 100 / n)
    )

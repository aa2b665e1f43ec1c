"""Argument checks and exact rounding shared by the FIDE rating functions.

Ratings must be ``int`` (not ``bool``), time controls one of :data:`TIME_CONTROLS`, scores 1,
0.5 or 0; numbers are converted to ``Decimal`` without float noise and rounded half up on a
``Fraction``.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

from rules.ratings.fide.constants import _HALF, _ONE, _ZERO, TIME_CONTROLS, Score


def _check_rating(value: int, name: str = "rating") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    return value


def _check_time_control(time_control: str) -> str:
    if time_control not in TIME_CONTROLS:
        raise ValueError(f"time_control must be one of {TIME_CONTROLS}, got {time_control!r}")
    return time_control


def _to_decimal(value: Decimal | int | float | str, name: str = "value") -> Decimal:
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a number, got {value!r}")
    if isinstance(value, Decimal):
        return value
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        # repr() gives the shortest string that round-trips: 0.5 -> "0.5", 2.675 -> "2.675".
        return Decimal(repr(value))
    if isinstance(value, str):
        return Decimal(value)
    raise TypeError(f"{name} must be a number, got {value!r}")


def _to_score(value: Score) -> Decimal:
    score = _to_decimal(value, "score")
    if score not in (_ZERO, _HALF, _ONE):
        raise ValueError(f"a game score must be 1, 0.5 or 0, got {value!r}")
    return score


def _round_half_up(value: Fraction) -> int:
    """Nearest whole number, 0.5 rounded away from zero (exact, on a ``Fraction``)."""
    magnitude = abs(value)
    rounded = int(magnitude + Fraction(1, 2))  # floor(|x| + 1/2)
    return rounded if value >= 0 else -rounded


def _month_index(day: date) -> int:
    return day.year * 12 + day.month - 1

"""One game of a rating calculation: the 400-point rule, PD and whether the game is rated.

:func:`game_line` gives a game as FIDE prints it on the calculation page (:class:`GameLine`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from rules.ratings.fide.checks import _check_rating, _check_time_control, _to_score
from rules.ratings.fide.constants import (
    _ZERO,
    DIFFERENCE_CAP,
    NOT_RATED_ABOVE,
    NOT_RATED_DIFFERENCE,
    UNCAPPED_FROM,
    Score,
)
from rules.ratings.fide.tables import probability_for_difference


def _rule_difference(rating: int, opponent: int, time_control: str) -> tuple[int, bool]:
    """D as used for rating purposes (§8.3.1) and whether the 400-point rule changed it."""
    difference = rating - opponent
    if abs(difference) <= DIFFERENCE_CAP:
        return difference, False
    if time_control == "standard" and rating >= UNCAPPED_FROM:
        return difference, False
    return (DIFFERENCE_CAP if difference > 0 else -DIFFERENCE_CAP), True


def expected_score(rating: int, opponent: int, *, time_control: str = "standard") -> Decimal:
    """PD of the player rated ``rating`` against ``opponent`` (table 8.1.2 + 400-point rule).

    Standard: a difference of more than 400 counts as 400 unless ``rating`` (the player whose
    change is computed) is 2650 or more. Rapid and blitz: always capped at 400. Both ratings
    are those of the list used for the game; the opponent must be rated.

    >>> expected_score(1500, 2000), expected_score(2700, 1900)
    (Decimal('0.08'), Decimal('1.00'))
    """
    _check_rating(rating)
    _check_rating(opponent, "opponent")
    difference, _ = _rule_difference(rating, opponent, _check_time_control(time_control))
    return probability_for_difference(difference)


def is_rated_game(rating: int, opponent: int, *, time_control: str = "standard") -> bool:
    """Whether a game between two rated players counts for rating at all.

    Always true for standard. Rapid and blitz (§7.3.1, from 1 December 2024): "Games played
    between players with a rating difference of 600 points or more shall not be rated if at
    least one of the players is rated above 2600 on the relevant list." The rule is
    symmetric, so the game is unrated for both players.
    """
    _check_rating(rating)
    _check_rating(opponent, "opponent")
    if _check_time_control(time_control) == "standard":
        return True
    return not (
        abs(rating - opponent) >= NOT_RATED_DIFFERENCE and max(rating, opponent) > NOT_RATED_ABOVE
    )


@dataclass(frozen=True)
class GameLine:
    """One game of a player's calculation, as FIDE prints it on the calculation page.

    Attributes:
        rating: the player's own rating used for the game.
        opponent: the opponent's actual rating.
        opponent_used: the opponent rating as used for rating purposes; differs from
            ``opponent`` when the 400-point rule applied (FIDE prints it with a ``*``,
            e.g. "2800 *" for a 2400 player against a 2813 opponent).
        capped: whether the 400-point rule applied.
        difference: D = rating - opponent_used.
        expected: PD from table 8.1.2.
        score: 1, 0.5 or 0.
        k: the K factor applied (already capped for K x n <= 700).
        delta: score - PD (FIDE's "chg" column); 0 when the game is not rated.
        change: K x (score - PD), unrounded (FIDE's "K*chg" column); 0 when not rated.
        rated: False when the game is not rated (rapid/blitz 600-point rule).
    """

    rating: int
    opponent: int
    opponent_used: int
    capped: bool
    difference: int
    expected: Decimal
    score: Decimal
    k: int
    delta: Decimal
    change: Decimal
    rated: bool = True


def game_line(
    rating: int, opponent: int, score: Score, *, k: int, time_control: str = "standard"
) -> GameLine:
    """Compute one game of a player's rating calculation (see :class:`GameLine`).

    ``k`` is the K factor actually applied in the period (use :func:`capped_k` first).
    """
    _check_rating(rating)
    _check_rating(opponent, "opponent")
    _check_rating(k, "k")
    time_control = _check_time_control(time_control)
    value = _to_score(score)
    difference, capped = _rule_difference(rating, opponent, time_control)
    expected = probability_for_difference(difference)
    rated = is_rated_game(rating, opponent, time_control=time_control)
    delta = value - expected if rated else _ZERO
    return GameLine(
        rating=rating,
        opponent=opponent,
        opponent_used=rating - difference,
        capped=capped,
        difference=difference,
        expected=expected,
        score=value,
        k=k,
        delta=delta,
        change=delta * k,
        rated=rated,
    )

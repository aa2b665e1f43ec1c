"""FIDE rating mathematics, exactly as the FIDE Rating Regulations give it.

Pure module: standard library only. Ratings are ``int``; scores, expected scores and
unrounded changes are ``Decimal`` so that sums are exact and the single rounding per rating
period happens in one place (:func:`round_change`).

Rules implemented (FIDE Rating Regulations effective 1 March 2024, with the amendment of
§8.3.1 effective 1 October 2025; FIDE Rapid and Blitz Rating Regulations effective 1 March
2024 with §7.3.1 as in force from 1 December 2024; FIDE Title Regulations 2024 for the
performance rating):

- Expected score from table 8.1.2 (not the logistic formula): :func:`expected_score`,
  :func:`probability_for_difference`.
- The 400-point rule (§8.3.1): a difference of more than 400 counts as 400 for players rated
  below 2650; players rated 2650 and above use the real difference (standard only). The
  exemption depends on the rating of the player whose change is computed, so the two sides of
  one game need not be zero-sum. Rapid and blitz: the plain 400 cap for everyone, and games
  with a difference of 600 or more are not rated when a player is rated above 2600
  (:func:`is_rated_game`).
- Rating change K x sum(score - PD) per period (§8.3.2), rounded once to the nearest whole
  number with 0.5 away from zero (§8.3.4): :func:`rating_change`, :func:`round_change`,
  :func:`rate_period`, :func:`game_line`.
- K factor 40/20/10 with the junior and 30-game rules (§8.3.3) and the K x n <= 700 cap:
  :func:`k_factor`, :func:`capped_k`.
- Initial rating of an unrated player, 2024 formula (§7.1.4, §8.2): :func:`initial_rating`,
  :func:`first_rating`.
- Performance rating (Title Regulations §1.4.7-1.4.9, table 8.1.1 = 1.4.9):
  :func:`performance_rating`.
- The rating floor 1400 (§7.2.1): :func:`apply_floor`.

The one-off compression of 1 March 2024 (0.4 x (2000 - R)) is deliberately not part of this
module: it is a historical event, not a rule of the formula.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import TypeAlias

__all__ = [
    "DIFFERENCE_CAP",
    "HYPOTHETICAL_OPPONENT_RATING",
    "INITIAL_RATING_MAX",
    "INITIAL_RATING_MIN_GAMES",
    "JUNIOR_LAST_AGE",
    "JUNIOR_RATING_LIMIT",
    "K_DEFAULT",
    "K_MASTER",
    "K_MASTER_FROM",
    "K_NEW_OR_JUNIOR",
    "K_TIMES_N_MAX",
    "NEW_PLAYER_GAMES",
    "NOT_RATED_ABOVE",
    "NOT_RATED_DIFFERENCE",
    "POOL_MONTHS",
    "RATING_FLOOR",
    "TIME_CONTROLS",
    "UNCAPPED_FROM",
    "FirstRating",
    "GameLine",
    "NewcomerEvent",
    "PeriodResult",
    "apply_floor",
    "average_rating",
    "capped_k",
    "difference_for_percentage",
    "expected_score",
    "first_rating",
    "game_line",
    "initial_rating",
    "is_below_floor",
    "is_rated_game",
    "k_factor",
    "percentage",
    "performance_rating",
    "probability_for_difference",
    "rate_period",
    "rating_change",
    "round_change",
]

Score: TypeAlias = Decimal | int | float | str
"""A game score: 1, 0.5 or 0 (as ``Decimal``, ``int``, ``float`` or a string like "0.5")."""

TIME_CONTROLS: tuple[str, ...] = ("standard", "rapid", "blitz")

RATING_FLOOR = 1400
"""§7.2.1: players whose rating drops below 1400 are shown as unrated on the next list."""

DIFFERENCE_CAP = 400
"""§8.3.1: a difference of more than 400 points counts as 400."""

UNCAPPED_FROM = 2650
"""§8.3.1 (from 1 October 2025, standard only): players rated 2650+ use the real difference."""

NOT_RATED_DIFFERENCE = 600
NOT_RATED_ABOVE = 2600
"""Rapid/blitz §7.3.1 (from 1 December 2024): a game with a difference of 600 or more is not
rated if at least one of the players is rated above 2600."""

K_TIMES_N_MAX = 700
"""§8.3.3: K x n must not exceed 700."""

K_NEW_OR_JUNIOR = 40
K_DEFAULT = 20
K_MASTER = 10
K_MASTER_FROM = 2400
"""§8.3.3: K = 10 once a published rating has reached 2400."""
JUNIOR_LAST_AGE = 18
"""§8.3.3: K = 40 until the end of the year of the 18th birthday ..."""
JUNIOR_RATING_LIMIT = 2300
"""... as long as the rating remains under 2300."""
NEW_PLAYER_GAMES = 30
"""§8.3.3: K = 40 until the player has completed events with at least 30 games."""

INITIAL_RATING_MIN_GAMES = 5
INITIAL_RATING_MAX = 2200
HYPOTHETICAL_OPPONENT_RATING = 1800
HYPOTHETICAL_OPPONENTS = 2
POOL_MONTHS = 26
"""§7.1.4: results from consecutive rating periods of not more than 26 months are pooled."""

_PERCENT_MAX = 100
_ZERO = Decimal(0)
_HALF = Decimal("0.5")
_ONE = Decimal(1)

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


# --------------------------------------------------------------------------- helpers


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


# --------------------------------------------------------------------------- tables


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


# --------------------------------------------------------------------------- one game


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


# --------------------------------------------------------------------------- a period


def rating_change(
    rating: int,
    k: int,
    games: Iterable[tuple[int, Score]],
    *,
    time_control: str = "standard",
) -> Decimal:
    """The unrounded rating change K x sum(score - PD) (§8.3.2).

    ``games`` is an iterable of ``(opponent rating, score)`` pairs, all rated against the
    same own ``rating``. ``k`` is applied as given (cap it with :func:`capped_k` first).
    Rapid/blitz games that are not rated under the 600-point rule (:func:`is_rated_game`)
    are skipped, i.e. contribute 0. Round the period's total once with :func:`round_change`.

    >>> rating_change(1500, 40, [(1900, 1)])
    Decimal('36.80')
    """
    _check_rating(rating)
    _check_rating(k, "k")
    _check_time_control(time_control)
    total = _ZERO
    for opponent, score in games:
        total += game_line(rating, opponent, score, k=k, time_control=time_control).delta
    return total * k


def round_change(value: Decimal | int | float | str) -> int:
    """Round a period's rating change to a whole number, 0.5 away from zero (§8.3.4).

    >>> round_change(Decimal("-2.50")), round_change(Decimal("2.5")), round_change("0.49")
    (-3, 3, 0)
    """
    return int(_to_decimal(value).quantize(_ONE, rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class PeriodResult:
    """A player's calculation for one rating period.

    Attributes:
        rating: the base rating (the player's rating on the previous list).
        k: the player's K factor before the K x n cap.
        k_used: the K factor applied, ``capped_k(k, games)``.
        games: the number of rated games n in the period.
        lines: one :class:`GameLine` per game, in input order (unrated games included,
            with ``rated=False``).
        change: the unrounded change, K x sum(score - PD).
        rounded_change: ``round_change(change)``.
        new_rating: ``rating + rounded_change``; see :func:`apply_floor` for the list.
    """

    rating: int
    k: int
    k_used: int
    games: int
    lines: tuple[GameLine, ...]
    change: Decimal
    rounded_change: int
    new_rating: int


def rate_period(
    rating: int,
    k: int,
    games: Iterable[tuple[int, Score] | tuple[int, Score, int]],
    *,
    time_control: str = "standard",
) -> PeriodResult:
    """Rate all games of one rating period: cap K, sum unrounded, round once.

    ``rating`` is the player's rating on the previous list (the base of the new rating) and
    ``k`` the K published with it (:func:`k_factor`). ``games`` holds ``(opponent, score)``
    pairs or ``(opponent, score, own_rating_used)`` triples; the third element is for events
    that started under an earlier list and so were rated with an older own rating (FIDE uses
    the list in force at the start of the tournament). n counts rated games only; K is then
    ``capped_k(k, n)``, and the change is rounded once for the whole period (§8.3.4 as
    written).
    """
    _check_rating(rating)
    _check_rating(k, "k")
    time_control = _check_time_control(time_control)
    entries: list[tuple[int, int, Score]] = []
    for game in games:
        opponent, score, *rest = game
        own = rest[0] if rest else rating
        entries.append((_check_rating(own), _check_rating(opponent, "opponent"), score))
    n = sum(is_rated_game(own, opp, time_control=time_control) for own, opp, _ in entries)
    k_used = capped_k(k, n)
    lines = tuple(
        game_line(own, opp, score, k=k_used, time_control=time_control)
        for own, opp, score in entries
    )
    change = sum((line.delta for line in lines), _ZERO) * k_used
    rounded = round_change(change)
    return PeriodResult(
        rating=rating,
        k=k,
        k_used=k_used,
        games=n,
        lines=lines,
        change=change,
        rounded_change=rounded,
        new_rating=rating + rounded,
    )


# --------------------------------------------------------------------------- K factor


def k_factor(
    *,
    rating: int,
    games_total: int,
    birth_year: int | None = None,
    list_year: int | date | None = None,
    ever_published_2400: bool = False,
    ever_rated_2300: bool = False,
) -> int:
    """The K factor of a rated player (§8.3.3), before the K x n <= 700 cap.

    Arguments (all keyword-only):
        rating: the player's published rating on the list whose K is determined. A rating of
            2400 or more counts as ``ever_published_2400``; 2300 or more as
            ``ever_rated_2300``.
        games_total: rated games the player has completed in total up to that list
            (including the games that produced the initial rating).
        birth_year: year of birth; ``None`` if unknown (then the junior rule never applies).
        list_year: year of the list (an int, or a date whose year is used); required for
            the junior rule.
        ever_published_2400: the player's published rating has reached 2400 at some time.
        ever_rated_2300: the player has been rated 2300 or more at some time.

    Precedence (the text states none; this order reproduces FIDE's published K values):

    1. ever published >= 2400 -> 10 (permanent, "even if the rating drops below 2400");
    2. junior, i.e. until the end of the year of the 18th birthday
       (``list_year - birth_year <= 18``), while never rated >= 2300 -> 40;
    3. fewer than 30 games completed -> 40;
    4. otherwise -> 20 (the text: "K = 20 as long as a player's rating remains under 2400").

    Rapid and blitz use the same rules since 1 October 2022.
    """
    _check_rating(rating)
    _check_rating(games_total, "games_total")
    if games_total < 0:
        raise ValueError("games_total must not be negative")
    if ever_published_2400 or rating >= K_MASTER_FROM:
        return K_MASTER
    year = list_year.year if isinstance(list_year, date) else list_year
    junior = birth_year is not None and year is not None and year - birth_year <= JUNIOR_LAST_AGE
    if junior and not (ever_rated_2300 or rating >= JUNIOR_RATING_LIMIT):
        return K_NEW_OR_JUNIOR
    if games_total < NEW_PLAYER_GAMES:
        return K_NEW_OR_JUNIOR
    return K_DEFAULT


def capped_k(k: int, games_in_period: int) -> int:
    """Apply the K x n <= 700 rule: the largest whole K with K x n <= 700.

    If ``k * games_in_period`` exceeds 700, K becomes ``700 // n`` (e.g. K 20 with n = 39
    becomes 17, K 40 with n = 18 becomes 38); otherwise ``k`` is returned unchanged.
    """
    _check_rating(k, "k")
    _check_rating(games_in_period, "games_in_period")
    if k <= 0:
        raise ValueError("k must be positive")
    if games_in_period < 0:
        raise ValueError("games_in_period must not be negative")
    if k * games_in_period > K_TIMES_N_MAX:
        return K_TIMES_N_MAX // games_in_period
    return k


# --------------------------------------------------------------------------- floor


def is_below_floor(rating: int) -> bool:
    """Whether a computed rating is below the floor of 1400 (§7.2.1)."""
    return _check_rating(rating) < RATING_FLOOR


def apply_floor(rating: int) -> int | None:
    """The rating as shown on the next list: ``None`` (unrated) if it dropped below 1400.

    §7.2.1: "Players whose ratings drop below 1400 are shown as unrated on the next list.
    Thereafter they are treated in the same manner as any other unrated player."
    """
    return None if is_below_floor(rating) else rating


# --------------------------------------------------------------------------- performance


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


# --------------------------------------------------------------------------- initial rating


@dataclass(frozen=True)
class _Initial:
    average: Fraction  # Ra, unrounded
    percent: int
    dp: int
    value: int  # Ru rounded, before the 2200 cap


def _initial(opponent_ratings: Sequence[int], points: Fraction) -> _Initial:
    games = len(opponent_ratings) + HYPOTHETICAL_OPPONENTS
    average = Fraction(
        sum(opponent_ratings) + HYPOTHETICAL_OPPONENTS * HYPOTHETICAL_OPPONENT_RATING, games
    )
    percent = _round_half_up((points + Fraction(HYPOTHETICAL_OPPONENTS, 2)) * 100 / games)
    dp = difference_for_percentage(percent)
    return _Initial(average, percent, dp, _round_half_up(average + dp))


def initial_rating(opponent_ratings: Sequence[int], points: Score) -> int | None:
    """Initial rating of an unrated player, 2024 formula (§8.2.2-8.2.3, §7.1.4).

    ``opponent_ratings`` are the ratings of the player's rated opponents (games against
    unrated opponents do not count) and ``points`` the score against them. Two hypothetical
    opponents rated 1800, both drawn, are added::

        Ra = (sum of opponents + 2 x 1800) / (n + 2)
        p  = (points + 1) / (n + 2), as a whole percentage, 0.5 % rounded up
        Ru = Ra + dp(p), rounded to the nearest whole number, at most 2200

    Returns ``None`` when the player is not yet rateable: fewer than 5 games against rated
    opponents, or a result below 1400 (§7.1.4 "The rating must be at least 1400").
    Disregarding a zero score in the player's first event (§8.2.1) and pooling over at most
    26 months are done by :func:`first_rating`; this function takes the pooled games.

    >>> initial_rating([1902, 1877, 1884, 2012, 1832], 3)  # Ra 13107/7 + dp(57 %) = 50
    1922
    """
    n, total = _points_against(opponent_ratings, points)
    if n < INITIAL_RATING_MIN_GAMES:
        return None
    value = min(_initial(opponent_ratings, total).value, INITIAL_RATING_MAX)
    return value if value >= RATING_FLOOR else None


@dataclass(frozen=True)
class NewcomerEvent:
    """One event of an unrated player, as input to :func:`first_rating`.

    Attributes:
        period: the rating period (list month) on which the event is rated; only the year
            and month are used.
        games: ``(opponent rating, score)`` for each game against a rated opponent; games
            against unrated opponents are left out.
    """

    period: date
    games: tuple[tuple[int, Decimal], ...]

    def __post_init__(self) -> None:
        games = tuple(
            (_check_rating(opponent, "opponent rating"), _to_score(score))
            for opponent, score in self.games
        )
        object.__setattr__(self, "games", games)

    @property
    def points(self) -> Decimal:
        """Points scored against rated opponents."""
        return sum((score for _, score in self.games), _ZERO)

    @property
    def opponents(self) -> tuple[int, ...]:
        """Ratings of the rated opponents."""
        return tuple(opponent for opponent, _ in self.games)


@dataclass(frozen=True)
class FirstRating:
    """When and with what value an unrated player's first rating is published.

    Attributes:
        period: the rating period (list month, first day) on which it is published.
        rating: the published rating (1400..2200).
        games: the number of games pooled (rated opponents only).
        points: points scored in those games.
        average: Ra, including the two hypothetical 1800 opponents, unrounded.
        percent: p as a whole percentage, including the two hypothetical draws.
        dp: the table 8.1.1 value for ``percent``.
        events: indices (into the input) of the events pooled.
        discarded: index of a first event disregarded for a zero score, else ``None``.
    """

    period: date
    rating: int
    games: int
    points: Decimal
    average: Decimal
    percent: int
    dp: int
    events: tuple[int, ...]
    discarded: int | None


def first_rating(events: Iterable[NewcomerEvent]) -> FirstRating | None:
    """Find the list on which an unrated player's first rating is published, and its value.

    ``events`` must be in chronological order (non-decreasing ``period``; within a period,
    in the order played). The rules (§7.1.4, §8.2.1):

    - events without games against rated opponents are ignored;
    - if the player scores zero in their first event, that event is disregarded (only the
      first event; a later zero event counts);
    - at each period, events of that period and the earlier periods within a window of 26
      consecutive monthly periods (the period itself and the 25 before it) are pooled;
    - once the pool holds at least 5 games, :func:`initial_rating` is computed; a rating
      of 1400 or more is published on that period's list; otherwise the player stays
      unrated and later periods are tried (older events drop out of the window).

    Returns ``None`` if no rating is published from the given events.
    """
    items = [(index, event) for index, event in enumerate(events) if event.games]
    for (_, earlier), (_, later) in itertools.pairwise(items):
        if _month_index(later.period) < _month_index(earlier.period):
            raise ValueError("events must be in chronological order")
    discarded: int | None = None
    if items and items[0][1].points == 0:
        discarded = items[0][0]
        items = items[1:]
    periods = sorted({_month_index(event.period) for _, event in items})
    for current in periods:
        pool = [
            (index, event)
            for index, event in items
            if current - POOL_MONTHS < _month_index(event.period) <= current
        ]
        opponents = [opp for _, event in pool for opp in event.opponents]
        points = sum((event.points for _, event in pool), _ZERO)
        rating = initial_rating(opponents, points)
        if rating is None:
            continue
        details = _initial(opponents, Fraction(points))
        return FirstRating(
            period=date(current // 12, current % 12 + 1, 1),
            rating=rating,
            games=len(opponents),
            points=points,
            average=Decimal(details.average.numerator) / Decimal(details.average.denominator),
            percent=details.percent,
            dp=details.dp,
            events=tuple(index for index, _ in pool),
            discarded=discarded,
        )
    return None

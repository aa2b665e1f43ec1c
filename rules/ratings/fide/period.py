"""A rating period: the change K x sum(score - PD) rounded once, the K factor and the floor.

:func:`rate_period` rates a player's games of one period with the K x n <= 700 cap
(:func:`capped_k`); :func:`k_factor` gives K from the player's history; :func:`apply_floor`
the rating shown on the next list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from rules.ratings.fide.checks import _check_rating, _check_time_control, _to_decimal
from rules.ratings.fide.constants import (
    _ONE,
    _ZERO,
    JUNIOR_LAST_AGE,
    JUNIOR_RATING_LIMIT,
    K_DEFAULT,
    K_MASTER,
    K_MASTER_FROM,
    K_NEW_OR_JUNIOR,
    K_TIMES_N_MAX,
    NEW_PLAYER_GAMES,
    RATING_FLOOR,
    Score,
)
from rules.ratings.fide.game import GameLine, game_line, is_rated_game


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


def is_below_floor(rating: int) -> bool:
    """Whether a computed rating is below the floor of 1400 (§7.2.1)."""
    return _check_rating(rating) < RATING_FLOOR


def apply_floor(rating: int) -> int | None:
    """The rating as shown on the next list: ``None`` (unrated) if it dropped below 1400.

    §7.2.1: "Players whose ratings drop below 1400 are shown as unrated on the next list.
    Thereafter they are treated in the same manner as any other unrated player."
    """
    return None if is_below_floor(rating) else rating

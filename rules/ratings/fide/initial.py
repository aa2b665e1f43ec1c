"""The first rating of an unrated player: the 2024 formula and the pooling of events (§7.1.4, §8.2).

:func:`initial_rating` rates pooled games with two hypothetical 1800 opponents;
:func:`first_rating` finds the list on which the first rating is published.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from rules.ratings.fide.checks import _check_rating, _month_index, _round_half_up, _to_score
from rules.ratings.fide.constants import (
    _ZERO,
    HYPOTHETICAL_OPPONENT_RATING,
    HYPOTHETICAL_OPPONENTS,
    INITIAL_RATING_MAX,
    INITIAL_RATING_MIN_GAMES,
    POOL_MONTHS,
    RATING_FLOOR,
    Score,
)
from rules.ratings.fide.performance import _points_against
from rules.ratings.fide.tables import difference_for_percentage


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

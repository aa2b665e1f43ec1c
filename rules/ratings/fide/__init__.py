"""FIDE rating mathematics, exactly as the FIDE Rating Regulations give it.

Pure package: standard library only. Ratings are ``int``; scores, expected scores and
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
package: it is a historical event, not a rule of the formula.

Modules: :mod:`~rules.ratings.fide.constants` (the numbers of the regulations),
:mod:`~rules.ratings.fide.tables` (tables 8.1.1 and 8.1.2), :mod:`~rules.ratings.fide.game`
(one game), :mod:`~rules.ratings.fide.period` (rating change, K factor, floor),
:mod:`~rules.ratings.fide.performance` and :mod:`~rules.ratings.fide.initial` (performance and
first ratings), :mod:`~rules.ratings.fide.checks` (argument checks). Every public name is
importable from :mod:`rules.ratings.fide`.
"""

from rules.ratings.fide.constants import (
    DIFFERENCE_CAP,
    HYPOTHETICAL_OPPONENT_RATING,
    HYPOTHETICAL_OPPONENTS,
    INITIAL_RATING_MAX,
    INITIAL_RATING_MIN_GAMES,
    JUNIOR_LAST_AGE,
    JUNIOR_RATING_LIMIT,
    K_DEFAULT,
    K_MASTER,
    K_MASTER_FROM,
    K_NEW_OR_JUNIOR,
    K_TIMES_N_MAX,
    NEW_PLAYER_GAMES,
    NOT_RATED_ABOVE,
    NOT_RATED_DIFFERENCE,
    POOL_MONTHS,
    RATING_FLOOR,
    TIME_CONTROLS,
    UNCAPPED_FROM,
    Score,
)
from rules.ratings.fide.game import GameLine, expected_score, game_line, is_rated_game
from rules.ratings.fide.initial import FirstRating, NewcomerEvent, first_rating, initial_rating
from rules.ratings.fide.performance import performance_rating
from rules.ratings.fide.period import (
    PeriodResult,
    apply_floor,
    capped_k,
    is_below_floor,
    k_factor,
    rate_period,
    rating_change,
    round_change,
)
from rules.ratings.fide.tables import (
    average_rating,
    difference_for_percentage,
    percentage,
    probability_for_difference,
)

__all__ = [
    "DIFFERENCE_CAP",
    "HYPOTHETICAL_OPPONENTS",
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
    "Score",
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

"""The numbers of the FIDE Rating Regulations: floor, 400-point rule, K factors, initial rating.

The constants carry the paragraphs they come from; :data:`Score` is the type of a game score.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TypeAlias

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

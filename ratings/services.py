"""Write services for ratings: starting ratings, the replay, closing a period.

Signatures (stable; the admin, the commands and the seed command call these):

    set_starting_rating(*, player, rating_list, rating, games=0, date=None) -> PlayerRating
    replay_rating_list(*, rating_list, from_date=None) -> ReplayStats
    recompute_ratings(*, rating_list=None) -> list[ReplayStats]
    close_rating_period(*, rating_list, date, user=None) -> PublishedList

Refused inputs raise ``django.core.exceptions.ValidationError`` keyed by field name; nothing
is written then.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from players.models import Player
from ratings.models import PlayerRating, PublishedList, RatingList


@dataclass(frozen=True)
class ReplayStats:
    """What a replay did: the list, the first period rewritten, counts and timings."""

    rating_list_id: int
    from_date: datetime.date | None
    games: int
    ledger_rows: int
    published_rows: int
    seconds: float


def set_starting_rating(
    *,
    player: Player,
    rating_list: RatingList,
    rating: int | None,
    games: int = 0,
    date: datetime.date | None = None,
) -> PlayerRating:
    """Set the rating a player brings to a list (None clears it) and replay the list."""
    raise NotImplementedError


def replay_rating_list(
    *, rating_list: RatingList, from_date: datetime.date | None = None
) -> ReplayStats:
    """Replay ``rating_list``, rewriting derived rows from the period containing ``from_date``."""
    raise NotImplementedError


def recompute_ratings(*, rating_list: RatingList | None = None) -> list[ReplayStats]:
    """Replay one list, or every list, from scratch."""
    raise NotImplementedError


def close_rating_period(
    *, rating_list: RatingList, date: datetime.date, user: Any = None
) -> PublishedList:
    """Publish the list dated ``date``: closes the open period and freezes its ratings."""
    raise NotImplementedError

"""Every unit of work locks in the one order (``update_player`` once locked the other way
round to ``merge_players``)."""

from __future__ import annotations

import datetime

import pytest

from actions.players import merge_players, update_player
from actions.ratings import set_starting_rating
from core import unit_of_work
from core.roles import SYSTEM
from ratings.models import RatingList
from tests.factories import (
    make_player,
    standard_list,
)

pytestmark = pytest.mark.django_db

D = datetime.date


# --------------------------------------------------------------------------- 5. lock order


def test_update_player_locks_rating_lists_before_the_player_like_merge_players():
    """``update_player`` takes its row locks in the order ``merge_players`` takes them.

    docs/architecture.md, "Locks": rating lists (by primary key) first, then the tournament,
    then players. ``update_player`` with a new birth date used to lock the player row, then
    the lists it replays, while ``merge_players`` locks the lists, then the players: run side
    by side they waited for each other (a deadlock on PostgreSQL). Both now go through the
    unit of work, which locks in the one order; ``unit_of_work.observe()`` shows what each
    unit locked, in order.
    """
    ann, duplicate = make_player("Ames", "Ann"), make_player("Ames", "Anne")
    standard, rapid = standard_list(), RatingList.objects.get(slug="chess-rapid")
    for rating_list in (standard, rapid):
        set_starting_rating(
            player=ann, rating_list=rating_list, rating=1500, games=30, actor=SYSTEM
        )
    set_starting_rating(player=duplicate, rating_list=rapid, rating=1500, games=30, actor=SYSTEM)

    with unit_of_work.observe() as units:
        update_player(player=ann, changes={"birth_date": D(2012, 5, 1)}, actor=SYSTEM)
        merge_players(keep=ann, duplicate=duplicate, actor=SYSTEM)

    lists = [("ratings_ratinglist", standard.pk), ("ratings_ratinglist", rapid.pk)]
    assert [unit.locked for unit in units] == [
        [*lists, ("players_player", ann.pk)],
        [*lists, ("players_player", ann.pk), ("players_player", duplicate.pk)],
    ]

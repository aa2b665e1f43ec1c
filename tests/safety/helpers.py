"""Shared by the safety tests: a rated history to write into, and the derived state."""

from __future__ import annotations

import datetime
from typing import Any

from actions.ratings import close_rating_period, set_starting_rating
from core.roles import SYSTEM
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange
from tests.factories import make_game, make_player, make_round, make_tournament, standard_list
from tournaments.models import Game, Registration, Tournament

D = datetime.date


def rated_history(*, players: int = 12, rounds: int = 4) -> dict[str, Any]:
    """Two tournaments of the chess standard list, January (its list published on 1 February)
    and February, each with ``rounds`` published rounds of boards without results yet.

    Board b of round r pairs player b with player (b + r) mod n, so every game is distinct.
    """
    rating_list = standard_list()
    people = [make_player(f"P{index:02d}") for index in range(players)]
    for index, player in enumerate(people):
        set_starting_rating(
            player=player, rating_list=rating_list, rating=1500 + 37 * index, games=30, actor=SYSTEM
        )
    january = make_tournament(start_date=D(2025, 1, 5), end_date=D(2025, 1, 12))
    february = make_tournament(start_date=D(2025, 2, 5), end_date=D(2025, 2, 12))
    games: list[Game] = []
    for tournament in (january, february):
        for number, player in enumerate(people, start=1):
            Registration.objects.create(tournament=tournament, player=player, pairing_number=number)
        for number in range(1, rounds + 1):
            round_ = make_round(tournament, number)
            half = players // 2
            for board in range(half):
                white = people[board]
                black = people[(board + half + number - 1) % players]
                if black.pk == white.pk:
                    black = people[(board + half + number) % players]
                games.append(make_game(round_, white, black, board=board + 1))
    close_rating_period(rating_list=rating_list, date=D(2025, 2, 1), actor=SYSTEM)
    return {"list": rating_list, "games": games, "tournaments": [january, february]}


def derived_state() -> dict[str, list]:
    """Every derived row, without primary keys (a full replay renumbers them)."""
    return {
        "ratings": sorted(
            PlayerRating.objects.values_list(
                "rating_list_id", "player_id", "rating", "live_rating", "period_change",
                "period_games", "k", "games", "peak", "last_played",
            )
        ),
        "ledger": sorted(
            RatingChange.objects.values_list(
                "rating_list_id", "period_id", "game_id", "player_id", "opponent_id", "date",
                "rating_used", "opponent_rating", "opponent_rating_used", "capped", "score",
                "expected", "k", "change",
            ),
            key=repr,
        ),
        "published": sorted(
            PublishedRating.objects.values_list(
                "published_list_id", "player_id", "rating", "games", "k", "change"
            )
        ),
    }  # fmt: skip


def full_state() -> dict[str, list]:
    """Every row a result entry can touch, with primary keys: "nothing changed" means equal."""
    return {
        "games": list(Game.objects.order_by("pk").values_list()),
        "tournaments": list(Tournament.objects.order_by("pk").values_list()),
        "ratings": list(PlayerRating.objects.order_by("pk").values_list()),
        "ledger": list(RatingChange.objects.order_by("pk").values_list()),
        "lists": list(PublishedList.objects.order_by("pk").values_list()),
        "published": list(PublishedRating.objects.order_by("pk").values_list()),
    }

"""A small club for the API tests: rated players in two clubs, a published list, a tournament."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ratings.models import PublishedRating
from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_published_list,
    make_rating,
    make_round,
    make_tournament,
    register,
)


@dataclass
class Club:
    players: list
    tournament: object
    knights: object


def seed_club(extra_players: int = 0) -> Club:
    """Four rated players (plus ``extra_players`` more, rated 1500 and below), one published
    list, a finished two-round tournament between the first four and an unrated tournament
    without rounds."""
    knights = make_club("Knights", short_name="KN")
    rooks = make_club("Rooks")
    ann = make_player("Alpha", "Ann", sex="f", federation="ENG", club=knights, title="WIM")
    bob = make_player("Beta", "Bob", federation="ENG", club=knights, fide_id=4100001)
    cid = make_player("Gamma", "Cid", federation="FRA", club=rooks)
    dee = make_player(
        "Delta", "Dee", sex="f", federation="FRA", birth_date=datetime.date(2012, 5, 1)
    )
    players = [ann, bob, cid, dee]
    make_rating(ann, "2210.50", rating=2200, games=60, k=20, peak=2250)
    make_rating(bob, "2105.20", rating=2110, games=45, k=20, peak=2120)
    make_rating(cid, "1950", games=12, k=40, peak=1950)
    make_rating(dee, "1950", games=8, k=40, peak=1960)
    for number in range(extra_players):
        extra = make_player(f"Extra{number:03d}", "Eve", club=rooks)
        make_rating(extra, 1500 - number)
        players.append(extra)
    published = make_published_list(datetime.date(2026, 1, 1))
    PublishedRating.objects.create(
        published_list=published, player=ann, rating=2190, games=5, k=20, change=-6
    )
    earlier = make_published_list(datetime.date(2025, 12, 1))
    PublishedRating.objects.create(
        published_list=earlier, player=ann, rating=2196, games=0, k=20, change=None
    )

    tournament = make_tournament(
        "Club Championship",
        slug="club-championship",
        club=knights,
        city="York",
        rounds_planned=2,
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 8),
    )
    register(tournament, ann, bob, cid, dee)
    first = make_round(tournament, 1)
    game = make_game(first, ann, cid, "10", board=1)
    make_game(first, dee, bob, "==", board=2)
    second = make_round(tournament, 2, date=datetime.date(2026, 3, 8))
    make_game(second, bob, ann, "01", board=1)
    make_game(second, cid, dee, "10", board=2)
    make_change(game, ann, cid, score=1, expected="0.78", k=20, change="4.40")
    make_tournament(
        "Autumn Rapid",
        slug="autumn-rapid",
        rating_list=None,
        start_date=datetime.date(2026, 10, 1),
        end_date=datetime.date(2026, 10, 1),
    )
    return Club(players=players, tournament=tournament, knights=knights)

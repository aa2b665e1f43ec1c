"""Organiser data cannot break public pages: a rated tournament dated at the edge of the
calendar (9999-12-31) with one result keeps both players' pages and the compare page up.

Regression for issue 15, defect 3."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from actions.ratings import set_starting_rating
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from core.roles import SYSTEM
from tests.factories import make_player, make_tournament, register, standard_list
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("day", [datetime.date(9999, 12, 31), datetime.date(1, 1, 1)])
def test_a_tournament_at_the_calendars_edge_keeps_the_player_pages_up(day):
    rating_list = standard_list()
    players = [make_player(f"P{index}") for index in range(2)]
    for index, player in enumerate(players):
        set_starting_rating(
            player=player, rating_list=rating_list, rating=1600 + 100 * index, actor=SYSTEM
        )
    tournament = make_tournament(
        slug="edge",
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=1,
        start_date=day,
        end_date=day,
    )
    register(tournament, *players)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    record_result(game=first.games.get(), result="10", actor=SYSTEM)
    client = Client()
    for player in players:
        assert client.get(reverse("ratings:player", args=[player.pk])).status_code == 200
    compare = client.get(reverse("ratings:compare"), {"p": [p.pk for p in players]})
    assert compare.status_code == 200
    assert len(compare.context["legend"]) == 2
    others = [
        reverse("ratings:player_games", args=[players[0].pk]),
        reverse("ratings:head_to_head", args=[players[0].pk]) + f"?opponent={players[1].pk}",
        reverse("ratings:home"),
        reverse("ratings:leaderboard", args=["chess-standard"]),
        reverse("tournaments:detail", args=["edge"]),
        reverse("tournaments:standings", args=["edge"]),
        reverse("tournaments:list"),
    ]
    assert {url: client.get(url).status_code for url in others} == dict.fromkeys(others, 200)

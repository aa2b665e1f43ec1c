"""Every query parameter of the public pages is parsed: "²", "٣", NUL, huge or negative
numbers answer a page (or a 404), never a 500 — on PostgreSQL too, which refuses NUL in text.

Regression for issue 15, defect 2: ``str.isdigit()`` accepted "²" which ``int()`` refuses,
and a NUL reached PostgreSQL in a search or a list slug."""

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

JUNK = ["²", "٣", "\x00x", "-1", "0", "9" * 40, str(2**31), "x" * 5000]
"""Values that are no id and no round number (a NUL is dropped: "\x00x" is "x")."""


@pytest.fixture
def site():
    rating_list = standard_list()
    players = [make_player(f"P{index}") for index in range(4)]
    for index, player in enumerate(players):
        set_starting_rating(
            player=player, rating_list=rating_list, rating=1600 + 50 * index, actor=SYSTEM
        )
    tournament = make_tournament(
        slug="open",
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        start_date=datetime.date(2026, 6, 1),
        end_date=datetime.date(2026, 6, 3),
    )
    register(tournament, *players)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    for game in first.games.all():
        record_result(game=game, result="10", actor=SYSTEM)
    return {"player": players[0], "tournament": tournament}


@pytest.mark.parametrize("value", JUNK)
@pytest.mark.parametrize("page", ["standings", "progress", "crosstable"])
def test_round_parameter_of_the_tournament_tables(site, page, value):
    url = reverse(f"tournaments:{page}", args=["open"])
    response = Client().get(url, {"round": value})
    assert response.status_code == 404
    assert Client().get(url, {"round": "1"}).status_code == 200


def test_a_nul_alone_is_an_empty_value(site):
    tables = reverse("tournaments:standings", args=["open"])
    assert Client().get(tables, {"round": "\x00"}).context["after_round"] == 1
    versus = reverse("ratings:head_to_head", args=[site["player"].pk])
    assert Client().get(versus, {"opponent": "\x00"}).context["error"] == "Choose an opponent."
    compare = Client().get(reverse("ratings:compare"), {"p": ["\x00", site["player"].pk]})
    assert compare.context["errors"] == []


@pytest.mark.parametrize("value", JUNK)
def test_opponent_parameter_of_head_to_head(site, value):
    url = reverse("ratings:head_to_head", args=[site["player"].pk])
    response = Client().get(url, {"opponent": value})
    assert response.status_code == 200
    assert response.context["error"].startswith("No such opponent")


@pytest.mark.parametrize("value", JUNK)
def test_player_ids_of_compare(site, value):
    response = Client().get(reverse("ratings:compare"), {"p": [value, site["player"].pk]})
    assert response.status_code == 200
    assert [p.pk for p in response.context["players"]] == [site["player"].pk]
    assert response.context["errors"][0].startswith("Not a player id")


@pytest.mark.parametrize("name", ["q", "list"])
@pytest.mark.parametrize("value", ["\x00", "Spen\x00cer", "²", "٣"])
def test_text_parameters_of_compare_and_search(site, name, value):
    assert Client().get(reverse("ratings:compare"), {name: value}).status_code == 200
    assert Client().get(reverse("ratings:search"), {"q": value}).status_code == 200
    assert Client().get(reverse("ratings:search_suggest"), {"q": value}).status_code == 200


@pytest.mark.parametrize(("value", "status"), [("\x00", 200), ("nope\x00", 404), ("²", 404)])
def test_list_parameter_of_a_players_games(site, value, status):
    url = reverse("ratings:player_games", args=[site["player"].pk])
    assert Client().get(url, {"list": value}).status_code == status


@pytest.mark.parametrize("value", ["²", "٣", "\x00", "9" * 40])
def test_the_dashboards_player_search(site, value):
    from tests.factories import make_superuser

    client = Client()
    client.force_login(make_superuser())
    response = client.get(reverse("tournaments:organise", args=["open"]), {"q": value})
    assert response.status_code == 200
    assert response.context["candidates"] == []


@pytest.mark.parametrize(("value", "rows"), [("-1", 1), ("0", 1), ("٣", 1), ("99999999", 1)])
def test_per_page_of_a_paginated_table(site, value, rows):
    url = reverse("ratings:player_games", args=[site["player"].pk])
    response = Client().get(url, {"per_page": value})
    assert response.status_code == 200
    assert len(response.context["table"].page.object_list) == rows

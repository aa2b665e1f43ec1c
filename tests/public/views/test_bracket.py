"""The public bracket page of a knockout: each match with its games and score, byes, the
rounds to come, the champion, the live fragment; a 404 for other formats."""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from core.roles import SYSTEM
from tests.factories import make_player, make_superuser, make_tournament
from tests.helpers import tables
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    tournament = make_tournament(
        "Club Cup", slug="cup", pairing_system=PairingSystem.KNOCKOUT, rating_list=None
    )
    for index, rating in enumerate((2000, 1900, 1800, 1700, 1600), start=1):
        register_player(
            tournament=tournament,
            player=make_player(f"K{index}"),
            rating_at_start=rating,
            actor=SYSTEM,
        )
    return tournament


def _bracket(client, slug="cup", live=False):
    name = "tournaments:bracket_live" if live else "tournaments:bracket"
    return client.get(reverse(name, args=[slug]))


def test_a_paired_round_shows_matches_byes_and_rounds_to_come(client, cup):
    round_ = pair_next_round(tournament=cup, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    game = round_.games.get(match=2, match_game=1)
    record_result(game=game, result="10", actor=SYSTEM)

    response = _bracket(client)
    assert response.status_code == 200
    matches = [t["body"] for t in tables(response.content)]
    assert matches == [
        [["1", "K1", ""], ["", "bye", ""]],
        [["4", "K4", "1"], ["5", "K5", "0"]],
        [["3", "K3", ""], ["", "bye", ""]],
        [["2", "K2", ""], ["", "bye", ""]],
    ]
    html = response.content.decode()
    assert "Semi-finals" in html and "Final" in html
    assert "2 matches to come" in html and "1 match to come" in html
    assert 'hx-get="/tournaments/cup/bracket/live/"' in html
    assert reverse("tournaments:bracket", args=["cup"]) in _page(client)


def _page(client):
    return client.get(reverse("tournaments:detail", args=["cup"])).content.decode()


def test_the_champion_stops_the_polling(client, cup):
    for _number in range(3):
        round_ = pair_next_round(tournament=cup, actor=SYSTEM)
        publish_round(round=round_, actor=SYSTEM)
        for game in round_.games.filter(result="").order_by("board"):
            record_result(game=game, result="10" if game.match_game == 1 else "01", actor=SYSTEM)
    response = _bracket(client, live=True)
    html = response.content.decode()
    assert "Winner of the cup: K1" in html
    assert "hx-get" not in html


def test_other_formats_have_no_bracket(client):
    make_tournament(slug="swiss", pairing_system=PairingSystem.SWISS_DUTCH, rating_list=None)
    assert _bracket(client, "swiss").status_code == 404


def test_the_other_pages_of_a_played_cup_still_answer(client, cup):
    for _number in range(2):
        round_ = pair_next_round(tournament=cup, actor=SYSTEM)
        publish_round(round=round_, actor=SYSTEM)
        for game in round_.games.filter(result="").order_by("board"):
            record_result(game=game, result="10", actor=SYSTEM)  # 1-1: tie-breaks
        for _stage in range(3):
            for game in round_.games.filter(result="").order_by("board"):
                record_result(game=game, result="10", actor=SYSTEM)
    for name in ("detail", "standings", "crosstable", "progress", "rounds", "players"):
        response = client.get(reverse(f"tournaments:{name}", args=["cup"]))
        assert response.status_code == 200, name
    client.force_login(make_superuser())
    for name in ("organise", "trf_export"):
        response = client.get(reverse(f"tournaments:{name}", args=["cup"]))
        assert response.status_code == 200, name
    round_page = client.get(reverse("tournaments:organise_round", args=["cup", 1]))
    assert "Match 2, game 3 · rapid" in round_page.content.decode()

"""The round page shows, for each board, the FIDE change each result would cause, and the
change recorded after saving the result equals the one previewed."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from actions.boards import add_game
from actions.ratings import set_starting_rating
from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import add_round
from actions.tournaments import create_tournament, update_tournament
from core.roles import SYSTEM
from players.models import Club
from ratings.models import RatingChange
from ratings.queries.tournaments import ResultPreview, result_previews
from tests.factories import make_player, standard_list
from tests.helpers import body_rows
from tournaments.enums import PairingSystem
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def board():
    """Board 1: White (2000, K 20) against Black (1800, K 20), rated standard, no result."""
    arbiter = get_user_model().objects.create_user("arbiter")
    white, black, newcomer = make_player("White"), make_player("Black"), make_player("New")
    for player, rating in ((white, 2000), (black, 1800)):
        set_starting_rating(
            player=player, rating_list=standard_list(), rating=rating, games=50, actor=SYSTEM
        )
    tournament = create_tournament(
        name="Rated",
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 1),
        club=Club.objects.create(name="Club"),
        rating_list=standard_list(),
        pairing_system=PairingSystem.MANUAL,
        actor=SYSTEM,
    )
    tournament.arbiters.add(arbiter)
    for player in (white, black, newcomer):
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    round_ = add_round(tournament=tournament, actor=SYSTEM)
    game = add_game(round=round_, board=1, white=white, black=black, actor=SYSTEM)
    add_game(round=round_, board=2, white=newcomer, result="U", actor=SYSTEM)
    return arbiter, tournament, game


def _page(client, arbiter, tournament):
    client.force_login(arbiter)
    return client.get(reverse("tournaments:organise_round", args=[tournament.slug, 1]))


def test_round_page_previews_each_result_for_both_players(client, board):
    arbiter, tournament, _game = board

    html = _page(client, arbiter, tournament).content.decode()

    # PD of a 200-point favourite is 0.76 (table 8.1.2); K 20 for both. The unrated board has
    # no preview.
    assert re.findall(r'<span class="preview">([^<]*)</span>', html) == [
        "Rating change if… 1–0: +4.8 / −4.8 · ½–½: −5.2 / +5.2 · 0–1: −15.2 / +15.2"
    ]
    assert len(body_rows(html)) == 2


@pytest.mark.parametrize(
    ("result", "white", "black"),
    [("10", "4.8", "-4.8"), ("==", "-5.2", "5.2"), ("01", "-15.2", "15.2")],
)
def test_recorded_change_equals_the_previewed_change(client, board, result, white, black):
    arbiter, tournament, game = board
    games = list(Game.objects.filter(round__tournament=tournament))
    preview = {p.result: p for p in result_previews(tournament=tournament, games=games)[game.pk]}
    client.force_login(arbiter)

    response = client.post(
        reverse("tournaments:organise_result", args=[tournament.slug, 1, 1]),
        {"b1-result": result},
    )

    recorded = dict(RatingChange.objects.filter(game=game).values_list("player_id", "change"))
    assert response.status_code == 302
    assert preview[result] == ResultPreview(result, Decimal(white), Decimal(black))
    assert recorded == {game.white_id: Decimal(white), game.black_id: Decimal(black)}


def test_preview_uses_the_rating_already_used_in_the_tournament(board):
    """After a first rated game, the next board is previewed with the same rating used and
    the live K (the rating used stays the list's, not the live rating)."""
    _arbiter, tournament, game = board
    record_result(game=game, result="10", actor=SYSTEM)
    round_2 = add_round(tournament=tournament, actor=SYSTEM)
    rematch = add_game(round=round_2, board=1, white=game.black, black=game.white, actor=SYSTEM)

    previews = result_previews(tournament=tournament, games=[rematch])

    assert previews[rematch.pk][0] == ResultPreview("10", Decimal("15.2"), Decimal("-15.2"))


def test_no_preview_for_an_unrated_tournament_or_an_unrated_player(board):
    _arbiter, tournament, game = board
    newcomer = make_player("Unrated")
    register_player(tournament=tournament, player=newcomer, actor=SYSTEM)
    round_2 = add_round(tournament=tournament, actor=SYSTEM)
    unrated_board = add_game(round=round_2, board=1, white=game.white, black=newcomer, actor=SYSTEM)
    update_tournament(tournament=tournament, actor=SYSTEM, changes={"rating_list": None})
    tournament.refresh_from_db()

    unrated_list = result_previews(tournament=tournament, games=[game])
    update_tournament(tournament=tournament, actor=SYSTEM, changes={"rating_list": standard_list()})
    tournament.refresh_from_db()
    unrated_player = result_previews(tournament=tournament, games=[unrated_board])

    assert (unrated_list, unrated_player) == ({}, {})

"""The public "Why this pairing" page of a published Swiss round, in English and Russian."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.urls import reverse

from actions.boards import edit_board
from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import add_round, pair_next_round, publish_round
from core.roles import SYSTEM
from tests.factories import make_player, make_tournament
from tests.helpers import SIX_RATINGS, six_player_swiss
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


def _texts(html: str) -> list[str]:
    found = re.findall(r"<p>(.*?)</p>", html, re.S)
    return [unescape(re.sub(r"\s+", " ", p).strip()) for p in found]


@pytest.fixture
def swiss():
    """Round 1 (1-4, 5-2, 3-6, White won everywhere) and round 2 published: 3-1, 4-5, 2-6."""
    tournament, players = six_player_swiss(slug="why-open")
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    for game in first.games.all():
        record_result(game=game, result="10", actor=SYSTEM)
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    return tournament, players, second


def _why(number: int, board: int) -> str:
    return reverse("tournaments:round_why", args=["why-open", number, board])


def test_the_round_page_links_each_board_to_its_why(client, swiss):
    _tournament, _players, second = swiss
    publish_round(round=second, actor=SYSTEM)

    page = client.get(reverse("tournaments:round", args=["why-open", 2])).content.decode()

    for board in (1, 2, 3):
        assert f'href="{_why(2, board)}"' in page
    assert _why(2, 1) == "/tournaments/why-open/rounds/2/why/1/"


def test_a_float_explained_in_words(client, swiss):
    _tournament, _players, second = swiss
    publish_round(round=second, actor=SYSTEM)

    response = client.get(_why(2, 2))

    assert response.status_code == 200
    texts = _texts(response.content.decode())
    assert texts[:8] == [
        "P4 had 0 points before the round.",
        "P5 had 1 point before the round.",
        "They were paired in the bracket of the 0-point score group.",
        "Moved down into it from higher score groups: P5.",
        "P5 floated down to meet P4, who floated up from a lower score group.",
        "The 1-point score group had an odd number of players, so one had to float down "
        "(C6); by the rules' order it was P5.",
        "By the rules' order P5 would first have met P2. The program paired them otherwise "
        "because of C1: two players do not meet twice (nor a pair the arbiter forbade).",
        "P4 had a strong preference for White.",
    ]


def test_the_colour_rule_and_russian(client, swiss):
    _tournament, _players, second = swiss
    publish_round(round=second, actor=SYSTEM)

    english = _texts(client.get(_why(2, 1)).content.decode())
    russian = client.get(_why(2, 1), HTTP_ACCEPT_LANGUAGE="ru").content.decode()

    # One game each, with White: a colour difference of 1, a strong preference for Black.
    assert "P3 had a strong preference for Black." in english
    assert "P1 had a strong preference for Black." in english
    assert any(line.endswith("(5.2.4).") for line in english)
    assert "Почему такая пара" in russian
    assert "(5.2.4)." in russian


def test_a_board_changed_by_hand_says_what_the_program_had_paired(client, swiss):
    _tournament, players, second = swiss
    edit_board(game=second.games.get(board=1), white=players[5], black=players[0], actor=SYSTEM)
    publish_round(round=second, actor=SYSTEM)

    html = client.get(_why(2, 1)).content.decode()

    assert "The arbiter changed this board by hand after the program paired the round." in html
    assert "The program had paired P6 with P2." in html
    assert "The program had paired P1 with P3." in html


def test_draft_rounds_unknown_boards_and_manual_rounds(client, swiss):
    _tournament, _players, second = swiss

    assert client.get(_why(2, 1)).status_code == 404  # still a draft
    publish_round(round=second, actor=SYSTEM)
    assert client.get(_why(2, 9)).status_code == 404
    assert client.get(_why(7, 1)).status_code == 404


def test_no_why_column_without_an_explanation(client):
    tournament = make_tournament(
        slug="by-hand", rating_list=None, pairing_system=PairingSystem.MANUAL, rounds_planned=1
    )
    add_round(tournament=tournament, actor=SYSTEM)

    page = client.get(reverse("tournaments:round", args=["by-hand", 1])).content.decode()

    assert "/why/" not in page


def test_the_pairing_allocated_bye_explained(client):
    tournament = make_tournament(
        slug="odd-open",
        rating_list=None,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        initial_colour="w",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 9),
    )
    for index, rating in enumerate(SIX_RATINGS[:5]):
        player = make_player(f"P{index + 1}")
        register_player(tournament=tournament, player=player, rating_at_start=rating, actor=SYSTEM)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    bye = first.games.get(black=None)
    url = reverse("tournaments:round_why", args=["odd-open", 1, bye.board])

    page = client.get(reverse("tournaments:round", args=["odd-open", 1])).content.decode()
    texts = _texts(client.get(url).content.decode())

    assert f'href="{url}"' in page
    assert texts[:2] == [
        "P5 gets the pairing-allocated bye, with 0 points.",
        "Nobody who could get the bye had fewer points (C5: the bye goes to a player with as "
        "few points as possible).",
    ]


def test_a_go_swiss_board_explained(client):
    tournament = make_tournament(
        slug="go-why",
        rating_list=None,
        pairing_system=PairingSystem.SWISS_GO,
        rounds_planned=3,
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 9),
    )
    for index, rating in enumerate(SIX_RATINGS[:4]):
        player = make_player(f"G{index + 1}")
        register_player(tournament=tournament, player=player, rating_at_start=rating, actor=SYSTEM)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)

    texts = _texts(
        client.get(reverse("tournaments:round_why", args=["go-why", 1, 1])).content.decode()
    )

    # A Swiss of four: everybody 0 points, one group; split and slip gives 1-3 on board 1.
    assert texts[:4] == [
        "G1 had 0 points before the round.",
        "G3 had 0 points before the round.",
        "They were paired inside their group (split and slip).",
        "Same colours so far: on odd boards the higher-placed player takes White, on even "
        "boards the lower-placed one.",
    ]

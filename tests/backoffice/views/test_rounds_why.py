"""The arbiter's warning when a board of a draft Swiss round is changed against the engine."""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from tests.helpers import six_player_swiss
from tournaments.queries.rounds import round_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft():
    """Round 1 played (1-4, 5-2, 3-6, White won); round 2 a draft: 3-1, 4-5, 2-6."""
    tournament, players = six_player_swiss(slug="swiss")
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    for game in first.games.all():
        record_result(game=game, result="10", actor=SYSTEM)
    return players, pair_next_round(tournament=tournament, actor=SYSTEM)


def test_a_manual_change_shows_the_engine_warning(admin_client, draft):
    players, second = draft

    response = admin_client.post(
        reverse("tournaments:organise_edit_board", args=["swiss", 2, 1]),
        {"b1-white": players[5].pk, "b1-black": players[0].pk, "b1-version": round_version(second)},
        follow=True,
    )

    messages = [str(m) for m in response.context["messages"]]
    assert messages == [
        "Board 1 changed.",
        "Boards 1, 3 differ from the program's pairing, which had paired P2 – P6; P3 – P1.",
        "The change worsens C6: as many pairs as possible in the score group (fewest "
        "floaters) (1 in the program's pairing, 3 now).",
        "The change worsens C7: the players who float down have as few points as possible "
        "(1 in the program's pairing, 3 now).",
    ]
    entry = AuditEntry.objects.get(action=AuditAction.BOARD_EDITED)
    assert entry.after["engine_check"]["worse"] == {"C6": [1, 3], "C7": [10, 30]}


def test_the_same_pairing_again_warns_of_nothing(admin_client, draft):
    _players, second = draft
    board = second.games.get(board=1)

    response = admin_client.post(
        reverse("tournaments:organise_edit_board", args=["swiss", 2, 1]),
        {"b1-white": board.white_id, "b1-black": board.black_id, "b1-version": ""},
        follow=True,
    )

    assert [str(m) for m in response.context["messages"]] == ["Board 1 changed."]
    assert not AuditEntry.objects.filter(action=AuditAction.BOARD_EDITED).exists()

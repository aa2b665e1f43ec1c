"""The engine's explanation kept with a paired round, and the warning after a manual change."""

from __future__ import annotations

import pytest

from actions.boards import edit_board
from actions.results import record_result
from actions.rounds import discard_pairings, pair_next_round, publish_round
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from tests.helpers import six_player_swiss
from tournaments.enums import PairingSystem
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def _swiss(system: str = PairingSystem.SWISS_DUTCH, **fields):
    return six_player_swiss(pairing_system=system, **fields)


def _finish(round_: Round) -> None:
    publish_round(round=round_, actor=SYSTEM)
    for game in round_.games.filter(result=""):
        record_result(game=game, result="10", actor=SYSTEM)


def test_a_paired_round_keeps_the_engine_explanation():
    tournament, _players = _swiss()

    first = pair_next_round(tournament=tournament, actor=SYSTEM)

    why = Round.objects.get(pk=first.pk).explanation
    assert why["system"] == "dutch"
    assert why["pairs"] == [[1, 4], [5, 2], [3, 6]]
    assert [b["colour_rule"] for b in why["boards"]] == ["5.2.5", "5.2.5", "5.2.5"]
    assert why["brackets"][0]["residents"] == [1, 2, 3, 4, 5, 6]
    discard_pairings(round=first, actor=SYSTEM)
    assert not Round.objects.exists()


def test_round_two_explanation_and_a_manual_change_warns():
    tournament, players = _swiss()
    _finish(pair_next_round(tournament=tournament, actor=SYSTEM))
    # Round 1: 1-4, 5-2, 3-6, White won everywhere.
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    why = Round.objects.get(pk=second.pk).explanation
    assert why["pairs"] == [[3, 1], [4, 5], [2, 6]]
    assert [(b["score"], b["residents"]) for b in why["brackets"]] == [
        (1.0, [1, 3, 5]),
        (0.0, [2, 4, 6]),
    ]
    # The 1-point group is odd: 5 floats down to meet 4.
    assert why["brackets"][0]["floaters"][0]["player"] == 5
    assert (why["boards"][1]["downfloater"], why["boards"][1]["upfloater"]) == (5, 4)

    # The arbiter puts P6 on board 1 against P1: P3 goes to board 3 against P2.
    board = second.games.get(board=1)
    warnings = edit_board(game=board, white=players[5], black=players[0], actor=SYSTEM)

    assert warnings == [
        "Boards 1, 3 differ from the program's pairing, which had paired P2 – P6; P3 – P1.",
        "The change worsens C6: as many pairs as possible in the score group (fewest "
        "floaters) (1 in the program's pairing, 3 now).",
        "The change worsens C7: the players who float down have as few points as possible "
        "(1 in the program's pairing, 3 now).",
    ]
    entry = AuditEntry.objects.filter(action=AuditAction.BOARD_EDITED).get()
    assert entry.after["engine_check"] == {
        "missing": [[2, 6], [3, 1]],
        "new": [[2, 3], [6, 1]],
        "worse": {"C6": [1, 3], "C7": [10, 30]},
        "boards": [1, 3],
    }


def test_a_mcmahon_round_keeps_its_explanation():
    tournament, _players = _swiss(PairingSystem.SWISS_GO)

    first = pair_next_round(tournament=tournament, actor=SYSTEM)

    why = Round.objects.get(pk=first.pk).explanation
    assert why["system"] == "mcmahon"
    assert len(why["boards"]) == 3

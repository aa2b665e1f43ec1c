"""The Dutch engine's explanation ("Why this pairing") on the reference tournaments.

The explanation is recorded by the engine itself (``pair_round(state, explain=True)``); the
pairing must be the same with it on, and the named criteria are the ones the engine's own
weights decided by (pinned for the boards below; the comments give each one's reading of the
file's history).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rules.files.trf import read_trf
from rules.pairing.dutch import pair_round
from rules.pairing.state import BLACK, WHITE
from rules.pairing.trfio import played_rounds, state_for_round
from tests.datafiles import DUTCH_2026


def _state(name: str, rnd: int):
    trf = read_trf(DUTCH_2026 / name)
    if trf.total_rounds is None:
        trf.total_rounds = trf.rounds_in_file
    state = state_for_round(trf, rnd)
    if rnd == 1:
        first = trf.player(1).entry(1)
        initial = BLACK if first.colour == BLACK else WHITE
        state = dataclasses.replace(state, initial_colour=initial)
    return state


def _board(explanation: dict, white: int, black: int) -> dict:
    return next(b for b in explanation["boards"] if (b["white"], b["black"]) == (white, black))


@pytest.mark.slow
@pytest.mark.parametrize(
    "path", [pytest.param(p, id=p.stem) for p in sorted(DUTCH_2026.glob("*.trf"))]
)
def test_explaining_changes_no_pairing(path: Path) -> None:
    trf = read_trf(path)
    rounds = played_rounds(trf)
    for rnd in range(1, rounds + 1):
        state = _state(path.name, rnd)
        plain, explained = pair_round(state), pair_round(state, explain=True)

        assert (explained.pairs, explained.bye) == (plain.pairs, plain.bye), rnd
        assert plain.explanation is None
        assert explained.explanation["pairs"] == [list(p) for p in plain.pairs]


def test_explaining_changes_no_pairing_on_a_small_file() -> None:
    for rnd in range(1, 5):
        state = _state("rtg-1008-11p-4r.trf", rnd)
        plain, explained = pair_round(state), pair_round(state, explain=True)
        assert (explained.pairs, explained.bye) == (plain.pairs, plain.bye)


def test_round_three_brackets_floaters_and_deciding_criteria() -> None:
    why = pair_round(_state("rtg-1008-11p-4r.trf", 3), explain=True).explanation

    brackets = [(b["score"], b["moved_down"], b["residents"]) for b in why["brackets"]]
    assert brackets == [
        (2.0, [], [2, 3, 4]),
        (1.0, [4], [1, 5, 6, 8, 10, 11]),
        (0.0, [8], [7, 9]),
    ]
    # The 2-point group is odd: 4, the lowest, floats down by the rules' order (C6).
    assert why["brackets"][0]["floaters"] == [
        {"player": 4, "moved_down": False, "odd": True, "criterion": "order", "met": []}
    ]
    # 4 meets 5 instead of 1, the first resident of the 1-point group: they have met (C1).
    board = _board(why, 5, 4)
    assert board["downfloater"] == 4 and board["upfloater"] == 5
    assert board["choice"] == {"player": 4, "first": 1, "criterion": "C1"}
    # 6 would first meet 8, but both want the same colour: C12 decided for 10.
    assert _board(why, 10, 6)["choice"] == {"player": 6, "first": 8, "criterion": "C12"}
    # The bye goes to 7 in the lowest group (C5), not to 9 or 8.
    assert why["bye"] == {"player": 7, "score": 0.0, "had_bye": [], "lowest": True}
    assert why["brackets"][2]["floaters"][0]["criterion"] == "C5"


def test_round_four_names_c8_and_the_colour_rules() -> None:
    why = pair_round(_state("rtg-1008-11p-4r.trf", 4), explain=True).explanation

    # 1 floats down from the 2-point group so that the 1½-point group can be paired (C8).
    assert [(f["player"], f["criterion"]) for f in why["brackets"][2]["floaters"]] == [(1, "C8")]
    assert _board(why, 2, 10)["choice"] == {"player": 2, "first": 1, "criterion": "C8"}
    # 3 (3 points) is alone in the top group: it floats (C6) and meets 4.
    assert why["brackets"][0]["floaters"][0]["criterion"] == "C6"
    board = _board(why, 4, 3)
    assert (board["downfloater"], board["upfloater"], board["colour_rule"]) == (3, 4, "5.2.1")
    # 2 and 10 want the same colour as strongly with the same history: rank decides (5.2.4).
    assert _board(why, 2, 10)["colour_rule"] == "5.2.4"
    # 7 and 11 had the bye: 8 gets it with 1 point.
    assert why["bye"] == {"player": 8, "score": 1.0, "had_bye": [7, 11], "lowest": True}


def test_round_one_is_all_first_choices_and_rank_colours() -> None:
    why = pair_round(_state("rtg-1008-11p-4r.trf", 1), explain=True).explanation

    assert all(board["choice"] is None for board in why["boards"])
    assert {board["colour_rule"] for board in why["boards"]} == {"5.2.5"}
    assert why["brackets"][0]["floaters"][0]["player"] == 11

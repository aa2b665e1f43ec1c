"""A round's pairing against the criteria (``rules.pairing.dutch_check``): the engine's own
pairing, and a pairing changed by hand compared with it, on a reference tournament."""

from __future__ import annotations

from rules.files.trf import read_trf
from rules.pairing.dutch import pair_round
from rules.pairing.dutch_check import assess, compare
from rules.pairing.trfio import state_for_round
from tests.datafiles import DUTCH_2026


def _state(name: str, rnd: int):
    trf = read_trf(DUTCH_2026 / name)
    if trf.total_rounds is None:
        trf.total_rounds = trf.rounds_in_file
    return state_for_round(trf, rnd)


def test_a_manual_swap_is_compared_with_the_engine() -> None:
    state = _state("rtg-1008-11p-4r.trf", 3)
    result = pair_round(state)
    assert (10, 6) in result.pairs and (1, 11) in result.pairs
    # The arbiter pairs 6 with 8, whom the engine kept apart (both want White), and so
    # 1 with 10 and 9 with 11.
    manual = [(3, 2), (5, 4), (6, 8), (1, 10), (9, 11)]

    check = compare(state, (list(result.pairs), result.bye), (manual, result.bye))

    assert check["missing"] == [(1, 11), (9, 8), (10, 6)]
    assert check["new"] == [(1, 10), (6, 8), (9, 11)]
    assert "C12" in check["worse"]
    engine, changed = check["worse"]["C12"]
    assert changed > engine


def test_assess_counts_the_engine_pairing() -> None:
    state = _state("rtg-1008-11p-4r.trf", 4)
    result = pair_round(state)

    counts = assess(state, list(result.pairs), result.bye)

    assert counts["C1"] == counts["C2"] == counts["C3"] == 0
    assert counts["5.2"] == 0  # the engine's own colours
    assert counts["C6"] == 2  # 3-4 and 1-5 cross score groups
    assert counts["C5"] == 10  # the bye's score, in tenths

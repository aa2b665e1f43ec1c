"""TRF file -> engine state (``rules.pairing.trfio``)."""

from __future__ import annotations

import pytest

from rules.files.trf import TrfError, parse_trf
from rules.pairing.state import PointSystem, RoundRecord
from rules.pairing.trfio import played_rounds, round_pairing, state_for_round
from tests.rules.files.sample import SAMPLE, with_line


def test_default_round_is_the_one_after_the_last_played():
    trf = parse_trf(SAMPLE)

    state = state_for_round(trf)

    assert played_rounds(trf) == 2
    assert (state.round_to_pair, state.total_rounds, state.initial_colour) == (3, 3, "w")
    assert [p.tpn for p in state.players] == [1, 2, 3, 4]
    assert [(p.absent, p.requested_bye) for p in state.players] == [
        (False, None),
        (False, None),
        (False, None),
        (True, "H"),
    ]
    assert state.players[2].history == (RoundRecord(1, "b", "0"), RoundRecord(4, "w", "-"))
    assert state.players[0].rating == 2500
    assert state.point_system == PointSystem()
    assert state.forbidden_pairs == frozenset()


def test_earlier_round_uses_only_the_rounds_before_it():
    state = state_for_round(parse_trf(SAMPLE), 2)

    assert [len(p.history) for p in state.players] == [1, 1, 1, 1]
    assert not any(p.absent for p in state.players)


def test_bye_records_and_xxz_mark_players_absent():
    text = SAMPLE + "240 Z   3    2\nXXZ 3\n"

    state = state_for_round(parse_trf(text))

    assert [(p.tpn, p.requested_bye) for p in state.players if p.absent] == [
        (2, "Z"),
        (3, "Z"),
        (4, "H"),
    ]


def test_forbidden_pairs_from_xxp_and_260():
    text = SAMPLE + "XXP 1 2 3\n260   1   2    1    4\n260   3   3    2    4\n"

    state = state_for_round(parse_trf(text))

    assert state.forbidden_pairs == frozenset(
        {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3}), frozenset({2, 4})}
    )


def test_acceleration_and_point_system():
    text = with_line(SAMPLE, 10, "162  W 3.0    D 1.0")
    text = text.replace(" 2.0    1     3 w 1", " 6.0    1     3 w 1").replace(
        " 0.5    3     4 b =", " 1.0    3     4 b ="
    )
    text = text.replace(" 2.0    2     2 w =", " 5.0    2     2 w =") + "XXA    1  1.0  1.0  1.0\n"

    state = state_for_round(parse_trf(text))

    assert state.point_system == PointSystem(
        win=3, draw=1, forfeit_win=3, pab=3, half_bye=1, full_bye=3
    )
    assert state.players[0].acceleration == (1.0, 1.0, 1.0)


def test_missing_number_of_rounds_is_an_error():
    text = SAMPLE.replace("142 3\n", "").replace("XXR 3\n", "")

    with pytest.raises(TrfError) as info:
        state_for_round(parse_trf(text))

    assert (
        str(info.value)
        == "line 1, column 1: number of rounds is missing (add an XXR or 142 record)"
    )


def test_old_style_byes_are_translated():
    trf = parse_trf(SAMPLE)
    trf.player(3).rounds[1] = trf.player(3).rounds[1].__class__(None, "-", "+")
    trf.player(4).rounds[1] = trf.player(4).rounds[1].__class__(None, "-", "-")

    state = state_for_round(trf, 3)

    assert state.players[2].history[1] == RoundRecord(None, None, "F")
    assert state.players[3].history[1] == RoundRecord(None, None, "Z")


def test_round_pairing_lists_pairs_with_colours_and_the_bye():
    trf = parse_trf(SAMPLE)

    assert round_pairing(trf, 1) == ({(1, 3), (4, 2)}, None)
    assert round_pairing(trf, 2) == ({(2, 1), (3, 4)}, None)


def test_file_without_players_is_an_error():
    with pytest.raises(TrfError) as info:
        state_for_round(parse_trf("012 Only a header\n"))

    assert str(info.value) == (
        "line 1, column 1: no player records (001 lines): this is not a tournament to pair"
    )

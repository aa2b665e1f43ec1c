"""Malformed TRF content raises TrfError with the exact line, column and reason."""

from __future__ import annotations

import pytest

from rules.files.trf import TrfError, TrfFormatError, parse_trf
from tests.rules.files.sample import SAMPLE, with_columns, with_line


def error_of(text: str) -> TrfError:
    with pytest.raises(TrfError) as info:
        parse_trf(text)
    return info.value


def test_sample_is_valid():
    trf = parse_trf(SAMPLE)

    assert [p.tpn for p in trf.players] == [1, 2, 3, 4]


def test_error_carries_line_column_and_reason():
    text = with_columns(SAMPLE, 12, 49, "24x0")

    err = error_of(text)

    assert (err.line, err.column) == (12, 49)
    assert err.reason == "rating '24x0' is not a number"
    assert str(err) == "line 12, column 49: rating '24x0' is not a number"
    assert isinstance(err, ValueError)
    assert TrfFormatError is TrfError


def test_fields_shifted_by_one_column():
    line = SAMPLE.split("\n")[11]
    shifted = line[:14] + " " + line[14:]

    err = error_of(with_line(SAMPLE, 12, shifted))

    assert str(err) == (
        "line 12, column 53: expected a blank between rating and federation, found '0' "
        "(fields in the wrong columns?)"
    )


def test_round_fields_shifted():
    line = SAMPLE.split("\n")[10]
    shifted = line[:95] + line[96:]

    err = error_of(with_line(SAMPLE, 11, shifted))

    assert str(err) == (
        "line 11, column 96: round 1: expected a blank, found 'w' (round fields are at "
        "columns 92-95, 97 and 99)"
    )


def test_line_too_short():
    err = error_of(with_line(SAMPLE, 13, "001    3 m    Gamma, Carl"))

    assert str(err) == (
        "line 13, column 26: player record is too short (25 characters; points need columns 81-84)"
    )


def test_non_numeric_start_rank():
    err = error_of(with_columns(SAMPLE, 12, 5, "  2a"))

    assert str(err) == "line 12, column 5: start rank '2a' is not a number"


def test_non_numeric_points():
    err = error_of(with_columns(SAMPLE, 12, 81, "0,5 "))

    assert str(err) == "line 12, column 81: points '0,5' is not a number"


def test_non_numeric_opponent():
    err = error_of(with_columns(SAMPLE, 11, 102, "  x2"))

    assert str(err) == "line 11, column 102: round 2: opponent 'x2' is not a number"


def test_unknown_result_code():
    err = error_of(with_columns(SAMPLE, 12, 99, "X"))

    assert str(err) == (
        "line 12, column 99: round 1: unknown result code 'X' "
        "(expected one of 1 = 0 + - W D L H F U Z)"
    )


def test_unknown_colour_code():
    err = error_of(with_columns(SAMPLE, 12, 97, "r"))

    assert str(err) == "line 12, column 97: round 1: unknown colour 'r' (expected w, b, -)"


def test_unknown_sex_code():
    err = error_of(with_columns(SAMPLE, 12, 10, "x"))

    assert str(err) == "line 12, column 10: unknown sex code 'x' (expected m, w or f)"


def test_played_game_without_colour():
    err = error_of(with_columns(SAMPLE, 11, 97, "-"))

    assert str(err) == "line 11, column 97: round 1: played game against 3 needs colour w or b"


def test_bye_code_with_opponent():
    err = error_of(with_columns(SAMPLE, 14, 112, "   1"))

    assert (
        str(err)
        == "line 14, column 119: round 3: result code 'H' needs opponent 0000, found opponent 1"
    )


def test_duplicate_start_rank():
    err = error_of(with_columns(SAMPLE, 13, 5, "   2"))

    assert str(err) == "line 13, column 5: start rank 2 is used twice (first on line 12)"


def test_opponent_reference_not_mirrored():
    err = error_of(with_columns(SAMPLE, 11, 92, "   4"))

    assert str(err) == (
        "line 11, column 92: round 1: player 1 is recorded against 4, but player 4 has "
        "opponent 2 in round 1 (line 14)"
    )


def test_opponent_without_record():
    err = error_of(with_columns(SAMPLE, 11, 102, "   9"))

    assert str(err) == "line 11, column 102: round 2: opponent 9 has no player record"


def test_both_players_with_the_same_colour():
    err = error_of(with_columns(SAMPLE, 11, 97, "b"))

    assert str(err) == "line 11, column 97: round 1: players 1 and 3 both have colour 'b'"


def test_results_not_mirrored():
    err = error_of(with_columns(SAMPLE, 11, 99, "="))

    assert str(err) == (
        "line 11, column 99: round 1: result '=' of player 1 does not match result '0' of "
        "player 3 (line 13)"
    )


def test_forfeit_not_mirrored():
    err = error_of(with_columns(SAMPLE, 14, 109, "1"))

    assert str(err) == (
        "line 13, column 109: round 2: result '-' of player 3 does not match result '1' of "
        "player 4 (line 14)"
    )


def test_declared_points_do_not_add_up():
    err = error_of(with_columns(SAMPLE, 12, 81, " 1.5"))

    assert str(err) == (
        "line 12, column 81: declared points 1.5 of player 2 do not add up: the results give "
        "0.5 (win=1, draw=0.5, loss=0)"
    )


def test_points_checked_under_the_files_point_system():
    text = with_line(SAMPLE, 10, "162  W 3.0    D 1.0")

    err = error_of(text)

    assert str(err) == (
        "line 11, column 81: declared points 2 of player 1 do not add up: the results give 6 "
        "(win=3, draw=1, loss=0)"
    )


def test_points_in_three_one_zero_accepted():
    text = with_line(SAMPLE, 10, "162  W 3.0    D 1.0")
    for line_no, points in ((11, " 6.0"), (12, " 1.0"), (14, " 5.0")):
        text = with_columns(text, line_no, 81, points)

    trf = parse_trf(text)

    assert [p.points for p in trf.players] == [6.0, 1.0, 0.0, 5.0]
    assert (trf.point_system.win, trf.point_system.draw, trf.point_system.pab) == (3.0, 1.0, 3.0)


def test_points_may_leave_out_the_requested_bye_of_the_round_to_pair():
    text = with_columns(SAMPLE, 14, 81, " 1.5")

    trf = parse_trf(text)

    assert trf.player(4).points == 1.5


def test_number_of_rounds_must_be_a_number():
    err = error_of(with_line(SAMPLE, 15, "XXR three"))

    assert str(err) == "line 15, column 5: number of rounds (XXR) 'three' is not a number"


def test_number_of_rounds_must_agree():
    err = error_of(with_line(SAMPLE, 15, "XXR 4"))

    assert str(err) == "line 15, column 5: number of rounds disagrees: [3, 4]"


def test_unknown_point_symbol():
    err = error_of(with_line(SAMPLE, 10, "162  Q 3.0"))

    assert str(err) == "line 10, column 6: 162: unknown point symbol 'Q' (expected W D L A P X)"


def test_bye_record_for_unknown_player():
    err = error_of(SAMPLE + "240 H   3   12\n")

    assert str(err) == "line 17, column 11: 240: player 12 has no player record"

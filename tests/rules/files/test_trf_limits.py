"""Malformed numbers, NUL characters and out-of-range values give a line and column, never
another exception (issue 15, defect 5); bytes in older encodings are read."""

from __future__ import annotations

import pytest

from rules.files.trf import TrfError, TrfLimits, decode_trf, parse_trf, read_trf
from tests.rules.files.sample import SAMPLE, with_columns, with_line

LINES = SAMPLE.split("\n")

MALFORMED = {
    "unicode_digit_start_rank": (
        with_columns(SAMPLE, 12, 5, "   ²"),
        "line 12, column 5: start rank '²' is not a number",
    ),
    "unicode_digit_opponent": (
        with_columns(SAMPLE, 11, 92, "   ²"),
        "line 11, column 92: round 1: opponent '²' is not a number",
    ),
    "arabic_indic_rating": (
        with_columns(SAMPLE, 11, 49, "٢٥٠٠"),
        "line 11, column 49: rating '٢٥٠٠' is not a number",
    ),
    "xxp_unicode_digit": (
        SAMPLE + "XXP 1 ²\n",
        "line 17, column 7: XXP: player '²' is not a number",
    ),
    "xxz_huge_start_rank": (
        SAMPLE + "XXZ " + "9" * 5000 + "\n",
        "line 17, column 5: XXZ: player '99999999999999999999…' is too large (at most 9999)",
    ),
    "xxr_40000": (
        with_line(SAMPLE, 16, "XXR 40000"),
        "line 16, column 5: number of rounds (XXR) '40000' is too large (at most 999)",
    ),
    "xxr_twenty_digits": (
        with_line(SAMPLE, 16, "XXR 99999999999999999999"),
        "line 16, column 5: number of rounds (XXR) '99999999999999999999' is too large "
        "(at most 999)",
    ),
    "xxs_forfeit_win_99999": (
        SAMPLE + "XXS FW=99999\n",
        "line 17, column 5: XXS value for FW 99999 is too large (at most 999.9)",
    ),
    "xxs_pab_99999": (
        SAMPLE + "XXS PAB=99999\n",
        "line 17, column 5: XXS value for PAB 99999 is too large (at most 999.9)",
    ),
    "xxs_two_decimals": (
        SAMPLE + "XXS W=1.25\n",
        "line 17, column 5: XXS value for W 1.25 has more than one decimal",
    ),
    "nul_in_001_name": (
        with_columns(SAMPLE, 12, 20, "\x00"),
        "line 12, column 20: NUL character (byte 0) in the line",
    ),
    "nul_in_012": (
        with_line(SAMPLE, 1, "012 Club\x00Championship"),
        "line 1, column 9: NUL character (byte 0) in the line",
    ),
    "nul_in_022": (
        with_line(SAMPLE, 2, "022 Os\x00lo"),
        "line 2, column 7: NUL character (byte 0) in the line",
    ),
    "round_dates_past_the_limit": (
        with_line(SAMPLE, 5, "132" + " " * 88 + "  26/02/01" * 1000),
        "line 5, column 10082: 132: more than 999 rounds",
    ),
    "xxa_values_past_the_limit": (
        SAMPLE + "XXA    1" + "  1.0" * 1000 + "\n",
        "line 17, column 5005: XXA: more than 999 rounds",
    ),
    "entry_beyond_declared_rounds": (
        with_line(SAMPLE, 14, LINES[13] + "     1 w 1"),
        "line 14, column 125: round 4: entry beyond the 3 rounds declared (line 9)",
    ),
    "entry_beyond_rounds_declared_after": (
        with_line(SAMPLE, 9, "062 4").replace("XXR 3", "XXR 2"),
        "line 14, column 112: round 3: entry beyond the 2 rounds declared (line 15)",
    ),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_malformed_input_gives_line_and_column(name):
    text, message = MALFORMED[name]

    with pytest.raises(TrfError) as info:
        parse_trf(text)

    assert str(info.value) == message


def test_half_a_million_extra_round_entries_stop_at_the_first():
    line = LINES[10] + "  0000 - Z" * 500_000
    text = with_line(SAMPLE, 11, line)

    with pytest.raises(TrfError) as info:
        parse_trf(text)

    assert str(info.value) == (
        "line 11, column 122: round 4: entry beyond the 3 rounds declared (line 9)"
    )


def test_rounds_past_the_limit_without_declared_rounds():
    text = with_line(SAMPLE, 9, "062 4").replace("XXR 3\n", "")
    text = with_line(text, 11, LINES[10] + "  0000 - Z" * 1000)

    with pytest.raises(TrfError) as info:
        parse_trf(text)

    assert str(info.value) == (
        "line 11, column 10082: round 1000: more than 999 rounds (the most a file may have)"
    )


def test_smaller_limits_from_the_caller():
    with pytest.raises(TrfError) as info:
        parse_trf(SAMPLE, limits=TrfLimits(max_players=3))

    assert str(info.value) == "line 14, column 1: more than 3 player records"


def test_acceleration_ranges_are_bounded():
    line = "250" + " " * 6 + " 1.0" + "   1" + " 999" + "    1" + " 9999"
    text = SAMPLE + (line + "\n") * 3

    with pytest.raises(TrfError) as info:
        parse_trf(text, limits=TrfLimits(max_acceleration_cells=5000))

    assert str(info.value) == (
        "line 18, column 15: 250: the acceleration ranges fill more than 5000 player rounds"
    )


def test_windows_1252_file_is_read(tmp_path):
    text = with_columns(SAMPLE, 13, 15, "Gämma, Carl—Émile")
    path = tmp_path / "old.trf"
    path.write_bytes(text.encode("cp1252"))

    trf = read_trf(path)

    assert trf.player(3).name == "Gämma, Carl—Émile"
    assert decode_trf("Gämma".encode()) == "Gämma"


def test_chosen_encoding_that_does_not_fit_gives_line_and_column(tmp_path):
    path = tmp_path / "old.trf"
    path.write_bytes(with_columns(SAMPLE, 13, 15, "Gämma").encode("cp1252"))

    with pytest.raises(TrfError) as info:
        read_trf(path, encoding="utf-8")

    assert str(info.value) == "line 13, column 16: the file is not utf-8 text"
    assert read_trf(path, encoding="latin-1").player(3).name.startswith("Gämma")

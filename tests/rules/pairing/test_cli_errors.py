"""The pairing command line on malformed and unreadable files: exit codes 3 and 5, no traceback.

Each malformed file is the valid four-player sample of ``tests/rules/files/sample.py`` with one
defect written into it; stderr must name the line and column of the defect.
"""

from __future__ import annotations

import pytest

from tests.rules.files.sample import SAMPLE, with_columns, with_line
from tests.rules.pairing.command import run_cli

MALFORMED = {
    "wrong_columns": (
        with_line(SAMPLE, 12, SAMPLE.split("\n")[11][:14] + " " + SAMPLE.split("\n")[11][14:]),
        "line 12, column 53: expected a blank between rating and federation, found '0'",
    ),
    "non_numeric_rating": (
        with_columns(SAMPLE, 12, 49, "24x0"),
        "line 12, column 49: rating '24x0' is not a number",
    ),
    "non_numeric_points": (
        with_columns(SAMPLE, 12, 81, "0,5 "),
        "line 12, column 81: points '0,5' is not a number",
    ),
    "unknown_result_code": (
        with_columns(SAMPLE, 12, 99, "X"),
        "line 12, column 99: round 1: unknown result code 'X'",
    ),
    "unknown_colour": (
        with_columns(SAMPLE, 12, 97, "r"),
        "line 12, column 97: round 1: unknown colour 'r'",
    ),
    "duplicate_id": (
        with_columns(SAMPLE, 13, 5, "   2"),
        "line 13, column 5: start rank 2 is used twice (first on line 12)",
    ),
    "opponent_not_mirrored": (
        with_columns(SAMPLE, 11, 92, "   4"),
        "line 11, column 92: round 1: player 1 is recorded against 4, but player 4 has "
        "opponent 2 in round 1 (line 14)",
    ),
    "same_colours": (
        with_columns(SAMPLE, 11, 97, "b"),
        "line 11, column 97: round 1: players 1 and 3 both have colour 'b'",
    ),
    "results_not_mirrored": (
        with_columns(SAMPLE, 11, 99, "="),
        "line 11, column 99: round 1: result '=' of player 1 does not match result '0' of "
        "player 3 (line 13)",
    ),
    "points_do_not_add_up": (
        with_columns(SAMPLE, 12, 81, " 1.5"),
        "line 12, column 81: declared points 1.5 of player 2 do not add up: the results give "
        "0.5 (win=1, draw=0.5, loss=0)",
    ),
    "points_under_162": (
        with_line(SAMPLE, 10, "162  W 3.0    D 1.0"),
        "line 11, column 81: declared points 2 of player 1 do not add up: the results give 6 "
        "(win=3, draw=1, loss=0)",
    ),
    "line_too_short": (
        with_line(SAMPLE, 13, "001    3 m    Gamma, Carl"),
        "line 13, column 26: player record is too short",
    ),
}


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_malformed_file_exit_3_with_line_and_column(tmp_path, kind):
    text, message = MALFORMED[kind]
    path = tmp_path / f"{kind}.trf"
    path.write_text(text, encoding="utf-8")

    proc = run_cli("--dutch", path, "-p", tmp_path / "out.txt")

    assert proc.returncode == 3, proc.stderr
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out.txt").exists()


@pytest.mark.parametrize(
    "content",
    ["", "name,rating\nCarlsen,2832\n", "012 Only a header\n"],
    ids=["empty", "csv", "header"],
)
def test_file_without_players_exit_3(tmp_path, content):
    path = tmp_path / "none.trf"
    path.write_text(content, encoding="utf-8")

    proc = run_cli("--dutch", path, "-p", tmp_path / "out.txt")

    assert proc.returncode == 3, proc.stderr
    assert "line 1, column 1: no player records (001 lines)" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_missing_number_of_rounds_exit_3(tmp_path):
    path = tmp_path / "norounds.trf"
    path.write_text(SAMPLE.replace("142 3\n", "").replace("XXR 3\n", ""), encoding="utf-8")

    proc = run_cli("--dutch", path, "-p", tmp_path / "out.txt")

    assert proc.returncode == 3, proc.stderr
    assert "line 1, column 1: number of rounds is missing (add an XXR or 142 record)" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_malformed_file_in_checker_mode_exit_3(tmp_path):
    path = tmp_path / "bad.trf"
    path.write_text(with_columns(SAMPLE, 12, 99, "X"), encoding="utf-8")

    proc = run_cli("--dutch", path, "-c")

    assert proc.returncode == 3, proc.stderr
    assert "line 12, column 99: round 1: unknown result code 'X'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_missing_file_exit_5(tmp_path):
    missing = tmp_path / "nowhere.trf"

    proc = run_cli("--dutch", missing, "-p", tmp_path / "out.txt")

    assert proc.returncode == 5, proc.stderr
    assert "nowhere.trf" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_directory_instead_of_file_exit_5(tmp_path):
    proc = run_cli("--dutch", tmp_path, "-p", tmp_path / "out.txt")

    assert proc.returncode == 5, proc.stderr
    assert "Traceback" not in proc.stderr


def test_latin1_file_is_read(tmp_path):
    path = tmp_path / "latin1.trf"
    path.write_bytes(SAMPLE.replace("Alpha, Anna", "Alph\xe4, Anna").encode("latin-1"))

    proc = run_cli("--dutch", path, "-p", tmp_path / "out.txt")

    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out.txt").read_text().split("\n") == ["2", "3 2", "1 0", ""]


def test_unwritable_output_exit_5(tmp_path):
    path = tmp_path / "ok.trf"
    path.write_text(SAMPLE, encoding="utf-8")

    proc = run_cli("--dutch", path, "-p", tmp_path / "no-such-dir" / "out.txt")

    assert proc.returncode == 5, proc.stderr
    assert "Traceback" not in proc.stderr


def test_valid_file_pairs_round_3(tmp_path):
    path = tmp_path / "ok.trf"
    path.write_text(SAMPLE, encoding="utf-8")
    out = tmp_path / "out.txt"

    proc = run_cli("--dutch", path, "-p", out)

    assert proc.returncode == 0, proc.stderr
    # 4 has a half-point bye; 1 has met 2 and 3, so 3 (strong preference for white after
    # a black game and a forfeit) plays 2, and 1 gets the pairing-allocated bye.
    assert out.read_text().split("\n") == ["2", "3 2", "1 0", ""]

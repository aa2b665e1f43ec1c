"""The pairing command line bounds its input and refuses what it cannot pair (issue 25).

A non-regular file (a named pipe, ``/dev/zero``, a directory) is refused before anything is
read from it (exit 5); a file past the size cap, or past the players and rounds the command line
pairs, is a size limit (exit 4); ``-p`` with ``-c`` is a bad command line, an oversized ``162``
value is reported as that symbol's, a ``260`` range that ends before it starts and Baku
acceleration with a point system it does not define are invalid input (exit 3).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rules.files.trf import PlayerRecord, TrfFile, write_trf
from rules.pairing import cli
from rules.pairing.cli import MAX_INPUT_BYTES, MAX_PLAYERS, MAX_ROUNDS, main
from rules.scoring import PointSystem
from tests.datafiles import DATA, ROOT
from tests.rules.files.sample import SAMPLE

COMPLETE = DATA / "dutch-2026" / "rtg-1000-16p-5r.trf"


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(["--dutch", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def sample_with(tmp_path, record: str, name: str = "in.trf"):
    """The four-player sample with ``record`` added after its ``XXR`` line."""
    path = tmp_path / name
    path.write_text(SAMPLE.replace("XXR 3", f"XXR 3\n{record}"), encoding="utf-8")
    return path


def field(players: int, rounds: int = 9):
    """A tournament of ``players`` rated players before round 1, as TRF text."""
    records = [
        PlayerRecord(tpn=i, name=f"Player {i}", rating=2800 - i) for i in range(1, 1 + players)
    ]
    return write_trf(TrfFile(total_rounds=rounds, initial_colour="w", players=records))


# ---------------------------------------------------------------- not a regular file


def _cli_subprocess(*args, **options) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 -- fixed argv: this interpreter and our module
        [sys.executable, "-m", "tournaments.pairing", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        **options,
    )


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="a system with /dev/zero")
def test_dev_zero_is_refused_without_reading_it():
    import resource

    def limit_memory() -> None:  # were it read, it would fail here and not take the machine
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    proc = _cli_subprocess("--dutch", "/dev/zero", "-p", timeout=120, preexec_fn=limit_memory)

    assert proc.returncode == 5, proc.stderr
    assert proc.stderr == (
        "/dev/zero: a character device, not a regular file: give the TRF as a file\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "in.trf"
    os.mkfifo(pipe)

    # Nobody ever writes to the pipe: waiting for a writer would hang until the timeout.
    proc = _cli_subprocess("--dutch", pipe, "-c", timeout=120)

    assert proc.returncode == 5, proc.stderr
    assert proc.stderr == f"{pipe}: a named pipe, not a regular file: give the TRF as a file\n"


def test_directory_is_refused_as_not_a_regular_file(capsys, tmp_path):
    code, out, err = run(capsys, tmp_path, "-p")

    assert (code, out) == (5, "")
    assert err == f"{tmp_path}: a directory, not a regular file: give the TRF as a file\n"


# ---------------------------------------------------------------- size limits (exit 4)


def test_file_past_the_size_cap_is_refused_before_reading(capsys, tmp_path):
    path = tmp_path / "big.trf"
    path.write_text(SAMPLE + " " * (MAX_INPUT_BYTES + 1 - len(SAMPLE)), encoding="utf-8")

    code, out, err = run(capsys, path, "-p")

    assert (code, out) == (4, "")
    assert err == (
        f"{path}: the file has {MAX_INPUT_BYTES + 1:,} bytes: the command line reads at most "
        "4,194,304 bytes\n"
    )


def test_file_at_the_size_cap_is_read(capsys, tmp_path):
    path = tmp_path / "padded.trf"
    path.write_text(SAMPLE + "\n" * (MAX_INPUT_BYTES - len(SAMPLE)), encoding="utf-8")
    assert path.stat().st_size == MAX_INPUT_BYTES

    code, out, _ = run(capsys, path, "-p")

    assert (code, out) == (0, "2\n3 2\n1 0\n")


def test_more_players_than_the_command_line_pairs(capsys, tmp_path):
    path = tmp_path / "field.trf"
    path.write_text(field(MAX_PLAYERS + 1), encoding="utf-8")

    code, out, err = run(capsys, path, "-p")

    assert (code, out) == (4, "")
    assert err == (
        f"{path}: 1,001 player records (001): the command line pairs at most 1,000 players\n"
    )


def test_more_rounds_than_the_command_line_pairs(capsys, tmp_path):
    path = tmp_path / "long.trf"
    path.write_text(field(8, rounds=MAX_ROUNDS + 1), encoding="utf-8")

    code, out, err = run(capsys, path, "-p")

    assert (code, out) == (4, "")
    assert err == f"{path}: 51 rounds (XXR/142): the command line pairs at most 50 rounds\n"


def test_the_bounds_are_the_web_apps_defaults():
    from tournaments.enums import MAX_ROUNDS as WEB_ROUNDS
    from tournaments.limits import MAX_PLAYERS as WEB_PLAYERS

    assert (cli.MAX_PLAYERS, cli.MAX_ROUNDS) == (WEB_PLAYERS, WEB_ROUNDS) == (1000, 50)


# ---------------------------------------------------------------- contradictory options


@pytest.mark.parametrize("options", [("-p", "-c"), ("-c", "-p"), ("-p", "OUT", "-c")])
def test_pair_and_check_together_are_refused(capsys, tmp_path, options):
    options = [str(tmp_path / "out.txt") if o == "OUT" else o for o in options]
    code, out, err = run(capsys, COMPLETE, *options)

    assert (code, out) == (3, "")
    assert err.splitlines() == [
        "-p and -c cannot be used together: -p pairs the next round, -c checks the file",
        cli.USAGE,
    ]
    assert not (tmp_path / "out.txt").exists()


def test_an_option_given_twice_is_named(capsys):
    code, _, err = run(capsys, COMPLETE, "-c", "-c")

    assert code == 3
    assert err.splitlines()[0] == "-c is given twice"


def test_encoding_without_a_name(capsys):
    code, _, err = run(capsys, COMPLETE, "-c", "--encoding=")

    assert code == 3
    assert err.splitlines()[0] == "--encoding needs the name of an encoding"


# ---------------------------------------------------------------- the right field in the message


@pytest.mark.parametrize(
    ("record", "message"),
    [
        # the W value runs into the blank columns: read as 100 on main, then "bad total"
        ("162  W 1000.0 D 1.0", "line 16, column 7: 162 value for W 1000.0 is too large"),
        # the W value runs into the next pair: on main reported as a value of the D pair
        ("162  W 1000.0   D 1.0", "line 16, column 7: 162 value for W 1000.0 is too large"),
        ("162  W10000    D 1.0", "line 16, column 7: 162 value for W 10000 is too large"),
    ],
)
def test_oversized_162_value_is_reported_as_its_own_symbol(capsys, tmp_path, record, message):
    code, out, err = run(capsys, sample_with(tmp_path, record), "-p")

    assert (code, out) == (3, "")
    assert f"invalid TRF: {message} (at most 999.9)\n" in err


def test_162_value_out_of_its_columns(capsys, tmp_path):
    code, _, err = run(capsys, sample_with(tmp_path, "162  W 30.0   D 1.0"), "-p")

    assert code == 3
    assert "line 16, column 7: 162 value for W '30.0' does not fit its four columns" in err


def test_260_range_ending_before_it_starts_is_invalid(capsys, tmp_path):
    code, out, err = run(capsys, sample_with(tmp_path, "260   3   1    1    2"), "-p")

    assert (code, out) == (3, "")
    assert "line 16, column 9: 260 last round 1 is before the first round 3" in err


def test_260_round_zero_is_invalid(capsys, tmp_path):
    code, _, err = run(capsys, sample_with(tmp_path, "260   0   3    1    2"), "-p")

    assert code == 3
    assert "line 16, column 5: 260 first round 0: rounds are numbered from 1" in err


# ---------------------------------------------------------------- Baku and the point system


def _baku(tmp_path, points: PointSystem, name: str):
    """16 players before round 1 of 9, Baku acceleration asked for in ``192``."""
    records = [PlayerRecord(tpn=i, name=f"Player {i}", rating=2800 - i) for i in range(1, 17)]
    trf = TrfFile(
        headers={"192": "FIDE_DUTCH_2026_BAKU"},
        total_rounds=9,
        initial_colour="w",
        players=records,
        point_system=points,
    )
    path = tmp_path / name
    path.write_text(write_trf(trf), encoding="utf-8")
    return path


def test_baku_with_three_one_zero_is_refused(capsys, tmp_path):
    # C.04.5.1: "applicable in any tournament where the standard scoring point system (one
    # point for a win, half point for a draw) is used"; bbpPairings refuses it too (exit 3).
    path = _baku(tmp_path, PointSystem.three_one_zero(), "three.trf")
    for mode in ("-p", "-c"):
        code, out, err = run(capsys, path, mode)

        assert (code, out) == (3, "")
        assert err == (
            f"{path}: 192 FIDE_DUTCH_2026_BAKU: Baku acceleration (C.04.5.1) is defined for the "
            "standard scoring only: a loss worth 0 and a draw worth half a win (1/0.5/0, or "
            "2/1/0); the file's point system is win 3, draw 1, loss 0\n"
        )


def test_baku_with_the_standard_scoring_in_other_units_pairs(capsys, tmp_path):
    code, standard, _ = run(capsys, _baku(tmp_path, PointSystem(), "one.trf"), "-p")
    # round 1 accelerated: the top half (1-8) meet each other, as do the bottom half (9-16)
    assert (code, standard) == (0, "8\n1 5\n6 2\n3 7\n8 4\n9 13\n14 10\n11 15\n16 12\n")

    doubled = PointSystem(win=2, draw=1)
    code, out, err = run(capsys, _baku(tmp_path, doubled, "two.trf"), "-p")

    # 2/1/0 is 1/½/0 in half points: the same virtual points, the same pairing
    assert (code, out, err) == (0, standard, "")

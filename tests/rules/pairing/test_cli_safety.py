"""The pairing command line in every case has its documented exit code and no traceback
(issue 15, defect 10): a closed pipe, an unexpected error, running out of memory, rounds past
the declared number, ``-c`` without players, a round in which everyone is absent, and files in
Windows-1252 (detected or chosen with ``--encoding``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rules.files.trf import PlayerRecord, TrfFile, write_trf
from rules.pairing.cli import main
from tests.datafiles import DATA, ROOT
from tests.rules.files.sample import SAMPLE, with_columns, with_line
from tests.rules.pairing.command import run_cli

LINES = SAMPLE.split("\n")
COMPLETE = DATA / "dutch-2026" / "rtg-1000-16p-5r.trf"


def cli_argv(*args) -> list[str]:
    return [sys.executable, "-m", "tournaments.pairing", *map(str, args)]


@pytest.mark.parametrize("mode", ["-c", "-p"])
def test_closed_standard_output_ends_quietly(tmp_path, mode):
    # The reader is gone before anything is written (as ``| head`` once it has its lines).
    path = COMPLETE
    if mode == "-p":
        path = tmp_path / "sample.trf"
        path.write_text(SAMPLE)
    proc = subprocess.Popen(  # noqa: S603 -- fixed argv: this interpreter and our module
        cli_argv("--dutch", path, mode),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    proc.stdout.close()
    stderr = proc.stderr.read()
    proc.stderr.close()

    assert proc.wait(timeout=120) == 141
    assert stderr == ""


def test_check_piped_into_head_shows_the_first_rounds():
    proc = subprocess.run(  # noqa: S603 -- fixed argv: the shell runs our module and head
        ["/bin/sh", "-c", f"{' '.join(cli_argv('--dutch', COMPLETE, '-c'))} | head -n 2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert proc.stdout == "Round #1: no discrepancies\nRound #2: no discrepancies\n"
    assert "Traceback" not in proc.stderr
    assert proc.stderr == ""


def test_unexpected_error_exit_2_with_one_line(capsys):
    code = main(["--dutch", "bad\x00name.trf", "-p"])

    assert code == 2
    assert capsys.readouterr().err == "unexpected error: ValueError: embedded null byte\n"


@pytest.mark.skipif(sys.platform != "linux", reason="address-space limit of a Linux process")
def test_out_of_memory_exit_4(tmp_path):
    import resource

    players = [PlayerRecord(tpn=i, name=f"Player {i}", rating=2000) for i in range(1, 10000)]
    path = tmp_path / "huge.trf"
    path.write_text(write_trf(TrfFile(total_rounds=9, initial_colour="w", players=players)))

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (400 << 20, 400 << 20))

    # The command line refuses more than 1,000 players (exit 4 too, test_cli_bounds.py); this
    # run lifts that bound so that the engine itself meets the memory limit.
    lifted = (
        "import sys; from rules.pairing import cli; cli.MAX_PLAYERS = 10_000; "
        "sys.exit(cli.main(sys.argv[1:]))"
    )
    proc = subprocess.run(  # noqa: S603 -- fixed argv: this interpreter and our module
        [sys.executable, "-c", lifted, "--dutch", str(path), "-p"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        preexec_fn=limit_memory,
    )

    assert proc.returncode == 4, proc.stderr
    assert proc.stderr == "out of memory: the tournament is too large for this machine\n"


def test_round_entries_beyond_declared_rounds_exit_3(tmp_path):
    path = tmp_path / "extra.trf"
    # 100,000 extra entries (1 MB, under the command line's 4 MiB cap)
    path.write_text(with_line(SAMPLE, 11, LINES[10] + "  0000 - Z" * 100_000))

    proc = run_cli("--dutch", path, "-p", tmp_path / "out.txt")

    assert proc.returncode == 3, proc.stderr
    assert "line 11, column 122: round 4: entry beyond the 3 rounds declared (line 9)" in (
        proc.stderr
    )
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("content", ["", "012 Only a header\n"], ids=["empty", "header"])
def test_check_without_players_exit_3(tmp_path, content):
    path = tmp_path / "none.trf"
    path.write_text(content)

    proc = run_cli("--dutch", path, "-c")

    assert proc.returncode == 3, proc.stderr
    assert "line 1, column 1: no player records (001 lines)" in proc.stderr
    assert proc.stdout == ""


def test_round_with_every_player_absent_exit_3(tmp_path):
    text = SAMPLE
    for line_no in (11, 12, 13):
        text = with_line(text, line_no, LINES[line_no - 1] + "  0000 - Z")
    path = tmp_path / "absent.trf"
    path.write_text(text)

    proc = run_cli("--dutch", path, "-p", tmp_path / "out.txt")

    assert proc.returncode == 3, proc.stderr
    assert "line 1, column 1: round 3: every player is absent, there is nothing to pair" in (
        proc.stderr
    )
    assert not (tmp_path / "out.txt").exists()


def test_windows_1252_file_is_paired(tmp_path):
    path = tmp_path / "old.trf"
    path.write_bytes(with_columns(SAMPLE, 13, 15, "Gamma—Müller, C").encode("cp1252"))

    proc = run_cli("--dutch", path, "-p")

    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "2\n3 2\n1 0\n"


def test_encoding_chosen_on_the_command_line(tmp_path):
    path = tmp_path / "old.trf"
    path.write_bytes(with_columns(SAMPLE, 13, 15, "Gämma, Carl").encode("cp1252"))

    as_utf8 = run_cli("--dutch", path, "-p", "--encoding", "utf-8")
    as_latin1 = run_cli("--dutch", path, "-p", "--encoding=latin-1")
    unknown = run_cli("--dutch", path, "-p", "--encoding", "klingon")

    assert as_utf8.returncode == 3
    assert "line 13, column 16: the file is not utf-8 text" in as_utf8.stderr
    assert (as_latin1.returncode, as_latin1.stdout) == (0, "2\n3 2\n1 0\n")
    assert unknown.returncode == 3
    assert "unknown encoding 'klingon'" in unknown.stderr

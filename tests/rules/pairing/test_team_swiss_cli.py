"""``python -m tournaments.pairing --team``: pairing, checking and refusing, as a user runs it."""

import random

import pytest

from rules.files.trf import PlayerRecord, TrfFile, write_trf
from rules.pairing.team_swiss import config_from_code, team_codes
from tests.datafiles import TEAM_FORK_TESTS
from tests.rules.pairing.command import run_cli
from tests.rules.pairing.team_swiss_random import engine, play
from tests.rules.pairing.team_swiss_trf import team_file


def test_p_writes_the_forks_format(tmp_path):
    out = tmp_path / "out.txt"
    done = run_cli("--team", TEAM_FORK_TESTS / "team_bye.trf", "-p", out)
    assert done.returncode == 0, done.stderr
    assert out.read_text() == "4\n1 4\n5 2\n3 6\n7 0\n"
    to_stdout = run_cli("--team", TEAM_FORK_TESTS / "team_bye.trf", "-p")
    assert to_stdout.stdout == "4\n1 4\n5 2\n3 6\n7 0\n"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_round_trip_every_round_checks_clean(tmp_path, seed):
    # A tournament played with the engine, written as a TRF-2026 team file, re-paired round by
    # round by -c through the reader and the converter: no discrepancy.
    rng = random.Random(seed)
    code = team_codes()[seed * 7 % len(team_codes())]
    config = config_from_code(code, boards=rng.randint(2, 6), initial_colour=rng.choice("WB"))
    teams, total = rng.randint(5, 13), 6
    rounds = play(rng, teams, total, config, engine)
    path = tmp_path / "t.trf"
    path.write_text(team_file(teams, rounds, total, config, code))
    done = run_cli("--team", path, "-c")
    assert done.returncode == 0, done.stdout + done.stderr
    played = len(rounds)  # a small field may run out of legal pairings before round 6
    assert played >= 4
    assert done.stdout.splitlines() == [
        f"Round #{r}: no discrepancies" for r in range(1, played + 1)
    ]


def test_c_names_the_article_of_a_departure(tmp_path):
    # The fork's own case: its round 1 pairs 1-2 3-4 5-6, not 1-4 2-5 3-6.
    done = run_cli("--team", TEAM_FORK_TESTS / "team_c4_global.trf", "-c")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "Round #1: discrepancies",
        "  Art. 3.6: bracket [1, 2, 3, 4, 5, 6] pairs 1-4 2-5 3-6, recorded 1-2 3-4 5-6: "
        "Art. 3.6.3, identifier 1 2 3 4 5 6 comes before 1 3 5 2 4 6",
    ]


def test_no_valid_pairing_exits_1(tmp_path):
    path = tmp_path / "t.trf"
    config = config_from_code("FIDE_TEAM", boards=2)
    path.write_text(team_file(2, [{"matches": [(1, 2, "2-0")]}], 3, config, "FIDE_TEAM"))
    done = run_cli("--team", path, "-p")
    assert done.returncode == 1
    assert done.stderr.startswith("No valid pairing exists:")


def test_bad_input_exits_3(tmp_path):
    path = tmp_path / "t.trf"
    config = config_from_code("FIDE_TEAM", boards=2)
    text = team_file(4, [], 3, config, "FIDE_TEAM_GP_BAKU")
    path.write_text(text)
    done = run_cli("--team", path, "-p")
    assert done.returncode == 3
    assert "Baku acceleration needs match points" in done.stderr
    individual = tmp_path / "i.trf"
    individual.write_text(write_trf(TrfFile(players=[PlayerRecord(tpn=1, name="A")])))
    done = run_cli("--team", individual, "-p")
    assert done.returncode == 3 and "no team record (310 or 013)" in done.stderr
    assert run_cli("--team", "--dutch", path, "-p").returncode == 3
    assert run_cli("--team", tmp_path / "missing.trf", "-p").returncode == 5

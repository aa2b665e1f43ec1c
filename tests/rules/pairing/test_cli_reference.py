"""The command line against bbpPairings v6.0.0, one process a round, as checkers run it.

For every round r of the 24 reference tournaments in ``tests/data/dutch-2026`` the test writes
the file an engine is given (rounds 1..r-1 played, round r holding only the requested byes
``H``/``Z``/``F``, ``XXR`` with the number of rounds, ``XXC`` with player 1's first colour
for round 1), runs ``python -m tournaments.pairing --dutch IN -p OUT`` and compares the pairs
(colours included) and the pairing-allocated bye with bbpPairings'. This is what JaVaFo-style
checkers do with any engine; ``test_dutch_reference.py`` checks the same rounds in-process.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from rules.files.trf import BLANK_ROUND, TrfFile, read_trf, write_trf
from rules.pairing.trfio import played_rounds, round_pairing
from tests.datafiles import (
    DUTCH_2026,
    ROOT,
)

REQUESTED = frozenset("HZF")


def engine_input(trf: TrfFile, number: int) -> str:
    """The file to pair round ``number``: earlier rounds, requested byes of this round."""
    players = []
    for player in trf.players:
        rounds = list(player.rounds[: number - 1])
        rounds += [BLANK_ROUND] * (number - 1 - len(rounds))
        entry = player.entry(number)
        if entry.opponent is None and entry.result in REQUESTED:
            rounds.append(entry)
        points = sum(trf.point_system.points(e.result) for e in rounds if e.result != " ")
        players.append(dataclasses.replace(player, rounds=rounds, points=points, rank=None))
    first = trf.player(1).entry(1).colour
    return write_trf(
        dataclasses.replace(
            trf,
            players=players,
            total_rounds=trf.rounds_in_file,
            initial_colour=first if number == 1 else None,
        )
    )


def engine_pairing(text: str, folder: Path) -> tuple[set[tuple[int, int]], int | None]:
    source, output = folder / "in.trf", folder / "out.txt"
    source.write_text(text, encoding="utf-8")
    result = subprocess.run(  # noqa: S603 - this interpreter on our own command line
        [sys.executable, "-m", "tournaments.pairing", "--dutch", str(source), "-p", str(output)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    numbers = [int(token) for token in output.read_text().split()]
    pairs = set(zip(numbers[1::2], numbers[2::2], strict=True))
    byes = {white for white, black in pairs if black == 0}
    return {pair for pair in pairs if pair[1] != 0}, (byes.pop() if byes else None)


def _players(path: Path) -> int:
    return int(path.stem.split("-")[2].removesuffix("p"))


#: make test runs the command line on the tournaments of up to 60 players (the engine itself
#: pairs every reference round in-process there, test_dutch_reference.py); the larger ones,
#: one process a round, run in the slow stage CI also runs.
REFERENCE_FILES = [
    path if _players(path) <= 60 else pytest.param(path, marks=pytest.mark.slow)
    for path in sorted(DUTCH_2026.glob("*.trf"))
]


@pytest.mark.parametrize(
    "path",
    REFERENCE_FILES,
    ids=lambda path: path.stem,
)
def test_command_line_pairs_every_reference_round_like_bbppairings(path, tmp_path) -> None:
    trf = read_trf(path)
    rounds = played_rounds(trf)

    wrong = []
    for number in range(1, rounds + 1):
        got = engine_pairing(engine_input(trf, number), tmp_path)
        want = round_pairing(trf, number)
        if got != want:
            wrong.append((number, sorted(got[0] ^ want[0]), got[1], want[1]))

    assert rounds >= 4
    assert wrong == []

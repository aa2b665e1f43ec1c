"""The Dutch engine's peak memory on a large round 1 (issue 15, defect 10): 2,000 players,
one bracket of about two million pairs, under 500 MB (it was 1.03 GB), with the same pairing:
top half against bottom half."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.datafiles import ROOT

CHILD = """
import json, resource
from rules.pairing.dutch import pair_round
from rules.pairing.state import PlayerState, TournamentState

n = 2000
players = tuple(PlayerState(tpn=i, rating=2800 - i // 4) for i in range(1, n + 1))
result = pair_round(TournamentState(players=players, total_rounds=9, round_to_pair=1))
peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"pairs": result.pairs, "bye": result.bye, "peak_mb": peak_mb}))
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KiB on Linux")
def test_round_one_of_2000_players_stays_under_500_mb():
    proc = subprocess.run(  # noqa: S603 -- fixed argv: this interpreter and a fixed script
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
        check=True,
    )
    out = json.loads(proc.stdout.strip().splitlines()[-1])

    assert out["peak_mb"] < 500
    assert out["bye"] is None
    assert sorted(sorted(pair) for pair in out["pairs"]) == [[i, i + 1000] for i in range(1, 1001)]
    assert out["pairs"][:2] == [[1, 1001], [1002, 2]]

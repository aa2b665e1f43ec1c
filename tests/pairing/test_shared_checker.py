"""The project's shared reference checker, run with our command line as the engine.

``check_pairings.py`` (in the shared tools folder beside the work tree) replays every round of
the bbpPairings v6.0.0 reference tournaments through an engine's JaVaFo-style command line and
compares the pairs and the bye with the file's. Each round starts a fresh process (about 15 s
for the 180 rounds); ``test_engine_reference.py`` checks the same rounds in-process and
colours too.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("CLUBRATING_SHARED") or ROOT.parent / "shared")
CHECKER = SHARED / "tools" / "check_pairings.py"
REFERENCE = SHARED / "data" / "dutch-2026"


def test_shared_checker_finds_every_reference_round_identical() -> None:
    assert CHECKER.is_file(), f"the shared checker is missing: {CHECKER}"
    files = sorted(str(path) for path in REFERENCE.glob("*.trf"))
    assert len(files) == 24
    engine = f"{shlex.quote(sys.executable)} -m tournaments.pairing --dutch {{in}} -p {{out}}"

    result = subprocess.run(  # noqa: S603 - our interpreter on the shared checker and data
        [sys.executable, str(CHECKER), engine, *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )

    assert result.returncode == 0, result.stderr
    assert "180/180 rounds identical to the reference pairings" in result.stdout, (
        result.stdout + result.stderr
    )

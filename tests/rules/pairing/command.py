"""The pairing command line run as a user runs it: a child process from the project root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.datafiles import ROOT


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tournaments.pairing`` from the project root."""
    return subprocess.run(  # noqa: S603 -- fixed argv: this interpreter and our module
        [sys.executable, "-m", "tournaments.pairing", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

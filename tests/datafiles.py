"""Where the test data lives: ``tests/data/`` (see its README for where each file comes from)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The repository."""
DATA = Path(__file__).resolve().parent / "data"
DUTCH_2026 = DATA / "dutch-2026"
BBP_TESTS = DATA / "bbp-tests"
TRF_REAL = DATA / "trf-real"
FIDE = DATA / "fide"

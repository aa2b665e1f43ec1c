"""Fixtures for the TRF reader tests: where the shared test data lives."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

#: The project's shared data folder sits beside the repository.
DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


@pytest.fixture
def data_dir() -> Path:
    """The shared test-data folder (skip when this checkout has none beside it)."""
    if not DATA.is_dir():
        pytest.skip(f"shared test data not found at {DATA}")
    return DATA

"""Fixtures for the TRF reader tests: where the test data lives."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.datafiles import DATA


@pytest.fixture
def data_dir() -> Path:
    """The test-data folder (``tests/data``)."""
    return DATA

"""Where the test data lives: ``tests/data/`` (see its README for where each file comes from),
and zips built from it."""

import io
import struct
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The repository."""
DATA = Path(__file__).resolve().parent / "data"
DUTCH_2026 = DATA / "dutch-2026"
BBP_TESTS = DATA / "bbp-tests"
TRF_REAL = DATA / "trf-real"
TEAM_SWISS = DATA / "team-swiss"
TEAM_FORK_TESTS = TEAM_SWISS / "fork-tests"
"""The team_* cases of Sharly Chess's bbpPairings fork: ``NAME.trf`` and ``NAME.expected.txt``."""
TEAM_GENERATED = TEAM_SWISS / "generated"
FIDE = DATA / "fide"
FIDE_SAMPLE = (FIDE / "players_list_foa.txt").read_bytes()
"""The sample of FIDE's list: nine players."""


def zipped(content: bytes, name: str = "players_list_foa.txt") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, content)
    return buffer.getvalue()


def declaring(archive: bytes, size: int) -> bytes:
    """``archive`` (one member) with the unpacked size in its headers replaced by ``size``."""
    data = bytearray(archive)
    data[22:26] = struct.pack("<I", size)  # the local header
    central = data.find(b"PK\x01\x02")
    data[central + 24 : central + 28] = struct.pack("<I", size)  # the central directory
    return bytes(data)

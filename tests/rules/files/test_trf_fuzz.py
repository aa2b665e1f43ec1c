"""Fuzzing the TRF reader with the reference files (issue 15): mutated byte-wise and
field-wise, every file gives a parsed result or a :class:`TrfError` with a line and column,
never another exception.

Deterministic: case ``i`` uses ``random.Random(SEED * 1_000_003 + i)``, so a failing case
is reproduced by its number alone (the assertion message names it). ``make test`` runs 100
cases; the slow suite runs 3,000.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules.files.trf import TrfError, TrfFile, decode_trf, parse_trf
from tests.datafiles import BBP_TESTS, DUTCH_2026, TRF_REAL

SEED = 15
SOURCES: list[Path] = sorted(
    [*DUTCH_2026.glob("*.trf"), *BBP_TESTS.glob("*.trf"), *TRF_REAL.glob("*.trf")]
)

#: Values written into fields: Unicode digits, NUL, signs, huge, negative, fractional and
#: scientific numbers, result and colour codes, separators, long text.
VALUES = [
    "²", "٣", "١٢", "½", "0", "00", "-1", "+1", "1e9", "nan", "inf", "1.5", "0.25", ".5",
    "99999", "99999999999999999999", "9" * 5000, "", " ", "\x00", "\t", "\x1a", "é", "—",
    "1", "=", "0", "+", "-", "w", "b", "W", "D", "L", "U", "F", "H", "Z", "X",
    "0000", "9999", "  1", "   ", "XXR", "001", "\r", "\n001    1", "a" * 300,
]  # fmt: skip

#: Records written as whole extra lines (free-form records with numbers).
RECORDS = [
    "XXR {v}", "142 {v}", "XXP 1 {v}", "XXZ {v}", "XXS W={v}", "XXS FW={v} PAB={v}",
    "XXC {v}", "152 {v}", "162  W{v}", "BBW {v}", "XXA {v}", "240 H {v}    1",
    "250      {v}   1   2    1    2", "260   1 {v}    1    2", "132" + " " * 88 + "{v}",
]  # fmt: skip

#: 0-based (start, end) of the fields of a 001 line, then of round 1 to 3.
FIELDS_001 = [
    (4, 8), (9, 10), (10, 13), (14, 47), (48, 52), (53, 56), (57, 68), (69, 79), (80, 84),
    (85, 89), (91, 95), (96, 97), (98, 99), (101, 105), (106, 107), (108, 109),
    (111, 115), (116, 117), (118, 119),
]  # fmt: skip


def _texts() -> list[bytes]:
    return [path.read_bytes() for path in SOURCES]


TEXTS = _texts()


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """A few byte-level edits: replace, insert, delete, duplicate or drop a stretch, cut."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        if not buf:
            break
        pos = rng.randrange(len(buf))
        kind = rng.randrange(6)
        if kind == 0:
            buf[pos] = rng.choice([0, 0x0A, 0x0D, 0x20, 0x30, 0x39, 0xB2, 0xC2, 0xFF, 0x97])
        elif kind == 1:
            buf[pos:pos] = rng.choice([b"\x00", b"\xc2\xb2", b"9", b" ", b"\n", b"\xe9", b"-"])
        elif kind == 2:
            del buf[pos : pos + rng.randint(1, 20)]
        elif kind == 3:
            end = min(len(buf), pos + rng.randint(1, 200))
            buf[end:end] = buf[pos:end]
        elif kind == 4:
            buf[pos] = rng.randrange(256)
        else:
            del buf[pos:]
    return bytes(buf)


def mutate_fields(text: str, rng: random.Random) -> str:
    """A few field-level edits: a value in a 001 field or a token, an extra record, a line
    repeated, moved or made very long."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        line = lines[i]
        kind = rng.randrange(5)
        value = rng.choice(VALUES)
        if kind == 0 and line.startswith("001"):
            start, end = rng.choice(FIELDS_001)
            width = end - start
            field = value.rjust(width) if rng.random() < 0.7 else value
            line = line.ljust(end)
            lines[i] = line[:start] + field + line[end:]
        elif kind == 1 and line.split():
            tokens = line.split(" ")
            j = rng.randrange(len(tokens))
            tokens[j] = value
            lines[i] = " ".join(tokens)
        elif kind == 2:
            lines.insert(i, rng.choice(RECORDS).format(v=value))
        elif kind == 3:
            lines.insert(rng.randrange(len(lines) + 1), line)
        else:
            lines[i] = line + rng.choice(["  0000 - Z", "     1 w 1", " " * 10]) * rng.choice(
                [1, 3, 2000]
            )
    return "\n".join(lines)


def fuzz_case(i: int) -> bytes:
    rng = random.Random(SEED * 1_000_003 + i)
    data = rng.choice(TEXTS)
    if rng.random() < 0.5:
        return mutate_bytes(data, rng)
    text = mutate_fields(data.decode("utf-8"), rng)
    return text.encode(rng.choice(["utf-8", "utf-8", "cp1252"]), errors="replace")


def check_case(i: int) -> None:
    data = fuzz_case(i)
    try:
        result = parse_trf(decode_trf(data))
    except TrfError as exc:
        assert exc.line >= 1, f"case {i}: {exc}"
        assert exc.column >= 1, f"case {i}: {exc}"
        assert exc.reason, f"case {i}: {exc}"
        return
    except Exception as exc:  # the failure to report: anything but a TrfError
        raise AssertionError(f"case {i} raised {type(exc).__name__}: {exc}") from exc
    assert isinstance(result, TrfFile), f"case {i}"


def test_fuzz_cases_are_reproducible():
    assert fuzz_case(7) == fuzz_case(7)
    assert fuzz_case(7) != fuzz_case(8)
    assert len(SOURCES) == 30


@pytest.mark.parametrize("block", range(10))
def test_fuzzed_reference_files_sample(block):
    for i in range(block * 10, block * 10 + 10):
        check_case(i)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(30))
def test_fuzzed_reference_files(block):
    for i in range(block * 100, block * 100 + 100):
        check_case(i)

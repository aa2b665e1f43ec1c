"""Reading the fixed-column fields of a TRF line: integers, points and scores, with errors.

Each helper raises :class:`~rules.files.trf.records.TrfError` with the 1-based line and column
of the field and a reason naming it.
"""

from __future__ import annotations

import re
from fractions import Fraction

from rules.files.trf.records import TrfError

_NUMBER_RE = re.compile(r"^\d+(\.\d+)?$")


def _fail(line: int, col0: int, reason: str) -> TrfError:
    return TrfError(line, col0 + 1, reason)


def _int_field(text: str, lineno: int, col0: int, what: str, *, blank: int | None = None) -> int:
    """Parse a right- or left-aligned non-negative integer field."""
    s = text.strip()
    if not s:
        if blank is None:
            raise _fail(lineno, col0, f"{what} is missing")
        return blank
    if not s.isdigit():
        raise _fail(lineno, col0, f"{what} {s!r} is not a number")
    return int(s)


def _points_field(text: str, lineno: int, col0: int, what: str) -> float:
    s = text.strip()
    if not s:
        return 0.0
    if not _NUMBER_RE.match(s):
        raise _fail(lineno, col0, f"{what} {s!r} is not a number")
    return float(s)


def _score_text(text: str, lineno: int, col0: int, what: str) -> float:
    return float(_score_exact(text, lineno, col0, what))


def _score_exact(text: str, lineno: int, col0: int, what: str) -> Fraction:
    s = text.strip()
    if not _NUMBER_RE.match(s):
        raise _fail(lineno, col0, f"{what} {s!r} is not a number")
    return Fraction(s)

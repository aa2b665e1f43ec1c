"""Reading the fixed-column fields of a TRF line: integers, points and scores, with errors.

Each helper raises :class:`~rules.files.trf.records.TrfError` with the 1-based line and column
of the field and a reason naming it. Only ASCII digits are numbers: ``str.isdigit()`` also
accepts ``²`` or ``٣``, which ``int()`` refuses or reads as another value.
"""

from __future__ import annotations

import re
from fractions import Fraction

from rules.files.trf.records import TrfError

_NUMBER_RE = re.compile(r"^[0-9]+(\.[0-9]+)?$")
_DIGITS_RE = re.compile(r"^[0-9]+$")

#: Longest number text read at all (a fixed-column field has at most 11 characters).
_MAX_NUMBER_TEXT = 18


def _fail(line: int, col0: int, reason: str) -> TrfError:
    return TrfError(line, col0 + 1, reason)


def _int_field(
    text: str,
    lineno: int,
    col0: int,
    what: str,
    *,
    blank: int | None = None,
    maximum: int | None = None,
) -> int:
    """Parse a right- or left-aligned non-negative integer field (at most ``maximum``)."""
    s = text.strip()
    if not s:
        if blank is None:
            raise _fail(lineno, col0, f"{what} is missing")
        return blank
    if not _DIGITS_RE.match(s):
        raise _fail(lineno, col0, f"{what} {_shown(s)} is not a number")
    digits = s.lstrip("0")
    if len(digits) > _MAX_NUMBER_TEXT or (maximum is not None and int(digits or 0) > maximum):
        limit = "" if maximum is None else f" (at most {maximum})"
        raise _fail(lineno, col0, f"{what} {_shown(s)} is too large{limit}")
    return int(s)


def _shown(s: str) -> str:
    """``s`` quoted for a message, cut short when long."""
    return repr(s) if len(s) <= 24 else repr(s[:20] + "…")


def _points_field(text: str, lineno: int, col0: int, what: str) -> float:
    s = text.strip()
    if not s:
        return 0.0
    if not _NUMBER_RE.match(s):
        raise _fail(lineno, col0, f"{what} {_shown(s)} is not a number")
    return float(s)


def _score_text(text: str, lineno: int, col0: int, what: str) -> float:
    return float(_score_exact(text, lineno, col0, what))


def _score_exact(text: str, lineno: int, col0: int, what: str) -> Fraction:
    s = text.strip()
    if not _NUMBER_RE.match(s):
        raise _fail(lineno, col0, f"{what} {_shown(s)} is not a number")
    if len(s) > _MAX_NUMBER_TEXT:
        raise _fail(lineno, col0, f"{what} {_shown(s)} is too long")
    return Fraction(s)


def _point_value(text: str, lineno: int, col0: int, what: str, maximum: Fraction) -> Fraction:
    """A point-system value: a score with at most one decimal, at most ``maximum``."""
    value = _score_exact(text, lineno, col0, what)
    if value > maximum:
        limit = f"at most {float(maximum):g}"
        raise _fail(lineno, col0, f"{what} {text.strip()} is too large ({limit})")
    if (value * 10).denominator != 1:
        raise _fail(lineno, col0, f"{what} {text.strip()} has more than one decimal")
    return value

"""Query-string parameters parsed, not trusted: ids, bounded numbers and text.

Every view that reads ``request.GET`` goes through these helpers. A number is made of ASCII
digits only (``str.isdigit()`` accepts "²" which ``int()`` refuses, and ``int()`` accepts
"٣" which is not an id we ever print); it must fit its column (a primary key or an
``IntegerField`` in PostgreSQL is a signed 32-bit integer) or its given bounds. Text loses
its NUL characters (PostgreSQL refuses them in a text value) and is cut to a length. A value
that does not parse gives ``None`` (or the default): the view decides whether that is a
message, a 404 or the page without the filter.
"""

from __future__ import annotations

import re

MAX_ID = 2**31 - 1
"""The largest value of an ``AutoField`` / ``IntegerField`` (a signed 32-bit integer)."""

MAX_BIGINT = 2**63 - 1
"""The largest value of a ``BigIntegerField`` (a FIDE ID, for one)."""

MAX_SMALL = 32767
"""The largest value of a ``SmallIntegerField`` / ``PositiveSmallIntegerField``."""

MAX_TEXT = 100
"""Text parameters (searches, slugs) are cut to this many characters."""

_ASCII_DIGITS = re.compile(r"[0-9]+")


def parse_int(
    raw: str | None, *, minimum: int = 0, maximum: int = MAX_ID, default: int | None = None
) -> int | None:
    """``raw`` (surrounding spaces ignored) as an integer in ``minimum..maximum``, else
    ``default``. Only ASCII digits, with an optional leading minus sign when ``minimum`` is
    negative; at most as many digits as ``maximum`` has, so a huge value is never converted."""
    if raw is None:
        return default
    text = raw.strip()
    negative = text.startswith("-") and minimum < 0
    digits = text[1:] if negative else text
    longest = len(str(max(abs(minimum), abs(maximum))))
    if not digits or len(digits) > longest or not _ASCII_DIGITS.fullmatch(digits):
        return default
    value = -int(digits) if negative else int(digits)
    if not minimum <= value <= maximum:
        return default
    return value


def parse_id(raw: str | None) -> int | None:
    """A primary key: ``1..MAX_ID`` in ASCII digits, else ``None``."""
    return parse_int(raw, minimum=1, maximum=MAX_ID)


def parse_text(raw: str | None, *, limit: int = MAX_TEXT) -> str:
    """``raw`` without NUL characters and surrounding spaces, at most ``limit`` characters
    (``""`` for a missing value)."""
    if raw is None:
        return ""
    return raw.replace("\x00", "").strip()[:limit]

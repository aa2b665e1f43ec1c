"""What the TRF reader accepts at most, and how it turns bytes into text.

Every number in a TRF is bounded: fixed-column fields by their width, the free-form ones (the
number of rounds, ``XXP``/``XXZ`` start ranks, point values) by :class:`TrfLimits`, so no
input can make the reader build huge lists or convert a number of thousands of digits. A caller
with smaller needs (the web import) passes its own limits.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from fractions import Fraction

from rules.files.trf.records import TrfError

#: Start ranks have four columns.
MAX_START_RANK = 9999


@dataclass(frozen=True)
class TrfLimits:
    """The most a file may hold: rounds (round columns and ``XXR``/``142``), player records,
    and the value of a point in the point system (``XXS``, ``162``, ``BB?``; at most one
    decimal, as the engines store scores in tenths).

    A ``250`` acceleration range may fill at most ``max_acceleration_cells`` (player, round)
    cells in all, counting only players of the file.
    """

    max_rounds: int = 999
    max_players: int = MAX_START_RANK
    max_point_value: Fraction = Fraction(9999, 10)
    max_acceleration_cells: int = 1_000_000


DEFAULT_LIMITS = TrfLimits()

#: Encodings tried in turn when none is given: UTF-8, then what older Windows programs wrote.
_FALLBACKS = ("utf-8", "cp1252", "latin-1")


def decode_trf(data: bytes, encoding: str | None = None) -> str:
    """The text of a TRF file's bytes.

    Without ``encoding``: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Latin-1 for
    the five bytes Windows-1252 leaves undefined). With ``encoding``, only that one; bytes it
    cannot decode raise :class:`TrfError` with the line and column of the first bad byte.
    ``LookupError`` for an unknown encoding name.
    """
    if encoding is not None:
        name = codecs.lookup(encoding).name
        try:
            return data.decode(name)
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
            raise TrfError(line, column, f"the file is not {encoding} text") from None
    for name in _FALLBACKS:
        try:
            return data.decode(name)
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover

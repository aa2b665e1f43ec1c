"""Dates as found in TRF files: the TRF form ``YYYY/MM/DD`` and the variants real files use."""

from __future__ import annotations

import datetime as _dt
import re

_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
    )
}


def parse_trf_date(text: str) -> _dt.date | None:
    """Read a date as found in TRF files, or return ``None`` when it cannot be read.

    Accepts ``YYYY/MM/DD`` (TRF), ``YYYY.MM.DD`` and ``YYYY-MM-DD``, ``DD.MM.YYYY`` (also with
    blanks, ``28. 07. 2005``), ``YY/MM/DD`` (round dates) and ``May 29, 2020``.
    """
    text = text.strip()
    if not text:
        return None
    try:
        m = re.fullmatch(r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})", text)
        if m:
            return _dt.date(int(m[1]), int(m[2]), int(m[3]))
        m = re.fullmatch(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4})", text)
        if m:
            return _dt.date(int(m[3]), int(m[2]), int(m[1]))
        m = re.fullmatch(r"(\d{2})/(\d{2})/(\d{2})", text)
        if m:
            return _dt.date(2000 + int(m[1]), int(m[2]), int(m[3]))
        m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", text)
        if m and m[1].lower() in _MONTHS:
            return _dt.date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
    except ValueError:
        return None
    return None

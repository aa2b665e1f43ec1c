"""One-line text for the files we write (TRF, EGD ``.h9``, FESA ``turnering.txt``).

Pure module: standard library only. Names, clubs and headers come from people; written as
they are, a line break in a name would start a new record of the file (``"Evil\\n001 …"``
adds a player line). :func:`one_line` makes such a value safe for a single field.
"""

from __future__ import annotations

import unicodedata

#: Unicode categories that never belong inside a field: control characters (``Cc``: tabs,
#: line feeds, NUL, DEL, C1 controls such as NEL), format characters (``Cf``: bidi
#: overrides, zero-width joiners), line and paragraph separators (``Zl``, ``Zp``),
#: surrogates and private use.
_UNSAFE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co"})


def one_line(text: str) -> str:
    """``text`` without control or separator characters: each run of them (and of spaces
    around them) becomes one space; the result is stripped."""
    cleaned = "".join(" " if unicodedata.category(c) in _UNSAFE else c for c in str(text))
    if cleaned == text:
        return cleaned.strip()
    return " ".join(cleaned.split())

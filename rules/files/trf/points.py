"""Reading the point system of a TRF file: records ``162`` (TRF-2026), ``XXS`` and ``BB*``.

The records fill a dictionary of :class:`~rules.scoring.PointSystem` field values, which
:func:`_point_system` turns into the file's point system once every line is read.
"""

from __future__ import annotations

from fractions import Fraction

from rules.files.trf.fields import _fail, _point_value
from rules.files.trf.records import TrfError
from rules.scoring import PointSystem


def _read_162(line: int, text: str, ps: dict[str, Fraction], maximum: Fraction) -> None:
    """TRF-2026 point system: symbol at column 6, value at 7-10, next pair 9 columns on.

    A value wider than its four columns is refused as that symbol's value (too large, or not
    fitting its columns), never read in part nor reported against the next symbol.
    """
    start = 5
    while start < len(text.rstrip()):
        symbol = text[start]
        what = f"162 value for {symbol}"
        if text[start + 5 : start + 9].strip():
            _overflowing_162(text[start + 1 : start + 9], line, start + 1, what, maximum)
        value = _point_value(text[start + 1 : start + 5], line, start + 1, what, maximum)
        if symbol == "W":
            ps["win"] = ps["forfeit_win"] = ps["full_bye"] = value
        elif symbol == "D":
            ps["draw"] = ps["half_bye"] = value
        elif symbol == "L":
            ps["loss"] = value
        elif symbol in ("A", "Z"):
            ps["zero_bye"] = ps["forfeit_loss"] = value
        elif symbol == "P":
            ps["pab"] = value
        elif symbol == "X":
            pass  # unknown-result value: not used for scoring
        else:
            raise _fail(line, start, f"162: unknown point symbol {symbol!r} (expected W D L A P X)")
        start += 9


def _overflowing_162(field: str, line: int, col0: int, what: str, maximum: Fraction) -> None:
    """Raise for a ``162`` value running past its columns 7-10 into the blank ones after it."""
    text = field.strip()
    if " " not in text:
        _point_value(text, line, col0, what, maximum)  # "too large" or "not a number"
    raise _fail(line, col0, f"{what} {text!r} does not fit its four columns")


_XXS_FIELDS = {
    "WW": ("win",),
    "BW": ("win_black",),
    "W": ("win", "win_black"),
    "WD": ("draw",),
    "BD": ("draw_black",),
    "D": ("draw", "draw_black"),
    "WL": ("loss",),
    "BL": ("loss_black",),
    "L": ("loss", "loss_black"),
    "ZPB": ("zero_bye",),
    "HPB": ("half_bye",),
    "FPB": ("full_bye",),
    "PAB": ("pab",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
}
_BB_FIELDS = {
    "BBW": ("win",),
    "BBD": ("draw",),
    "BBL": ("loss",),
    "BBZ": ("zero_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pab",),
}


def _point_system(values: dict[str, Fraction]) -> PointSystem:
    if "win_black" in values and values["win_black"] != values.get("win", 1.0):
        raise TrfError(1, 1, "colour-dependent points (XXS WW/BW) are not supported")
    kwargs = {k: v for k, v in values.items() if k in PointSystem.__dataclass_fields__}
    if "pab" not in kwargs and "win" in kwargs:
        kwargs["pab"] = kwargs["win"]
    if "win" in kwargs:
        kwargs.setdefault("forfeit_win", kwargs["win"])
        kwargs.setdefault("full_bye", kwargs["win"])
    if "draw" in kwargs:
        kwargs.setdefault("half_bye", kwargs["draw"])
    return PointSystem(**kwargs)


def _read_xxs(line: int, raw: str, rest: str, ps: dict[str, Fraction], maximum: Fraction) -> None:
    """bbpPairings point system: ``XXS W=1 D=0.5 …`` entries."""
    for token in rest.split():
        key, sep, value = token.partition("=")
        if not sep or key.upper() not in _XXS_FIELDS:
            raise _fail(line, raw.find(token), f"XXS: unknown entry {token!r}")
        pts = _point_value(value, line, raw.find(token), f"XXS value for {key}", maximum)
        for name in _XXS_FIELDS[key.upper()]:
            ps[name] = pts


def _read_bb(line: int, code: str, rest: str, ps: dict[str, Fraction], maximum: Fraction) -> None:
    """JaVaFo point system: one ``BBW``/``BBD``/… record per value."""
    pts = _point_value(rest[:8], line, 4, f"{code} value", maximum)
    for name in _BB_FIELDS[code]:
        ps[name] = pts

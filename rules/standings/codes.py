"""Tie-break codes: the TRF-2026 / MTB grammar parsed into :class:`TieBreak`, and the presets.

:func:`parse_tiebreak` reads one code (``BH/C1``, ``KS/L-1``, ``ARO/U1400`` …, with the dashed
names and aliases of the regulations); :data:`PRESETS` are our reading of FIDE's
recommendations per format, plus the 2005 and McMahon orders.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.standings.model import _HALF

_NAMES = {
    "PTS": "PTS",
    "BH": "BH",
    "FB": "FB",
    "AOB": "AOB",
    "SB": "SB",
    "KS": "KS",
    "KOYA": "KS",
    "DE": "DE",
    "WIN": "WIN",
    "WON": "WON",
    "BPG": "BPG",
    "BWG": "BWG",
    "PS": "PS",
    "REP": "REP",
    "GE": "REP",
    "STD": "STD",
    "TPN": "TPN",
    "SNO": "TPN",
    "ARO": "ARO",
    "TPR": "TPR",
    "PTP": "PTP",
    "APRO": "APRO",
    "APPO": "APPO",
    "RTNG": "RTNG",
    "MMS": "MMS",
    "SOS": "SOS",
    "SODOS": "SODOS",
    "SOSOS": "SOSOS",
}
_CUT = frozenset({"BH", "FB", "SB", "PS", "ARO"})
_MEDIAN = frozenset({"BH", "FB", "ARO"})
_RATING = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
#: The rating tie-breaks (C.07 Art. 10): dropped when a player is unrated (and the
#: tournament gives unrated players no rating).
RATING_CODES = _RATING
_ASCENDING = frozenset({"TPN", "DE"})


@dataclass(frozen=True)
class TieBreak:
    """One parsed tie-break: canonical acronym plus modifiers.

    ``cut_low``/``cut_high`` (``/Cn`` drops the n least significant values, ``/Mn`` n of each
    end), ``limit_percent``/``limit_offset`` (Koya: ``/L-1`` lowers the 50 % limit by half a
    point, ``/L60`` sets 60 %), ``unrated`` (``/U1400``: rating for unrated players),
    ``fore`` (``/F``: AOB of Fore Buchholz), ``forfeits`` (``/P``: DE counts forfeits),
    ``reverse`` (``/R``: reverse the natural order, e.g. TPN descending).
    """

    name: str
    cut_low: int = 0
    cut_high: int = 0
    limit_percent: Fraction = Fraction(50)
    limit_offset: Fraction = Fraction(0)
    unrated: int | None = None
    fore: bool = False
    forfeits: bool = False
    reverse: bool = False

    @property
    def code(self) -> str:
        """The canonical TRF-2026 code, e.g. ``BH/C1`` or ``KS/L-1``."""
        parts = [self.name]
        if self.cut_low and self.cut_low == self.cut_high:
            parts.append(f"M{self.cut_low}")
        elif self.cut_low:
            parts.append(f"C{self.cut_low}")
        if self.limit_percent != 50:
            parts.append(f"L{self.limit_percent}")
        if self.limit_offset:
            steps = self.limit_offset / _HALF
            parts.append(f"L{'+' if steps > 0 else '-'}{abs(steps)}")
        if self.unrated is not None:
            parts.append(f"U{self.unrated}")
        if self.fore and self.name != "FB":
            parts.append("F")
        if self.forfeits:
            parts.append("P")
        if self.reverse:
            parts.append("R")
        return "/".join(parts)

    @property
    def ascending(self) -> bool:
        """Whether lower values rank higher (TPN, DE), after ``/R``."""
        return (self.name in _ASCENDING) != self.reverse

    def __str__(self) -> str:
        return self.code


_DASHED = re.compile(r"^(BH|FB|SB|ARO|PS)-([CM]\d+)$")


def parse_tiebreak(code: str) -> TieBreak:
    """Parse one code of the TRF-2026/MTB grammar ``NAME[/modifier]…`` (case-insensitive).

    Also accepted: the dashed names of the regulations (``BH-C1``, ``BH-M2``, ``SB-C1``) and
    the aliases ``GE`` (REP), ``SNO`` (TPN), ``KOYA`` (KS). A ``:GP``/``:MP`` point-type suffix
    is accepted and ignored (individual events have one score).

    >>> parse_tiebreak("ks/l-1").limit_offset
    Fraction(-1, 2)
    """
    text = code.strip().upper().replace("!", "/").replace("#", "/")
    dashed = _DASHED.match(text)
    if dashed:
        text = f"{dashed.group(1)}/{dashed.group(2)}"
    head, *modifiers = text.split("/")
    name = _NAMES.get(head.split(":")[0])
    if name is None:
        raise ValueError(f"unknown tie-break {code!r}")
    tb = TieBreak(name=name, fore=name == "FB")
    for mod in modifiers:
        tb = _apply_modifier(tb, mod, code)
    return tb


def _apply_modifier(tb: TieBreak, mod: str, code: str) -> TieBreak:
    kind, arg = mod[:1], mod[1:]
    if kind == "C" and arg.isdigit() and tb.name in _CUT:
        return replace(tb, cut_low=int(arg), cut_high=0)
    if kind == "M" and arg.isdigit() and tb.name in _MEDIAN:
        return replace(tb, cut_low=int(arg), cut_high=int(arg))
    if kind == "L" and tb.name == "KS":
        if arg.isdigit():
            return replace(tb, limit_percent=Fraction(arg))
        match = re.fullmatch(r"([+-])(\d+(?:\.\d+)?)", arg)
        if match:
            sign = 1 if match.group(1) == "+" else -1
            amount = Fraction(match.group(2))
            # "L-1" moves the limit by half-point steps; "L-1.0" by points (as in Gacrux).
            steps = amount if "." in arg else amount * _HALF
            return replace(tb, limit_offset=sign * steps)
    if kind == "U" and arg.isdigit() and tb.name in _RATING:
        return replace(tb, unrated=int(arg))
    if mod == "F" and tb.name in {"AOB", "BH", "FB"}:
        return replace(tb, name="FB" if tb.name == "BH" else tb.name, fore=True)
    if mod == "P" and tb.name == "DE":
        return replace(tb, forfeits=True)
    if mod == "R":
        return replace(tb, reverse=True)
    raise ValueError(f"modifier /{mod} is not valid in {code!r}")


def parse_tiebreaks(codes: str | Iterable[str]) -> tuple[TieBreak, ...]:
    """Parse an ordered list: an iterable of codes or one string separated by commas/spaces."""
    items = re.split(r"[,\s]+", codes) if isinstance(codes, str) else list(codes)
    return tuple(parse_tiebreak(item) for item in items if item and item.strip())


#: Presets (our reading of FIDE's recommendations; Buchholz never for round robins, Art. 8).
PRESETS: dict[str, tuple[TieBreak, ...]] = {
    "swiss": parse_tiebreaks("BH/C1 BH DE WIN BWG BPG"),
    "swiss-rated": parse_tiebreaks("BH/C1 BH DE ARO/C1 WIN BWG BPG"),
    "round-robin": parse_tiebreaks("DE WIN SB KS"),
    # With edition="2005": the ranking of the 2005 programs (reproduces example1.trf).
    "swiss-2005": parse_tiebreaks("BH SB WIN TPN"),
    # Go and shogi (McMahon and Swiss): the order of the go programs.
    "mcmahon": parse_tiebreaks("MMS SOS SODOS SOSOS"),
}

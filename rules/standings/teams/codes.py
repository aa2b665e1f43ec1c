"""Team tie-break codes: ``NAME[:MP|:GP][/modifier]…`` parsed into :class:`TeamTieBreak`.

The names are the team tie-breaks of C.07 and of FIDE's reference checker (its ``:MP``/``:GP``
specifiers): the individual ones read on match or game points, the extended Sonneborn-Berger
family (``EMMSB`` …: opponents' match or game points × own match or game points), ``MPVGP``
(the score that is not the primary one), ``EDE`` (direct encounter on the primary, then the
secondary score), ``BC``, ``TBR``, ``BBE`` and ``SSSC``. Modifiers: ``/Cn`` and ``/Mn`` (cut
and median: BH, SB, PS and the extended SB; median BH only), ``/L±n`` and ``/Ln`` (Koya's
limit), ``/P`` (DE: forfeited matches count), ``/R`` (reverse).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

_NAMES = {
    "PTS": "PTS",
    "MPTS": "PTS",
    "GPTS": "PTS",
    "MPVGP": "MPVGP",
    "BH": "BH",
    "SB": "SB",
    "AOB": "AOB",
    "KS": "KS",
    "KOYA": "KS",
    "PS": "PS",
    "WIN": "WIN",
    "WON": "WON",
    "BPG": "BPG",
    "BWG": "BWG",
    "REP": "REP",
    "GE": "REP",
    "STD": "STD",
    "TPN": "TPN",
    "SNO": "TPN",
    "DE": "DE",
    "EDE": "EDE",
    "EMMSB": "EMMSB",
    "EMGSB": "EMGSB",
    "EGMSB": "EGMSB",
    "EGGSB": "EGGSB",
    "BC": "BC",
    "TBR": "TBR",
    "BBE": "BBE",
    "SSSC": "SSSC",
}
EXTENDED_SB = frozenset({"EMMSB", "EMGSB", "EGMSB", "EGGSB"})
_CUT = frozenset({"BH", "SB", "PS", *EXTENDED_SB})
_MEDIAN = frozenset({"BH"})
#: Lower values rank higher: pairing numbers, positions in a tied group, the board count.
_ASCENDING = frozenset({"TPN", "DE", "EDE", "BC", "TBR", "BBE"})


@dataclass(frozen=True)
class TeamTieBreak:
    """One parsed team tie-break: canonical name, the score it reads and its modifiers.

    ``score`` is ``"MP"``, ``"GP"`` or ``None`` (the tournament's primary score). The extended
    Sonneborn-Berger names fix their scores: ``EMGSB`` reads the opponents' match points and
    the team's own game points.
    """

    name: str
    score: str | None = None
    cut_low: int = 0
    cut_high: int = 0
    limit_percent: Fraction = Fraction(50)
    limit_offset: Fraction = Fraction(0)
    forfeits: bool = False
    reverse: bool = False

    @property
    def code(self) -> str:
        parts = [self.name + (f":{self.score}" if self.score else "")]
        if self.cut_low and self.cut_low == self.cut_high:
            parts.append(f"M{self.cut_low}")
        elif self.cut_low:
            parts.append(f"C{self.cut_low}")
        if self.limit_percent != 50:
            parts.append(f"L{self.limit_percent}")
        if self.limit_offset:
            parts.append(f"L{'+' if self.limit_offset > 0 else '-'}{abs(self.limit_offset) * 2}")
        if self.forfeits:
            parts.append("P")
        if self.reverse:
            parts.append("R")
        return "/".join(parts)

    @property
    def ascending(self) -> bool:
        return (self.name in _ASCENDING) != self.reverse

    def __str__(self) -> str:
        return self.code


def parse_team_tiebreak(code: str) -> TeamTieBreak:
    """Parse one team code (case-insensitive), e.g. ``BH:GP/C1``, ``EMGSB``, ``KS:MP/L-1``.

    >>> parse_team_tiebreak("bh:gp/c1").code
    'BH:GP/C1'
    """
    text = code.strip().upper().replace("!", "/").replace("#", "/")
    head, *modifiers = text.split("/")
    name_part, _, score = head.partition(":")
    name = _NAMES.get(name_part)
    if name is None:
        raise ValueError(f"unknown team tie-break {code!r}")
    if name_part in {"MPTS", "GPTS"}:
        score = name_part[0] + "P"
    if score not in {"", "MP", "GP"}:
        raise ValueError(f"the score of {code!r} must be :MP or :GP")
    tb = TeamTieBreak(name=name, score=score or None)
    for mod in modifiers:
        tb = _apply_modifier(tb, mod, code)
    return tb


def _apply_modifier(tb: TeamTieBreak, mod: str, code: str) -> TeamTieBreak:
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
            amount = Fraction(match.group(2))
            # "L-1" moves the limit by half points, "L-1.0" by points (as the checker reads it)
            steps = amount if "." in arg else amount / 2
            return replace(tb, limit_offset=steps if match.group(1) == "+" else -steps)
    if mod == "P" and tb.name in {"DE", "EDE"}:
        return replace(tb, forfeits=True)
    if mod == "R":
        return replace(tb, reverse=True)
    raise ValueError(f"modifier /{mod} is not valid in {code!r}")


def parse_team_tiebreaks(codes: str | Iterable[str]) -> tuple[TeamTieBreak, ...]:
    """Parse an ordered list: an iterable of codes or one string separated by commas/spaces."""
    items = re.split(r"[,\s]+", codes) if isinstance(codes, str) else list(codes)
    return tuple(parse_team_tiebreak(item) for item in items if item and item.strip())


#: Presets: our reading of C.07's recommendations for teams (the Buchholz family never for
#: round robins).
TEAM_PRESETS: dict[str, tuple[TeamTieBreak, ...]] = {
    "swiss": parse_team_tiebreaks("MPVGP BH:MP/C1 BH:MP DE EMGSB"),
    "round-robin": parse_team_tiebreaks("MPVGP DE EMGSB BC"),
}

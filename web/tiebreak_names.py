"""Translated names of the tie-break codes (FIDE C.07 / TRF-2026), for legends and forms."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.standings import TieBreak

NAMES = {
    "PTS": gettext_lazy("Points"),
    "BH": gettext_lazy("Buchholz"),
    "FB": gettext_lazy("Fore Buchholz"),
    "AOB": gettext_lazy("Average of the opponents' Buchholz"),
    "SB": gettext_lazy("Sonneborn-Berger"),
    "KS": gettext_lazy("Koya system"),
    "DE": gettext_lazy("Direct encounter"),
    "WIN": gettext_lazy("Number of wins (played or not)"),
    "WON": gettext_lazy("Games won over the board"),
    "BPG": gettext_lazy("Games played with Black"),
    "BWG": gettext_lazy("Games won with Black"),
    "PS": gettext_lazy("Progressive score"),
    "REP": gettext_lazy("Rounds one elected to play"),
    "STD": gettext_lazy("Standard points"),
    "TPN": gettext_lazy("Pairing number"),
    "ARO": gettext_lazy("Average rating of the opponents"),
    "TPR": gettext_lazy("Tournament performance rating"),
    "PTP": gettext_lazy("Perfect tournament performance"),
    "APRO": gettext_lazy("Average performance rating of the opponents"),
    "APPO": gettext_lazy("Average perfect performance of the opponents"),
    "RTNG": gettext_lazy("Own rating"),
    "MMS": gettext_lazy("McMahon score"),
    "SOS": gettext_lazy("Sum of the opponents' McMahon scores"),
    "SODOS": gettext_lazy("Sum of the defeated opponents' McMahon scores"),
    "SOSOS": gettext_lazy("Sum of the opponents' SOS"),
}


def describe(tb: TieBreak) -> str:
    """A tie-break's name with its modifiers, e.g. "Buchholz, cut 1"."""
    parts = [str(NAMES[tb.name])]
    if tb.cut_low and tb.cut_low == tb.cut_high:
        parts.append(_("median %(n)d") % {"n": tb.cut_low})
    elif tb.cut_low:
        parts.append(_("cut %(n)d") % {"n": tb.cut_low})
    if tb.limit_percent != 50 or tb.limit_offset:
        parts.append(_("modified limit"))
    if tb.unrated is not None:
        parts.append(_("unrated players count as %(rating)d") % {"rating": tb.unrated})
    if tb.fore and tb.name != "FB":
        parts.append(_("Fore variant"))
    if tb.forfeits:
        parts.append(_("forfeits count"))
    if tb.reverse:
        parts.append(_("reversed"))
    return ", ".join(parts)


#: The team tie-breaks' own names (C.07, FIDE's team checker); the others are :data:`NAMES`'.
TEAM_NAMES = {
    "MPVGP": gettext_lazy("The other score (game points after match points, or the reverse)"),
    "EDE": gettext_lazy("Direct encounter on both scores"),
    "EMMSB": gettext_lazy("Opponents' match points × own match points"),
    "EMGSB": gettext_lazy("Opponents' match points × own game points"),
    "EGMSB": gettext_lazy("Opponents' game points × own match points"),
    "EGGSB": gettext_lazy("Opponents' game points × own game points"),
    "BC": gettext_lazy("Board count"),
    "TBR": gettext_lazy("Top board result"),
    "BBE": gettext_lazy("Bottom board elimination"),
    "SSSC": gettext_lazy("Sum of the squares of the scores"),
}
SCORES = {"MP": gettext_lazy("match points"), "GP": gettext_lazy("game points")}


def describe_team(tb) -> str:
    """A team tie-break's name, the score it reads and its cut, e.g. "Buchholz (match
    points), cut 1" (``tb``: a :class:`rules.standings.teams.TeamTieBreak`)."""
    name = str(TEAM_NAMES.get(tb.name) or NAMES.get(tb.name) or tb.name)
    if tb.score:
        name = f"{name} ({SCORES[tb.score]})"
    parts = [name]
    if tb.cut_low and tb.cut_low == tb.cut_high:
        parts.append(_("median %(n)d") % {"n": tb.cut_low})
    elif tb.cut_low:
        parts.append(_("cut %(n)d") % {"n": tb.cut_low})
    if tb.forfeits:
        parts.append(_("forfeits count"))
    if tb.reverse:
        parts.append(_("reversed"))
    return ", ".join(parts)

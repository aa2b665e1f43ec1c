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

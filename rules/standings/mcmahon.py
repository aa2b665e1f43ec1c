"""The McMahon tie-breaks of the go programs: MMS, SOS, SODOS and SOSOS.

Only games played over the board count; a round without one counts a virtual opponent with the
player's own final MMS in SOS (own SOS in SOSOS) and nothing in SODOS.
"""

from __future__ import annotations

from fractions import Fraction

from rules.standings.event import _Event
from rules.standings.model import Value

_MCMAHON = frozenset({"MMS", "SOS", "SODOS", "SOSOS"})


def _mcmahon(ev: _Event, name: str) -> dict[int, Value]:
    if name == "MMS":
        return dict(ev.mms)
    if name == "SOS":
        return dict(ev.sos)
    if name == "SOSOS":
        return {n: ev._sum_opponents(n, ev.sos) for n in ev.rounds}
    return {
        n: sum(
            (ev.mms[r.opponent] * r.standard for r in rs if r.otb and r.opponent is not None),
            Fraction(0),
        )
        for n, rs in ev.rounds.items()
    }

"""A tournament frozen after a round, with the derived scores the tie-breaks read (Art. 15–16).

:class:`_Event` holds every player's rounds up to the cut-off with their points, the McMahon
scores and the ratings for rating tie-breaks; :class:`_View` gives the per-round values of the
Buchholz family (real rounds or the Fore view), including the treatment of unplayed rounds of
each edition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from rules.standings.codes import TieBreak
from rules.standings.model import _HALF, _OTB_CODES, Entry, Tournament


@dataclass(frozen=True)
class _Round:
    opponent: int | None
    colour: str | None
    code: str
    points: Fraction

    @property
    def otb(self) -> bool:
        return self.opponent is not None and self.code in _OTB_CODES

    @property
    def vur(self) -> bool:
        """A voluntarily unplayed round: requested bye or forfeit loss (Art. 16.1)."""
        return self.code in "HZ-"

    @property
    def standard(self) -> Fraction:
        """The result on the 1 / ½ / 0 scale (rating tie-breaks)."""
        return {"1": Fraction(1), "W": Fraction(1), "=": _HALF, "D": _HALF}.get(
            self.code, Fraction(0)
        )


class _Event:
    """A tournament frozen after round ``k``, with the derived scores of Art. 16."""

    def __init__(self, tournament: Tournament, after_round: int) -> None:
        self.t = tournament
        self.k = after_round
        self.ps = tournament.points
        self.rr = tournament.round_robin
        self.players = {p.tpn: p for p in tournament.players}
        self.rounds: dict[int, list[_Round]] = {}
        for p in tournament.players:
            rows = []
            for r in range(after_round):
                e = p.entries[r] if r < len(p.entries) else Entry()
                rows.append(_Round(e.opponent, e.colour, e.result, self.ps.points(e.result)))
            self.rounds[p.tpn] = rows

    # ---- scores

    @cached_property
    def score(self) -> dict[int, Fraction]:
        return {n: sum((r.points for r in rs), Fraction(0)) for n, rs in self.rounds.items()}

    @cached_property
    def mms(self) -> dict[int, Fraction]:
        """The McMahon score: initial score + points (the primary order)."""
        return {n: self.players[n].initial_score + s for n, s in self.score.items()}

    @cached_property
    def sos(self) -> dict[int, Fraction]:
        return {n: self._sum_opponents(n, self.mms) for n in self.rounds}

    def _sum_opponents(self, n: int, values: Mapping[int, Fraction]) -> Fraction:
        """Σ over rounds of the opponent's value; own value for rounds without a game."""
        return sum(
            (
                values[r.opponent] if r.otb and r.opponent is not None else values[n]
                for r in self.rounds[n]
            ),
            Fraction(0),
        )

    def view(self, fore: bool) -> _View:
        return self._fore_view if fore else self._plain_view

    @cached_property
    def _plain_view(self) -> _View:
        return _View(self, fore=False)

    @cached_property
    def _fore_view(self) -> _View:
        return _View(self, fore=True)

    def allrated(self, tb: TieBreak) -> dict[int, int] | None:
        """Ratings for rating tie-breaks, or ``None`` when they must be dropped (Art. 10)."""
        fallback = tb.unrated if tb.unrated is not None else self.t.unrated_rating
        ratings = {}
        for n, p in self.players.items():
            value = p.rating if p.rating is not None else fallback
            if value is None:
                return None
            ratings[n] = value
        return ratings


class _View:
    """Per-round values for Buchholz-type tie-breaks: real rounds, or the Fore view (Art. 8.3)
    in which every final-round game counts as a played draw."""

    def __init__(self, ev: _Event, *, fore: bool) -> None:
        self.ev = ev
        last = ev.t.rounds
        fore = fore and ev.k >= last
        self.points: dict[int, list[Fraction]] = {}
        self.otb: dict[int, list[bool]] = {}
        self.lna: dict[int, int] = {}
        for n, rs in ev.rounds.items():
            pts = [r.points for r in rs]
            otb = [r.otb or (ev.rr and r.opponent is not None) for r in rs]
            lna = max((i + 1 for i, r in enumerate(rs) if not r.vur), default=0)
            if fore:
                final = rs[last - 1]
                if final.opponent is not None or final.code == "U":
                    lna = last
                if final.opponent is not None:
                    pts[last - 1] = ev.ps.draw
                    otb[last - 1] = True
            self.points[n], self.otb[n], self.lna[n] = pts, otb, lna
        self.own = {n: sum(pts, Fraction(0)) for n, pts in self.points.items()}
        filler = Fraction(0) if ev.rr else ev.ps.draw
        self.legacy = ev.t.edition == "2005" and not ev.rr
        self.adjusted: dict[int, Fraction] = {}
        #: What ``adjusted`` counts for each round (the 2005 forfeit partners need it).
        self.counted: dict[int, list[Fraction]] = {}
        for n, rs in ev.rounds.items():
            counted = []
            for i, r in enumerate(rs):
                if self.legacy:
                    unplayed = not self.otb[n][i] and (
                        r.opponent is not None or self.points[n][i] > 0
                    )
                    counted.append(ev.ps.draw if unplayed else self.points[n][i])
                else:
                    keep = i + 1 <= self.lna[n] or r.opponent is not None
                    counted.append(self.points[n][i] if keep else filler)
            self.counted[n] = counted
            self.adjusted[n] = sum(counted, Fraction(0))

    def contributions(self, n: int) -> list[tuple[Fraction, Fraction, bool]]:
        """Per counted round: (opponent value, SB product, VUR?) — Art. 8.1, 9.1, 16.4."""
        ev = self.ev
        out = []
        cap_byes = ev.ps.draw * ev.k
        for i, r in enumerate(ev.rounds[n]):
            if self.otb[n][i] and r.opponent is not None:
                value, vur = self.adjusted[r.opponent], False
            elif ev.rr:
                continue  # the bye of an odd round robin is left out (Art. 15.2)
            elif self.legacy:
                out.append(self._legacy_unplayed(n, i))
                continue
            else:
                value, vur = self.own[n], r.vur
                if ev.t.edition == "2026":
                    if r.opponent is not None:  # 16.4.1 forfeits
                        value = min(value, self.adjusted[r.opponent])
                    else:  # 16.4.2 byes
                        value = min(value, cap_byes)
            out.append((value, value * r.points, vur))
        return out

    def _legacy_unplayed(self, n: int, i: int) -> tuple[Fraction, Fraction, bool]:
        """Edition 2005: player ``n``'s unplayed round ``i`` (0-based) as (value, SB, VUR?)."""
        ev = self.ev
        r = ev.rounds[n][i]
        points = self.points[n][i]
        if r.opponent is not None:  # a forfeit: the partner as others see him, this round real
            o = r.opponent
            value = self.adjusted[o] - self.counted[o][i] + self.points[o][i]
        elif points > 0:  # a bye with points: a virtual opponent drawing every round
            value = ev.ps.draw * ev.k
        else:
            value = Fraction(0)
        return value, value * min(points, ev.ps.draw), r.vur


def _after(tournament: Tournament, after_round: int | None) -> int:
    k = tournament.rounds_played if after_round is None else after_round
    if not 0 <= k <= max(tournament.rounds, tournament.rounds_played):
        raise ValueError(f"after_round must be within 0..{tournament.rounds}, got {after_round}")
    return k

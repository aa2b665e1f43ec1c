"""Standings, FIDE C.07 tie-breaks, crosstables and progress tables.

Pure module: standard library plus the pure :mod:`rules.ratings.fide` (tables 8.1.1 and
8.1.2); no Django, nothing else from our apps.

Rules implemented: FIDE C.07 "Play-Off and Tie-Break Regulations" applied from 1 March 2026
(``edition="2026"``, the default). ``edition="2024"`` gives the text applied from
1 August 2024 to 28 February 2026, which differs only in the dummy opponent of Art. 16.4
(not capped). Article numbers below are those of the 2026 text. ``edition="2005"`` is not a
FIDE text: it is the treatment of unplayed games by the Swiss programs of 2005, reconstructed
from (and tested against) the rank column of FIDE's TRF sample ``example1.trf``; see below.

Input is plain frozen dataclasses (:class:`Tournament`, :class:`Player`, :class:`Entry`,
:class:`PointSystem`); results use the TRF vocabulary (``1 = 0 + - W D L H F U Z``, blank ≡
``Z``). Points are exact :class:`~fractions.Fraction` values. Tie-breaks are named with the
TRF-2026 / MTB codes (``BH/C1``, ``SB/C1``, ``KS/L-1``, ``ARO/C1``, ``AOB/F``, ``TPN/R`` …) and
parsed by :func:`parse_tiebreak`.

Main entry points: :func:`standings` (ordered rows with shared places), :func:`tiebreak_values`,
:func:`progress_table`, :func:`crosstable`, the presets :data:`PRESETS`.

How unplayed rounds are treated (Art. 15–16):

- An *OTB* round is one with an opponent and a result ``1 = 0 W D L``. In a round robin
  (Art. 15.2) forfeits count as played games for BH, SB, KS and DE, but never for the rating
  tie-breaks; rounds without an opponent (the bye of an odd field) are left out.
- Swiss (Art. 16): a *VUR* is a requested bye (``H``, ``Z``) or a forfeit loss. The score of a
  player as seen by opponents (16.3) counts every round at the points awarded, except
  requested byes followed only by VURs (a withdrawal), which count as draws.
- A player's own unplayed rounds (16.4) are games against a dummy whose score is the player's
  own final score; in the 2026 text capped at the scheduled opponent's adjusted score for
  forfeits and at draw points × rounds for byes.
- Cut and median (16.5): the lowest VUR contribution is cut first as long as it is not lower
  than the least significant value.

``edition="2005"`` (Swiss only; round robins as above), with the ranking ``BH SB WIN TPN``
(:data:`PRESETS` ``"swiss-2005"``):

- the score of a player as seen by opponents counts every forfeit (won or lost) and every bye
  that gave points (``U F H``) as a draw; rounds without a game and without points (``Z``,
  blank, the rounds after a withdrawal) count what they gave (nothing);
- a player's own forfeit counts the forfeit partner's score as seen by others, except that the
  forfeit itself counts at its real result (the winner sees the partner's 0, the loser his 1);
- a player's own bye that gave points counts a virtual opponent drawing every round
  (draw × rounds); a zero-point round counts 0;
- in SB an unplayed round counts at most a draw (a forfeit win or a PAB as ½).

McMahon (go, shogi): a player may start with an initial McMahon score
(:attr:`Player.initial_score`); players are then ranked by the McMahon score MMS = initial
score + points (the primary order of :func:`standings`; it is the points when every initial
score is 0). Tie-breaks of the go programs: ``MMS`` (the McMahon score itself), ``SOS`` (sum of
the opponents' final MMS), ``SODOS`` (sum of the final MMS of the opponents beaten, half of
those drawn) and ``SOSOS`` (sum of the opponents' SOS). Only games played over the board count;
a round without one (bye, forfeit, absence) counts a virtual opponent with the player's own
final MMS in SOS (own SOS in SOSOS) and nothing in SODOS. Preset ``"mcmahon"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from functools import cached_property

from rules.ratings.fide import (
    average_rating,
    difference_for_percentage,
    percentage,
    probability_for_difference,
    rating_change,
)
from rules.scoring import PointSystem, normal_code

__all__ = [
    "EDITIONS",
    "PRESETS",
    "Crosstable",
    "Entry",
    "Player",
    "PointSystem",
    "Row",
    "Standings",
    "TieBreak",
    "Tournament",
    "Value",
    "crosstable",
    "format_value",
    "parse_tiebreak",
    "parse_tiebreaks",
    "progress_table",
    "standings",
    "tiebreak_values",
]

Value = Fraction | int | None
EDITIONS: tuple[str, ...] = ("2026", "2024", "2005")

_HALF = Fraction(1, 2)
_OTB_CODES = frozenset("1=0WDL")
_COLOURS = frozenset({"w", "b", None})
_PTP_SPAN = 800  # PTP for a zero score: lowest opponent - 800 (Art. 10.3)
_PD_SATURATION = 736  # table 8.1.2 gives PD = 1.00 from a difference of 736 on


# --------------------------------------------------------------------------- input


@dataclass(frozen=True)
class Entry:
    """One player's round: opponent's pairing number (or ``None``), colour, TRF result code.

    Byes have no opponent and no colour (``Entry(result="H")``); a forfeit keeps its
    scheduled opponent and colour (``Entry(7, "w", "+")``).
    """

    opponent: int | None = None
    colour: str | None = None
    result: str = "Z"

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", normal_code(self.result))
        colour = self.colour.lower() if self.colour and self.colour != "-" else None
        if colour not in _COLOURS:
            raise ValueError(f"colour must be 'w', 'b' or None, got {self.colour!r}")
        object.__setattr__(self, "colour", colour)
        if self.opponent is not None and self.opponent <= 0:
            object.__setattr__(self, "opponent", None)
        if self.opponent is None and self.result in _OTB_CODES:
            raise ValueError(f"result {self.result!r} needs an opponent")


@dataclass(frozen=True)
class Player:
    """A participant: tournament pairing number (TPN), name, rating (``None`` = unrated) and
    one :class:`Entry` per round played so far. ``k`` is the player's K factor for the
    rating-change column (``None``: no column)."""

    tpn: int
    name: str = ""
    rating: int | None = None
    entries: tuple[Entry, ...] = ()
    k: int | None = None
    initial_score: Fraction = Fraction(0)


@dataclass(frozen=True)
class Tournament:
    """An individual event as the tie-breaks see it.

    ``rounds`` is the number of rounds of the event (planned). ``round_robin`` selects Art. 15.2
    (pre-determined pairings) instead of Art. 16 (Swiss). ``unrated_rating`` is the rating the
    tournament rules give unrated players for rating-based tie-breaks; without it those
    tie-breaks are dropped (value ``None``) when an unrated player takes part (Art. 10).
    """

    players: tuple[Player, ...]
    rounds: int
    points: PointSystem = field(default_factory=PointSystem)
    round_robin: bool = False
    edition: str = "2026"
    unrated_rating: int | None = None
    time_control: str = "standard"

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(f"edition must be one of {EDITIONS}, got {self.edition!r}")
        numbers = [p.tpn for p in self.players]
        if len(set(numbers)) != len(numbers):
            raise ValueError("pairing numbers must be unique")
        known = set(numbers)
        for player in self.players:
            for entry in player.entries:
                if entry.opponent is not None and entry.opponent not in known:
                    raise ValueError(f"player {player.tpn} meets unknown player {entry.opponent}")

    @property
    def rounds_played(self) -> int:
        """The highest round with an entry for any player."""
        return max((len(p.entries) for p in self.players), default=0)


# --------------------------------------------------------------------------- tie-break codes

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


# --------------------------------------------------------------------------- the event view


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


# --------------------------------------------------------------------------- tie-breaks


def _cut(values: list[tuple[Fraction, Fraction, bool]], tb: TieBreak, sb: bool) -> Fraction:
    """Sum after cut/median (Art. 14), lowest VUR contribution first (Art. 16.5)."""
    items = list(values)
    slot = 1 if sb else 0
    for _ in range(min(tb.cut_low, len(items))):
        least = min(items, key=lambda c: (c[0], c[1]))
        vurs = [c for c in items if c[2]]
        victim = least
        if vurs:
            lowest_vur = min(vurs, key=lambda c: (c[0], c[1]))
            if not least[slot] > lowest_vur[slot]:
                victim = lowest_vur
        items.remove(victim)
    for _ in range(min(tb.cut_high, len(items))):
        items.remove(max(items, key=lambda c: (c[0], c[1])))
    return sum((c[slot] for c in items), Fraction(0))


def _buchholz(ev: _Event, tb: TieBreak, *, sb: bool = False) -> dict[int, Value]:
    view = ev.view(tb.fore or tb.name == "FB")
    return {n: _cut(view.contributions(n), tb, sb) for n in ev.rounds}


def _aob(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    bh = _buchholz(ev, TieBreak("FB" if tb.fore else "BH", fore=tb.fore))
    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        values = [bh[r.opponent] for r in rs if r.otb and r.opponent is not None]
        out[n] = sum(values, Fraction(0)) / len(values) if values else None  # type: ignore[arg-type]
    return out


def _koya(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    games = ev.k
    if ev.rr:
        count = len(ev.rounds)
        if count and games % count == 0:
            games -= games // count  # odd round robin: one bye per cycle
        games -= sum(
            1 for rs in ev.rounds.values() if all(r.opponent is None and r.code != "U" for r in rs)
        )
    limit = tb.limit_percent / 100 * ev.ps.win * games + tb.limit_offset
    return {
        n: sum(
            (r.points for r in rs if r.opponent is not None and ev.score[r.opponent] >= limit),
            Fraction(0),
        )
        for n, rs in ev.rounds.items()
    }


def _progressive(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        running, total = Fraction(0), Fraction(0)
        for i, r in enumerate(rs):
            running += r.points
            if i >= tb.cut_low:
                total += running
        out[n] = total
    return out


def _count(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    win, draw = ev.ps.win, ev.ps.draw

    def test(r: _Round) -> Fraction:
        match tb.name:
            case "WIN":
                return Fraction(r.points == win)
            case "WON":
                return Fraction(r.otb and r.points == win)
            case "BPG":
                return Fraction(r.otb and r.colour == "b")
            case "BWG":
                return Fraction(r.otb and r.colour == "b" and r.points == win)
            case "REP":
                return Fraction(r.otb or r.code == "U" or r.points == win)
            case _:  # STD
                return (
                    Fraction(1) if r.points > draw else _HALF if r.points == draw else Fraction(0)
                )

    out: dict[int, Value] = {}
    for n, rs in ev.rounds.items():
        total = sum((test(r) for r in rs), Fraction(0))
        out[n] = total if tb.name == "STD" else int(total)
    return out


def _rating_opponents(ev: _Event, n: int, ratings: Mapping[int, int | None]) -> list[_Round]:
    return [r for r in ev.rounds[n] if r.otb and ratings.get(r.opponent) is not None]  # type: ignore[arg-type]


def _as_decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def _tpr(opponents: Sequence[int], points: Fraction) -> int | None:
    if not opponents:
        return None
    return average_rating(opponents) + difference_for_percentage(
        percentage(_as_decimal(points), len(opponents))
    )


def _ptp(opponents: Sequence[int], points: Fraction) -> int | None:
    """Perfect Tournament Performance (Art. 10.3): the lowest integer R with
    Σ PD(R − R_i) ≥ points, PD from table 8.1.2 without the 400-point cut."""
    if not opponents:
        return None
    if points <= 0:
        return min(opponents) - _PTP_SPAN
    target = _as_decimal(points)
    low, high = min(opponents) - _PD_SATURATION, max(opponents) + _PD_SATURATION
    while low < high:
        mid = (low + high) // 2
        if sum(probability_for_difference(mid - o) for o in opponents) >= target:
            high = mid
        else:
            low = mid + 1
    return high


def _rating_family(ev: _Event, tb: TieBreak) -> dict[int, Value]:
    ratings = ev.allrated(tb)
    if ratings is None:
        return dict.fromkeys(ev.rounds)
    if tb.name == "RTNG":
        return dict(ratings)

    def base(which: str, n: int) -> int | None:
        games = _rating_opponents(ev, n, ratings)
        if tb.name == "ARO" and (tb.cut_low or tb.cut_high):
            games = sorted(games, key=lambda r: ratings[r.opponent])  # type: ignore[index]
            games = games[tb.cut_low : len(games) - tb.cut_high]
        opponents = [ratings[r.opponent] for r in games]  # type: ignore[index]
        points = sum((r.standard for r in games), Fraction(0))
        if which == "ARO":
            return average_rating(opponents) if opponents else None
        if which == "TPR":
            return _tpr(opponents, points)
        return _ptp(opponents, points)

    if tb.name in {"ARO", "TPR", "PTP"}:
        return {n: base(tb.name, n) for n in ev.rounds}
    inner = "TPR" if tb.name == "APRO" else "PTP"
    perf = {n: base(inner, n) for n in ev.rounds}
    out: dict[int, Value] = {}
    for n in ev.rounds:
        values = [perf[r.opponent] for r in _rating_opponents(ev, n, ratings)]  # type: ignore[index]
        known = [v for v in values if v is not None]
        out[n] = average_rating(known) if known else None
    return out


def _direct_encounter(
    ev: _Event, tb: TieBreak, groups: Sequence[Sequence[int]]
) -> dict[int, Value]:
    """Art. 6: the mini-table among tied players, applied recursively to sub-ties.

    Values are positions inside the tied group (1 = first; equal positions stay tied); a group
    that DE cannot split gets 0 for everyone, as in FIDE's reference checker.
    """
    out: dict[int, Value] = {}
    for group in groups:
        classes = _de_split(ev, tb, list(group))
        if len(classes) == 1:
            out.update(dict.fromkeys(group, 0))
            continue
        position = 1
        for members in classes:
            out.update(dict.fromkeys(members, position))
            position += len(members)
    return out


def _de_split(ev: _Event, tb: TieBreak, group: list[int]) -> list[list[int]]:
    if len(group) == 1:
        return [group]
    members = set(group)
    table: dict[int, tuple[Fraction, Fraction]] = {}
    all_met = True
    for n in group:
        per_opponent: dict[int, list[Fraction]] = {}
        for r in ev.rounds[n]:
            counted = r.otb or (r.opponent is not None and (ev.rr or tb.forfeits))
            if counted and r.opponent in members:
                per_opponent.setdefault(r.opponent, []).append(r.points)  # type: ignore[arg-type]
        score = sum((sum(v, Fraction(0)) / len(v) for v in per_opponent.values()), Fraction(0))
        missing = len(group) - 1 - len(per_opponent)
        if missing and not ev.rr:
            all_met = False
        table[n] = (score, score + missing * ev.ps.win)
    ordered = sorted(group, key=lambda n: (-table[n][0], -table[n][1], n))
    classes: list[list[int]] = []
    if all_met:
        for n in ordered:
            if classes and table[classes[-1][0]][0] == table[n][0]:
                classes[-1].append(n)
            else:
                classes.append([n])
    else:
        # Swiss (Art. 6.3): a player ranks first only if first whatever the missing games give.
        rest = ordered
        while len(rest) > 1 and table[rest[0]][0] > max(table[m][1] for m in rest[1:]):
            classes.append([rest[0]])
            rest = rest[1:]
        classes.append(rest)
    if len(classes) == 1:
        return classes
    result: list[list[int]] = []
    for members_ in classes:
        result.extend(_de_split(ev, tb, members_))
    return result


def _values(ev: _Event, tb: TieBreak, groups: Sequence[Sequence[int]]) -> dict[int, Value]:
    name = tb.name
    if name == "PTS":
        return dict(ev.score)
    if name in {"BH", "FB"}:
        return _buchholz(ev, tb)
    if name == "SB":
        return _buchholz(ev, tb, sb=True)
    if name == "AOB":
        return _aob(ev, tb)
    if name == "KS":
        return _koya(ev, tb)
    if name == "PS":
        return _progressive(ev, tb)
    if name == "TPN":
        return {n: n for n in ev.rounds}
    if name == "DE":
        return _direct_encounter(ev, tb, groups)
    if name in _RATING:
        return _rating_family(ev, tb)
    if name in _MCMAHON:
        return _mcmahon(ev, name)
    return _count(ev, tb)


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


# --------------------------------------------------------------------------- output


@dataclass(frozen=True)
class Row:
    """One line of the standings.

    ``place``/``place_to`` are equal unless players share places (all tie-breaks equal);
    ``label`` is ``"3"`` or ``"3–5"``. ``tiebreaks`` follow the order of
    :attr:`Standings.tiebreaks`. ``performance`` is the TPR over rated OTB opponents (unrated
    opponents ignored), ``None`` without such games. ``rating_change`` is the unrounded FIDE
    change K × Σ(score − PD) over the rated games (results ``1 = 0`` against rated opponents)
    when the player is rated and has a K factor; the rating ledger stays the authority.
    """

    place: int
    place_to: int
    player: Player
    points: Fraction
    tiebreaks: tuple[Value, ...]
    performance: int | None
    games: int
    rating_change: Decimal | None = None

    @property
    def mms(self) -> Fraction:
        """The McMahon score: the player's initial score + points."""
        return self.player.initial_score + self.points

    @property
    def label(self) -> str:
        return str(self.place) if self.place == self.place_to else f"{self.place}–{self.place_to}"


@dataclass(frozen=True)
class Standings:
    """Ordered rows after round ``after_round`` with the tie-breaks that ranked them."""

    after_round: int
    tiebreaks: tuple[TieBreak, ...]
    rows: tuple[Row, ...]


def _resolve(
    tournament: Tournament, tiebreaks: str | Iterable[str | TieBreak] | None
) -> tuple[TieBreak, ...]:
    if tiebreaks is None:
        return PRESETS["round-robin" if tournament.round_robin else "swiss"]
    if isinstance(tiebreaks, str):
        return parse_tiebreaks(tiebreaks)
    return tuple(tb if isinstance(tb, TieBreak) else parse_tiebreak(tb) for tb in tiebreaks)


def _after(tournament: Tournament, after_round: int | None) -> int:
    k = tournament.rounds_played if after_round is None else after_round
    if not 0 <= k <= max(tournament.rounds, tournament.rounds_played):
        raise ValueError(f"after_round must be within 0..{tournament.rounds}, got {after_round}")
    return k


def _sort_key(value: Value, tb: TieBreak) -> tuple[bool, Fraction]:
    if value is None:
        return (True, Fraction(0))
    return (False, Fraction(value) if tb.ascending else -Fraction(value))


def tiebreak_values(
    tournament: Tournament, tiebreak: str | TieBreak, *, after_round: int | None = None
) -> dict[int, Value]:
    """One tie-break's value for every player (by TPN), ties formed by points only (for DE)."""
    tb = tiebreak if isinstance(tiebreak, TieBreak) else parse_tiebreak(tiebreak)
    ev = _Event(tournament, _after(tournament, after_round))
    groups: dict[Fraction, list[int]] = {}
    for n, s in ev.mms.items():
        groups.setdefault(s, []).append(n)
    return _values(ev, tb, list(groups.values()))


def standings(
    tournament: Tournament,
    tiebreaks: str | Iterable[str | TieBreak] | None = None,
    *,
    after_round: int | None = None,
) -> Standings:
    """Rank the players after ``after_round`` (default: the last round with results).

    Players are ordered by points (the McMahon score when players have an initial score),
    then each tie-break in turn is applied to the players still
    tied (Art. 4.2). Players equal in everything share the place ("3–5"); within a shared place
    they are listed by TPN. ``tiebreaks`` defaults to the preset of the format.
    """
    tbs = _resolve(tournament, tiebreaks)
    ev = _Event(tournament, _after(tournament, after_round))
    order = sorted(ev.rounds, key=lambda n: (-ev.mms[n], n))
    groups: list[list[int]] = []
    for n in order:
        if groups and ev.mms[groups[-1][0]] == ev.mms[n]:
            groups[-1].append(n)
        else:
            groups.append([n])
    columns: list[dict[int, Value]] = []
    for tb in tbs:
        values = _values(ev, tb, groups)
        columns.append(values)
        refined: list[list[int]] = []
        for group in groups:
            ranked = sorted(group, key=lambda n: (_sort_key(values[n], tb), n))
            for n in ranked:
                if refined and refined[-1][0] in group and values[refined[-1][0]] == values[n]:
                    refined[-1].append(n)
                else:
                    refined.append([n])
        groups = refined
    ratings = {p.tpn: p.rating for p in tournament.players}
    rows = []
    place = 1
    for group in groups:
        for n in group:
            games = [r for r in ev.rounds[n] if r.otb]
            rated = _rating_opponents(ev, n, ratings)
            rows.append(
                Row(
                    place=place,
                    place_to=place + len(group) - 1,
                    player=ev.players[n],
                    points=ev.score[n],
                    tiebreaks=tuple(col[n] for col in columns),
                    performance=_tpr(
                        [ratings[r.opponent] for r in rated],  # type: ignore[misc,index]
                        sum((r.standard for r in rated), Fraction(0)),
                    ),
                    games=len(games),
                    rating_change=_rating_change(ev, n, ratings),
                )
            )
        place += len(group)
    return Standings(after_round=ev.k, tiebreaks=tbs, rows=tuple(rows))


def _rating_change(ev: _Event, n: int, ratings: Mapping[int, int | None]) -> Decimal | None:
    player = ev.players[n]
    if player.rating is None or player.k is None:
        return None
    rated = [r for r in _rating_opponents(ev, n, ratings) if r.code in "1=0"]
    games = [(ratings[r.opponent], _as_decimal(r.standard)) for r in rated]  # type: ignore[index]
    return rating_change(player.rating, player.k, games, time_control=ev.t.time_control)


def progress_table(
    tournament: Tournament, *, after_round: int | None = None
) -> dict[int, tuple[Fraction, ...]]:
    """Score after each round 1..after_round for every player (by TPN)."""
    ev = _Event(tournament, _after(tournament, after_round))
    out = {}
    for n, rs in ev.rounds.items():
        running, steps = Fraction(0), []
        for r in rs:
            running += r.points
            steps.append(running)
        out[n] = tuple(steps)
    return out


@dataclass(frozen=True)
class Crosstable:
    """Round-robin crosstable: ``cells[(a, b)]`` lists a's results against b in round order
    (``"1"``, ``"½"``, ``"0"``, ``"+"``, ``"-"`` …); ``order`` is the row order (TPN)."""

    order: tuple[int, ...]
    cells: Mapping[tuple[int, int], tuple[str, ...]]

    def cell(self, player: int, opponent: int) -> str:
        """The results of ``player`` against ``opponent`` joined by spaces ("" if none)."""
        return " ".join(self.cells.get((player, opponent), ()))


_SYMBOL = {"1": "1", "=": "½", "0": "0", "W": "1", "D": "½", "L": "0", "+": "+", "-": "-"}


def crosstable(tournament: Tournament, *, after_round: int | None = None) -> Crosstable:
    """The crosstable data of a round robin after ``after_round``."""
    ev = _Event(tournament, _after(tournament, after_round))
    cells: dict[tuple[int, int], list[str]] = {}
    for n, rs in ev.rounds.items():
        for r in rs:
            if r.opponent is not None:
                cells.setdefault((n, r.opponent), []).append(_SYMBOL.get(r.code, r.code))
    return Crosstable(
        order=tuple(sorted(ev.rounds)), cells={key: tuple(v) for key, v in cells.items()}
    )


def format_value(value: Value) -> str:
    """A tie-break value for display: ``"15.5"``, ``"2.25"``, ``"1732"``, ``"–"`` for none."""
    if value is None:
        return "–"
    if isinstance(value, int):
        return str(value)
    if value.denominator == 1:
        return f"{value.numerator}.0"
    as_decimal = _as_decimal(value)
    if as_decimal.as_tuple().exponent >= -4:  # type: ignore[operator]
        return str(as_decimal)
    return f"{float(value):.2f}"

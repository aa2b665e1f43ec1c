"""The records of a TRF file as plain data: rounds, player records, the whole file, the error.

:class:`RoundEntry`, :class:`PlayerRecord` and :class:`TrfFile` are what the reader returns and
the writer takes; :class:`TrfError` is every error of the reader, with line and column. Also the
record codes shared by reader and writer and :func:`computed_points`.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from fractions import Fraction

from rules.files.trf.dates import parse_trf_date
from rules.scoring import PLAYED_CODES, RESULT_POINTS, PointSystem

#: Result codes allowed in a round column (upper case; blank means "no result": zero points).
RESULT_CODES = frozenset(RESULT_POINTS)


#: Names of the placeholder record some programs write for the bye ("spielfrei" = bye).
BYE_PLACEHOLDER_NAMES = frozenset({"spielfrei", "bye", "freilos", "exempt", "pairing bye"})

_HEADER_CODES = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "122")
_TRF26_TEXT_CODES = ("172", "182", "192", "202", "212", "222")


class TrfError(ValueError):
    """A malformed TRF: ``line`` and ``column`` are 1-based; ``reason`` says what is wrong."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        self.line = line
        self.column = column
        self.reason = reason
        super().__init__(f"line {line}, column {column}: {reason}")


#: Name used by the pairing contract.
TrfFormatError = TrfError


@dataclass(frozen=True)
class RoundEntry:
    """One round of a player record.

    ``opponent`` is the opponent's start rank or ``None`` (``0000`` or blank); ``colour`` is
    ``"w"``, ``"b"`` or ``"-"`` (blank is read as ``"-"``); ``result`` is the upper-case result
    code, ``" "`` when the column is blank.
    """

    opponent: int | None
    colour: str
    result: str

    @property
    def is_blank(self) -> bool:
        """True for an empty column (nothing recorded for this round)."""
        return self.opponent is None and self.result == " "

    @property
    def played(self) -> bool:
        """True for a game played over the board."""
        return self.opponent is not None and self.result in PLAYED_CODES


BLANK_ROUND = RoundEntry(None, "-", " ")


def normalized_entry(e: RoundEntry) -> RoundEntry:
    """Old programs' byes and absences without opponent: ``0000 - +`` is a pairing-allocated
    bye, ``0000 - -`` (and a blank column) a zero-point bye."""
    if e.opponent is None:
        if e.result == "+":
            return RoundEntry(None, "-", "U")
        if e.result in ("-", " "):
            return RoundEntry(None, "-", "Z")
    return e


@dataclass
class PlayerRecord:
    """A ``001`` record. ``line`` (source line number) does not take part in comparisons."""

    tpn: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: int | None = None
    birth_date: str = ""
    points: float = 0.0
    rank: int | None = None
    rounds: list[RoundEntry] = field(default_factory=list)
    line: int = field(default=0, compare=False, repr=False)

    def entry(self, round_no: int) -> RoundEntry:
        """The entry for 1-based ``round_no`` (a blank entry past the end of the record)."""
        if 1 <= round_no <= len(self.rounds):
            return self.rounds[round_no - 1]
        return BLANK_ROUND

    @property
    def normalized_title(self) -> str:
        """Title in current spelling: old one-letter codes ``g m f w c`` become GM, IM, FM …"""
        old = {"G": "GM", "M": "IM", "F": "FM", "W": "WIM", "C": "CM", "WG": "WGM"}
        old.update({"WM": "WIM", "WF": "WFM", "WC": "WCM"})
        title = self.title.upper()
        return old.get(title, title)


@dataclass
class TrfFile:
    """A whole TRF file as plain data.

    ``headers`` maps the tournament record codes ``012`` … ``122`` (and the TRF-2026 text
    records ``172`` … ``222``) to their text; ``deputies`` holds the ``112`` lines;
    ``round_dates`` the ``132`` dates. ``players`` are the ``001`` records in file order except
    ``bye_placeholders`` (a ``spielfrei``-style record that never met anyone).
    ``byes`` are TRF-2026 ``240`` entries ``(type, round, tpn)``; ``accelerations`` maps a TPN to
    fictitious points per round (index 0 = round 1) from ``XXA`` and ``250``;
    ``forbidden_pairs`` holds ``(first_round, last_round, tpns)`` from ``260`` (``XXP`` lines
    get rounds ``(1, None)``). ``other_lines`` keeps any record the reader does not model,
    verbatim and in order.
    """

    headers: dict[str, str] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    round_dates: list[str] | None = None
    players: list[PlayerRecord] = field(default_factory=list)
    bye_placeholders: list[PlayerRecord] = field(default_factory=list)
    total_rounds: int | None = None
    initial_colour: str | None = None
    point_system: PointSystem = field(default_factory=PointSystem)
    byes: list[tuple[str, int, int]] = field(default_factory=list)
    accelerations: dict[int, list[float]] = field(default_factory=dict)
    forbidden_pairs: list[tuple[int, int | None, tuple[int, ...]]] = field(default_factory=list)
    absent_next_round: list[int] = field(default_factory=list)
    other_lines: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """Tournament name (record ``012``)."""
        return self.headers.get("012", "")

    @property
    def start_date(self) -> _dt.date | None:
        """Start date (record ``042``) when it can be read, else ``None``."""
        return parse_trf_date(self.headers.get("042", ""))

    @property
    def end_date(self) -> _dt.date | None:
        """End date (record ``052``) when it can be read, else ``None``."""
        return parse_trf_date(self.headers.get("052", ""))

    @property
    def rounds_in_file(self) -> int:
        """Number of round columns used by the longest player record."""
        return max((len(p.rounds) for p in self.players), default=0)

    def player(self, tpn: int) -> PlayerRecord:
        """The player with start rank ``tpn`` (``KeyError`` if absent)."""
        for p in self.players:
            if p.tpn == tpn:
                return p
        raise KeyError(tpn)


def computed_points(player: PlayerRecord, ps: PointSystem, rounds: int | None = None) -> Fraction:
    """Sum of the points of ``player``'s first ``rounds`` rounds (all rounds when ``None``)."""
    entries = player.rounds if rounds is None else player.rounds[:rounds]
    return sum((ps.points(e.result) for e in entries), Fraction(0))

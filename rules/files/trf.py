"""Reader and writer for FIDE Tournament Report Files (TRF16, TRF-2026 and engine dialects).

Pure Python, no Django: the pairing engine's command line and the Django import/export both
use it. :func:`parse_trf` turns text into a :class:`TrfFile` of plain dataclasses and
:func:`write_trf` turns one back into TRF-2026 text.

The reader is tolerant of the quirks found in real files (one-letter titles, dotted or
free-text dates, blank opponent fields for byes, a ``spielfrei`` placeholder player, CR, LF or
CRLF line endings) and strict about real errors. Every error is a :class:`TrfError` carrying the
1-based line and column and a reason:

* a field in the wrong columns (text in a column that must be blank, a line too short);
* a non-numeric number (start rank, rating, FIDE id, points, rank, opponent, rounds);
* an unknown sex, colour or result code;
* a start rank used twice;
* an opponent reference that the opponent's own record does not mirror (opponent, colour or
  result);
* declared points (columns 81-84) that do not add up under the file's point system.

Column layout of a ``001`` record (1-based, inclusive): start rank 5-8, sex 10, title 11-13,
name 15-47, rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84,
rank 86-89, then per round r (k = r - 1): opponent 92+10k..95+10k, colour 97+10k,
result 99+10k.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from rules.scoring import BYE_CODES, PLAYED_CODES, RESULT_POINTS, PointSystem

__all__ = [
    "BYE_PLACEHOLDER_NAMES",
    "RESULT_POINTS",
    "PlayerRecord",
    "PointSystem",
    "RoundEntry",
    "TrfError",
    "TrfFile",
    "TrfFormatError",
    "computed_points",
    "normalized_entry",
    "parse_trf",
    "parse_trf_date",
    "read_trf",
    "write_trf",
]

#: Result codes allowed in a round column (upper case; blank means "no result": zero points).
RESULT_CODES = frozenset(RESULT_POINTS)
#: Result code of the opponent for each code of a game with an opponent.
_MIRROR = {
    "1": {"0"},
    "0": {"1"},
    "=": {"="},
    "W": {"L"},
    "L": {"W"},
    "D": {"D"},
    "+": {"-"},
    "-": {"+", "-"},
}
#: Names of the placeholder record some programs write for the bye ("spielfrei" = bye).
BYE_PLACEHOLDER_NAMES = frozenset({"spielfrei", "bye", "freilos", "exempt", "pairing bye"})

_HEADER_CODES = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "122")
_TRF26_TEXT_CODES = ("172", "182", "192", "202", "212", "222")
#: Columns (0-based) of a 001 line that must be blank, with the field they separate.
_SEPARATORS = (
    (3, "after the record type"),
    (8, "between start rank and sex"),
    (13, "between title and name"),
    (47, "between name and rating"),
    (52, "between rating and federation"),
    (56, "between federation and FIDE id"),
    (68, "between FIDE id and birth date"),
    (79, "between birth date and points"),
    (84, "between points and rank"),
)
_NUMBER_RE = re.compile(r"^\d+(\.\d+)?$")


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


# ---------------------------------------------------------------------------------------------
# Dates
# ---------------------------------------------------------------------------------------------

_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
    )
}


def parse_trf_date(text: str) -> _dt.date | None:
    """Read a date as found in TRF files, or return ``None`` when it cannot be read.

    Accepts ``YYYY/MM/DD`` (TRF), ``YYYY.MM.DD`` and ``YYYY-MM-DD``, ``DD.MM.YYYY`` (also with
    blanks, ``28. 07. 2005``), ``YY/MM/DD`` (round dates) and ``May 29, 2020``.
    """
    text = text.strip()
    if not text:
        return None
    try:
        m = re.fullmatch(r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})", text)
        if m:
            return _dt.date(int(m[1]), int(m[2]), int(m[3]))
        m = re.fullmatch(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4})", text)
        if m:
            return _dt.date(int(m[3]), int(m[2]), int(m[1]))
        m = re.fullmatch(r"(\d{2})/(\d{2})/(\d{2})", text)
        if m:
            return _dt.date(2000 + int(m[1]), int(m[2]), int(m[3]))
        m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", text)
        if m and m[1].lower() in _MONTHS:
            return _dt.date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
    except ValueError:
        return None
    return None


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------


def read_trf(path: str | Path) -> TrfFile:
    """Read and parse a TRF file.

    Raises ``OSError`` when the file cannot be read, ``UnicodeDecodeError`` when it is not
    UTF-8 and :class:`TrfError` when its content is malformed.
    """
    data = Path(path).read_bytes()
    text = data.decode("utf-8")
    return parse_trf(text)


def _fail(line: int, col0: int, reason: str) -> TrfError:
    return TrfError(line, col0 + 1, reason)


def _int_field(text: str, lineno: int, col0: int, what: str, *, blank: int | None = None) -> int:
    """Parse a right- or left-aligned non-negative integer field."""
    s = text.strip()
    if not s:
        if blank is None:
            raise _fail(lineno, col0, f"{what} is missing")
        return blank
    if not s.isdigit():
        raise _fail(lineno, col0, f"{what} {s!r} is not a number")
    return int(s)


def _points_field(text: str, lineno: int, col0: int, what: str) -> float:
    s = text.strip()
    if not s:
        return 0.0
    if not _NUMBER_RE.match(s):
        raise _fail(lineno, col0, f"{what} {s!r} is not a number")
    return float(s)


def _parse_player(raw: str, lineno: int) -> PlayerRecord:
    """Parse one ``001`` line (already stripped of its line ending)."""
    line = raw.rstrip()
    if len(line) < 84:
        raise _fail(
            lineno,
            len(line),
            f"player record is too short ({len(line)} characters; points need columns 81-84)",
        )
    for col0, what in _SEPARATORS:
        if col0 < len(line) and line[col0] != " ":
            raise _fail(
                lineno,
                col0,
                f"expected a blank {what}, found {line[col0]!r} (fields in the wrong columns?)",
            )
    tpn = _int_field(line[4:8], lineno, 4, "start rank")
    if tpn == 0:
        raise _fail(lineno, 4, "start rank 0 is not allowed")
    sex = line[9].strip().lower()
    if sex not in ("", "m", "w", "f"):
        raise _fail(lineno, 9, f"unknown sex code {line[9]!r} (expected m, w or f)")
    title = line[10:13].strip()
    name = line[14:47].strip()
    rating = _int_field(line[48:52], lineno, 48, "rating", blank=0)
    federation = line[53:56].strip()
    fide_raw = line[57:68].strip()
    fide_id = _int_field(line[57:68], lineno, 57, "FIDE id") if fide_raw else None
    birth_date = line[69:79].strip()
    points = _points_field(line[80:84], lineno, 80, "points")
    rank = _int_field(line[85:89], lineno, 85, "rank") if line[85:89].strip() else None
    if len(line) > 89 and line[89:91].strip():
        raise _fail(lineno, 89, "expected blanks in columns 90-91 (before round 1)")
    rounds: list[RoundEntry] = []
    k = 0
    while 91 + 10 * k < len(line):
        start = 91 + 10 * k
        seg = line[start : start + 10].ljust(10)
        round_no = k + 1
        if seg[4] != " " or seg[6] != " " or seg[8:10].strip():
            bad = next(i for i in (4, 6, 8, 9) if seg[i] != " ")
            raise _fail(
                lineno,
                start + bad,
                f"round {round_no}: expected a blank, found {seg[bad]!r} (round fields are "
                f"at columns {start + 1}-{start + 4}, {start + 6} and {start + 8})",
            )
        opp_text = seg[0:4]
        if opp_text.strip() in ("", "0000"):
            opponent = None
        else:
            opponent = _int_field(opp_text, lineno, start, f"round {round_no}: opponent")
            if opponent == 0:
                opponent = None
        colour = seg[5].lower()
        if colour == " ":
            colour = "-"
        if colour not in ("w", "b", "-"):
            raise _fail(
                lineno, start + 5, f"round {round_no}: unknown colour {seg[5]!r} (expected w, b, -)"
            )
        result = seg[7].upper()
        if result not in RESULT_CODES:
            raise _fail(
                lineno,
                start + 7,
                f"round {round_no}: unknown result code {seg[7]!r} "
                "(expected one of 1 = 0 + - W D L H F U Z)",
            )
        if opponent is not None:
            if opponent == tpn:
                raise _fail(lineno, start, f"round {round_no}: player {tpn} is paired with itself")
            if result in BYE_CODES or result == " ":
                raise _fail(
                    lineno,
                    start + 7,
                    f"round {round_no}: result code {result!r} needs opponent 0000, "
                    f"found opponent {opponent}",
                )
            if result in PLAYED_CODES and colour == "-":
                raise _fail(
                    lineno,
                    start + 5,
                    f"round {round_no}: played game against {opponent} needs colour w or b",
                )
        else:
            if result in PLAYED_CODES:
                raise _fail(
                    lineno,
                    start + 7,
                    f"round {round_no}: result code {result!r} needs an opponent",
                )
            if colour != "-":
                raise _fail(
                    lineno,
                    start + 5,
                    f"round {round_no}: colour {colour!r} given without an opponent",
                )
        rounds.append(RoundEntry(opponent, colour, result))
        k += 1
    while rounds and rounds[-1].is_blank:
        rounds.pop()
    return PlayerRecord(
        tpn=tpn,
        name=name,
        sex=sex,
        title=title,
        rating=rating,
        federation=federation,
        fide_id=fide_id,
        birth_date=birth_date,
        points=points,
        rank=rank,
        rounds=rounds,
        line=lineno,
    )


def _score_text(text: str, lineno: int, col0: int, what: str) -> float:
    return float(_score_exact(text, lineno, col0, what))


def _score_exact(text: str, lineno: int, col0: int, what: str) -> Fraction:
    s = text.strip()
    if not _NUMBER_RE.match(s):
        raise _fail(lineno, col0, f"{what} {s!r} is not a number")
    return Fraction(s)


def _read_162(line: int, text: str, ps: dict[str, Fraction]) -> None:
    """TRF-2026 point system: symbol at column 6, value at 7-10, next pair 9 columns on."""
    start = 5
    while start < len(text.rstrip()):
        symbol = text[start]
        what = f"162 value for {symbol}"
        value = _score_exact(text[start + 1 : start + 5], line, start + 1, what)
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


def parse_trf(text: str) -> TrfFile:
    """Parse TRF text (TRF16, TRF-2026, JaVaFo TRF(x), bbpPairings extensions)."""
    text = text.removeprefix("\ufeff")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    trf = TrfFile()
    all_players: list[PlayerRecord] = []
    seen: dict[int, int] = {}
    ps_values: dict[str, Fraction] = {}
    ps_lines: dict[str, int] = {}
    rounds_sources: list[tuple[int, int, int]] = []  # (value, line, col)
    refs: list[tuple[int, int, int, str]] = []  # (tpn, line, col, record) checked at the end
    colour_sources: list[tuple[str, int]] = []
    acc_250: list[tuple[int, float, int, int, int, int]] = []

    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        code = raw[:3]
        rest = raw[4:].rstrip() if len(raw) > 4 else ""
        if len(raw) > 3 and raw[3] != " " and code in {"001", "012", "142", "152", "162", "240"}:
            raise _fail(lineno, 3, f"column 4 must be blank after record type {code}")
        if code == "001":
            player = _parse_player(raw, lineno)
            if player.tpn in seen:
                raise _fail(
                    lineno,
                    4,
                    f"start rank {player.tpn} is used twice (first on line {seen[player.tpn]})",
                )
            seen[player.tpn] = lineno
            all_players.append(player)
        elif code in _HEADER_CODES or code in _TRF26_TEXT_CODES:
            if code in trf.headers:
                raise _fail(lineno, 0, f"record {code} appears twice")
            trf.headers[code] = rest.strip()
        elif code == "112":
            trf.deputies.append(rest.strip())
        elif code == "132":
            dates = []
            k = 0
            while 91 + 10 * k < len(raw.rstrip()):
                dates.append(raw[91 + 10 * k : 99 + 10 * k].strip())
                k += 1
            trf.round_dates = dates
        elif code in ("142", "XXR"):
            value = _int_field(rest, lineno, 4, f"number of rounds ({code})")
            if value == 0:
                raise _fail(lineno, 4, f"number of rounds ({code}) must be positive")
            rounds_sources.append((value, lineno, 5))
        elif code == "152":
            c = rest.strip().upper()
            if c not in ("W", "B"):
                raise _fail(lineno, 4, f"152: initial colour {rest.strip()!r} is not W or B")
            colour_sources.append((c.lower(), lineno))
        elif code == "XXC":
            words = rest.split()
            choice = [w for w in words if w.lower() in ("white1", "black1")]
            if not choice:
                raise _fail(lineno, 4, f"XXC: expected white1 or black1, found {rest.strip()!r}")
            colour_sources.append((choice[-1].lower()[0], lineno))
        elif code == "162":
            _read_162(lineno, raw.rstrip(), ps_values)
            ps_lines.setdefault("162", lineno)
        elif code == "XXS":
            for token in rest.split():
                key, sep, value = token.partition("=")
                if not sep or key.upper() not in _XXS_FIELDS:
                    raise _fail(lineno, raw.find(token), f"XXS: unknown entry {token!r}")
                pts = _score_exact(value, lineno, raw.find(token), f"XXS value for {key}")
                for name in _XXS_FIELDS[key.upper()]:
                    ps_values[name] = pts
        elif code in _BB_FIELDS:
            pts = _score_exact(rest[:8], lineno, 4, f"{code} value")
            for name in _BB_FIELDS[code]:
                ps_values[name] = pts
        elif code == "240":
            bye_type = raw[4:5].upper()
            if bye_type not in ("F", "H", "Z"):
                raise _fail(lineno, 4, f"240: unknown bye type {raw[4:5]!r} (expected F, H, Z)")
            rnd = _int_field(raw[6:9], lineno, 6, "240 round")
            start = 10
            while start < len(raw.rstrip()):
                tpn = _int_field(raw[start : start + 4], lineno, start, "240 player")
                trf.byes.append((bye_type, rnd, tpn))
                refs.append((tpn, lineno, start, "240"))
                start += 5
        elif code == "250":
            if len(raw.rstrip()) < 31:
                raise _fail(lineno, len(raw.rstrip()), "250: record too short")
            pts = _score_text(raw[9:13], lineno, 9, "250 points")
            r1 = _int_field(raw[14:17], lineno, 14, "250 first round")
            r2 = _int_field(raw[18:21], lineno, 18, "250 last round")
            p1 = _int_field(raw[22:26], lineno, 22, "250 first player")
            p2 = _int_field(raw[27:31], lineno, 27, "250 last player")
            if r1 > r2 or p1 > p2 or r1 == 0:
                raise _fail(lineno, 14, "250: empty round or player range")
            acc_250.append((lineno, pts, r1, r2, p1, p2))
        elif code == "XXA":
            tpn = _int_field(raw[4:8], lineno, 4, "XXA player")
            refs.append((tpn, lineno, 4, "XXA"))
            values = []
            start = 9
            while start < len(raw.rstrip()):
                chunk = raw[start : start + 4]
                values.append(
                    _score_text(chunk, lineno, start, "XXA points") if chunk.strip() else 0.0
                )
                start += 5
            trf.accelerations[tpn] = values
        elif code == "260":
            r1 = _int_field(raw[4:7], lineno, 4, "260 first round")
            r2 = _int_field(raw[8:11], lineno, 8, "260 last round")
            tpns = []
            start = 12
            while start < len(raw.rstrip()):
                tpns.append(_int_field(raw[start : start + 4], lineno, start, "260 player"))
                refs.append((tpns[-1], lineno, start, "260"))
                start += 5
            trf.forbidden_pairs.append((r1, r2, tuple(tpns)))
        elif code == "XXP":
            tpns = []
            for token in rest.split():
                if not token.isdigit():
                    raise _fail(lineno, raw.find(token), f"XXP: player {token!r} is not a number")
                tpns.append(int(token))
                refs.append((int(token), lineno, raw.find(token), "XXP"))
            trf.forbidden_pairs.append((1, None, tuple(tpns)))
        elif code == "XXZ":
            for token in rest.split():
                if not token.isdigit():
                    raise _fail(lineno, raw.find(token), f"XXZ: player {token!r} is not a number")
                trf.absent_next_round.append(int(token))
                refs.append((int(token), lineno, raw.find(token), "XXZ"))
        else:
            trf.other_lines.append(raw.rstrip())

    # Header values that must agree when given twice.
    if rounds_sources:
        values = {v for v, _, _ in rounds_sources}
        if len(values) > 1:
            _, lineno, col = rounds_sources[-1]
            raise TrfError(lineno, col, f"number of rounds disagrees: {sorted(values)}")
        trf.total_rounds = rounds_sources[0][0]
    if colour_sources:
        if len({c for c, _ in colour_sources}) > 1:
            raise TrfError(colour_sources[-1][1], 5, "initial colour disagrees between records")
        trf.initial_colour = colour_sources[0][0]
    trf.point_system = _point_system(ps_values)
    for _line, pts, r1, r2, p1, p2 in acc_250:
        for tpn in range(p1, p2 + 1):
            acc = trf.accelerations.setdefault(tpn, [])
            if len(acc) < r2:
                acc.extend([0.0] * (r2 - len(acc)))
            for r in range(r1, r2 + 1):
                acc[r - 1] = pts

    for p in all_players:
        if _is_bye_placeholder(p):
            trf.bye_placeholders.append(p)
        else:
            trf.players.append(p)
    known = {p.tpn for p in all_players}
    for tpn, lineno, col0, record in refs:
        if tpn not in known:
            raise _fail(lineno, col0, f"{record}: player {tpn} has no player record")
    _check_references(all_players, {p.tpn: p for p in all_players})
    _check_points(trf, all_players)
    return trf


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


def _is_bye_placeholder(p: PlayerRecord) -> bool:
    """A ``spielfrei``-style record: known placeholder name, no opponent ever, no points."""
    return (
        p.name.strip().lower() in BYE_PLACEHOLDER_NAMES
        and p.points == 0
        and all(e.opponent is None for e in p.rounds)
    )


def _round_col(round_no: int) -> int:
    return 92 + 10 * (round_no - 1)


def _check_references(players: list[PlayerRecord], by_tpn: dict[int, PlayerRecord]) -> None:
    """Every opponent reference must be mirrored by the opponent's record."""
    for p in players:
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is None:
                continue
            col = _round_col(r)
            opp = by_tpn.get(e.opponent)
            if opp is None:
                raise TrfError(
                    p.line, col, f"round {r}: opponent {e.opponent} has no player record"
                )
            oe = opp.entry(r)
            if oe.opponent != p.tpn:
                other = "no opponent" if oe.opponent is None else f"opponent {oe.opponent}"
                raise TrfError(
                    p.line,
                    col,
                    f"round {r}: player {p.tpn} is recorded against {e.opponent}, "
                    f"but player {e.opponent} has {other} in round {r} (line {opp.line})",
                )
            if e.colour == oe.colour and e.colour != "-":
                raise TrfError(
                    p.line,
                    col + 5,
                    f"round {r}: players {p.tpn} and {e.opponent} both have colour {e.colour!r}",
                )
            if (e.colour == "-") != (oe.colour == "-") and (e.played or oe.played):
                raise TrfError(
                    p.line,
                    col + 5,
                    f"round {r}: colours {e.colour!r} and {oe.colour!r} of players {p.tpn} and "
                    f"{e.opponent} do not match",
                )
            if oe.result not in _MIRROR[e.result]:
                raise TrfError(
                    p.line,
                    col + 7,
                    f"round {r}: result {e.result!r} of player {p.tpn} does not match result "
                    f"{oe.result!r} of player {e.opponent} (line {opp.line})",
                )


def _played_rounds(players: list[PlayerRecord]) -> int:
    """Highest round with a game, a forfeit or a pairing-allocated bye."""
    best = 0
    for p in players:
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is not None or e.result in ("U", "+"):
                best = max(best, r)
    return best


def computed_points(player: PlayerRecord, ps: PointSystem, rounds: int | None = None) -> Fraction:
    """Sum of the points of ``player``'s first ``rounds`` rounds (all rounds when ``None``)."""
    entries = player.rounds if rounds is None else player.rounds[:rounds]
    return sum((ps.points(e.result) for e in entries), Fraction(0))


def _check_points(trf: TrfFile, players: list[PlayerRecord]) -> None:
    """Declared points must equal the results, as bbpPairings checks them.

    Accepted: the sum over the played rounds; that sum plus requested byes already written in
    the next round's column; either of them plus the player's acceleration for the next round.
    """
    ps = trf.point_system
    played = _played_rounds(players)
    for p in players:
        base = computed_points(p, ps, played)
        full = computed_points(p, ps)
        acc_list = trf.accelerations.get(p.tpn, [])
        acc = acc_list[played] if played < len(acc_list) else 0.0
        options = {round(float(x), 4) for x in (base, full, base + acc, full + acc)}
        if round(p.points, 4) not in options:
            raise TrfError(
                p.line,
                81,
                f"declared points {p.points:g} of player {p.tpn} do not add up: the results "
                f"give {float(full):g} ({ps.describe()})",
            )


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------


def _fmt_points(value: float | Fraction) -> str:
    value = float(value)
    text = f"{value:4.1f}"
    if len(text) > 4 or abs(round(value, 1) - value) > 1e-9:
        raise ValueError(f"points {value!r} do not fit the 4-column TRF field")
    return text


def _player_line(p: PlayerRecord) -> str:
    head = (
        f"001 {p.tpn:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} "
        f"{(str(p.fide_id) if p.fide_id is not None else ''):>11} {p.birth_date[:10]:<10} "
        f"{_fmt_points(p.points)} {(str(p.rank) if p.rank is not None else ''):>4}"
    )
    parts = [head]
    for e in p.rounds:
        if e.is_blank:
            parts.append(" " * 10)
        else:
            opp = f"{e.opponent:4d}" if e.opponent is not None else "0000"
            parts.append(f"  {opp} {e.colour} {e.result}")
    return "".join(parts).rstrip()


def _fmt_value(value: float | Fraction) -> str:
    return f"{float(value):4.1f}"


def write_trf(trf: TrfFile, *, line_ending: str = "\n") -> str:
    """Write ``trf`` as TRF-2026 text (with the ``XXR``/``XXC`` twins engines read).

    Record order: ``012``-``132``, ``142``/``152``/``162``, the other TRF-2026 text records,
    ``001`` records (bye placeholders last), ``240``, ``250``-style accelerations as ``XXA``,
    ``260``, ``XXR``, ``XXC``, ``XXS`` when ``162`` cannot express the point system, ``XXZ``,
    then the records the reader kept verbatim.
    """
    out: list[str] = []
    for code in _HEADER_CODES[:-1]:
        if code in trf.headers:
            out.append(f"{code} {trf.headers[code]}".rstrip())
    for deputy in trf.deputies:
        out.append(f"112 {deputy}".rstrip())
    if "122" in trf.headers:
        out.append(f"122 {trf.headers['122']}".rstrip())
    if trf.round_dates is not None:
        line = "132" + " " * 88 + "".join(f"{d:<8}  " for d in trf.round_dates)
        out.append(line.rstrip())
    if trf.total_rounds is not None:
        out.append(f"142 {trf.total_rounds}")
    if trf.initial_colour is not None:
        out.append(f"152 {trf.initial_colour.upper()}")
    ps = trf.point_system
    if ps != PointSystem():
        entries = [("W", ps.win), ("D", ps.draw), ("L", ps.loss)]
        if ps.zero_bye:
            entries.append(("A", ps.zero_bye))
        if ps.pab != ps.win:
            entries.append(("P", ps.pab))
        line = "162"
        for i, (symbol, value) in enumerate(entries):
            line = line.ljust(5 + 9 * i) + symbol + _fmt_value(value)
        out.append(line)
    for code in _TRF26_TEXT_CODES:
        if code in trf.headers:
            out.append(f"{code} {trf.headers[code]}".rstrip())
    for p in [*trf.players, *trf.bye_placeholders]:
        out.append(_player_line(p))
    for bye_type, rnd, tpn in trf.byes:
        out.append(f"240 {bye_type} {rnd:3d} {tpn:4d}")
    for tpn in sorted(trf.accelerations):
        values = "".join(f" {_fmt_value(v)}" for v in trf.accelerations[tpn])
        out.append(f"XXA {tpn:4d}{values}")
    for r1, r2, tpns in trf.forbidden_pairs:
        ids = " ".join(str(t) for t in tpns)
        if r2 is None:
            out.append(f"XXP {ids}")
        else:
            out.append(f"260 {r1:3d} {r2:3d} " + "".join(f"{t:4d} " for t in tpns).rstrip())
    if trf.total_rounds is not None:
        out.append(f"XXR {trf.total_rounds}")
    if trf.initial_colour is not None:
        out.append("XXC white1" if trf.initial_colour == "w" else "XXC black1")
    expressible = PointSystem(
        win=ps.win,
        draw=ps.draw,
        loss=ps.loss,
        zero_bye=ps.zero_bye,
        forfeit_loss=ps.zero_bye,
        pab=ps.pab,
        forfeit_win=ps.win,
        full_bye=ps.win,
        half_bye=ps.draw,
    )
    if ps != expressible:
        out.append(
            f"XXS W={float(ps.win):g} D={float(ps.draw):g} L={float(ps.loss):g} "
            f"FW={float(ps.forfeit_win):g} FL={float(ps.forfeit_loss):g} "
            f"ZPB={float(ps.zero_bye):g} HPB={float(ps.half_bye):g} "
            f"FPB={float(ps.full_bye):g} PAB={float(ps.pab):g}"
        )
    if trf.absent_next_round:
        out.append("XXZ " + " ".join(str(t) for t in trf.absent_next_round))
    out.extend(trf.other_lines)
    return line_ending.join(out) + line_ending

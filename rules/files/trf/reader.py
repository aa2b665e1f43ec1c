"""The TRF reader: :func:`parse_trf` turns text into a :class:`TrfFile`, record by record.

One :class:`_Reader` collects a parse: each record code has its method (headers, players, the
pairing records ``240``/``250``/``260`` and the engine extensions ``XX*``); what needs the
whole file (numbers of rounds and colours given twice, the point system, ``250`` ranges,
references to players, mirrored pairings, declared points) is settled by
:meth:`_Reader.finish`. Unknown records are kept verbatim.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from rules.files.trf.checks import _check_points, _check_references
from rules.files.trf.fields import _fail, _int_field, _score_text
from rules.files.trf.limits import DEFAULT_LIMITS, MAX_START_RANK, TrfLimits, decode_trf
from rules.files.trf.player_line import _parse_player, beyond_rounds
from rules.files.trf.points import _BB_FIELDS, _point_system, _read_162, _read_bb, _read_xxs
from rules.files.trf.records import (
    _HEADER_CODES,
    _TRF26_TEXT_CODES,
    BYE_PLACEHOLDER_NAMES,
    PlayerRecord,
    TrfError,
    TrfFile,
)

#: Records whose code must be followed by a blank in column 4.
_BLANK_AFTER_CODE = frozenset({"001", "012", "142", "152", "162", "240"})


def read_trf(
    path: str | Path, *, encoding: str | None = None, limits: TrfLimits | None = None
) -> TrfFile:
    """Read and parse a TRF file.

    The bytes are decoded by :func:`~rules.files.trf.limits.decode_trf`: UTF-8, else
    Windows-1252, unless ``encoding`` is given. Raises ``OSError`` when the file cannot be
    read, ``LookupError`` for an unknown encoding and :class:`TrfError` when the content is
    malformed (or not in the encoding given).
    """
    data = Path(path).read_bytes()
    return parse_trf(decode_trf(data, encoding), limits=limits)


def parse_trf(text: str, *, limits: TrfLimits | None = None, check_points: bool = True) -> TrfFile:
    """Parse TRF text (TRF16, TRF-2026, JaVaFo TRF(x), bbpPairings extensions).

    Every problem is a :class:`TrfError` with its line and column, including a NUL character
    anywhere and anything past ``limits`` (default :data:`~rules.files.trf.limits.DEFAULT_LIMITS`).
    ``check_points=False`` accepts declared points that do not add up: in a team file a
    member's points are informative (TRF-2026), the team reader passes it.
    """
    text = text.removeprefix("\ufeff")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    reader = _Reader(limits or DEFAULT_LIMITS)
    for lineno, raw in enumerate(lines, start=1):
        nul = raw.find("\x00")
        if nul >= 0:
            raise _fail(lineno, nul, "NUL character (byte 0) in the line")
        if raw.strip():
            reader.read_line(lineno, raw)
    return reader.finish(check_points=check_points)


class _Reader:
    """The state of one parse: the file being built and what is checked once every line is in."""

    def __init__(self, limits: TrfLimits) -> None:
        self.limits = limits
        self.trf = TrfFile()
        self.all_players: list[PlayerRecord] = []
        self.seen: dict[int, int] = {}
        self.ps_values: dict[str, Fraction] = {}
        self.rounds_sources: list[tuple[int, int, int]] = []  # (value, line, col)
        self.refs: list[tuple[int, int, int, str]] = []  # (tpn, line, col, record)
        self.colour_sources: list[tuple[str, int]] = []
        self.acc_250: list[tuple[int, float, int, int, int, int]] = []

    def read_line(self, lineno: int, raw: str) -> None:
        """Read one non-blank line with the method of its record code."""
        code = raw[:3]
        rest = raw[4:].rstrip() if len(raw) > 4 else ""
        if len(raw) > 3 and raw[3] != " " and code in _BLANK_AFTER_CODE:
            raise _fail(lineno, 3, f"column 4 must be blank after record type {code}")
        record = _RECORDS.get(code, _Reader.other)
        record(self, lineno, raw, rest)

    # ---- records

    def player(self, lineno: int, raw: str, rest: str) -> None:
        if len(self.all_players) >= self.limits.max_players:
            raise _fail(lineno, 0, f"more than {self.limits.max_players} player records")
        max_rounds, declared = self.limits.max_rounds, ""
        if self.rounds_sources:
            value, source_line, _ = self.rounds_sources[0]
            if value <= max_rounds:
                max_rounds, declared = value, f"line {source_line}"
        player = _parse_player(raw, lineno, max_rounds, declared)
        if player.tpn in self.seen:
            raise _fail(
                lineno,
                4,
                f"start rank {player.tpn} is used twice (first on line {self.seen[player.tpn]})",
            )
        self.seen[player.tpn] = lineno
        self.all_players.append(player)

    def header(self, lineno: int, raw: str, rest: str) -> None:
        code = raw[:3]
        if code in self.trf.headers:
            raise _fail(lineno, 0, f"record {code} appears twice")
        self.trf.headers[code] = rest.strip()

    def deputy(self, lineno: int, raw: str, rest: str) -> None:
        self.trf.deputies.append(rest.strip())

    def round_dates(self, lineno: int, raw: str, rest: str) -> None:
        dates = []
        k = 0
        end = len(raw.rstrip())
        while 91 + 10 * k < end:
            if k >= self.limits.max_rounds:
                raise _fail(lineno, 91 + 10 * k, f"132: more than {self.limits.max_rounds} rounds")
            dates.append(raw[91 + 10 * k : 99 + 10 * k].strip())
            k += 1
        self.trf.round_dates = dates

    def rounds(self, lineno: int, raw: str, rest: str) -> None:
        code = raw[:3]
        value = _int_field(
            rest, lineno, 4, f"number of rounds ({code})", maximum=self.limits.max_rounds
        )
        if value == 0:
            raise _fail(lineno, 4, f"number of rounds ({code}) must be positive")
        self.rounds_sources.append((value, lineno, 5))

    def colour(self, lineno: int, raw: str, rest: str) -> None:
        c = rest.strip().upper()
        if c not in ("W", "B"):
            raise _fail(lineno, 4, f"152: initial colour {rest.strip()!r} is not W or B")
        self.colour_sources.append((c.lower(), lineno))

    def engine_colour(self, lineno: int, raw: str, rest: str) -> None:
        words = rest.split()
        choice = [w for w in words if w.lower() in ("white1", "black1")]
        if not choice:
            raise _fail(lineno, 4, f"XXC: expected white1 or black1, found {rest.strip()!r}")
        self.colour_sources.append((choice[-1].lower()[0], lineno))

    def points_162(self, lineno: int, raw: str, rest: str) -> None:
        _read_162(lineno, raw.rstrip(), self.ps_values, self.limits.max_point_value)

    def points_xxs(self, lineno: int, raw: str, rest: str) -> None:
        _read_xxs(lineno, raw, rest, self.ps_values, self.limits.max_point_value)

    def points_bb(self, lineno: int, raw: str, rest: str) -> None:
        _read_bb(lineno, raw[:3], rest, self.ps_values, self.limits.max_point_value)

    def bye(self, lineno: int, raw: str, rest: str) -> None:
        bye_type = raw[4:5].upper()
        if bye_type not in ("F", "H", "Z"):
            raise _fail(lineno, 4, f"240: unknown bye type {raw[4:5]!r} (expected F, H, Z)")
        rnd = _int_field(raw[6:9], lineno, 6, "240 round", maximum=self.limits.max_rounds)
        start = 10
        while start < len(raw.rstrip()):
            tpn = _int_field(raw[start : start + 4], lineno, start, "240 player")
            self.trf.byes.append((bye_type, rnd, tpn))
            self.refs.append((tpn, lineno, start, "240"))
            start += 5

    def acceleration_range(self, lineno: int, raw: str, rest: str) -> None:
        if len(raw.rstrip()) < 31:
            raise _fail(lineno, len(raw.rstrip()), "250: record too short")
        pts = _score_text(raw[9:13], lineno, 9, "250 points")
        most = self.limits.max_rounds
        r1 = _int_field(raw[14:17], lineno, 14, "250 first round", maximum=most)
        r2 = _int_field(raw[18:21], lineno, 18, "250 last round", maximum=most)
        p1 = _int_field(raw[22:26], lineno, 22, "250 first player")
        p2 = _int_field(raw[27:31], lineno, 27, "250 last player")
        if r1 > r2 or p1 > p2 or r1 == 0:
            raise _fail(lineno, 14, "250: empty round or player range")
        self.acc_250.append((lineno, pts, r1, r2, p1, p2))

    def acceleration(self, lineno: int, raw: str, rest: str) -> None:
        tpn = _int_field(raw[4:8], lineno, 4, "XXA player")
        self.refs.append((tpn, lineno, 4, "XXA"))
        values = []
        start = 9
        end = len(raw.rstrip())
        while start < end:
            if len(values) >= self.limits.max_rounds:
                raise _fail(lineno, start, f"XXA: more than {self.limits.max_rounds} rounds")
            chunk = raw[start : start + 4]
            values.append(_score_text(chunk, lineno, start, "XXA points") if chunk.strip() else 0.0)
            start += 5
        self.trf.accelerations[tpn] = values

    def forbidden(self, lineno: int, raw: str, rest: str) -> None:
        r1 = _int_field(raw[4:7], lineno, 4, "260 first round")
        r2 = _int_field(raw[8:11], lineno, 8, "260 last round")
        if r1 < 1:
            raise _fail(lineno, 4, f"260 first round {r1}: rounds are numbered from 1")
        if r2 < r1:
            raise _fail(lineno, 8, f"260 last round {r2} is before the first round {r1}")
        tpns = []
        start = 12
        while start < len(raw.rstrip()):
            tpns.append(_int_field(raw[start : start + 4], lineno, start, "260 player"))
            self.refs.append((tpns[-1], lineno, start, "260"))
            start += 5
        self.trf.forbidden_pairs.append((r1, r2, tuple(tpns)))

    def engine_forbidden(self, lineno: int, raw: str, rest: str) -> None:
        tpns = []
        for tpn, col0 in _start_ranks(raw, rest, lineno, "XXP"):
            tpns.append(tpn)
            self.refs.append((tpn, lineno, col0, "XXP"))
        self.trf.forbidden_pairs.append((1, None, tuple(tpns)))

    def absent(self, lineno: int, raw: str, rest: str) -> None:
        for tpn, col0 in _start_ranks(raw, rest, lineno, "XXZ"):
            self.trf.absent_next_round.append(tpn)
            self.refs.append((tpn, lineno, col0, "XXZ"))

    def other(self, lineno: int, raw: str, rest: str) -> None:
        self.trf.other_lines.append(raw.rstrip())

    # ---- the whole file

    def finish(self, *, check_points: bool = True) -> TrfFile:
        """Settle what needs every line, check the file as a whole and return it."""
        trf = self.trf
        self._settle_rounds_and_colour()
        self._check_declared_rounds()
        trf.point_system = _point_system(self.ps_values)
        self._apply_acceleration_ranges()
        for p in self.all_players:
            if _is_bye_placeholder(p):
                trf.bye_placeholders.append(p)
            else:
                trf.players.append(p)
        known = {p.tpn for p in self.all_players}
        for tpn, lineno, col0, record in self.refs:
            if tpn not in known:
                raise _fail(lineno, col0, f"{record}: player {tpn} has no player record")
        _check_references(self.all_players, {p.tpn: p for p in self.all_players})
        if check_points:
            _check_points(trf, self.all_players)
        return trf

    def _settle_rounds_and_colour(self) -> None:
        """Header values that must agree when given twice."""
        if self.rounds_sources:
            values = {v for v, _, _ in self.rounds_sources}
            if len(values) > 1:
                _, lineno, col = self.rounds_sources[-1]
                raise TrfError(lineno, col, f"number of rounds disagrees: {sorted(values)}")
            self.trf.total_rounds = self.rounds_sources[0][0]
        if self.colour_sources:
            if len({c for c, _ in self.colour_sources}) > 1:
                raise TrfError(
                    self.colour_sources[-1][1], 5, "initial colour disagrees between records"
                )
            self.trf.initial_colour = self.colour_sources[0][0]

    def _check_declared_rounds(self) -> None:
        """No player record has an entry past the number of rounds declared after it."""
        total = self.trf.total_rounds
        if total is None:
            return
        _, source_line, _ = self.rounds_sources[0]
        for p in self.all_players:
            for k in range(total, len(p.rounds)):
                if not p.rounds[k].is_blank:
                    reason = beyond_rounds(k + 1, total, f"line {source_line}")
                    raise TrfError(p.line, 92 + 10 * k, reason)

    def _apply_acceleration_ranges(self) -> None:
        """The ``250`` records: fictitious points over a range of rounds and players."""
        known = sorted({p.tpn for p in self.all_players})
        cells = 0
        for line, pts, r1, r2, p1, p2 in self.acc_250:
            players = [tpn for tpn in known if p1 <= tpn <= p2]
            cells += len(players) * (r2 - r1 + 1)
            if cells > self.limits.max_acceleration_cells:
                raise TrfError(
                    line,
                    15,
                    f"250: the acceleration ranges fill more than "
                    f"{self.limits.max_acceleration_cells} player rounds",
                )
            for tpn in players:
                acc = self.trf.accelerations.setdefault(tpn, [])
                if len(acc) < r2:
                    acc.extend([0.0] * (r2 - len(acc)))
                for r in range(r1, r2 + 1):
                    acc[r - 1] = pts


_RecordReader = Callable[[_Reader, int, str, str], None]

#: The method reading each record code; any other code is kept verbatim (:meth:`_Reader.other`).
_RECORDS: dict[str, _RecordReader] = {
    **dict.fromkeys(_HEADER_CODES + _TRF26_TEXT_CODES, _Reader.header),
    **dict.fromkeys(_BB_FIELDS, _Reader.points_bb),
    "001": _Reader.player,
    "112": _Reader.deputy,
    "132": _Reader.round_dates,
    "142": _Reader.rounds,
    "XXR": _Reader.rounds,
    "152": _Reader.colour,
    "XXC": _Reader.engine_colour,
    "162": _Reader.points_162,
    "XXS": _Reader.points_xxs,
    "240": _Reader.bye,
    "250": _Reader.acceleration_range,
    "XXA": _Reader.acceleration,
    "260": _Reader.forbidden,
    "XXP": _Reader.engine_forbidden,
    "XXZ": _Reader.absent,
}


def _start_ranks(raw: str, rest: str, lineno: int, record: str) -> list[tuple[int, int]]:
    """The start ranks listed on an ``XXP``/``XXZ`` line with their 0-based columns."""
    found = []
    col0 = 4
    for token in rest.split():
        col0 = raw.find(token, col0)
        found.append(
            (_int_field(token, lineno, col0, f"{record}: player", maximum=MAX_START_RANK), col0)
        )
        col0 += len(token)
    return found


def _is_bye_placeholder(p: PlayerRecord) -> bool:
    """A ``spielfrei``-style record: known placeholder name, no opponent ever, no points."""
    return (
        p.name.strip().lower() in BYE_PLACEHOLDER_NAMES
        and p.points == 0
        and all(e.opponent is None for e in p.rounds)
    )

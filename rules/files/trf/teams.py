"""Reader and writer of TRF-2026 team tournaments (issue 22): :func:`parse_team_trf` and
:func:`write_team_trf`.

A team file is an individual TRF (the member ``001`` records with their board games, the
tournament records) plus the team records, each read here with its columns from the TRF-2026
specification (FIDE Handbook, TRF26, approved 12/05/2025) and as Sharly Chess's bbpPairings
fork (``--team``) reads them:

========  ==========================================================================
``310``   team: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, match points 55-60,
          game points 62-67, rank 69-71, players' start ranks 74-77, 79-82, … (every 5)
``013``   legacy team: name 5-36, players 37-40, 42-45, … (TPN = file order)
``300``   line-up: round 5-7, team 9-11, opponent 13-15, players 17-20, 22-25, … (``0000``
          = unoccupied board)
``240``   bye: type 5 (``F H Z``), round 7-9, teams 11-14, 16-19, …
``250``   acceleration: match points 5-8, game points 10-13, rounds 15-17 and 19-21,
          teams 23-26 and 28-31
``260``   forbidden: rounds 5-7 and 9-11, teams 13-16, 18-21, …
``320``   PAB: match points 5-8, game points 10-13, the PAB team of round 1 at 15-17, of
          round 2 at 19-21, … (``000`` = none)
``330``   forfeited match: type 5-6 (``+- -+ --``), round 8-10, White team 12-14, Black 16-18
``299``   abnormal points: type 5, match points 8-11, game points 14-17 (``[-]11.5``),
          round 20-22 (blank or ``000`` = every round), teams 24-27, 29-32, …
``352``   board colours from column 5 (``W``/``B`` per board, e.g. ``WBWB``)
``362``   match points: symbol 5-6 and value 7-10, then every 9 columns (``TW TD TL``)
========  ==========================================================================

``142``, ``152``, ``162`` and ``192`` are tournament records of the member file. Every error is a
:class:`~rules.files.trf.records.TrfError` with the line and column; a file with one error
gives no result. The members' declared points are not checked (TRF-2026 calls them
informative in a team competition).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

from rules.files.trf.fields import _fail, _int_field, _shown
from rules.files.trf.limits import DEFAULT_LIMITS, TrfLimits, decode_trf
from rules.files.trf.reader import parse_trf
from rules.files.trf.records import TrfError
from rules.files.trf.team_records import (
    AbnormalPoints,
    LineUp,
    MatchPointSystem,
    TeamAcceleration,
    TeamBye,
    TeamForbidden,
    TeamForfeit,
    TeamPab,
    TeamRecord,
    TeamTrfFile,
    TeamType,
)
from rules.files.trf.team_writer import write_team_trf

#: The records read by this module; every other line goes to the member file's reader.
TEAM_CODES = ("013", "240", "250", "260", "299", "300", "310", "320", "330", "352", "362")

_SIGNED_RE = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")
_MAX_TPN = 999


def read_team_trf(
    path: str | Path, *, encoding: str | None = None, limits: TrfLimits | None = None
) -> TeamTrfFile:
    """Read and parse a TRF-2026 team file (decoded as :func:`~rules.files.trf.read_trf` does)."""
    data = Path(path).read_bytes()
    return parse_team_trf(decode_trf(data, encoding), limits=limits)


def parse_team_trf(text: str, *, limits: TrfLimits | None = None) -> TeamTrfFile:
    """Parse a TRF-2026 team tournament; :class:`TrfError` (line, column, reason) if bad."""
    text = text.removeprefix("\ufeff")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    reader = _TeamReader()
    member_lines = []
    for lineno, raw in enumerate(lines, start=1):
        code = raw[:3]
        if code in TEAM_CODES and raw.strip():
            if "\x00" in raw:
                raise _fail(lineno, raw.find("\x00"), "NUL character (byte 0) in the line")
            _RECORDS[code](reader, lineno, raw.rstrip())
            member_lines.append("")  # keeps the member reader's line numbers
        else:
            if code == "192":
                reader.seen["192"] = lineno
            member_lines.append(raw)
    members = parse_trf(
        "\n".join(member_lines), limits=limits or DEFAULT_LIMITS, check_points=False
    )
    return reader.finish(members)


# ---- fields


def _col(raw: str, start: int, end: int) -> str:
    """Columns ``start``..``end`` (1-based, inclusive) of ``raw``; blank past its end."""
    return raw[start - 1 : end]


def _number(raw: str, start: int, end: int, lineno: int, what: str) -> Fraction | None:
    """A points field (``11.5``, ``-5.0``) in columns ``start``..``end``; ``None`` when blank."""
    s = _col(raw, start, end).strip()
    if not s:
        return None
    if not _SIGNED_RE.match(s):
        raise _fail(lineno, start - 1, f"{what} {_shown(s)} is not a number")
    return Fraction(s)


def _int(
    raw: str, start: int, end: int, lineno: int, what: str, *, blank: int | None = None
) -> int:
    return _int_field(_col(raw, start, end), lineno, start - 1, what, blank=blank, maximum=9999)


def _opt_int(raw: str, start: int, end: int, lineno: int, what: str) -> int | None:
    if not _col(raw, start, end).strip():
        return None
    return _int(raw, start, end, lineno, what)


def _ids(raw: str, start: int, width: int, lineno: int, what: str) -> Iterator[tuple[int, int]]:
    """The numbers of a repeated field from column ``start`` every ``width + 1`` columns, with
    their columns; blank fields are skipped."""
    col = start
    while col <= len(raw):
        field = _col(raw, col, col + width - 1)
        if field.strip():
            yield _int_field(field, lineno, col - 1, what, maximum=9999), col
        col += width + 1


# ---- the reader


class _TeamReader:
    """The team records of one parse; :meth:`finish` checks them against the member file."""

    def __init__(self) -> None:
        self.file = TeamTrfFile()
        # (tpn, line, column, what) of every reference to a team, checked once all are read
        self.team_refs: list[tuple[int, int, int, str]] = []
        self.seen: dict[str, int] = {}
        self.lineup_lines: dict[tuple[int, int], int] = {}

    def _once(self, code: str, lineno: int) -> None:
        if code in self.seen:
            raise _fail(lineno, 0, f"record {code} appears twice (first on line {self.seen[code]})")
        self.seen[code] = lineno

    def _ref(self, tpn: int, lineno: int, col: int, what: str) -> None:
        self.team_refs.append((tpn, lineno, col, what))

    def team_310(self, lineno: int, raw: str) -> None:
        tpn = _int(raw, 5, 7, lineno, "310 team pairing number")
        members = [m for m, _ in _ids(raw, 74, 4, lineno, "310 player") if m]
        self.file.teams.append(
            TeamRecord(
                tpn=tpn,
                name=_col(raw, 9, 40).strip(),
                members=members,
                nickname=_col(raw, 42, 46).strip(),
                strength=_opt_int(raw, 48, 53, lineno, "310 strength factor"),
                match_points=_number(raw, 55, 60, lineno, "310 match points"),
                game_points=_number(raw, 62, 67, lineno, "310 game points"),
                rank=_opt_int(raw, 69, 71, lineno, "310 rank"),
                line=lineno,
            )
        )
        if _col(raw, 72, 73).strip():
            raise _fail(lineno, 71, "310: columns 72-73 must be blank (players start at 74)")

    def team_013(self, lineno: int, raw: str) -> None:
        members = [m for m, _ in _ids(raw, 37, 4, lineno, "013 player") if m]
        tpn = sum(1 for t in self.file.teams if t.legacy) + 1
        team = TeamRecord(tpn=tpn, name=_col(raw, 5, 36).strip(), members=members, legacy=True)
        team.line = lineno
        self.file.teams.append(team)

    def lineup_300(self, lineno: int, raw: str) -> None:
        rnd = _int(raw, 5, 7, lineno, "300 round")
        team = _int(raw, 9, 11, lineno, "300 team")
        opponent = _int(raw, 13, 15, lineno, "300 opponent", blank=0)
        if rnd < 1:
            raise _fail(lineno, 4, "300: rounds are numbered from 1")
        self._ref(team, lineno, 9, "300 team")
        if opponent:
            self._ref(opponent, lineno, 13, "300 opponent")
        if opponent == team:
            raise _fail(lineno, 12, f"300: team {team} cannot be its own opponent")
        players = tuple(p or None for p, _ in _ids(raw, 17, 4, lineno, "300 player"))
        if not players:
            raise _fail(lineno, 16, "300: no player listed")
        if self.file.lineup(rnd, team) is not None:
            raise _fail(lineno, 8, f"300: a second line-up of team {team} for round {rnd}")
        self.file.lineups.append(LineUp(rnd, team, opponent or None, players))
        self.lineup_lines[(rnd, team)] = lineno

    def bye_240(self, lineno: int, raw: str) -> None:
        kind = _col(raw, 5, 5).upper()
        if kind not in ("F", "H", "Z"):
            raise _fail(lineno, 4, f"240: unknown bye type {kind!r} (expected F, H, Z)")
        rnd = _int(raw, 7, 9, lineno, "240 round")
        if rnd < 1:
            raise _fail(lineno, 6, "240: rounds are numbered from 1")
        teams = list(_ids(raw, 11, 4, lineno, "240 team"))
        if not teams:
            raise _fail(lineno, 10, "240: no team listed")
        for tpn, col in teams:
            self._ref(tpn, lineno, col, "240 team")
            self.file.byes.append(TeamBye(kind, rnd, tpn))

    def acceleration_250(self, lineno: int, raw: str) -> None:
        if len(raw) < 31:
            raise _fail(lineno, len(raw), "250: record too short (the last team ends at 31)")
        mp = _number(raw, 5, 8, lineno, "250 match points") or Fraction(0)
        gp = _number(raw, 10, 13, lineno, "250 game points") or Fraction(0)
        r1, r2 = (
            _int(raw, 15, 17, lineno, "250 first round"),
            _int(raw, 19, 21, lineno, "250 last round"),
        )
        t1, t2 = (
            _int(raw, 23, 26, lineno, "250 first team"),
            _int(raw, 28, 31, lineno, "250 last team"),
        )
        if mp < 0 or gp < 0:
            raise _fail(lineno, 4, "250: fictitious points cannot be negative")
        if r1 < 1 or r2 < r1:
            raise _fail(lineno, 14, f"250: empty round range {r1}-{r2}")
        if t1 < 1 or t2 < t1:
            raise _fail(lineno, 22, f"250: empty team range {t1}-{t2}")
        self.file.accelerations.append(TeamAcceleration(mp, gp, r1, r2, t1, t2))

    def forbidden_260(self, lineno: int, raw: str) -> None:
        r1, r2 = (
            _int(raw, 5, 7, lineno, "260 first round"),
            _int(raw, 9, 11, lineno, "260 last round"),
        )
        if r1 < 1 or r2 < r1:
            raise _fail(lineno, 4, f"260: empty round range {r1}-{r2}")
        teams = list(_ids(raw, 13, 4, lineno, "260 team"))
        if len(teams) < 2:
            raise _fail(lineno, 12, "260: at least two teams are needed")
        for tpn, col in teams:
            self._ref(tpn, lineno, col, "260 team")
        self.file.forbidden.append(TeamForbidden(r1, r2, tuple(t for t, _ in teams)))

    def pab_320(self, lineno: int, raw: str) -> None:
        self._once("320", lineno)
        mp = _number(raw, 5, 8, lineno, "320 match points")
        gp = _number(raw, 10, 13, lineno, "320 game points")
        teams: list[int | None] = []
        for tpn, col in _ids(raw, 15, 3, lineno, "320 team"):
            if tpn:
                self._ref(tpn, lineno, col, "320 team")
            teams.append(tpn or None)
        self.file.pab = TeamPab(mp, gp, teams)

    def forfeit_330(self, lineno: int, raw: str) -> None:
        kind = _col(raw, 5, 6)
        if kind not in ("+-", "-+", "--"):
            raise _fail(lineno, 4, f"330: unknown forfeit type {kind!r} (expected +-, -+, --)")
        rnd = _int(raw, 8, 10, lineno, "330 round")
        white, black = (
            _int(raw, 12, 14, lineno, "330 White team"),
            _int(raw, 16, 18, lineno, "330 Black team"),
        )
        if rnd < 1:
            raise _fail(lineno, 7, "330: rounds are numbered from 1")
        if white == black:
            raise _fail(lineno, 15, f"330: team {white} cannot meet itself")
        self._ref(white, lineno, 12, "330 White team")
        self._ref(black, lineno, 16, "330 Black team")
        self.file.forfeits.append(TeamForfeit(kind, rnd, white, black))

    def abnormal_299(self, lineno: int, raw: str) -> None:
        kind = _col(raw, 5, 5).upper() or " "
        if kind not in "WDLFHZ+- ":
            raise _fail(lineno, 4, f"299: unknown assignment type {kind!r}")
        mp = _number(raw, 8, 11, lineno, "299 match points")
        gp = _number(raw, 14, 17, lineno, "299 game points")
        rnd = _int(raw, 20, 22, lineno, "299 round", blank=0)
        teams = list(_ids(raw, 24, 4, lineno, "299 team"))
        for tpn, col in teams:
            self._ref(tpn, lineno, col, "299 team")
        self.file.abnormal.append(
            AbnormalPoints(kind, mp, gp, rnd or None, tuple(t for t, _ in teams))
        )

    def colours_352(self, lineno: int, raw: str) -> None:
        self._once("352", lineno)
        text = raw[4:].strip().upper()
        bad = next((i for i, c in enumerate(raw[4:].rstrip()) if c.upper() not in "WB "), None)
        if bad is not None or not text or " " in text:
            col = 4 + (bad if bad is not None else 0)
            raise _fail(lineno, col, f"352: board colours {raw[4:].strip()!r} must be W and B only")
        self.file.board_colours = text

    def match_points_362(self, lineno: int, raw: str) -> None:
        """Symbol and value pairs. TRF-2026 puts them at 5-6/7-10, 14-15/16-19, 23-24/25-28; the
        fork's own files write the value one column later (``362 TW  2.0   TD  1.0``), so the
        pairs are read as words: a symbol, then its value."""
        self._once("362", lineno)
        values: dict[str, Fraction] = {}
        words = [(m.group(), m.start()) for m in re.finditer(r"\S+", raw[4:])]
        if len(words) % 2:
            raise _fail(lineno, 4 + words[-1][1], "362: a symbol without its value")
        for (symbol, col), (text, vcol) in zip(words[::2], words[1::2], strict=True):
            if symbol not in ("TW", "TD", "TL"):
                raise _fail(
                    lineno, 4 + col, f"362: unknown symbol {symbol!r} (expected TW, TD, TL)"
                )
            if not _SIGNED_RE.match(text) or text.startswith("-"):
                raise _fail(
                    lineno, 4 + vcol, f"362 value for {symbol} {_shown(text)} is not a number"
                )
            if symbol in values:
                raise _fail(lineno, 4 + col, f"362: {symbol} is given twice")
            values[symbol] = Fraction(text)
        default = MatchPointSystem()
        self.file.match_point_system = MatchPointSystem(
            win=values.get("TW", default.win),
            draw=values.get("TD", default.draw),
            loss=values.get("TL", default.loss),
        )

    # ---- the whole file

    def finish(self, members) -> TeamTrfFile:
        """Check the team records against each other and the member file; return the file."""
        f = self.file
        f.members = members
        if not f.teams:
            raise TrfError(1, 1, "not a team file: no team record (310 or 013)")
        self._check_teams(members)
        known = {t.tpn for t in f.teams}
        for tpn, lineno, col, what in self.team_refs:
            if tpn not in known:
                raise TrfError(lineno, col, f"{what} {tpn} has no team record (310)")
        self._check_lineups()
        code = members.headers.get("192", "")
        if "TEAM" in code and TeamType.from_code(code) is None:
            raise TrfError(
                self.seen.get("192", 1), 5, f"192: unknown team tournament type {code!r}"
            )
        return f

    def _check_teams(self, members) -> None:
        f = self.file
        kinds = {t.legacy for t in f.teams}
        if len(kinds) > 1:
            later = max(f.teams, key=lambda t: t.line)
            raise TrfError(later.line, 1, "310 and 013 team records cannot be mixed in one file")
        owner: dict[int, TeamRecord] = {}
        by_tpn: dict[int, TeamRecord] = {}
        players = {p.tpn for p in members.players}
        for t in f.teams:
            if t.tpn in by_tpn:
                raise TrfError(
                    t.line,
                    5,
                    f"team pairing number {t.tpn} is used twice "
                    f"(first on line {by_tpn[t.tpn].line})",
                )
            by_tpn[t.tpn] = t
            if not t.members:
                raise TrfError(t.line, 74, f"team {t.tpn} lists no player")
            for i, m in enumerate(t.members):
                col = (37 if t.legacy else 74) + 5 * i
                if m not in players:
                    raise TrfError(
                        t.line, col, f"team {t.tpn}: player {m} has no player record (001)"
                    )
                if m in owner:
                    other = owner[m]
                    raise TrfError(
                        t.line,
                        col,
                        f"player {m} is on team {other.tpn} (line {other.line}) and team {t.tpn}",
                    )
                owner[m] = t
        f.teams.sort(key=lambda t: t.tpn)
        missing = sorted(set(range(1, len(f.teams) + 1)) - set(by_tpn))
        if missing:
            top = max(f.teams, key=lambda t: t.tpn)
            raise TrfError(
                top.line,
                5,
                f"team pairing numbers must run from 1 to {len(f.teams)}: {missing[0]} is missing",
            )
        if len(f.teams) > _MAX_TPN:
            raise TrfError(f.teams[-1].line, 5, f"more than {_MAX_TPN} teams")

    def _check_lineups(self) -> None:
        for lu in self.file.lineups:
            lineno = self.lineup_lines[(lu.round_no, lu.team)]
            roster = self.file.team(lu.team).members
            seen: set[int] = set()
            for i, p in enumerate(lu.players):
                if p is None:
                    continue
                col = 17 + 5 * i
                if p not in roster:
                    raise TrfError(
                        lineno, col, f"300: player {p} is not on the roster of team {lu.team}"
                    )
                if p in seen:
                    raise TrfError(lineno, col, f"300: player {p} is listed twice")
                seen.add(p)


_RECORDS: dict[str, Callable[[_TeamReader, int, str], None]] = {
    "310": _TeamReader.team_310,
    "013": _TeamReader.team_013,
    "300": _TeamReader.lineup_300,
    "240": _TeamReader.bye_240,
    "250": _TeamReader.acceleration_250,
    "260": _TeamReader.forbidden_260,
    "320": _TeamReader.pab_320,
    "330": _TeamReader.forfeit_330,
    "299": _TeamReader.abnormal_299,
    "352": _TeamReader.colours_352,
    "362": _TeamReader.match_points_362,
}


__all__ = [
    "TEAM_CODES",
    "parse_team_trf",
    "read_team_trf",
    "write_team_trf",
]

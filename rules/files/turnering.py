"""FESA's shogi results file (``turnering.txt``): writer and reader.

Pure module: standard library only. FESA's tournament guide asks for the results as a text
file in ISO-8859-1 with three header lines and one line per player; we read its description
as::

    [Shogi Open Lyon, Lyon, FR, 2026-05-01]
    [2026-05-01]
    [30 min + 30 s byoyomi]
    1 [Dupont][Marie][2+ 3+ 0+][FR] 3
    2 [Tanaka][Hiro][1- 0+ 3+][N JP] 2

Line 1: tournament name, city, country and date (the name may contain commas: the last three
fields are city, country, date); line 2: the date as YYYY-MM-DD; line 3: the time control.
A player line is the place, ``[last name][first name][rounds][nationality]`` and the points.
A round is ``<opponent's place><+|-|=>``; a round without a game (bye, absence, forfeit: FESA
rates only games played) is ``0+``, ``0=`` or ``0-`` by the points it gave. The nationality
bracket holds the two-letter code, preceded by ``N`` for a player new to the FESA list.
Sente and gote are not part of the file (colours are decided by furigoma).

:func:`write_turnering` writes a :class:`TurneringFile` (as text; encode it with
``encoding="iso-8859-1"``); :func:`parse_turnering` reads one back and refuses a bad file with
a :class:`TurneringError` naming the line and the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from rules.files.text import one_line

__all__ = [
    "ENCODING",
    "TurneringError",
    "TurneringFile",
    "TurneringPlayer",
    "parse_turnering",
    "write_turnering",
]

ENCODING = "iso-8859-1"

_HEADER = re.compile(r"^\[(.*)\]$")
_PLAYER = re.compile(r"^(\d+)\s+\[([^\[\]]*)\]\[([^\[\]]*)\]\[([^\[\]]*)\]\[([^\[\]]*)\]\s+(\S+)$")
_ROUND = re.compile(r"^(\d+)([+\-=])$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_NATION = re.compile(r"^(N\s+)?([A-Z]{2}|--)$")
_POINTS = {"+": Fraction(1), "=": Fraction(1, 2), "-": Fraction(0)}
_INVERSE = {"+": "-", "-": "+", "=": "="}


class TurneringError(ValueError):
    """A bad ``turnering.txt``: the 1-based ``line`` and the ``reason``."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class TurneringPlayer:
    """``rounds`` are (opponent's place or 0, ``+``/``=``/``-``)."""

    place: int
    last_name: str
    first_name: str
    rounds: tuple[tuple[int, str], ...]
    nationality: str = "--"
    new: bool = False

    @property
    def points(self) -> Fraction:
        return sum((_POINTS[code] for _opponent, code in self.rounds), Fraction(0))


@dataclass(frozen=True)
class TurneringFile:
    name: str
    city: str
    country: str
    date: str
    time_control: str
    players: tuple[TurneringPlayer, ...]


def _points(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _clean(text: str) -> str:
    """A field on its one line (no control characters), without the brackets around it."""
    return one_line(text).replace("[", "(").replace("]", ")").strip()


def write_turnering(data: TurneringFile) -> str:
    lines = [
        f"[{_clean(data.name)}, {_clean(data.city)}, {_clean(data.country)}, {data.date}]",
        f"[{data.date}]",
        f"[{_clean(data.time_control)}]",
    ]
    for p in data.players:
        rounds = " ".join(f"{opponent}{code}" for opponent, code in p.rounds)
        nation = _clean(f"N {p.nationality}" if p.new else p.nationality)
        lines.append(
            f"{p.place} [{_clean(p.last_name)}][{_clean(p.first_name)}][{rounds}][{nation}] "
            f"{_points(p.points)}"
        )
    return "\n".join(lines) + "\n"


def _header(lines: list[str], index: int, what: str) -> str:
    if len(lines) <= index:
        raise TurneringError(index + 1, f"the {what} header line is missing")
    match = _HEADER.match(lines[index].strip())
    if match is None:
        raise TurneringError(index + 1, f"the {what} header must be in [brackets]")
    return match.group(1).strip()


def parse_turnering(text: str) -> TurneringFile:
    """Read a ``turnering.txt``; raise :class:`TurneringError` (line, reason) if not valid."""
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    title = _header(lines, 0, "tournament")
    fields = [f.strip() for f in title.split(",")]
    if len(fields) < 4:
        raise TurneringError(1, "the tournament header needs name, city, country and date")
    name, city, country, _date_text = ", ".join(fields[:-3]), *fields[-3:]
    date = _header(lines, 1, "date")
    if not _DATE.match(date):
        raise TurneringError(2, f"{date!r} is not a date YYYY-MM-DD")
    time_control = _header(lines, 2, "time control")
    players: list[TurneringPlayer] = []
    line_of: dict[int, int] = {}
    for index in range(3, len(lines)):
        lineno = index + 1
        line = lines[index].strip()
        if not line:
            continue
        match = _PLAYER.match(line)
        if match is None:
            raise TurneringError(
                lineno, "expected: place [last name][first name][rounds][nationality] points"
            )
        place, last, first, rounds_text, nation, points_text = match.groups()
        if int(place) != len(players) + 1:
            raise TurneringError(lineno, f"place {place}: expected {len(players) + 1}")
        rounds = []
        for number, token in enumerate(rounds_text.split(), 1):
            round_match = _ROUND.match(token)
            if round_match is None:
                raise TurneringError(
                    lineno, f"round {number}: {token!r} is not a result such as 3+ or 0-"
                )
            rounds.append((int(round_match.group(1)), round_match.group(2)))
        nation_match = _NATION.match(nation.strip())
        if nation_match is None:
            raise TurneringError(lineno, f"nationality {nation!r} is not a two-letter code")
        try:
            points = Fraction(points_text)
        except ValueError:
            raise TurneringError(lineno, f"points {points_text!r} are not a number") from None
        player = TurneringPlayer(
            place=int(place),
            last_name=last.strip(),
            first_name=first.strip(),
            rounds=tuple(rounds),
            nationality=nation_match.group(2),
            new=nation_match.group(1) is not None,
        )
        if player.points != points:
            raise TurneringError(
                lineno, f"points {points_text} do not match the rounds ({_points(player.points)})"
            )
        line_of[player.place] = lineno
        players.append(player)
    if not players:
        raise TurneringError(max(len(lines), 3), "no player lines")
    _check_rounds(players, line_of)
    return TurneringFile(
        name=name,
        city=city,
        country=country,
        date=date,
        time_control=time_control,
        players=tuple(players),
    )


def _check_rounds(players: list[TurneringPlayer], line_of: dict[int, int]) -> None:
    by_place = {p.place: p for p in players}
    count = len(players[0].rounds)
    for p in players:
        lineno = line_of[p.place]
        if len(p.rounds) != count:
            raise TurneringError(lineno, f"{len(p.rounds)} rounds, the first player has {count}")
        for number, (opponent, code) in enumerate(p.rounds, 1):
            if opponent == 0:
                continue
            other = by_place.get(opponent)
            if other is None or opponent == p.place:
                raise TurneringError(lineno, f"round {number}: no opponent with place {opponent}")
            if other.rounds[number - 1] != (p.place, _INVERSE[code]):
                raise TurneringError(
                    lineno,
                    f"round {number}: place {opponent} does not have the matching result "
                    f"{p.place}{_INVERSE[code]}",
                )

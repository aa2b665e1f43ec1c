"""The European Go Database results file (``.h9``): writer and reader.

Pure module: standard library only. The EGD takes a tournament's results as a text file:

- header lines ``; XX[value]``: ``CL`` tournament class (A-D), ``EV`` event name, ``PC``
  country code and city (``; PC[FR, Lyon]``), ``DT`` first and last day
  (``; DT[2026-05-01,2026-05-03]``), ``HA`` the handicap rule (``h9``: up to nine stones,
  ``h0``: none), ``KM`` komi of even games, ``TM`` thinking time in minutes, ``CM`` a comment.
  Other lines starting with ``;`` are comments (e.g. the column titles), and so is a lone ``;``.
- one line per player in the order of the final standings::

      3 Dupont Marie 2k FR Lyon 28 143 705 2+/w0 5-/b2 0= |12345678

  place, last name, first name (spaces inside a name are written ``_``), grade, country (two
  letters, ``--`` unknown), club (``-`` none), the score columns (we write MMS, SOS, SOSOS),
  one result per round, and optionally ``|`` and the EGD PIN. A round is
  ``<opponent's place><+|-|=>/<w|b><handicap stones>`` for a game (``!`` at the end: not
  played, i.e. a forfeit, not rated), or ``0+`` (bye with a point), ``0=`` (bye with half a
  point, or not paired), ``0-`` (no point).

:func:`write_h9` writes an :class:`H9File`; :func:`parse_h9` reads one back and refuses a bad
file with an :class:`H9Error` naming the line and the reason (nothing is half-read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from rules.files.text import one_line

__all__ = ["H9Error", "H9File", "H9Game", "H9Player", "parse_h9", "write_h9"]

_TAG = re.compile(r"^;\s*([A-Z]{2})\[(.*)\]\s*$")
_GRADE = re.compile(r"^(\d{1,2})([kdp])$")
_GAME = re.compile(r"^(\d+)([+\-=])(?:/([wb])(\d)?)?(!)?$")
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_COUNTRY = re.compile(r"^([A-Za-z]{2}|--)$")
_CLASSES = frozenset("ABCD")


class H9Error(ValueError):
    """A bad ``.h9`` file: the 1-based ``line`` and the ``reason``."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class H9Game:
    """One round of one player: opponent's place (0: no game), ``+``/``-``/``=``, colour,
    handicap stones, and ``played=False`` for a forfeit."""

    opponent: int = 0
    result: str = "="
    colour: str | None = None
    handicap: int = 0
    played: bool = True

    @property
    def code(self) -> str:
        if self.opponent == 0:
            return f"0{self.result}"
        text = f"{self.opponent}{self.result}/{self.colour}{self.handicap}"
        return text if self.played else text + "!"


@dataclass(frozen=True)
class H9Player:
    place: int
    last_name: str
    first_name: str
    grade: str
    country: str = "--"
    club: str = "-"
    scores: tuple[Fraction, ...] = ()
    games: tuple[H9Game, ...] = ()
    pin: str = ""


@dataclass(frozen=True)
class H9File:
    name: str
    start: str
    end: str
    players: tuple[H9Player, ...]
    tournament_class: str = "B"
    country: str = "--"
    city: str = ""
    handicap_rule: str = "h9"
    komi: str = "6.5"
    time_minutes: int = 0
    comment: str = ""
    score_columns: tuple[str, ...] = ("MMS", "SOS", "SOSOS")


def _token(text: str, fallback: str) -> str:
    text = "_".join(one_line(text).split())
    return text or fallback


def _tag(text: object) -> str:
    """A header tag's value on its one line; a bracket would end the tag."""
    return one_line(str(text)).replace("[", "(").replace("]", ")")


def _number(value: Fraction) -> str:
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def write_h9(data: H9File) -> str:
    """The file's text (``\\n`` line ends)."""
    lines = [
        f"; CL[{_tag(data.tournament_class)}]",
        f"; EV[{_tag(data.name)}]",
        f"; PC[{_tag(data.country)}, {_tag(data.city)}]",
        f"; DT[{_tag(data.start)},{_tag(data.end)}]",
        f"; HA[{_tag(data.handicap_rule)}]",
        f"; KM[{_tag(data.komi)}]",
        f"; TM[{_tag(data.time_minutes)}]",
    ]
    if data.comment:
        lines.append(f"; CM[{_tag(data.comment)}]")
    lines.append(";")
    lines.append("; Pl Name Grade Co Club " + " ".join(data.score_columns))
    for p in data.players:
        parts = [
            str(p.place),
            _token(p.last_name, "?"),
            _token(p.first_name, "-"),
            _token(p.grade, "?"),
            _token(p.country, "--"),
            _token(p.club, "-"),
            *(_number(s) for s in p.scores),
            *(g.code for g in p.games),
        ]
        if p.pin:
            parts.append(f"|{p.pin}")
        lines.append(" ".join(parts))
    return "\n".join(lines) + "\n"


def _name(word: str) -> str:
    return "" if word == "-" else word.replace("_", " ")


def _parse_game(token: str, lineno: int, round_number: int) -> H9Game:
    match = _GAME.match(token)
    if match is None:
        raise H9Error(lineno, f"round {round_number}: {token!r} is not a result such as 3+/w0")
    opponent, result, colour, stones, bang = match.groups()
    opponent = int(opponent)
    if opponent == 0:
        if colour or bang:
            raise H9Error(lineno, f"round {round_number}: a round without opponent is 0+, 0= or 0-")
        return H9Game(0, result)
    if colour is None:
        raise H9Error(lineno, f"round {round_number}: {token!r} has no colour (/w or /b)")
    return H9Game(opponent, result, colour, int(stones or 0), played=bang is None)


def _parse_player(line: str, lineno: int, columns: int | None) -> H9Player:
    text, _bar, pin = line.partition("|")
    tokens = text.split()
    if not tokens[0].isdigit():
        raise H9Error(lineno, f"place {tokens[0]!r} is not a number")
    grade_at = next((i for i, t in enumerate(tokens) if i >= 2 and _GRADE.match(t)), None)
    if grade_at is None:
        raise H9Error(lineno, "no grade such as 5k or 2d after the name")
    if grade_at != 3:
        raise H9Error(lineno, "the name must be two words (last and first; spaces written _)")
    grade = tokens[3]
    number, kind = int(_GRADE.match(grade).group(1)), grade[-1]  # type: ignore[union-attr]
    limit = {"k": 30, "d": 7, "p": 9}[kind]
    if not 1 <= number <= limit:
        raise H9Error(lineno, f"grade {grade!r} is out of range")
    if len(tokens) < 6:
        raise H9Error(lineno, "country and club are missing")
    country, club = tokens[4], tokens[5]
    if not _COUNTRY.match(country):
        raise H9Error(lineno, f"country {country!r} is not a two-letter code")
    rest = tokens[6:]
    if columns is None:  # no column titles: every number after the club is a score
        columns = next((i for i, t in enumerate(rest) if not _NUMBER.match(t)), len(rest))
    if len(rest) < columns or not all(_NUMBER.match(t) for t in rest[:columns]):
        raise H9Error(lineno, f"expected {columns} score columns after the club")
    scores = tuple(Fraction(t) for t in rest[:columns])
    games = tuple(
        _parse_game(token, lineno, number) for number, token in enumerate(rest[columns:], 1)
    )
    return H9Player(
        place=int(tokens[0]),
        last_name=_name(tokens[1]),
        first_name=_name(tokens[2]),
        grade=grade,
        country=country,
        club=_name(club),
        scores=scores,
        games=games,
        pin=pin.strip(),
    )


_INVERSE = {"+": "-", "-": "+", "=": "="}


def _check_games(players: list[H9Player], lines: dict[int, int]) -> None:
    by_place = {p.place: p for p in players}
    rounds = len(players[0].games) if players else 0
    for p in players:
        lineno = lines[p.place]
        if len(p.games) != rounds:
            raise H9Error(lineno, f"{len(p.games)} rounds, the first player has {rounds}")
        for number, game in enumerate(p.games, 1):
            if game.opponent == 0:
                continue
            other = by_place.get(game.opponent)
            if other is None or game.opponent == p.place:
                raise H9Error(lineno, f"round {number}: no opponent with place {game.opponent}")
            mirror = other.games[number - 1] if len(other.games) >= number else None
            expected = H9Game(
                p.place,
                _INVERSE[game.result],
                "b" if game.colour == "w" else "w",
                game.handicap,
                game.played,
            )
            if mirror != expected:
                raise H9Error(
                    lineno,
                    f"round {number}: place {game.opponent} does not have the matching "
                    f"result {expected.code}",
                )


def parse_h9(text: str) -> H9File:
    """Read an ``.h9`` file; raise :class:`H9Error` (line, reason) if it is not valid."""
    tags, players, lines, titles = _read_lines(text)
    start, end, klass = _event_tags(tags)
    if not players:
        raise H9Error(1, "no player lines")
    _check_games(players, lines)
    country, _comma, city = tags.get("PC", "--,").partition(",")
    time = tags.get("TM", "0")
    if not _NUMBER.match(time):
        raise H9Error(1, f"TM[{time}] is not a number of minutes")
    return H9File(
        name=tags["EV"],
        start=start,
        end=end,
        players=tuple(players),
        tournament_class=klass,
        country=country.strip() or "--",
        city=city.strip(),
        handicap_rule=tags.get("HA", "h9"),
        komi=tags.get("KM", "6.5"),
        time_minutes=int(float(time)),
        comment=tags.get("CM", ""),
        score_columns=titles if titles is not None else (),
    )


def _read_lines(
    text: str,
) -> tuple[dict[str, str], list[H9Player], dict[int, int], tuple[str, ...] | None]:
    """The header tags, the players (with their line numbers by place) and the column titles."""
    tags: dict[str, str] = {}
    players: list[H9Player] = []
    lines: dict[int, int] = {}
    titles: tuple[str, ...] | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(";"):
            found = _read_comment(line, lineno, tags, bool(players))
            if found is not None:
                titles = found
            continue
        for needed, what in (("EV", "event name"), ("DT", "dates")):
            if needed not in tags:
                raise H9Error(lineno, f"the {needed} ({what}) header tag is missing")
        player = _parse_player(line, lineno, None if titles is None else len(titles))
        expected_place = len(players) + 1
        if player.place != expected_place:
            raise H9Error(lineno, f"place {player.place}: expected {expected_place}")
        lines[player.place] = lineno
        players.append(player)
    return tags, players, lines, titles


def _read_comment(
    line: str, lineno: int, tags: dict[str, str], after_players: bool
) -> tuple[str, ...] | None:
    """A ``;`` line: a header tag (added to ``tags``) or the column titles (returned)."""
    tag = _TAG.match(line)
    if tag:
        if after_players:
            raise H9Error(lineno, "header tags must come before the players")
        if tag.group(1) in tags:
            raise H9Error(lineno, f"tag {tag.group(1)} is repeated")
        tags[tag.group(1)] = tag.group(2).strip()
    elif line.startswith("; Pl "):
        return tuple(line.split()[6:])
    return None


def _event_tags(tags: dict[str, str]) -> tuple[str, str, str]:
    """The required tags checked: the start and end dates and the tournament class."""
    if "EV" not in tags:
        raise H9Error(1, "the EV (event name) header tag is missing")
    if "DT" not in tags:
        raise H9Error(1, "the DT (dates) header tag is missing")
    start, _comma, end = tags["DT"].partition(",")
    start, end = start.strip(), (end.strip() or start.strip())
    if not (_DATE.match(start) and _DATE.match(end)):
        raise H9Error(1, f"DT[{tags['DT']}] is not two dates YYYY-MM-DD")
    klass = tags.get("CL", "B")
    if klass not in _CLASSES:
        raise H9Error(1, f"tournament class {klass!r} is not A, B, C or D")
    return start, end, klass

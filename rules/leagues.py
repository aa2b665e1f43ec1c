"""Club leagues: a division's calendar, its table and who may play for which team (issue 22).

Pure module: the standard library and :mod:`rules.pairing.teams` only, no Django.

**Calendar** (:func:`league_calendar`). A division is a single or double team round robin of
the FIDE Berger tables (:func:`rules.pairing.teams.team_schedule`); round ``k`` is played on
the season's ``k``-th match date. The **home team** (whose venue the match is played at) is
the team named first in the Berger table. The tables alternate the first-named place of a team
from round to round as far as a round robin allows, so each team is at home about every other
round, and a double round robin's second cycle names every pair the other way round, so every
pair of teams meets once at each team's venue. Which team has White on board 1 differs between
leagues' regulations: some give it to the home team, some to the away team (a survey of 86
English leagues, "Determining colours", rodneybarking.com; the Hertfordshire county rules 3.6.3
give the away team White on the odd boards). ``home_white`` (default ``True``, the home team
has White on board 1 as the first-named team of the FIDE tables has) says which; the colours
then alternate down the boards (:func:`rules.pairing.teams.board_colours`). A team drawn
against the dummy number (odd number of teams) rests that round.

**Postponed matches** keep their round; only the date moves. The table counts every match
played, in whatever order, so a match played out of order counts from the day it is played.

**Table** (:func:`division_table`). Match points 2/1/0 unless the league says otherwise
(:class:`rules.pairing.teams.MatchPoints`), game points in exact halves; a match the home or
the away team did not turn up to (a default) is a whole-match forfeit
(:func:`rules.pairing.teams.forfeited_match`): the present team wins it and every board. The
order is the league's own list of criteria (``order``), applied in turn:

- ``MATCH_POINTS``, ``GAME_POINTS``: the totals;
- ``DIRECT``: the match points the teams still level scored in the matches among themselves
  (C.07's direct encounter, applied to the group of teams level on every earlier criterion);
- ``WINS``: the number of matches won;
- ``BOARD_POINTS``: the board-weighted game points ("Berliner Wertung" of the German leagues:
  a win on board 1 of B boards counts B, on board 2 B − 1, …, on board B one; a draw half),
  which needs the matches' board results.

Teams level on every criterion share their rank (``5=``). The first ``promotion`` places of
the table are marked for promotion and the last ``relegation`` places for relegation; a place
is never both (the promotion places win when a tiny division asks for too many).

**Eligibility** (:func:`eligibility_refusal`), per player and per team he would play for in a
match, from his games of the season so far (:class:`Appearance`) and the team he is nominated
to (his roster):

- a player plays for one team per division per season (``OTHER_TEAM_IN_DIVISION``);
- reserves play up, not down: a player nominated to a team may play for a higher team of the
  same club, never for a lower one (``RESERVE_DOWN``);
- a player who has played ``played_up_limit`` (the regulations' N) times for higher teams of
  the same club than the one he would play for may not play for it any more
  (``PLAYED_UP_TOO_OFTEN``); the games counted are the ones played up to the match's date, so
  a postponed match is judged by what had been played when it is played.

A team's place in its club is ``TeamRef.rank`` (1 is the club's first team): the team of the
higher division ranks higher; two teams of a club in one division are ranked as the club
numbers them (A1 above A2).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from itertools import pairwise

from rules.pairing.teams import MatchPoints, forfeited_match, match_score, team_schedule

__all__ = [
    "BOARD_POINTS",
    "CRITERIA",
    "DEFAULT_ORDER",
    "DIRECT",
    "GAME_POINTS",
    "MATCH_POINTS",
    "OTHER_TEAM_IN_DIVISION",
    "PLAYED_UP_TOO_OFTEN",
    "PROMOTION",
    "RELEGATION",
    "RESERVE_DOWN",
    "WINS",
    "Appearance",
    "Fixture",
    "PlayedMatch",
    "Refusal",
    "TableRow",
    "TeamRef",
    "division_table",
    "eligibility_refusal",
    "league_calendar",
    "rounds_of",
]

# The criteria of a division table.
MATCH_POINTS, GAME_POINTS, DIRECT, WINS, BOARD_POINTS = "mp", "gp", "direct", "wins", "board"
CRITERIA = (MATCH_POINTS, GAME_POINTS, DIRECT, WINS, BOARD_POINTS)
DEFAULT_ORDER = (MATCH_POINTS, GAME_POINTS, DIRECT)

# The zones of a table.
PROMOTION, RELEGATION = "promotion", "relegation"

# The reasons a player may not play for a team (Refusal.code).
OTHER_TEAM_IN_DIVISION = "other_team_in_division"  # value: the team he played for or is named to
RESERVE_DOWN = "reserve_down"  # value: the team he is nominated to
PLAYED_UP_TOO_OFTEN = "played_up_too_often"  # value: his games for higher teams


# ---------------------------------------------------------------------------------------------
# The calendar


@dataclass(frozen=True)
class Fixture:
    """One match of a division's calendar (team numbers are the division's pairing numbers)."""

    round: int
    cycle: int
    home: int
    away: int
    date: date | None
    home_white: bool = True  # the home team has White on board 1


def rounds_of(teams: int, *, double: bool = False) -> int:
    """The number of rounds (match days) of a division of ``teams`` teams."""
    if teams < 2:
        raise ValueError(f"a division has at least 2 teams, got {teams}")
    per_cycle = teams - 1 if teams % 2 == 0 else teams
    return per_cycle * (2 if double else 1)


def league_calendar(
    teams: int,
    *,
    double: bool = False,
    dates: Sequence[date] = (),
    home_white: bool = True,
) -> tuple[Fixture, ...]:
    """Every match of the division, round by round, with its date and home team.

    ``dates`` are the season's match dates, one per round in order (empty: no dates yet);
    any other number of dates, or dates out of order, is a ``ValueError``.
    """
    rounds = rounds_of(teams, double=double)
    if dates and len(dates) != rounds:
        raise ValueError(f"{rounds} rounds need {rounds} match dates, got {len(dates)}")
    if any(later < earlier for earlier, later in pairwise(dates)):
        raise ValueError("the match dates are out of order")
    return tuple(
        Fixture(
            round=played.number,
            cycle=played.cycle,
            home=match.first,
            away=match.second,
            date=dates[played.number - 1] if dates else None,
            home_white=home_white,
        )
        for played in team_schedule(teams, double=double)
        for match in played.matches
    )


# ---------------------------------------------------------------------------------------------
# The table


@dataclass(frozen=True)
class PlayedMatch:
    """A match of the division that has a result.

    ``boards`` are the board results from the home team's side (``1-0``, ``½-½``, ``0-1``,
    ``+-``, ``-+``, ``--``, as :func:`rules.pairing.teams.match_score` reads them);
    ``absent`` is ``"home"``, ``"away"`` or ``"both"`` for a default (whole-match forfeit),
    ``boards_count`` then gives the number of boards.
    """

    home: int
    away: int
    boards: tuple[str, ...] = ()
    absent: str = ""
    boards_count: int = 0


@dataclass(frozen=True)
class TableRow:
    """One team's line of the division table."""

    team: int
    rank: int
    shared: bool  # level with another team on every criterion ("5=")
    played: int
    won: int
    drawn: int
    lost: int
    game_points: Fraction
    match_points: int
    values: tuple[Fraction, ...]  # the criteria of ``order``, in that order
    zone: str = ""  # PROMOTION, RELEGATION or ""


@dataclass
class _Line:
    team: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    game_points: Fraction = Fraction(0)
    match_points: int = 0
    board_points: Fraction = Fraction(0)
    against: dict[int, int] = field(default_factory=lambda: defaultdict(int))


_ABSENT = {"home": "first", "away": "second", "both": "both"}
#: A board result's game points for the home team, in halves.
_HOME_HALVES = {"1-0": 2, "+-": 2, "0-1": 0, "-+": 0, "--": 0, "½-½": 1, "1/2": 1, "=": 1}
_AWAY_HALVES = {"1-0": 0, "+-": 0, "0-1": 2, "-+": 2, "--": 0, "½-½": 1, "1/2": 1, "=": 1}


def _score(match: PlayedMatch, points: MatchPoints):
    if match.absent:
        if match.absent not in _ABSENT:
            raise ValueError(f"absent must be 'home', 'away' or 'both', got {match.absent!r}")
        boards = match.boards_count or len(match.boards)
        return forfeited_match(boards, absent=_ABSENT[match.absent], points=points)
    return match_score(match.boards, points)


def _board_points(match: PlayedMatch) -> tuple[Fraction, Fraction]:
    """Board-weighted game points (Berliner Wertung) of the home and the away team."""
    if match.absent:
        boards = match.boards_count or len(match.boards)
        full = Fraction(boards * (boards + 1), 2)
        return (
            Fraction(0) if match.absent in ("home", "both") else full,
            Fraction(0) if match.absent in ("away", "both") else full,
        )
    count = len(match.boards)
    home = sum(Fraction(_HOME_HALVES[r] * (count - i), 2) for i, r in enumerate(match.boards))
    away = sum(Fraction(_AWAY_HALVES[r] * (count - i), 2) for i, r in enumerate(match.boards))
    return Fraction(home), Fraction(away)


def _tally(line: _Line, other: int, gp: Fraction, mp: int, outcome: str) -> None:
    line.played += 1
    line.game_points += gp
    line.match_points += mp
    line.against[other] += mp
    if outcome == "won":
        line.won += 1
    elif outcome == "drawn":
        line.drawn += 1
    else:
        line.lost += 1


def _outcomes(match: PlayedMatch, home: Fraction, away: Fraction) -> tuple[str, str]:
    """Won, drawn or lost for the home and the away team (a double default loses both)."""
    if match.absent == "both" or home < away:
        return ("lost", "lost") if match.absent == "both" else ("lost", "won")
    return ("won", "lost") if home > away else ("drawn", "drawn")


def _lines(
    teams: Iterable[int], matches: Iterable[PlayedMatch], points: MatchPoints
) -> dict[int, _Line]:
    lines = {team: _Line(team) for team in teams}
    for match in matches:
        if match.home not in lines or match.away not in lines:
            raise ValueError(f"match {match.home}-{match.away}: a team not in the division")
        score = _score(match, points)
        home_board, away_board = _board_points(match)
        home, away = lines[match.home], lines[match.away]
        home_gp, away_gp = score.first_game_points, score.second_game_points
        home_outcome, away_outcome = _outcomes(match, home_gp, away_gp)
        _tally(home, match.away, home_gp, score.first_match_points, home_outcome)
        _tally(away, match.home, away_gp, score.second_match_points, away_outcome)
        home.board_points += home_board
        away.board_points += away_board
    return lines


_TOTALS: dict[str, Callable[[_Line], Fraction]] = {
    MATCH_POINTS: lambda line: Fraction(line.match_points),
    GAME_POINTS: lambda line: line.game_points,
    WINS: lambda line: Fraction(line.won),
    BOARD_POINTS: lambda line: line.board_points,
}


def _ordered(lines: dict[int, _Line], order: Sequence[str]) -> list[tuple[int, list[Fraction]]]:
    """The teams sorted by ``order``; each with its values. DIRECT is computed per group."""
    values = {team: [] for team in lines}
    groups: list[list[int]] = [sorted(lines)]
    for criterion in order:
        next_groups = []
        for group in groups:
            for team in group:
                if criterion == DIRECT:
                    mine = lines[team].against
                    value = Fraction(sum(mine[other] for other in group if other != team))
                else:
                    value = _TOTALS[criterion](lines[team])
                values[team].append(value)
            group.sort(key=lambda team: values[team][-1], reverse=True)
            next_groups.extend(_split(group, lambda team: values[team][-1]))
        groups = next_groups
    return [(team, values[team]) for group in groups for team in group]


def _split(group: list[int], key: Callable[[int], Fraction]) -> list[list[int]]:
    parts: list[list[int]] = []
    for team in group:
        if parts and key(parts[-1][0]) == key(team):
            parts[-1].append(team)
        else:
            parts.append([team])
    return parts


def division_table(
    teams: Iterable[int],
    matches: Iterable[PlayedMatch],
    *,
    order: Sequence[str] = DEFAULT_ORDER,
    points: MatchPoints | None = None,
    promotion: int = 0,
    relegation: int = 0,
) -> tuple[TableRow, ...]:
    """The division's table from the matches played so far (any order of play).

    Ties on every criterion keep the teams' numbers order and share the rank.
    """
    unknown = [criterion for criterion in order if criterion not in CRITERIA]
    if unknown or not order:
        raise ValueError(f"unknown table criteria {unknown!r}; use some of {CRITERIA!r}")
    if promotion < 0 or relegation < 0:
        raise ValueError("promotion and relegation places cannot be negative")
    points = points or MatchPoints()
    lines = _lines(teams, matches, points)
    ordered = _ordered(lines, order)
    count = len(ordered)
    rows = []
    for place, (team, values) in enumerate(ordered, start=1):
        first = next(i for i, (_t, other) in enumerate(ordered) if other == values) + 1
        shared = sum(1 for _t, other in ordered if other == values) > 1
        zone = ""
        if place <= promotion:
            zone = PROMOTION
        elif place > count - relegation:
            zone = RELEGATION
        line = lines[team]
        rows.append(
            TableRow(
                team=team,
                rank=first,
                shared=shared,
                played=line.played,
                won=line.won,
                drawn=line.drawn,
                lost=line.lost,
                game_points=line.game_points,
                match_points=line.match_points,
                values=tuple(values),
                zone=zone,
            )
        )
    return tuple(rows)


# ---------------------------------------------------------------------------------------------
# Eligibility


@dataclass(frozen=True)
class TeamRef:
    """A team as the eligibility rules see it: its club, its division and its rank in the club
    (1 is the club's first team)."""

    id: int
    club: int
    division: int
    rank: int


@dataclass(frozen=True)
class Appearance:
    """A game the player played for a team this season."""

    team: TeamRef
    played_on: date


@dataclass(frozen=True)
class Refusal:
    """Why a player may not play for a team: a reason code and its value."""

    code: str
    value: object = None


def eligibility_refusal(
    *,
    team: TeamRef,
    on: date,
    appearances: Sequence[Appearance] = (),
    nominated: TeamRef | None = None,
    played_up_limit: int | None = None,
) -> Refusal | None:
    """Why the player may not play for ``team`` in a match on ``on``, or ``None``.

    ``appearances`` are the player's games of the season for any team, the match being
    checked left out; ``nominated`` the team whose roster names him (``None``: none);
    ``played_up_limit`` the regulations' N (``None``: no such rule).
    """
    for other in (*(a.team for a in appearances), *((nominated,) if nominated else ())):
        if other.division == team.division and other.id != team.id:
            return Refusal(OTHER_TEAM_IN_DIVISION, other)
    if nominated is not None and nominated.club == team.club and nominated.rank < team.rank:
        return Refusal(RESERVE_DOWN, nominated)
    if played_up_limit is not None:
        higher = sum(
            1
            for appearance in appearances
            if appearance.played_on <= on
            and appearance.team.club == team.club
            and appearance.team.rank < team.rank
        )
        if higher >= played_up_limit:
            return Refusal(PLAYED_UP_TOO_OFTEN, higher)
    return None

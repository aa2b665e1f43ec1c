"""Team standings: :func:`team_standings` ranks the teams by the primary score, then each
tie-break in turn (C.07 Art. 4.2); :func:`team_tiebreak_values` gives one tie-break for all."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from rules.standings.teams.codes import (
    TEAM_PRESETS,
    TeamTieBreak,
    parse_team_tiebreak,
    parse_team_tiebreaks,
)
from rules.standings.teams.event import GP, MP, _after, _TeamEvent
from rules.standings.teams.model import Team, TeamTournament
from rules.standings.teams.tiebreaks import Value, _values


@dataclass(frozen=True)
class TeamRow:
    """One line of the team standings; ``place``/``place_to`` differ for a shared place."""

    place: int
    place_to: int
    team: Team
    match_points: Fraction
    game_points: Fraction
    tiebreaks: tuple[Value, ...]
    matches: int  # matches played over the board

    @property
    def label(self) -> str:
        return str(self.place) if self.place == self.place_to else f"{self.place}–{self.place_to}"


@dataclass(frozen=True)
class TeamStandings:
    """Ordered rows after round ``after_round`` with the tie-breaks that ranked them."""

    after_round: int
    primary: str
    tiebreaks: tuple[TeamTieBreak, ...]
    rows: tuple[TeamRow, ...]


def _resolve(
    tournament: TeamTournament, tiebreaks: str | Iterable[str | TeamTieBreak] | None
) -> tuple[TeamTieBreak, ...]:
    if tiebreaks is None:
        return TEAM_PRESETS["round-robin" if tournament.round_robin else "swiss"]
    if isinstance(tiebreaks, str):
        return parse_team_tiebreaks(tiebreaks)
    return tuple(
        tb if isinstance(tb, TeamTieBreak) else parse_team_tiebreak(tb) for tb in tiebreaks
    )


def _key(value: Value, tb: TeamTieBreak) -> tuple[bool, Fraction]:
    if value is None:
        return (True, Fraction(0))
    return (False, Fraction(value) if tb.ascending else -Fraction(value))


def _primary_groups(ev: _TeamEvent, primary: str) -> list[list[int]]:
    score = ev.score(primary)
    groups: list[list[int]] = []
    for n in sorted(ev.rounds, key=lambda n: (-score[n], n)):
        if groups and score[groups[-1][0]] == score[n]:
            groups[-1].append(n)
        else:
            groups.append([n])
    return groups


def team_tiebreak_values(
    tournament: TeamTournament, tiebreak: str | TeamTieBreak, *, after_round: int | None = None
) -> dict[int, Value]:
    """One tie-break's value for every team (by number); DE, EDE, TBR and BBE split the groups
    tied on the primary score."""
    tb = tiebreak if isinstance(tiebreak, TeamTieBreak) else parse_team_tiebreak(tiebreak)
    ev = _TeamEvent(tournament, _after(tournament, after_round))
    return _values(ev, tb, _primary_groups(ev, tournament.primary), tournament.primary)


def team_standings(
    tournament: TeamTournament,
    tiebreaks: str | Iterable[str | TeamTieBreak] | None = None,
    *,
    after_round: int | None = None,
) -> TeamStandings:
    """Rank the teams after ``after_round`` (default: the last round with a match or bye).

    Teams are ordered by the primary score (match or game points), then each tie-break in turn
    is applied to the teams still tied. Teams equal in everything share the place and are
    listed by number. ``tiebreaks`` defaults to the preset of the format.
    """
    tbs = _resolve(tournament, tiebreaks)
    primary = tournament.primary
    ev = _TeamEvent(tournament, _after(tournament, after_round))
    groups = _primary_groups(ev, primary)
    columns: list[dict[int, Value]] = []
    for tb in tbs:
        values = _values(ev, tb, groups, primary)
        columns.append(values)
        refined: list[list[int]] = []
        for group in groups:
            for n in sorted(group, key=lambda n: (_key(values[n], tb), n)):
                if refined and refined[-1][0] in group and values[refined[-1][0]] == values[n]:
                    refined[-1].append(n)
                else:
                    refined.append([n])
        groups = refined
    teams = {team.number: team for team in tournament.teams}
    rows = []
    place = 1
    for group in groups:
        for n in group:
            rows.append(
                TeamRow(
                    place=place,
                    place_to=place + len(group) - 1,
                    team=teams[n],
                    match_points=ev.score(MP)[n],
                    game_points=ev.score(GP)[n],
                    tiebreaks=tuple(col[n] for col in columns),
                    matches=sum(1 for r in ev.rounds[n] if r.played and r.opponent is not None),
                )
            )
        place += len(group)
    return TeamStandings(after_round=ev.k, primary=primary, tiebreaks=tbs, rows=tuple(rows))

"""Generated team tournaments for the team tie-break tests, and the TRF Gacrux read them as.

:func:`generated_cases` builds the seeded random team tournaments of
``tests/data/gacrux-teams/`` (round robins single and double, Swiss with a PAB, board forfeits,
whole-match forfeits, absent teams, 2–10 boards, 2/1/0 and 3/1/0 match points, match- or
game-point primary scores); :func:`team_file` turns one into a parsed TRF-2026 team file and
:func:`team_trf` writes it with the project's writer (:func:`rules.files.trf.teams.write_team_trf`):
the file Gacrux read.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from fractions import Fraction

from rules.files.trf.records import (
    BLANK_ROUND,
    PlayerRecord,
    RoundEntry,
    TrfFile,
    computed_points,
)
from rules.files.trf.team_records import (
    MatchPointSystem,
    TeamPab,
    TeamRecord,
    TeamTrfFile,
    TeamType,
)
from rules.files.trf.team_records import TeamBye as TrfTeamBye
from rules.files.trf.teams import write_team_trf
from rules.pairing.teams import MatchPoints, team_schedule
from rules.scoring import PointSystem
from rules.standings.teams import (
    BoardGame,
    Team,
    TeamBye,
    TeamMatch,
    TeamPlayer,
    TeamScoring,
    TeamTournament,
    forfeited_games,
    team_standings,
)


@dataclass(frozen=True)
class Spec:
    """How one case is generated (the seed is its index in :data:`SPECS`)."""

    name: str
    teams: int
    boards: int
    rounds: int  # Swiss only; round robins play every team
    swiss: bool = True
    double: bool = False
    three_one_zero: bool = False
    primary: str = "MP"
    absent_rate: float = 0.0
    match_forfeit_rate: float = 0.0
    board_forfeit_rate: float = 0.03


SPECS: tuple[Spec, ...] = (
    Spec("rr-4-4", 4, 4, 0, swiss=False),
    Spec("rr-5-2", 5, 2, 0, swiss=False),
    Spec("rr-6-6", 6, 6, 0, swiss=False, match_forfeit_rate=0.05),
    Spec("rr-7-3", 7, 3, 0, swiss=False),
    Spec("rr-8-8", 8, 8, 0, swiss=False, three_one_zero=True),
    Spec("drr-4-4", 4, 4, 0, swiss=False, double=True),
    Spec("drr-5-5", 5, 5, 0, swiss=False, double=True, match_forfeit_rate=0.05),
    Spec("drr-6-2", 6, 2, 0, swiss=False, double=True, primary="GP"),
    Spec("rr-10-10", 10, 10, 0, swiss=False),
    Spec("rr-9-4", 9, 4, 0, swiss=False, primary="GP"),
    Spec("swiss-8-4-5", 8, 4, 5),
    Spec("swiss-9-4-5", 9, 4, 5),
    Spec("swiss-11-2-5", 11, 2, 5, absent_rate=0.05),
    Spec("swiss-12-6-7", 12, 6, 7, match_forfeit_rate=0.04),
    Spec("swiss-13-3-6", 13, 3, 6, absent_rate=0.06, match_forfeit_rate=0.04),
    Spec("swiss-15-5-7", 15, 5, 7, three_one_zero=True),
    Spec("swiss-16-8-7", 16, 8, 7, absent_rate=0.03),
    Spec("swiss-17-10-9", 17, 10, 9, match_forfeit_rate=0.03, primary="GP"),
    Spec("swiss-20-4-9", 20, 4, 9, absent_rate=0.04, match_forfeit_rate=0.03),
    Spec("swiss-21-6-7", 21, 6, 7, three_one_zero=True, absent_rate=0.05),
    Spec("swiss-24-4-9", 24, 4, 9, match_forfeit_rate=0.05, board_forfeit_rate=0.06),
    Spec("swiss-25-7-8", 25, 7, 8, primary="GP", absent_rate=0.04),
    Spec("swiss-30-4-9", 30, 4, 9, absent_rate=0.05, match_forfeit_rate=0.03),
    Spec("swiss-31-9-9", 31, 9, 9, three_one_zero=True, match_forfeit_rate=0.04),
)


def _board_result(rng: random.Random, forfeit_rate: float) -> str:
    if rng.random() < forfeit_rate:
        return rng.choice(["+-", "+-", "-+", "-+", "--"])
    # 36 % first team's win, 30 % second's, 34 % draws
    return ["1-0", "0-1", "1/2"][bisect.bisect([0.36, 0.66], rng.random())]


class _Builder:
    def __init__(self, spec: Spec, seed: int) -> None:
        self.spec = spec
        self.rng = random.Random(seed)
        number = 0
        teams = []
        for t in range(1, spec.teams + 1):
            roster = []
            for _ in range(spec.boards + self.rng.randint(0, 2)):
                number += 1
                roster.append(TeamPlayer(number, f"Player {number}", self.rng.randint(1400, 2500)))
            teams.append(Team(t, f"Team {t}", tuple(roster)))
        self.teams = tuple(teams)
        self.matches: list[TeamMatch] = []
        self.byes: list[TeamBye] = []

    def line_up(self, team: int) -> tuple[int, ...]:
        """``boards`` players of the roster, in roster order (reserves may play)."""
        roster = [p.number for p in self.teams[team - 1].players]
        resting = set(self.rng.sample(roster, len(roster) - self.spec.boards))
        return tuple(n for n in roster if n not in resting)

    def match(self, number: int, first: int, second: int) -> None:
        spec = self.spec
        a, b = self.line_up(first), self.line_up(second)
        if self.rng.random() < spec.match_forfeit_rate:
            absent = self.rng.choice(["first", "second", "second", "first", "both"])
            games = forfeited_games(spec.boards, absent=absent, first=a, second=b)
        else:
            games = tuple(
                BoardGame(
                    board,
                    a[board - 1],
                    b[board - 1],
                    _board_result(self.rng, spec.board_forfeit_rate),
                )
                for board in range(1, spec.boards + 1)
            )
        self.matches.append(TeamMatch(number, first, second, games))

    def round_robin(self) -> int:
        schedule = team_schedule(self.spec.teams, double=self.spec.double)
        for played in schedule:
            for m in played.matches:
                self.match(played.number, m.first, m.second)
            if played.bye:
                self.byes.append(TeamBye(played.number, played.bye, "absent"))
        return len(schedule)

    def swiss(self) -> int:
        """Rounds paired by score with no repeat where possible (the pairing does not matter
        to the tie-breaks, only that it is a Swiss); a PAB when the teams present are odd."""
        spec = self.spec
        met: set[frozenset[int]] = set()
        score = dict.fromkeys(range(1, spec.teams + 1), 0)
        had_pab: set[int] = set()
        whites = dict.fromkeys(score, 0)
        for number in range(1, spec.rounds + 1):
            present = [t for t in score if number == 1 or self.rng.random() >= spec.absent_rate]
            for t in score:
                if t not in present:
                    self.byes.append(TeamBye(number, t, "absent"))
            present.sort(key=lambda t: (-score[t], t))
            if len(present) % 2:
                pab = next(t for t in reversed(present) if t not in had_pab)
                had_pab.add(pab)
                present.remove(pab)
                self.byes.append(TeamBye(number, pab, "PAB"))
                score[pab] += 1
            while present:
                first = present.pop(0)
                second = next((t for t in present if frozenset((first, t)) not in met), present[0])
                present.remove(second)
                met.add(frozenset((first, second)))
                # the team that had White less often is named first (White on board 1)
                if (whites[first] - whites[second] or self.rng.random() - 0.5) > 0:
                    first, second = second, first
                whites[first] += 1
                whites[second] -= 1
                self.match(number, first, second)
                result = self.matches[-1]
                half = sum(1 if g.result in {"1-0", "+-"} else 0 for g in result.games)
                score[first] += 2 if half * 2 > spec.boards else 0
                score[second] += 2 if half * 2 < spec.boards else 0
        return spec.rounds


def build(spec: Spec, seed: int) -> TeamTournament:
    builder = _Builder(spec, seed)
    rounds = builder.swiss() if spec.swiss else builder.round_robin()
    points = MatchPoints(3, 1, 0) if spec.three_one_zero else MatchPoints()
    return TeamTournament(
        teams=builder.teams,
        boards=spec.boards,
        rounds=rounds,
        matches=tuple(builder.matches),
        byes=tuple(builder.byes),
        scoring=TeamScoring(match=points),
        round_robin=not spec.swiss,
        primary=spec.primary,
    )


def generated_cases() -> dict[str, TeamTournament]:
    return {spec.name: build(spec, seed) for seed, spec in enumerate(SPECS)}


# --------------------------------------------------------------------------- the TRF


def team_file(tournament: TeamTournament, name: str) -> TeamTrfFile:
    """``tournament`` as a parsed TRF-2026 team file: the members' ``001`` games (White on the
    first-named team's odd boards), ``310`` rosters, ``240 Z`` absences, ``320`` the PAB with
    its match and game points, ``362`` the match points; ``192`` the type, ``212`` the primary
    score, ``222`` a time control (so that Gacrux reads the file as TRF-2026)."""
    t = tournament
    players = {
        p.number: PlayerRecord(tpn=p.number, name=p.name, sex="m", rating=p.rating or 0)
        for team in t.teams
        for p in team.players
    }
    for p in players.values():
        p.rounds = [BLANK_ROUND] * t.rounds
    for m in t.matches:
        for g in m.games:
            for side, (me, other) in enumerate(((g.first, g.second), (g.second, g.first))):
                if me is not None:
                    white = (g.board % 2 == 1) == (side == 0)
                    players[me].rounds[m.round - 1] = RoundEntry(
                        other, "w" if white else "b", g.codes[side]
                    )
    for p in players.values():
        p.points = float(computed_points(p, PointSystem()))
        while p.rounds and p.rounds[-1].is_blank:
            p.rounds.pop()
    if t.round_robin:
        double = t.rounds >= 2 * (len(t.teams) - 1)
        kind = "FIDE_TEAM_DOUBLEROUNDROBIN" if double else "FIDE_TEAM_ROUNDROBIN"
    else:
        kind = TeamType(primary=t.primary, secondary="GP" if t.primary == "MP" else "MP").code
    headers = {
        "012": name,
        "042": "2026/06/01",
        "092": "Team round robin" if t.round_robin else "Team Swiss",
        "192": kind,
        "212": f"PTS:{t.primary}",
        "222": "5400+30",
    }
    rows = {row.team.number: row for row in team_standings(t, ()).rows}
    pab_teams = {bye.round: bye.team for bye in t.byes if bye.kind == "PAB"}
    pab_mp, pab_gp = t.scoring.pab(t.boards)
    points = t.scoring.match
    return TeamTrfFile(
        members=TrfFile(headers=headers, players=list(players.values()), total_rounds=t.rounds),
        teams=[
            TeamRecord(
                tpn=team.number,
                name=team.name,
                members=[p.number for p in team.players],
                match_points=rows[team.number].match_points,
                game_points=rows[team.number].game_points,
            )
            for team in t.teams
        ],
        byes=[TrfTeamBye("Z", bye.round, bye.team) for bye in t.byes if bye.kind == "absent"],
        pab=TeamPab(pab_mp, pab_gp, [pab_teams.get(r) for r in range(1, max(pab_teams) + 1)])
        if pab_teams
        else None,
        match_point_system=MatchPointSystem(
            Fraction(points.win), Fraction(points.draw), Fraction(points.loss)
        ),
    )


def team_trf(tournament: TeamTournament, name: str) -> str:
    """The TRF-2026 team file Gacrux read, written by the project's team TRF writer."""
    return write_team_trf(team_file(tournament, name))

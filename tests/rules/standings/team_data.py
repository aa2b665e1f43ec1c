"""Generated team tournaments for the team tie-break tests, and the TRF Gacrux read them as.

:func:`generated_cases` builds the seeded random team tournaments of
``tests/data/gacrux-teams/`` (round robins single and double, Swiss with a PAB, board forfeits,
whole-match forfeits, absent teams, 2–10 boards, 2/1/0 and 3/1/0 match points, match- or
game-point primary scores); :func:`team_trf` writes one as the TRF-2026 team file Gacrux read:
``001`` players with their games, ``310`` teams with their rosters, ``320`` the PAB's match and
game points, ``240`` the teams absent (zero-point byes), ``162``/``362`` the game and match
scores, ``192`` the type and ``212`` the primary score. The writer is the test's own until the
project's TRF team writer is merged; it writes only what Gacrux reads.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from fractions import Fraction

from rules.pairing.teams import MatchPoints, team_schedule
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

_PLAYER_CODES = {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1)}


def _points(value: Fraction) -> str:
    return f"{float(value):4.1f}"


def _score_record(tag: str, points: dict[str, Fraction]) -> str:
    return tag + " " + "".join(f" {sym}{_points(pts)}   " for sym, pts in points.items())


def team_trf(tournament: TeamTournament, name: str) -> str:
    """The TRF-2026 team file of ``tournament`` as Gacrux read it."""
    t = tournament
    entries: dict[int, dict[int, str]] = {p.number: {} for team in t.teams for p in team.players}
    for m in t.matches:
        for g in m.games:
            codes = g.codes
            players = (g.first, g.second)
            for side in (0, 1):
                me, other = players[side], players[1 - side]
                if me is None:
                    continue
                white = (g.board % 2 == 1) == (side == 0)
                entries[me][m.round] = f"{other or 0:4d} {'w' if white else 'b'} {codes[side]}"
    points = t.scoring.match
    pab_mp, pab_gp = t.scoring.pab(t.boards)
    if t.round_robin:
        kind = (
            "FIDE_TEAM_DOUBLEROUNDROBIN"
            if t.rounds >= 2 * (len(t.teams) - 1)
            else "FIDE_TEAM_ROUNDROBIN"
        )
    else:
        kind = f"FIDE_TEAM_{t.primary}_{'GP' if t.primary == 'MP' else 'MP'}"
    lines = [
        f"012 {name}",
        "042 2026/06/01",
        f"092 {'Team round robin' if t.round_robin else 'Team Swiss'}",
        f"142 {t.rounds}",
        _score_record("162", {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}),
        f"192 {kind}",
        f"212 PTS:{t.primary}",
        _score_record(
            "362",
            {"W": Fraction(points.win), "D": Fraction(points.draw), "L": Fraction(points.loss)},
        ),
    ]
    pabs = {bye.round: bye.team for bye in t.byes if bye.kind == "PAB"}
    if pabs:
        slots = "".join(
            f" {pabs.get(r, 0):3d}" if r in pabs else "    " for r in range(1, t.rounds + 1)
        )
        lines.append(f"320 {_points(pab_mp)} {_points(pab_gp)}{slots}")
    absent: dict[int, list[int]] = {}
    for bye in t.byes:
        if bye.kind == "absent":
            absent.setdefault(bye.round, []).append(bye.team)
    for number, teams in sorted(absent.items()):
        lines.append(f"240 Z {number:3d} " + " ".join(f"{team:4d}" for team in sorted(teams)))
    for team in t.teams:
        for p in team.players:
            score = sum(
                (_PLAYER_CODES.get(e[-1], Fraction(0)) for e in entries[p.number].values()),
                Fraction(0),
            )
            head = (
                f"001 {p.number:4d} m    {p.name:<33.33s} {p.rating or 0:4d} "
                f"{'':3s} {'':11s} {'':10s} {_points(score)} {'':4s}"
            )
            rounds = "".join(
                f"  {entries[p.number].get(r, '         ')}" if r in entries[p.number] else " " * 10
                for r in range(1, t.rounds + 1)
            )
            lines.append((head + rounds).rstrip())
    rows = {row.team.number: row for row in team_standings(t, ()).rows}
    for team in t.teams:
        row = rows[team.number]
        players = "".join(f" {p.number:4d}" for p in team.players)
        lines.append(
            f"310 {team.number:3d} {team.name:<32.32s} {'':5s} {'':6s} "
            f"{float(row.match_points):6.1f} {float(row.game_points):6.1f} {'':3s} "[:73].ljust(72)
            + players
        )
    return "\n".join(lines) + "\n"

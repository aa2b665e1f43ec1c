"""Seeded random team Swiss tournaments (C.04.6), each round paired by an external program.

Usage (issue 22: the fork of bbpPairings by Sharly Chess is the pairing program)::

    python -m bench.team_generate --pairer PATH/bbpPairings.exe --out DIR --count 320 --seed 2026

Tournament ``i`` is drawn from ``random.Random(f"{seed}:{i}")``: 4-30 teams (odd counts too),
2-10 boards, 0-3 reserves a team, unrated players, a draw rate, board forfeits, unoccupied
boards, whole-match forfeits (``330``), absent teams (``240`` zero- and half-point byes), a
restriction now and then (``260``), the match points 2/1/0 or 3/1/0 (``362``) and the ``192``
type taken in turn from all 24 team types (Type A, Type B, no colour preference; match or game
points first, with or without a secondary score; Baku written out as ``250`` records, which is
how the fork accelerates). Before each round the file as it then stands
(:func:`rules.files.trf.team_rounds.team_file_before`) is written and given to
``PAIRER --team FILE -p OUT``; its pairing (``white black`` team numbers, ``t 0`` for the
pairing-allocated bye) is played board by board: each team fields its roster's first players
who are not resting (a line-up out of the roster's first boards is written as a ``300``
record), the first team of a pair has White on the odd boards, and the results are drawn from
the ratings and the draw rate. A round the pairer refuses ends the tournament there (its
``142`` then says so). Written per tournament: ``NAME.trf`` (the whole tournament) and
``NAME.pairs`` (one line a round: ``R w-b w-b … [t-0]``, the pairer's output). With
``--verify`` every round is paired again from the finished file, cut back by
``team_file_before``, and must give the same pairing.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from rules.files.trf import PlayerRecord, RoundEntry, TrfFile
from rules.files.trf.team_records import (
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
from rules.files.trf.team_rounds import team_file_before
from rules.files.trf.teams import write_team_trf

Pairing = list[tuple[int, int]]  # (white team, black team); black 0 = the PAB


@dataclass
class Knobs:
    """What one tournament's randomness looks like."""

    teams: int
    boards: int
    rounds: int
    team_type: TeamType
    draw_rate: float
    board_forfeit: float
    empty_board: float
    match_forfeit: float
    absence: float
    rest: float
    board1_rest: float
    unrated: float
    three_points: bool
    restriction: bool


@dataclass
class Generated:
    """A generated tournament: the file, the pairer's pairing of each round, why it stopped."""

    name: str
    file: TeamTrfFile
    pairings: list[Pairing] = field(default_factory=list)
    stopped: str = ""


def draw_knobs(rng: random.Random, index: int) -> Knobs:
    """Tournament ``index``'s settings; the type goes round the 24 team types."""
    teams = rng.choice([rng.randint(4, 12), rng.randint(4, 30)])
    rounds = min(teams - 1, rng.randint(3, 11))
    types = TeamType.all_types()
    clean = rng.random() < 0.3  # a third of the tournaments without forfeits, rests or absences
    return Knobs(
        teams=teams,
        boards=rng.randint(2, 10),
        rounds=rounds,
        team_type=types[index % len(types)],
        draw_rate=rng.choice([0.1, 0.25, 0.4, 0.6]),
        board_forfeit=0.0 if clean else rng.choice([0.0, 0.01, 0.03]),
        empty_board=0.0 if clean else rng.choice([0.0, 0.01]),
        match_forfeit=0.0 if clean else rng.choice([0.0, 0.02]),
        absence=0.0 if clean else rng.choice([0.0, 0.03, 0.06]),
        rest=0.0 if clean else rng.choice([0.0, 0.1, 0.2]),
        board1_rest=0.0 if clean else rng.choice([0.0, 0.0, 0.02]),
        unrated=rng.choice([0.0, 0.05, 0.2]),
        three_points=rng.random() < 0.2,
        restriction=rng.random() < 0.15,
    )


def _roster_file(rng: random.Random, k: Knobs, name: str) -> TeamTrfFile:
    """Teams and players before round 1: rosters in board order, TPN by strength."""
    rosters = []
    for _ in range(k.teams):
        size = k.boards + rng.choice([0, 0, 1, 2, 3])
        base = rng.randint(1300, 2400)
        ratings = sorted(
            (0 if rng.random() < k.unrated else max(1001, int(rng.gauss(base, 150))))
            for _ in range(size)
        )[::-1]
        rosters.append(ratings)

    def strength(r: list[int]) -> float:
        return sum(x or 1000 for x in r[: k.boards]) / k.boards

    rosters.sort(key=strength, reverse=True)
    players, teams, start = [], [], 1
    for tpn, ratings in enumerate(rosters, start=1):
        members = list(range(start, start + len(ratings)))
        for board, (p, rating) in enumerate(zip(members, ratings, strict=True), start=1):
            players.append(PlayerRecord(tpn=p, name=f"Team {tpn}, Board {board}", rating=rating))
        teams.append(TeamRecord(tpn=tpn, name=f"Team {tpn}", members=members))
        start += len(ratings)
    t = k.team_type
    members = TrfFile(
        headers={"012": name, "192": t.code},
        players=players,
        total_rounds=k.rounds,
        initial_colour=rng.choice(["w", "b"]),
    )
    f = TeamTrfFile(members=members, teams=teams)
    if k.three_points:
        f.match_point_system = MatchPointSystem(Fraction(3), Fraction(1), Fraction(0))
    if t.baku:
        f.accelerations = _baku(k, f.match_point_system)
    if k.restriction and k.teams >= 6:
        a, b = rng.sample(range(1, k.teams + 1), 2)
        f.forbidden = [TeamForbidden(1, rng.randint(1, k.rounds), (min(a, b), max(a, b)))]
    return f


def _baku(k: Knobs, ms: MatchPointSystem) -> list[TeamAcceleration]:
    """Baku acceleration as ``250`` records: the first 2⌈n/4⌉ teams get a won match's points in
    the first half of the accelerated rounds (⌈R/2⌉ of them) and a drawn match's after."""
    group = 2 * -(-k.teams // 4)
    accelerated = -(-k.rounds // 2)
    full = -(-accelerated // 2)
    boards = Fraction(k.boards)
    out = [TeamAcceleration(ms.win, boards, 1, full, 1, group)]
    if accelerated > full:
        out.append(TeamAcceleration(ms.draw, boards / 2, full + 1, accelerated, 1, group))
    return out


def _result(rng: random.Random, white: int, black: int, draw_rate: float) -> tuple[str, str]:
    """Board result codes of White and Black from the ratings (unrated: 1400)."""
    expected = 1 / (1 + 10 ** (((black or 1400) - (white or 1400)) / 400))
    if rng.random() < draw_rate:
        return "=", "="
    return ("1", "0") if rng.random() < expected else ("0", "1")


class _Round:
    """One round being played into the file."""

    def __init__(self, rng: random.Random, k: Knobs, f: TeamTrfFile, round_no: int) -> None:
        self.rng, self.k, self.f, self.r = rng, k, f, round_no
        self.entries: dict[int, RoundEntry] = {}
        self.rating = {p.tpn: p.rating for p in f.members.players}

    def lineup(self, team: int, opponent: int | None) -> list[int | None]:
        """The team's players for the boards, in roster order, resting players skipped."""
        roster = self.f.team(team).members
        k, rng = self.k, self.rng
        spare = len(roster) - k.boards
        chosen: list[int | None] = []
        for i, p in enumerate(roster):
            if len(chosen) == k.boards:
                break
            resting = rng.random() < (k.board1_rest if i == 0 else k.rest)
            if resting and spare > 0:
                spare -= 1
                continue
            chosen.append(p)
        chosen += [None] * (k.boards - len(chosen))
        if rng.random() < k.empty_board and opponent:
            chosen[rng.randrange(1, k.boards) if k.boards > 1 else 0] = None
        if chosen != roster[: k.boards]:
            self.f.lineups.append(LineUp(self.r, team, opponent, tuple(chosen)))
        return chosen

    def play_match(self, white: int, black: int) -> None:
        k, rng = self.k, self.rng
        if rng.random() < k.match_forfeit:
            kind = rng.choice(["+-", "-+"])
            self.f.forfeits.append(TeamForfeit(kind, self.r, white, black))
            present = white if kind == "+-" else black
            for p in self.f.team(present).members[: k.boards]:
                self.entries[p] = RoundEntry(None, "-", "+")
            return
        wl, bl = self.lineup(white, black), self.lineup(black, white)
        for board, (w, b) in enumerate(zip(wl, bl, strict=True), start=1):
            if board % 2 == 0:  # even boards: the first team has Black
                w, b = b, w
            self._board(w, b)

    def _board(self, w: int | None, b: int | None) -> None:
        if w is None and b is None:
            return
        if w is None or b is None:
            present = w if b is None else b
            self.entries[present] = RoundEntry(None, "-", "+")
            return
        if self.rng.random() < self.k.board_forfeit:
            ww, bb = self.rng.choice([("+", "-"), ("-", "+")])
        else:
            ww, bb = _result(self.rng, self.rating[w], self.rating[b], self.k.draw_rate)
        self.entries[w] = RoundEntry(b, "w", ww)
        self.entries[b] = RoundEntry(w, "b", bb)

    def pab(self, team: int) -> None:
        for p in self.f.team(team).members[: self.k.boards]:
            self.entries[p] = RoundEntry(None, "-", "U")

    def bye(self, team: int, kind: str) -> None:
        code = "H" if kind == "H" else "Z"
        for p in self.f.team(team).members[: self.k.boards]:
            self.entries[p] = RoundEntry(None, "-", code)

    def close(self) -> None:
        for p in self.f.members.players:
            p.rounds.append(self.entries.get(p.tpn, RoundEntry(None, "-", "Z")))


def _declare_absences(rng: random.Random, k: Knobs, f: TeamTrfFile, round_no: int) -> None:
    if round_no == 1 or not k.absence:
        return
    for t in f.teams:
        if rng.random() < k.absence:
            f.byes.append(TeamBye(rng.choice(["Z", "Z", "H"]), round_no, t.tpn))


def read_pairing(text: str) -> Pairing:
    """The pairer's ``-p`` output: a count line, then ``white black`` (``t 0`` for the PAB)."""
    lines = text.split()
    count = int(lines[0])
    numbers = [int(x) for x in lines[1:]]
    if len(numbers) != 2 * count:
        raise ValueError(f"pairing output has {len(numbers)} numbers for {count} pairs")
    return [(numbers[2 * i], numbers[2 * i + 1]) for i in range(count)]


def run_pairer(pairer: str, f: TeamTrfFile, workdir: Path) -> tuple[Pairing | None, str]:
    """Pair ``f``'s next round with ``pairer``: the pairing, or ``None`` and the reason."""
    source, out = workdir / "round.trf", workdir / "round.out"
    source.write_text(write_team_trf(f), encoding="utf-8")
    out.unlink(missing_ok=True)
    done = subprocess.run(  # noqa: S603 - the pairing program the user named
        [pairer, "--team", str(source), "-p", str(out)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not out.exists():
        said = (done.stdout + done.stderr).strip().splitlines()
        return None, said[-1].replace(str(source), "FILE") if said else f"exit {done.returncode}"
    return read_pairing(out.read_text(encoding="utf-8")), ""


def generate(pairer: str, seed: int, index: int, workdir: Path) -> Generated:
    """Tournament ``index`` of ``seed``, paired round by round by ``pairer``."""
    rng = random.Random(f"{seed}:{index}")
    k = draw_knobs(rng, index)
    name = f"team-{seed}-{index:04d}-{k.teams}t-{k.boards}b-{k.team_type.code}"
    f = _roster_file(rng, k, name)
    g = Generated(name, f)
    pabs: list[int | None] = []
    for r in range(1, k.rounds + 1):
        _declare_absences(rng, k, f, r)
        pairing, why = run_pairer(pairer, team_file_before(f, r), workdir)
        if pairing is None:
            g.stopped = f"round {r}: {why}"
            break
        g.pairings.append(pairing)
        rnd = _Round(rng, k, f, r)
        pab = None
        for white, black in pairing:
            if black == 0:
                rnd.pab(white)
                pab = white
            else:
                rnd.play_match(white, black)
        for b in f.byes:
            if b.round_no == r:
                rnd.bye(b.team, b.kind)
        rnd.close()
        pabs.append(pab)
        f.pab = TeamPab(None, None, list(pabs))
    return g


def pairs_text(g: Generated) -> str:
    """One line a round, ``R w-b w-b …``; a refused round as ``R refused: the pairer's words``."""
    lines = []
    for r, pairing in enumerate(g.pairings, start=1):
        lines.append(f"{r} " + " ".join(f"{w}-{b}" for w, b in pairing))
    if g.stopped:
        r = len(g.pairings) + 1
        words = g.stopped.split(": ", 1)[1].split("No valid pairing exists: ")[-1]
        lines.append(f"{r} refused: {words}")
    return "\n".join(lines) + "\n"


def verify(pairer: str, g: Generated, workdir: Path) -> list[int]:
    """The rounds that the pairer pairs otherwise from the finished file cut back."""
    wrong = []
    for r, expected in enumerate(g.pairings, start=1):
        again, _ = run_pairer(pairer, team_file_before(g.file, r), workdir)
        if again != expected:
            wrong.append(r)
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairer", required=True, help="the pairing program (bbpPairings fork)")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--verify", action="store_true")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.first, args.first + args.count):
            g = generate(args.pairer, args.seed, i, Path(tmp))
            (args.out / f"{g.name}.trf").write_text(write_team_trf(g.file), encoding="utf-8")
            (args.out / f"{g.name}.pairs").write_text(pairs_text(g), encoding="utf-8")
            note = f" stopped {g.stopped}" if g.stopped else ""
            if args.verify and (wrong := verify(args.pairer, g, Path(tmp))):
                note += f" VERIFY FAILED rounds {wrong}"
            print(f"{g.name}: {len(g.pairings)} rounds{note}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

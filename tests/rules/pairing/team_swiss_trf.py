"""Random team Swiss tournaments written as TRF-2026 team files (A2's writer), for the command
line's round trip: the rounds as :mod:`tests.rules.pairing.team_swiss_build` describes them."""

from __future__ import annotations

from fractions import Fraction

from rules.files.trf import PlayerRecord, RoundEntry, TrfFile
from rules.files.trf.team_records import (
    MatchPointSystem,
    TeamBye,
    TeamForfeit,
    TeamPab,
    TeamRecord,
    TeamTrfFile,
)
from rules.files.trf.teams import write_team_trf
from rules.pairing.team_swiss import FULL_BYE, HALF_BYE, TeamConfig

_BYE_LETTER = {FULL_BYE: "F", HALF_BYE: "H"}


def _board_results(points: Fraction, boards: int) -> list[str]:
    """Board codes of the White team summing to ``points``: wins first, a draw, losses."""
    codes = []
    left = points
    for _ in range(boards):
        if left >= 1:
            codes.append("1")
            left -= 1
        elif left == Fraction(1, 2):
            codes.append("=")
            left = Fraction(0)
        else:
            codes.append("0")
    return codes


def team_file(teams: int, rounds: list[dict], total: int, config: TeamConfig, code: str) -> str:
    boards = config.boards
    member = {t: [(t - 1) * boards + i + 1 for i in range(boards)] for t in range(1, teams + 1)}
    entries: dict[int, list[RoundEntry]] = {p: [] for ps in member.values() for p in ps}
    byes, forfeits, pab = [], [], []
    flip = {"1": "0", "0": "1", "=": "="}
    for number, played in enumerate(rounds, start=1):
        for white, black, result in played.get("matches", ()):
            if result in ("+-", "-+", "--"):
                forfeits.append(TeamForfeit(result, number, white, black))
                for team, mine in ((white, result[0]), (black, result[1])):
                    for p in member[team]:
                        entries[p].append(RoundEntry(None, "-", "+" if mine == "+" else "-"))
                continue
            codes = _board_results(Fraction(result.split("-")[0]), boards)
            for i, (wp, bp) in enumerate(zip(member[white], member[black], strict=True)):
                wc, bc = ("w", "b") if i % 2 == 0 else ("b", "w")
                entries[wp].append(RoundEntry(bp, wc, codes[i]))
                entries[bp].append(RoundEntry(wp, bc, flip[codes[i]]))
        pab.append(played.get("pab"))
        if played.get("pab"):
            for p in member[played["pab"]]:
                entries[p].append(RoundEntry(None, "-", "U"))
        for team, kind in played.get("byes", {}).items():
            byes.append(TeamBye(_BYE_LETTER.get(kind, "Z"), number, team))
        for past in entries.values():
            if len(past) < number:
                past.append(RoundEntry(None, "-", "Z"))
    players = [
        PlayerRecord(tpn=p, name=f"Player {p}", rating=2000, rounds=entries[p])
        for p in sorted(entries)
    ]
    members = TrfFile(
        headers={"012": "Round trip", "192": code},
        players=players,
        total_rounds=total,
        initial_colour="w" if config.initial_colour == "W" else "b",
    )
    mps = config.match_points
    f = TeamTrfFile(
        members=members,
        teams=[TeamRecord(tpn=t, name=f"Team {t}", members=member[t]) for t in member],
        byes=byes,
        forfeits=forfeits,
        pab=TeamPab(teams=pab) if any(pab) else None,
        match_point_system=MatchPointSystem(
            Fraction(mps.win), Fraction(mps.draw), Fraction(mps.loss)
        ),
    )
    return write_team_trf(f)

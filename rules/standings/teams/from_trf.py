"""A TRF-2026 team file (read by :mod:`rules.files.trf.teams`) as a :class:`TeamTournament`.

:func:`team_tournament_from_trf` turns the member ``001`` records into matches, board by board:

- the teams: ``310`` (or ``013``) records, their members in board order, names and ratings
  from the ``001`` records;
- a match: the boards where a member of one team meets a member of another in a round. The
  board of a game is its player's place in the team's ``300`` line-up for that round when there
  is one, else the order of the team's roster among the members who played the match; the
  first-named team is the one whose board-1 player had the first colour of the ``352`` pattern
  (default ``WBWB…``). A member with a forfeit win against ``0000`` in a round his team plays a
  match takes an empty board of the line-up;
- ``330``: a match forfeited as a whole (every board ``+-``, ``-+`` or ``--``);
- ``320`` (or a member's ``U``): the PAB, with ``320``'s match and game points when given;
  ``240`` ``Z``: absent, ``F``/``H``: a full- or half-point bye;
- ``362``: the match points; ``192``: a round robin (``…ROUNDROBIN``) or a Swiss; the primary
  score from ``212`` (``PTS:GP``), else ``192`` (``FIDE_TEAM_GP…``: game points); ``142``: the
  number of rounds.

Not read: ``299`` abnormal points, ``250`` acceleration (neither changes C.07's values as FIDE's
reference checker computes them), ``260`` restrictions.
"""

from __future__ import annotations

from fractions import Fraction

from rules.files.trf.records import RoundEntry
from rules.files.trf.team_records import TeamTrfFile
from rules.pairing.teams import MatchPoints
from rules.standings.teams.model import (
    BoardGame,
    Team,
    TeamBye,
    TeamMatch,
    TeamPlayer,
    TeamScoring,
    TeamTournament,
    forfeited_games,
)

#: (first's code, second's code) → the board result from the first team's side.
_RESULTS = {
    ("1", "0"): "1-0",
    ("0", "1"): "0-1",
    ("=", "="): "1/2",
    ("W", "L"): "1-0",
    ("L", "W"): "0-1",
    ("D", "D"): "1/2",
    ("+", "-"): "+-",
    ("-", "+"): "-+",
    ("-", "-"): "--",
    ("+", " "): "+-",
    ("-", " "): "--",
    (" ", "+"): "-+",
    (" ", "-"): "--",
}
_BYES = {"Z": "absent", "F": "full", "H": "half"}


def _board_result(first: RoundEntry | None, second: RoundEntry | None) -> str:
    a = first.result if first is not None else " "
    b = second.result if second is not None else " "
    result = _RESULTS.get((a, b))
    if result is None:
        raise ValueError(f"board results {a!r} and {b!r} do not make one game")
    return result


class _Converter:
    def __init__(self, f: TeamTrfFile) -> None:
        self.f = f
        self.players = {p.tpn: p for p in f.members.players}
        self.team_of = f.team_of_player()
        self.pattern = (f.board_colours or "WB" * 5).upper()

    def entry(self, player: int, round_no: int) -> RoundEntry:
        return self.players[player].entry(round_no)

    def boards(self) -> int:
        if self.f.board_colours:
            return len(self.f.board_colours)
        most = max((len(lu.players) for lu in self.f.lineups), default=0)
        rounds = self.f.members.rounds_in_file
        for team in self.f.teams:
            for r in range(1, rounds + 1):
                paired = sum(
                    1
                    for m in team.members
                    if m in self.players
                    and (self.entry(m, r).opponent is not None or self.entry(m, r).result == "+")
                )
                most = max(most, paired)
        return most or min(len(t.members) for t in self.f.teams)

    def order(self, team: int, round_no: int, players: list[int]) -> list[int | None]:
        """The team's boards in ``round_no``: the 300 line-up, else roster order."""
        line_up = self.f.lineup(round_no, team)
        if line_up is not None:
            return list(line_up.players)
        members = self.f.team(team).members
        return sorted(players, key=members.index)

    def matches(self, round_no: int, forfeited: set[int]) -> list[TeamMatch]:
        pairs: dict[frozenset[int], list[int]] = {}
        loose: dict[int, list[int]] = {}  # forfeit wins against 0000: empty boards
        for team in self.f.teams:
            if team.tpn in forfeited:
                continue
            for m in team.members:
                if m not in self.players:
                    continue
                e = self.entry(m, round_no)
                other = self.team_of.get(e.opponent) if e.opponent is not None else None
                if other is not None and other != team.tpn:
                    pairs.setdefault(frozenset((team.tpn, other)), []).append(m)
                elif e.opponent is None and e.result == "+":
                    loose.setdefault(team.tpn, []).append(m)
        return [
            self.match(round_no, sorted(key), pairs[key], loose)
            for key in sorted(pairs, key=sorted)
        ]

    def match(
        self, round_no: int, teams: list[int], players: list[int], loose: dict[int, list[int]]
    ) -> TeamMatch:
        a, b = teams
        mine = {t: [p for p in players if self.team_of[p] == t] + loose.get(t, []) for t in teams}
        seats_b = self.order(b, round_no, mine[b]) if self.f.lineup(round_no, b) else None
        if self.f.lineup(round_no, a) is None and seats_b is not None:
            seats_a = [self._opponent_of(p, round_no) for p in seats_b]
        else:
            seats_a = self.order(a, round_no, mine[a])
        spare_a = [p for p in loose.get(a, []) if p not in seats_a]
        spare_b = [p for p in loose.get(b, []) if seats_b is None or p not in seats_b]
        pairs: list[tuple[int | None, int | None]] = []
        for board, seat in enumerate(seats_a):
            pa = seat if seat is not None or not spare_a else spare_a.pop(0)
            pb = self._opponent_of(pa, round_no)
            if pb is None or self.team_of.get(pb) != b:
                pb = seats_b[board] if seats_b is not None and board < len(seats_b) else None
                if pb is None and pa is None and spare_b:
                    pb = spare_b.pop(0)
            pairs.append((pa, pb))
        board_one, (pa, pb) = next((i, pair) for i, pair in enumerate(pairs) if any(pair))
        white = (
            (self.entry(pa, round_no).colour == "w")
            if pa is not None
            else (
                self.entry(pb, round_no).colour != "w"  # type: ignore[arg-type]
            )
        )
        if self.pattern[board_one % len(self.pattern)] != self.pattern[0]:
            white = not white
        first, second = (a, b) if white else (b, a)
        games = []
        for board, (pa, pb) in enumerate(pairs, 1):
            ea = self.entry(pa, round_no) if pa is not None else None
            eb = self.entry(pb, round_no) if pb is not None else None
            if first == a:
                games.append(BoardGame(board, pa, pb, _board_result(ea, eb)))
            else:
                games.append(BoardGame(board, pb, pa, _board_result(eb, ea)))
        return TeamMatch(round_no, first, second, tuple(games))

    def _opponent_of(self, player: int | None, round_no: int) -> int | None:
        return self.entry(player, round_no).opponent if player is not None else None


def team_tournament_from_trf(f: TeamTrfFile) -> TeamTournament:
    """The team tournament of a TRF-2026 team file, for :func:`team_standings`."""
    c = _Converter(f)
    boards = c.boards()
    teams = tuple(
        Team(
            t.tpn,
            t.name,
            tuple(
                TeamPlayer(m, c.players[m].name, c.players[m].rating or None)
                for m in t.members
                if m in c.players
            ),
        )
        for t in f.teams
    )
    rounds = f.members.total_rounds or f.members.rounds_in_file
    matches: list[TeamMatch] = []
    byes: list[TeamBye] = []
    pab = f.pab
    for r in range(1, rounds + 1):
        forfeited = set()
        for x in f.forfeits:
            if x.round_no == r:
                forfeited |= {x.white, x.black}
                matches.append(
                    TeamMatch(
                        r,
                        x.white,
                        x.black,
                        forfeited_games(
                            boards, absent={"+-": "second", "-+": "first", "--": "both"}[x.kind]
                        ),
                    )
                )
        round_matches = c.matches(r, forfeited)
        matches.extend(round_matches)
        paired = forfeited | {t for m in round_matches for t in (m.first, m.second)}
        declared = {b.team: _BYES[b.kind] for b in f.byes if b.round_no == r}
        for team in f.teams:
            if team.tpn in paired:
                continue
            kind = declared.get(team.tpn)
            if kind is None:
                named = pab is not None and r <= len(pab.teams) and pab.teams[r - 1] == team.tpn
                codes = {c.entry(m, r).result for m in team.members if m in c.players}
                kind = "PAB" if named or "U" in codes else None
            if kind is not None:
                byes.append(TeamBye(r, team.tpn, kind))
    mps = f.match_point_system
    code = f.members.headers.get("192", "").upper()
    return TeamTournament(
        teams=teams,
        boards=boards,
        rounds=rounds,
        matches=tuple(matches),
        byes=tuple(byes),
        scoring=TeamScoring(
            match=MatchPoints(_number(mps.win), _number(mps.draw), _number(mps.loss)),
            pab_match=None
            if pab is None or pab.match_points is None
            else _number(pab.match_points),
            pab_game=None if pab is None else pab.game_points,
        ),
        round_robin="ROUNDROBIN" in code,
        primary=_primary(f),
    )


def _primary(f: TeamTrfFile) -> str:
    """The primary score: ``212``'s first code when it names one (``PTS:GP``, ``GPTS``), else
    the ``192`` team type's, else match points."""
    order = f.members.headers.get("212", "").split()
    if order:
        first = order[0].upper()
        if first in {"MPTS", "GPTS"}:
            return first[:2]
        if first.startswith("PTS:") and first[4:] in {"MP", "GP"}:
            return first[4:]
    team_type = f.team_type
    return team_type.primary if team_type is not None else "MP"


def _number(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value

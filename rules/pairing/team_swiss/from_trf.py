"""A TRF-2026 team file (``rules.files.trf.teams``) as the engine's state, round by round.

:func:`team_state` aggregates the member ``001`` records into one
:class:`~rules.pairing.team_swiss.state.MatchRecord` per team and round:

* the opponent team: the team of any member's opponent in that round (all boards of a match
  face the same team);
* whole-match records first: a ``240`` bye of the team (``F``/``H``/``Z``: a won, drawn or
  zero match) and a ``330`` whole-match forfeit (``+-``, ``-+``, ``--``) decide the round;
  a team without an opponent had the PAB when ``320`` names it for the round or one of its
  members has ``U``, else a full-, half- or zero-point bye by its first board's code;
* a match against a team is *played* when at least one of its boards was played over the
  board (C.04.6 Art. 1.6.1 speaks of the match, not of board 1's game); when none was, it is
  a forfeit, won by the team with more game points (none: a double forfeit);
* the team's colour: the colour its first-board player "was scheduled to play with" (Art.
  1.6.1): the first board is the ``300`` line-up's when the file has one for that round, else
  the roster's first member (``310``); the scheduled colour is that player's ``001`` colour,
  or, when that board was empty, another board's colour turned back to board 1 through the
  ``352`` board colour pattern (default ``WBWB…``);
* game points: the sum of the members' points under the ``162`` system (a board won by
  forfeit against ``0000`` in a real match is a won board); match points: won, drawn or lost
  on game points under ``362``; the PAB scores ``320``'s values (default a drawn match:
  the draw's match points and the boards' drawn game points, Art. 1.4);
* ``299`` abnormal points: a typed record (``W D L + - F H Z U``) replaces the match and/or
  game points of the rounds of that type (the most specific record wins: a named team over all
  teams, a named round over all rounds, the later over the earlier); an untyped one adds.

The round to pair: ``round_to_pair`` or the round after the last one with results; teams with
a ``240`` record for that round are absent. ``250`` accelerations and ``260`` forbidden pairs
valid for that round go into the state as they are.
"""

from __future__ import annotations

from fractions import Fraction

from rules.files.trf.team_records import TeamTrfFile
from rules.pairing.team_swiss.codes import config_from_code
from rules.pairing.team_swiss.state import (
    BLACK,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    FULL_BYE,
    HALF_BYE,
    PAB,
    PLAYED,
    WHITE,
    ZERO_BYE,
    MatchRecord,
    TeamState,
    TeamTournament,
)
from rules.pairing.teams import MatchPoints
from rules.scoring import RESULT_POINTS

_BYE_KINDS = {"F": FULL_BYE, "H": HALF_BYE, "Z": ZERO_BYE}
#: The 299 assignment type of each kind of round (and W/D/L for played matches).
_TYPE_OF_KIND = {
    FULL_BYE: "F",
    HALF_BYE: "H",
    ZERO_BYE: "Z",
    FORFEIT_WIN: "+",
    FORFEIT_LOSS: "-",
    DOUBLE_FORFEIT: "-",
    PAB: "U",
}


def played_rounds(f: TeamTrfFile) -> int:
    """The number of rounds with results in the file."""
    rounds = f.members.rounds_in_file
    for bye in f.byes:
        if bye.round_no <= rounds:
            continue
    for forfeit in f.forfeits:
        rounds = max(rounds, forfeit.round_no)
    return rounds


def team_state(
    f: TeamTrfFile, round_to_pair: int | None = None, *, initial_colour: str | None = None
) -> TeamTournament:
    """The state of ``f`` before ``round_to_pair`` (default: the round after the last played).

    Raises ``ValueError`` for a file the engine cannot pair: no record-192 team code accepted
    by :func:`~rules.pairing.team_swiss.codes.config_from_code` (a file without ``192`` is
    ``FIDE_TEAM``), no number of rounds, a round to pair past it.
    """
    rnd = played_rounds(f) + 1 if round_to_pair is None else round_to_pair
    total = f.members.total_rounds
    if total is None:
        raise ValueError("the file does not give the number of rounds (record 142 or XXR)")
    config = _config(f, initial_colour)
    reader = _Reader(f, config)
    teams = []
    absent = {b.team: _BYE_KINDS[b.kind] for b in f.byes if b.round_no == rnd}
    for team in f.teams:
        history = tuple(reader.record(team.tpn, r) for r in range(1, rnd))
        teams.append(
            TeamState(
                tpn=team.tpn,
                history=history,
                absent=team.tpn in absent,
                requested_bye=absent.get(team.tpn),
                acceleration=reader.acceleration(team.tpn, rnd),
                name=team.name,
            )
        )
    forbidden = frozenset(
        frozenset((a, b))
        for rule in f.forbidden
        if rule.first_round <= rnd <= rule.last_round
        for i, a in enumerate(rule.teams)
        for b in rule.teams[i + 1 :]
        if a != b
    )
    return TeamTournament(
        teams=tuple(teams),
        total_rounds=max(total, rnd),
        round_to_pair=rnd,
        config=config,
        forbidden_pairs=forbidden,
    )


def _config(f: TeamTrfFile, initial_colour: str | None):
    code = f.members.headers.get("192", "").strip() or "FIDE_TEAM"
    mps = f.match_point_system
    points = f.members.point_system
    boards = len(f.board_colours) if f.board_colours else min(len(t.members) for t in f.teams)
    pab = f.pab
    colour = initial_colour or (f.members.initial_colour or "w")
    return config_from_code(
        code,
        match_points=MatchPoints(mps.win, mps.draw, mps.loss),
        boards=boards,
        pab_match_points=pab.match_points if pab and pab.match_points is not None else None,
        pab_game_points=(
            pab.game_points
            if pab and pab.game_points is not None
            else Fraction(boards) * points.draw
        ),
        initial_colour=WHITE if colour.lower() == "w" else BLACK,
    )


class _Reader:
    """One team's rounds read off the file."""

    def __init__(self, f: TeamTrfFile, config) -> None:
        self.f = f
        self.config = config
        self.team_of = f.team_of_player()
        self.players = {p.tpn: p for p in f.members.players}
        self.points = f.members.point_system
        self.pattern = (f.board_colours or "WB" * 5).upper()

    def _entry(self, player: int | None, round_no: int):
        record = self.players.get(player) if player is not None else None
        return record.entry(round_no) if record is not None else None

    def _board_points(self, entry, real_match: bool) -> Fraction:
        if entry is None or entry.result == " ":
            return Fraction(0)
        code = entry.result
        if code == "+" and entry.opponent is None and not real_match:
            return self.points.pab
        return Fraction(getattr(self.points, RESULT_POINTS.get(code, "zero_bye")))

    def _opponent(self, tpn: int, round_no: int) -> int | None:
        for member in self.f.team(tpn).members:
            entry = self._entry(member, round_no)
            if entry is not None and entry.opponent is not None:
                other = self.team_of.get(entry.opponent)
                if other is not None and other != tpn:
                    return other
        return None

    def _boards(self, tpn: int, round_no: int) -> list[int | None]:
        line_up = self.f.lineup(round_no, tpn)
        if line_up is not None:
            return list(line_up.players)
        return list(self.f.team(tpn).members)

    def game_points(self, tpn: int, round_no: int, real_match: bool) -> Fraction:
        return sum(
            (
                self._board_points(self._entry(m, round_no), real_match)
                for m in self.f.team(tpn).members
            ),
            Fraction(0),
        )

    def _colour(self, tpn: int, round_no: int) -> str | None:
        for board, member in enumerate(self._boards(tpn, round_no)):
            entry = self._entry(member, round_no)
            if entry is None or entry.colour not in ("w", "b"):
                continue
            colour = WHITE if entry.colour == "w" else BLACK
            if self.pattern[board % len(self.pattern)] != self.pattern[0]:
                colour = BLACK if colour == WHITE else WHITE
            return colour
        return None

    def _played(self, tpn: int, round_no: int) -> bool:
        return any(
            (e := self._entry(m, round_no)) is not None and e.played
            for m in self.f.team(tpn).members
        )

    def _declared(self, tpn: int, round_no: int) -> tuple[str, int | None] | None:
        for bye in self.f.byes:
            if bye.round_no == round_no and bye.team == tpn:
                return _BYE_KINDS[bye.kind], None
        for forfeit in self.f.forfeits:
            if forfeit.round_no != round_no or tpn not in (forfeit.white, forfeit.black):
                continue
            other = forfeit.black if tpn == forfeit.white else forfeit.white
            if forfeit.kind == "--":
                return DOUBLE_FORFEIT, other
            white_won = forfeit.kind == "+-"
            return (FORFEIT_WIN if white_won == (tpn == forfeit.white) else FORFEIT_LOSS), other
        return None

    def _unpaired_kind(self, tpn: int, round_no: int) -> str:
        pab = self.f.pab
        if pab and round_no <= len(pab.teams) and pab.teams[round_no - 1] == tpn:
            return PAB
        codes = [
            e.result
            for m in self.f.team(tpn).members
            if (e := self._entry(m, round_no)) is not None
        ]
        if "U" in codes or (codes and codes[0] == "+"):
            return PAB
        first = codes[0] if codes else "Z"
        return {"F": FULL_BYE, "H": HALF_BYE}.get(first, ZERO_BYE)

    def record(self, tpn: int, round_no: int) -> MatchRecord:
        """The team's :class:`MatchRecord` of ``round_no``."""
        mp_values = self.config.match_points
        declared = self._declared(tpn, round_no)
        opponent = self._opponent(tpn, round_no)
        gp = self.game_points(tpn, round_no, opponent is not None)
        colour = None
        if declared is not None:
            kind, opponent = declared
            if kind == FORFEIT_WIN:
                gp = Fraction(self.config.boards) * self.points.win
        elif opponent is None:
            kind = self._unpaired_kind(tpn, round_no)
        else:
            theirs = self.game_points(opponent, round_no, True)
            if self._played(tpn, round_no):
                kind, colour = PLAYED, self._colour(tpn, round_no)
            elif gp == theirs:
                kind = DOUBLE_FORFEIT
            else:
                kind = FORFEIT_WIN if gp > theirs else FORFEIT_LOSS
        if kind == PAB:
            mp, gp = self.config.pab_points
            return self._abnormal(MatchRecord(PAB, None, None, mp, gp), round_no, tpn)
        mp = {
            FULL_BYE: mp_values.win,
            HALF_BYE: mp_values.draw,
            FORFEIT_WIN: mp_values.win,
        }.get(kind, mp_values.loss)
        if kind == PLAYED:
            theirs = self.game_points(opponent, round_no, True)
            mp = mp_values.win if gp > theirs else mp_values.loss if gp < theirs else mp_values.draw
        return self._abnormal(MatchRecord(kind, opponent, colour, mp, gp), round_no, tpn)

    def _abnormal(self, record: MatchRecord, round_no: int, tpn: int) -> MatchRecord:
        """Record 299 (see the module docstring)."""
        if not self.f.abnormal:
            return record
        kind_type = _TYPE_OF_KIND.get(record.kind)
        if record.kind == PLAYED:
            mp = record.match_points
            kind_type = (
                "W"
                if mp == self.config.match_points.win
                else "L"
                if mp == self.config.match_points.loss
                else "D"
            )
        mp, gp = record.match_points, record.game_points
        best = -1
        for rule in self.f.abnormal:
            if rule.kind != kind_type:
                continue
            if rule.round_no is not None and rule.round_no != round_no:
                continue
            if rule.teams and tpn not in rule.teams:
                continue
            specificity = (2 if rule.teams else 0) + (1 if rule.round_no is not None else 0)
            if specificity >= best:
                best = specificity
                mp = rule.match_points if rule.match_points is not None else mp
                gp = rule.game_points if rule.game_points is not None else gp
        for rule in self.f.abnormal:
            if rule.kind != " ":
                continue
            if rule.round_no is not None and rule.round_no != round_no:
                continue
            if rule.teams and tpn not in rule.teams:
                continue
            mp += rule.match_points or 0
            gp += rule.game_points or 0
        return MatchRecord(record.kind, record.opponent, record.colour, mp, gp)

    def acceleration(self, tpn: int, round_to_pair: int) -> tuple[tuple[Fraction, Fraction], ...]:
        """Record 250: fictitious (MP, GP) per round up to the round to pair."""
        out = [[Fraction(0), Fraction(0)] for _ in range(round_to_pair)]
        for acc in self.f.accelerations:
            if not acc.first_team <= tpn <= acc.last_team:
                continue
            for r in range(acc.first_round, min(acc.last_round, round_to_pair) + 1):
                out[r - 1][0] += acc.match_points
                out[r - 1][1] += acc.game_points
        if not any(mp or gp for mp, gp in out):
            return ()
        return tuple((mp, gp) for mp, gp in out)

"""A team tournament frozen after a round: each team's rounds with match and game points.

:class:`_TeamEvent` turns the matches and byes into one :class:`_TeamRound` per team and
round, each with its boards (:class:`_Board`), and derives the scores the tie-breaks read:
the totals, the adjusted scores of C.07 Art. 16.3 for either score, and the board points.

How a round scores (the reference checker reads a TRF the same way):

- A match: the team with more game points wins it (``W``), the other loses (``L`` when a board
  was played over the board, else ``Z``, an unplayed loss); equal game points draw (``D``), but
  0 : 0 (every board a double forfeit) is a loss for both. A match is *played* when at least
  one board was played over the board; a match won only by forfeits is an unplayed win.
- The PAB (``P``) is played, without an opponent: the scoring's PAB match and game points.
- An absent team (``Z``): nothing. A full- or half-point bye (``W``, ``D``, not played): a won
  or drawn match's match points, every board's or half the boards' game points.
- A round is a voluntarily unplayed round (VUR, Art. 16.1) when it is not played and not won.

The boards of a round without a match played over the board (byes, absences, forfeited
matches) are counted, for the board-based tie-breaks, as ``boards`` boards each with the
round's result for one game: a win's point for a PAB or a forfeit win, none otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from rules.standings.teams.model import TeamTournament

_HALF = Fraction(1, 2)
_GAME_POINTS = {"1": Fraction(1), "+": Fraction(1), "=": _HALF}
_OTB = frozenset("1=0")
#: One board's points for a round with no match played over the board (``P``: the PAB).
_UNPLAYED_BOARD = {"W": Fraction(1), "P": Fraction(1), "D": _HALF}

MP, GP = "MP", "GP"


@dataclass(frozen=True)
class _Board:
    board: int
    points: Fraction
    colour: str
    played: bool
    vur: bool
    present: bool  # a player opposite (the reference's "opponent > 0")


@dataclass(frozen=True)
class _TeamRound:
    opponent: int | None
    colour: str  # "w" for the first-named team (and byes), "b" for the second
    played: bool
    code: str  # W D L Z P, from this team's side
    mp: Fraction
    gp: Fraction
    boards: tuple[_Board, ...]

    @property
    def vur(self) -> bool:
        return not self.played and self.code != "W"

    def points(self, kind: str) -> Fraction:
        return self.mp if kind == MP else self.gp


def _match_codes(first: Fraction, second: Fraction, played: bool) -> tuple[str, str]:
    loss = "L" if played else "Z"
    if first > second:
        return "W", loss
    if first < second:
        return loss, "W"
    if first > 0:
        return "D", "D"
    return loss, loss


class _TeamEvent:
    """A team tournament after round ``k`` with the derived scores of Art. 16."""

    def __init__(self, tournament: TeamTournament, after_round: int) -> None:
        self.t = tournament
        self.k = after_round
        self.rr = tournament.round_robin
        self.size = tournament.boards
        self.match_points = tournament.scoring.match
        self.numbers = [team.number for team in tournament.teams]
        rounds: dict[int, dict[int, _TeamRound]] = {n: {} for n in self.numbers}
        self.maxboard = 0
        for match in tournament.matches:
            if match.round <= after_round:
                for team, record in zip(
                    (match.first, match.second), self._match(match), strict=True
                ):
                    rounds[team][match.round] = record
        pab_mp, pab_gp = tournament.scoring.pab(self.size)
        for bye in tournament.byes:
            if bye.round <= after_round:
                rounds[bye.team][bye.round] = self._bye(bye.kind, pab_mp, pab_gp)
        self.rounds: dict[int, list[_TeamRound]] = {
            n: [rs.get(r) or self._absent() for r in range(1, after_round + 1)]
            for n, rs in rounds.items()
        }

    # ---- building the rounds

    def _match(self, match) -> tuple[_TeamRound, _TeamRound]:
        sides: list[list[_Board]] = [[], []]
        played = False
        for game in sorted(match.games, key=lambda g: g.board):
            codes = game.codes
            otb = codes[0] in _OTB
            played = played or otb
            self.maxboard = max(self.maxboard, game.board)
            players = (game.first, game.second)
            for side in (0, 1):
                code = codes[side]
                white = (game.board % 2 == 1) == (side == 0)
                sides[side].append(
                    _Board(
                        board=game.board,
                        points=_GAME_POINTS.get(code, Fraction(0)),
                        colour="w" if white else "b",
                        played=otb,
                        vur=not otb and code != "+",
                        present=players[1 - side] is not None,
                    )
                )
        gp = [sum((b.points for b in boards), Fraction(0)) for boards in sides]
        codes = _match_codes(gp[0], gp[1], played)
        opponents = (match.second, match.first)
        out = []
        for side in (0, 1):
            colour = "w" if side == 0 else "b"
            mp = self._mp(codes[side])
            if played:
                out.append(
                    _TeamRound(
                        opponents[side], colour, True, codes[side], mp, gp[side], tuple(sides[side])
                    )
                )
            else:
                record = self._unplayed(opponents[side], codes[side], mp, gp[side])
                out.append(record if side == 0 else _recolour(record))
        return out[0], out[1]

    def _mp(self, code: str) -> Fraction:
        points = self.match_points
        return Fraction({"W": points.win, "D": points.draw, "L": points.loss}.get(code, 0))

    def _unplayed(self, opponent: int | None, code: str, mp: Fraction, gp: Fraction) -> _TeamRound:
        played = code == "P"
        vur = not played and code != "W"
        board_points = _UNPLAYED_BOARD.get(code, Fraction(0))
        boards = tuple(
            _Board(b, board_points, "w", played, vur, False) for b in range(1, self.size + 1)
        )
        return _TeamRound(opponent, "w", played, code, mp, gp, boards)

    def _bye(self, kind: str, pab_mp: Fraction, pab_gp: Fraction) -> _TeamRound:
        if kind == "PAB":
            return self._unplayed(None, "P", pab_mp, pab_gp)
        if kind == "full":
            return self._unplayed(None, "W", self._mp("W"), Fraction(self.size))
        if kind == "half":
            return self._unplayed(None, "D", self._mp("D"), Fraction(self.size, 2))
        return self._absent()

    def _absent(self) -> _TeamRound:
        return self._unplayed(None, "Z", Fraction(0), Fraction(0))

    # ---- scores

    def win(self, kind: str) -> Fraction:
        """A win's points in ``kind``: the match win, or every board won."""
        return Fraction(self.match_points.win) if kind == MP else Fraction(self.size)

    def draw(self, kind: str) -> Fraction:
        return Fraction(self.match_points.draw) if kind == MP else Fraction(self.size, 2)

    @cached_property
    def _totals(self) -> dict[str, dict[int, Fraction]]:
        return {
            kind: {
                n: sum((r.points(kind) for r in rs), Fraction(0)) for n, rs in self.rounds.items()
            }
            for kind in (MP, GP)
        }

    def score(self, kind: str) -> dict[int, Fraction]:
        return self._totals[kind]

    @cached_property
    def lna(self) -> dict[int, int]:
        """The last round that is not a VUR (Art. 16.2: later requested byes are withdrawals)."""
        return {
            n: max((i + 1 for i, r in enumerate(rs) if not r.vur), default=0)
            for n, rs in self.rounds.items()
        }

    @cached_property
    def lmp(self) -> dict[int, int]:
        """The last round with an opponent or the PAB."""
        return {
            n: max(
                (i + 1 for i, r in enumerate(rs) if r.opponent is not None or r.played), default=0
            )
            for n, rs in self.rounds.items()
        }

    @cached_property
    def _adjusted(self) -> dict[str, dict[int, Fraction]]:
        out: dict[str, dict[int, Fraction]] = {}
        for kind in (MP, GP):
            filler = Fraction(0) if self.rr else self.draw(kind)
            out[kind] = {
                n: sum(
                    (
                        r.points(kind) if i + 1 <= self.lna[n] or r.opponent is not None else filler
                        for i, r in enumerate(rs)
                    ),
                    Fraction(0),
                )
                for n, rs in self.rounds.items()
            }
        return out

    def adjusted(self, kind: str) -> dict[int, Fraction]:
        """The score opponents see (Art. 16.3): rounds after the last non-VUR count a draw."""
        return self._adjusted[kind]

    @cached_property
    def board_points(self) -> dict[int, dict[int, Fraction]]:
        """Per team, per board number: the game points scored on that board."""
        out: dict[int, dict[int, Fraction]] = {}
        for n, rs in self.rounds.items():
            per_board: dict[int, Fraction] = {}
            for r in rs:
                for b in r.boards:
                    per_board[b.board] = per_board.get(b.board, Fraction(0)) + b.points
            out[n] = per_board
        return out

    def counted(self, n: int, i: int) -> bool:
        """Whether round ``i`` (0-based) of team ``n`` counts as a game with its opponent:
        played over the board, or any paired round in a round robin (Art. 15.2)."""
        r = self.rounds[n][i]
        return r.opponent is not None and (r.played or self.rr)


def _recolour(record: _TeamRound) -> _TeamRound:
    """The second-named team's record of an unplayed match: Black."""
    return _TeamRound(
        record.opponent, "b", record.played, record.code, record.mp, record.gp, record.boards
    )


def _after(tournament: TeamTournament, after_round: int | None) -> int:
    k = tournament.rounds_played if after_round is None else after_round
    if not 0 <= k <= tournament.rounds:
        raise ValueError(f"after_round must be within 0..{tournament.rounds}, got {after_round}")
    return k

"""The input of the team standings: teams, their rosters, the matches with their boards, byes.

Plain frozen dataclasses. Board results are read from the first-named team's side, in the
vocabulary of :func:`rules.pairing.teams.match_score`; match points are
:class:`rules.pairing.teams.MatchPoints` (2/1/0 unless the regulations say else), game points
1 / ½ / 0 per board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.pairing.teams import MAX_BOARDS, MIN_BOARDS, MatchPoints

__all__ = [
    "BOARD_RESULTS",
    "BYE_KINDS",
    "PRIMARY_SCORES",
    "BoardGame",
    "Team",
    "TeamBye",
    "TeamMatch",
    "TeamPlayer",
    "TeamScoring",
    "TeamTournament",
    "forfeited_games",
]

#: Board results from the first team's side: (first's code, second's code) in the TRF's
#: vocabulary (``1 = 0`` played, ``+ -`` forfeits).
BOARD_RESULTS: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2": ("=", "="),
    "½-½": ("=", "="),
    "=": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
}
#: ``PAB``: the pairing-allocated bye (a drawn match by default); ``absent``: a team not paired
#: in the round (no points, a voluntarily unplayed round, C.07 16.1); ``full`` and ``half``: a
#: full- or half-point bye the regulations allow (TRF ``240 F``/``240 H``: a won or drawn match
#: with every board's or half the boards' game points).
BYE_KINDS = ("PAB", "absent", "full", "half")
PRIMARY_SCORES = ("MP", "GP")


@dataclass(frozen=True)
class TeamPlayer:
    """A player of a roster; ``number`` is unique in the tournament (the TRF's 001 number)."""

    number: int
    name: str = ""
    rating: int | None = None


@dataclass(frozen=True)
class Team:
    """A team: pairing number, name and roster in board order (reserves after the boards)."""

    number: int
    name: str = ""
    players: tuple[TeamPlayer, ...] = ()


@dataclass(frozen=True)
class BoardGame:
    """One board of a match: the first and second team's players (``None``: nobody) and the
    result from the first team's side (``1-0``, ``0-1``, ``1/2``, ``+-``, ``-+``, ``--``)."""

    board: int
    first: int | None
    second: int | None
    result: str

    def __post_init__(self) -> None:
        if self.result not in BOARD_RESULTS:
            raise ValueError(f"unknown board result {self.result!r} on board {self.board}")

    @property
    def codes(self) -> tuple[str, str]:
        """The two sides' TRF codes (first, second)."""
        return BOARD_RESULTS[self.result]


@dataclass(frozen=True)
class TeamMatch:
    """A match of a round: ``first`` has White on board 1, colours alternate (C.04.6 practice,
    :func:`rules.pairing.teams.board_colours`)."""

    round: int
    first: int
    second: int
    games: tuple[BoardGame, ...]

    def side(self, team: int) -> int:
        """0 for the first-named team, 1 for the second."""
        if team == self.first:
            return 0
        if team == self.second:
            return 1
        raise ValueError(f"team {team} does not play in round {self.round}'s {self}")


@dataclass(frozen=True)
class TeamBye:
    """A round a team has no match: the pairing-allocated bye (``PAB``), ``absent``, or a
    ``full``- or ``half``-point bye."""

    round: int
    team: int
    kind: str = "PAB"

    def __post_init__(self) -> None:
        if self.kind not in BYE_KINDS:
            raise ValueError(f"bye kind must be one of {BYE_KINDS}, got {self.kind!r}")


@dataclass(frozen=True)
class TeamScoring:
    """Match points (2/1/0 by default) and the PAB's value: by default a drawn match, the
    draw's match points and half the boards' game points (issue 22, after C.04.6)."""

    match: MatchPoints = field(default_factory=MatchPoints)
    pab_match: int | None = None
    pab_game: Fraction | None = None

    def pab(self, boards: int) -> tuple[Fraction, Fraction]:
        """(match points, game points) of the PAB."""
        mp = self.match.draw if self.pab_match is None else self.pab_match
        gp = Fraction(boards, 2) if self.pab_game is None else Fraction(self.pab_game)
        return Fraction(mp), gp


@dataclass(frozen=True)
class TeamTournament:
    """A team event as the standings see it.

    ``rounds`` is the number of rounds planned; ``round_robin`` selects C.07 Art. 15.2
    (pre-determined pairings) instead of Art. 16 (Swiss). ``primary`` is the score that ranks
    first (``MP`` match points or ``GP`` game points); tie-breaks without ``:MP``/``:GP`` use
    it.
    """

    teams: tuple[Team, ...]
    boards: int
    rounds: int
    matches: tuple[TeamMatch, ...] = ()
    byes: tuple[TeamBye, ...] = ()
    scoring: TeamScoring = field(default_factory=TeamScoring)
    round_robin: bool = False
    primary: str = "MP"

    def __post_init__(self) -> None:
        if not MIN_BOARDS <= self.boards <= MAX_BOARDS:
            raise ValueError(f"a match has {MIN_BOARDS} to {MAX_BOARDS} boards, got {self.boards}")
        if self.primary not in PRIMARY_SCORES:
            raise ValueError(f"primary must be one of {PRIMARY_SCORES}, got {self.primary!r}")
        numbers = [t.number for t in self.teams]
        if len(set(numbers)) != len(numbers):
            raise ValueError("team numbers must be unique")
        players = [p.number for t in self.teams for p in t.players]
        if len(set(players)) != len(players):
            raise ValueError("a player is on two rosters (or twice on one)")
        self._check_rounds(set(numbers))

    def _check_rounds(self, known: set[int]) -> None:
        seen: set[tuple[int, int]] = set()
        for match in self.matches:
            self._check_round(match.round)
            if match.first == match.second:
                raise ValueError(f"team {match.first} cannot meet itself")
            if len({b.board for b in match.games}) != len(match.games):
                raise ValueError(f"a board is given twice in round {match.round}")
            for game in match.games:
                if not 1 <= game.board <= self.boards:
                    raise ValueError(
                        f"board {game.board} does not exist (the matches have {self.boards})"
                    )
            for team in (match.first, match.second):
                self._check_once(team, match.round, known, seen)
        for bye in self.byes:
            self._check_round(bye.round)
            self._check_once(bye.team, bye.round, known, seen)

    def _check_round(self, number: int) -> None:
        if not 1 <= number <= self.rounds:
            raise ValueError(f"round {number} is outside 1..{self.rounds}")

    @staticmethod
    def _check_once(team: int, number: int, known: set[int], seen: set[tuple[int, int]]) -> None:
        if team not in known:
            raise ValueError(f"unknown team {team} in round {number}")
        if (team, number) in seen:
            raise ValueError(f"team {team} plays twice in round {number}")
        seen.add((team, number))

    @property
    def rounds_played(self) -> int:
        """The highest round with a match or a bye."""
        return max((m.round for m in (*self.matches, *self.byes)), default=0)


def forfeited_games(
    boards: int, *, absent: str, first: tuple[int | None, ...] = (), second=()
) -> tuple[BoardGame, ...]:
    """The boards of a whole-match forfeit: every board ``+-`` (``absent="second"``), ``-+``
    (``"first"``) or ``--`` (``"both"``); the players present may be named."""
    result = {"second": "+-", "first": "-+", "both": "--"}.get(absent)
    if result is None:
        raise ValueError(f"absent must be 'first', 'second' or 'both', got {absent!r}")

    def name(side: tuple[int | None, ...], board: int) -> int | None:
        return side[board - 1] if board <= len(side) else None

    return tuple(
        BoardGame(b, name(first, b), name(second, b), result) for b in range(1, boards + 1)
    )

"""Team round robin, board colours, Scheveningen and match scoring (issue 22, rules only).

Pure module: standard library and :mod:`rules.pairing.berger` only, no Django.

**Team round robin.** The teams get pairing numbers 1..N and play the FIDE Berger tables
(C.05 Annex 1) exactly as individuals do: :func:`team_schedule` is
:func:`rules.pairing.berger.berger_schedule` with each game read as a match. The team that has
"White" in the individual table is named first in the match (``Match.first``); with an odd
number of teams the team drawn against the dummy number has the pairing-allocated bye (PAB).
A double round robin is the individual one: the second cycle repeats the first with the
teams named the other way round (so every team's board colours reverse), and the last two
rounds of the first cycle are swapped.

**Board colours in a match.** The first-named team has White on board 1 and the colours
alternate from there: White on the odd-numbered boards (1, 3, 5, …), Black on the even ones,
the other team the opposite. Sources: C.04.6 (Swiss Team Pairing System, effective 1 February
2026, https://handbook.fide.com/chapter/SwissTeamPairingSystem202602) gives a team the colour
of its first board (Art. 1.6.1 as the documentation of the Go package
github.com/gnutterts/chesspairing, pairing/team, summarises it: "colour determined by first
board assignment"); the alternation on the other boards is the practice of FIDE team events
(Olympiad) and of team chess in general. The article's own words were not read here: check
them before quoting. :func:`board_colours` implements it for 2..10 boards.

**Scheveningen** (:func:`scheveningen`): team A's player ``i`` (boards 0-based here, 1-based
in the output) meets team B's player ``(i + r) mod B`` in round ``r`` (0-based), so over B
rounds every player of A meets every player of B exactly once (a cyclic Latin square).
Colours: A's player ``i`` has White in round ``r`` when ``pattern_r[(i - r) mod B]`` is
``W``; B's player ``j`` then meets A's player ``j - r`` and its colour depends on
``(j - 2r) mod B``. The patterns (``SCHEVENINGEN_PATTERNS``) were chosen by an exhaustive
search over all patterns with the balance properties below, keeping one whose longest run of
one colour for any player is shortest: 2 (1 for B = 2; 3 for B = 5, the best such a pattern
gives). Properties (proved for every B = 2..10 in the tests):

- every player of either team has ⌈B/2⌉ or ⌊B/2⌋ Whites (exactly B/2 for even B);
- for B divisible by 4, each team has exactly B/2 Whites in every round;
- for B ≡ 2 (mod 4) exact per-round balance is impossible with this cyclic schedule (if it
  held, the cells where A's board and the round are both even would have to hold
  (B/2)²/2 Whites, a fraction), so the rounds alternate between B/2 + 1 and B/2 - 1 Whites
  for team A (for B = 2: 2 then 0, unavoidable in any 2-board Scheveningen);
- for odd B, team A has ⌈B/2⌉ Whites in the odd-numbered rounds (1, 3, …) and ⌊B/2⌋ in the
  even-numbered ones, so over the match the teams' Whites differ by one, the least an odd
  number of games (B²) allows.

**Scoring.** Game points are counted in exact halves (:class:`fractions.Fraction`); match
points default to 2/1/0 (:class:`MatchPoints`, e.g. ``MatchPoints(3, 1, 0)``). A board
forfeit gives the present player one game point and the absent one nothing; a double forfeit
nothing to either. A whole-match forfeit (:func:`forfeited_match`) gives the present team a
match win and every board's game point. The PAB (:func:`pab_score`) is by default a drawn
match: the draw's match points and half the boards' game points (issue 22, after C.04.6);
both values are configurable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.pairing.berger import berger_schedule

__all__ = [
    "MAX_BOARDS",
    "MIN_BOARDS",
    "SCHEVENINGEN_PATTERNS",
    "BoardPairing",
    "Match",
    "MatchPoints",
    "MatchScore",
    "TeamRound",
    "board_colours",
    "forfeited_match",
    "match_score",
    "pab_score",
    "scheveningen",
    "team_colours",
    "team_schedule",
]

MIN_BOARDS = 2
MAX_BOARDS = 10
WHITE, BLACK = "W", "B"

#: Scheveningen colour patterns per number of boards: (even rounds, odd rounds), ``W`` where
#: team A's player has White (see the module docstring).
SCHEVENINGEN_PATTERNS: dict[int, tuple[str, str]] = {
    2: ("WW", "BB"),
    3: ("WWB", "WBB"),
    4: ("WBBW", "WBBW"),
    5: ("WWWBB", "WWBBB"),
    6: ("WWWWBB", "WBBWBB"),
    7: ("WWBWWBB", "WWBBWBB"),
    8: ("WBBWWBBW", "WBBWWBBW"),
    9: ("WWBWWBWBB", "WWBWBBWBB"),
    10: ("WWWWWWBBBB", "WBBBBWBWWB"),
}


@dataclass(frozen=True)
class Match:
    """One match of a team round: the team named ``first`` has White on board 1."""

    first: int
    second: int


@dataclass(frozen=True)
class TeamRound:
    """One round of a team round robin (``number`` counts over both cycles)."""

    number: int
    cycle: int
    matches: tuple[Match, ...]
    bye: int | None = None


@dataclass(frozen=True)
class BoardPairing:
    """One Scheveningen game: board (1-based), A's and B's player (1-based), who has White."""

    board: int
    a_player: int
    b_player: int
    a_white: bool


@dataclass(frozen=True)
class MatchPoints:
    """Match points for a won, drawn and lost match (2/1/0 unless the regulations say else)."""

    win: int = 2
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True)
class MatchScore:
    """The result of a match for the first- and the second-named team."""

    first_game_points: Fraction
    second_game_points: Fraction
    first_match_points: int
    second_match_points: int


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int):
        raise TypeError(f"boards must be an int, got {boards!r}")
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise ValueError(f"a match has {MIN_BOARDS} to {MAX_BOARDS} boards, got {boards}")


def team_schedule(teams: int, *, double: bool = False) -> tuple[TeamRound, ...]:
    """The Berger schedule of ``teams`` teams (numbers 1..teams), single or double.

    >>> [(m.first, m.second) for m in team_schedule(4)[0].matches]
    [(1, 4), (2, 3)]
    """
    return tuple(
        TeamRound(
            number=played.number,
            cycle=played.cycle,
            matches=tuple(Match(game.white, game.black) for game in played.games),
            bye=played.bye,
        )
        for played in berger_schedule(teams, double=double)
    )


def board_colours(boards: int) -> tuple[str, ...]:
    """Colours of the first-named team on boards 1..boards: White on odd boards.

    >>> board_colours(5)
    ('W', 'B', 'W', 'B', 'W')
    """
    _check_boards(boards)
    return tuple(WHITE if board % 2 else BLACK for board in range(1, boards + 1))


def team_colours(match: Match, team: int, boards: int) -> tuple[str, ...]:
    """Colours of ``team``'s players on boards 1..boards in ``match``."""
    colours = board_colours(boards)
    if team == match.first:
        return colours
    if team == match.second:
        return tuple(BLACK if colour == WHITE else WHITE for colour in colours)
    raise ValueError(f"team {team} does not play in {match}")


def scheveningen(boards: int) -> tuple[tuple[BoardPairing, ...], ...]:
    """The rounds of a Scheveningen match of ``boards`` players a side (``boards`` rounds)."""
    _check_boards(boards)
    rounds = []
    for r in range(boards):
        pattern = SCHEVENINGEN_PATTERNS[boards][r % 2]
        rounds.append(
            tuple(
                BoardPairing(
                    board=i + 1,
                    a_player=i + 1,
                    b_player=(i + r) % boards + 1,
                    a_white=pattern[(i - r) % boards] == WHITE,
                )
                for i in range(boards)
            )
        )
    return tuple(rounds)


#: Board results from the first-named team's side: (first's game points, second's), in halves.
_BOARD_RESULTS: dict[str, tuple[int, int]] = {
    "1-0": (2, 0),
    "0-1": (0, 2),
    "½-½": (1, 1),
    "1/2": (1, 1),
    "=": (1, 1),
    "+-": (2, 0),  # the first team's player wins by forfeit
    "-+": (0, 2),
    "--": (0, 0),  # both absent
}


def _match_points(first: Fraction, second: Fraction, points: MatchPoints) -> tuple[int, int]:
    if first > second:
        return points.win, points.loss
    if first < second:
        return points.loss, points.win
    return points.draw, points.draw


def match_score(results: Sequence[str], points: MatchPoints | None = None) -> MatchScore:
    """Score a match from its board results, read from the first-named team's side.

    Results: ``1-0``, ``0-1``, ``½-½`` (or ``1/2``, ``=``), board forfeits ``+-`` and ``-+``,
    a double forfeit ``--``. More game points win the match.
    """
    points = points or MatchPoints()
    _check_boards(len(results))
    halves = []
    for result in results:
        if result not in _BOARD_RESULTS:
            raise ValueError(f"unknown board result {result!r}")
        halves.append(_BOARD_RESULTS[result])
    first = Fraction(sum(h[0] for h in halves), 2)
    second = Fraction(sum(h[1] for h in halves), 2)
    first_mp, second_mp = _match_points(first, second, points)
    return MatchScore(first, second, first_mp, second_mp)


def forfeited_match(boards: int, *, absent: str, points: MatchPoints | None = None) -> MatchScore:
    """A whole-match forfeit: the present team wins the match and every board's game point.

    ``absent`` is ``"first"``, ``"second"`` or ``"both"`` (no points to either).
    """
    points = points or MatchPoints()
    _check_boards(boards)
    full, none = Fraction(boards), Fraction(0)
    if absent == "first":
        return MatchScore(none, full, points.loss, points.win)
    if absent == "second":
        return MatchScore(full, none, points.win, points.loss)
    if absent == "both":
        return MatchScore(none, none, points.loss, points.loss)
    raise ValueError(f"absent must be 'first', 'second' or 'both', got {absent!r}")


def pab_score(
    boards: int,
    points: MatchPoints | None = None,
    *,
    match_points: int | None = None,
    game_points: Fraction | None = None,
) -> tuple[int, Fraction]:
    """(match points, game points) of the team with the PAB: a drawn match by default."""
    points = points or MatchPoints()
    _check_boards(boards)
    return (
        points.draw if match_points is None else match_points,
        Fraction(boards, 2) if game_points is None else Fraction(game_points),
    )

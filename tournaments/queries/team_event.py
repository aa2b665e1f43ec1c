"""A team tournament's public reads (issue 22): its teams and rosters, each round's matches
with their boards, the team standings' input, the crosstable, a team's card and the board
prizes.

:func:`team_event` reads everything in a fixed number of queries (the teams, the rosters, the
matches, the board games: four, whatever the size of the event); every other function here
works on what it read, without a query. The ratings the performances use come from the
caller (``ratings.queries.tournaments``: the ratings app sits above this one).

A match's side is read from its first-named team (White on board 1): each board's game is
turned round when the first team's player has Black, so ``1`` is always the first team's win.
Game points are exact halves (a win, or a win by forfeit, is 1, a draw ½); match points are
the tournament's (2/1/0 unless set otherwise), and a pairing-allocated bye scores what the
tournament sets (a drawn match by default); each match is scored by
:func:`tournaments.queries.teams.score_of`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from players.models import Player
from rules.pairing.teams import MatchScore
from rules.standings import half_points
from rules.standings import teams as standings
from tournaments.enums import (
    RATED_RESULTS,
    PairingSystem,
    RoundStatus,
    TeamMatchOutcome,
    TeamPrimaryScore,
)
from tournaments.models import Game, Team, TeamMatch, TeamMember, Tournament
from tournaments.queries.teams import score_of

#: A game's result (TRF codes, White first) as ``match_score`` reads a board from White's side.
_BOARD_RESULT = {
    "10": "1-0",
    "01": "0-1",
    "==": "½-½",
    "+-": "+-",
    "-+": "-+",
    "--": "--",
    "WL": "1-0",
    "DD": "½-½",
    "LW": "0-1",
}
_RATED = frozenset(str(code) for code in RATED_RESULTS)
_TURNED = {"1-0": "0-1", "0-1": "1-0", "½-½": "½-½", "+-": "-+", "-+": "+-", "--": "--"}
#: A board result from one side: what the page prints, and the game points it gives.
_SIDE = {
    "1-0": ("1", Fraction(1)),
    "0-1": ("0", Fraction(0)),
    "½-½": ("½", Fraction(1, 2)),
    "+-": ("+", Fraction(1)),
    "-+": ("−", Fraction(0)),
    "--": ("−", Fraction(0)),
}
_ABSENT = {
    TeamMatchOutcome.FIRST_ABSENT: "first",
    TeamMatchOutcome.SECOND_ABSENT: "second",
    TeamMatchOutcome.BOTH_ABSENT: "both",
}


@dataclass
class MatchBoard:
    """One board of a match, from the first-named team's side."""

    board: int
    game: Game
    first_player: Player | None
    second_player: Player | None
    #: ``w`` or ``b``: the first team's player's colour on this board.
    first_colour: str
    #: ``1-0``, ``½-½``, ``0-1``, ``+-``, ``-+``, ``--`` from the first team's side; empty
    #: while the game is being played.
    result: str

    @property
    def played(self) -> bool:
        """A rated game (not a forfeit, nor a game of less than one move): what the
        performances count."""
        return self.game.result in _RATED


@dataclass
class MatchLine:
    """A match of a round with its boards and score (a bye: ``second`` is None)."""

    match: TeamMatch
    round_number: int
    first: Team
    second: Team | None
    boards: list[MatchBoard] = field(default_factory=list)
    #: Game points so far (every board with a result), then the final score once complete.
    first_points: Fraction = Fraction(0)
    second_points: Fraction = Fraction(0)
    score: MatchScore | None = None

    @property
    def complete(self) -> bool:
        return self.score is not None

    @property
    def forfeited(self) -> bool:
        return self.match.outcome != TeamMatchOutcome.PLAYED


@dataclass
class TeamEvent:
    """Everything a team tournament's pages show, read once (:func:`team_event`)."""

    tournament: Tournament
    #: Teams by pairing number (teams without one follow, numbered on after the others).
    teams: dict[int, Team]
    rosters: dict[int, list[TeamMember]]
    #: Published rounds' matches by round number, in match order.
    rounds: dict[int, list[MatchLine]]
    #: Rounds with every match complete, from round 1 without a gap.
    completed: int

    @property
    def live(self) -> bool:
        """A published match still without its score: a round is being played."""
        return any(not line.complete for lines in self.rounds.values() for line in lines)

    def number_of(self, team: Team) -> int:
        return self._numbers[team.pk]

    def __post_init__(self) -> None:
        self._numbers = {team.pk: number for number, team in self.teams.items()}

    def matches_of(self, number: int, *, after_round: int | None = None) -> list[MatchLine]:
        """The matches team ``number`` played (or has a bye in), by round."""
        last = max(self.rounds, default=0) if after_round is None else after_round
        found = []
        for round_number in range(1, last + 1):
            for line in self.rounds.get(round_number, ()):
                if number in (self.number_of(line.first), self._second_number(line)):
                    found.append(line)
        return found

    def _second_number(self, line: MatchLine) -> int | None:
        return None if line.second is None else self.number_of(line.second)

    def side(self, line: MatchLine, number: int) -> str:
        """``first`` or ``second``: team ``number``'s side in ``line``."""
        return "first" if self.number_of(line.first) == number else "second"

    def opponent(self, line: MatchLine, number: int) -> int | None:
        if self.side(line, number) == "first":
            return self._second_number(line)
        return self.number_of(line.first)


def team_event(tournament: Tournament) -> TeamEvent:
    """A team tournament's teams, rosters and published matches with their board games
    (four queries)."""
    teams = list(Team.objects.filter(tournament=tournament).select_related("club"))
    numbered = sorted((t for t in teams if t.pairing_number), key=lambda t: t.pairing_number)
    unnumbered = sorted((t for t in teams if not t.pairing_number), key=lambda t: t.name)
    by_number: dict[int, Team] = {}
    for team in numbered:
        by_number[team.pairing_number] = team
    for team in unnumbered:
        by_number[max(by_number, default=0) + 1] = team
    number_of = {team.pk: number for number, team in by_number.items()}
    by_pk = {team.pk: team for team in teams}
    rosters: dict[int, list[TeamMember]] = defaultdict(list)
    members = TeamMember.objects.filter(team__tournament=tournament).select_related("player")
    for member in members.order_by("team", "order"):
        rosters[number_of[member.team_id]].append(member)
    matches = list(
        TeamMatch.objects.filter(round__tournament=tournament)
        .exclude(round__status=RoundStatus.DRAFT)
        .select_related("round")
        .order_by("round__number", "number")
    )
    games: dict[int, list[Game]] = defaultdict(list)
    for game in (
        Game.objects.filter(team_match__in=[m.pk for m in matches])
        .select_related("white", "black")
        .order_by("team_board", "board")
    ):
        games[game.team_match_id].append(game)
    first_side = {
        team_number: {member.player_id for member in roster}
        for team_number, roster in rosters.items()
    }
    rounds: dict[int, list[MatchLine]] = defaultdict(list)
    for match in matches:
        first, second = by_pk[match.first_id], by_pk.get(match.second_id)
        line = MatchLine(match, match.round.number, first, second)
        first_ids = first_side.get(number_of[first.pk], set())
        line.boards = _boards(games[match.pk], first_ids)
        _score(line, tournament, first_ids)
        rounds[match.round.number].append(line)
    completed = 0
    while rounds.get(completed + 1) and all(line.complete for line in rounds[completed + 1]):
        completed += 1
    return TeamEvent(tournament, by_number, dict(rosters), dict(rounds), completed)


def _boards(games: list[Game], first_players: set[int]) -> list[MatchBoard]:
    """A match's board games from its first team's side: the first team's player is the
    one on its roster (White on an odd board when neither is on a roster)."""
    boards = []
    for number, game in enumerate(games, start=1):
        board = game.team_board or number
        if game.white_id in first_players or (
            game.black_id not in first_players and board % 2 == 1
        ):
            first, second, colour = game.white, game.black, "w"
            result = _BOARD_RESULT.get(game.result, "")
        else:
            first, second, colour = game.black, game.white, "b"
            result = _TURNED.get(_BOARD_RESULT.get(game.result, ""), "")
        boards.append(MatchBoard(board, game, first, second, colour, result))
    return boards


def _score(line: MatchLine, tournament: Tournament, first_ids: set[int]) -> None:
    """Fill a match's game points so far (the boards with a result) and its score once
    complete: :func:`tournaments.queries.teams.score_of`, the one scoring of a match."""
    games = [board.game for board in line.boards]
    line.score = score_of(tournament, line.match, games, first_ids)
    if line.score is not None and (line.second is None or line.forfeited):
        line.first_points = line.score.first_game_points
        line.second_points = line.score.second_game_points
        return
    results = [board.result for board in line.boards if board.result]
    line.first_points = sum((_SIDE[r][1] for r in results), Fraction(0))
    line.second_points = sum((_SIDE[_TURNED[r]][1] for r in results), Fraction(0))


def side_result(board: MatchBoard, side: str) -> str:
    """A board's result as one side's page prints it: ``1``, ``½``, ``0``, ``+``, ``−``."""
    if not board.result:
        return ""
    result = board.result if side == "first" else _TURNED[board.result]
    return _SIDE[result][0]


def side_points(board: MatchBoard, side: str) -> Fraction | None:
    if not board.result:
        return None
    result = board.result if side == "first" else _TURNED[board.result]
    return _SIDE[result][1]


# --- standings ------------------------------------------------------------------------------


@dataclass
class TeamRecord:
    """One team's match of a round, from its side: what the standings and tie-breaks read."""

    round_number: int
    opponent: int | None
    #: ``w``/``b``: the colour of its board-1 player; empty for a bye.
    colour: str
    match_points: int
    game_points: Fraction
    opponent_game_points: Fraction
    bye: bool = False
    forfeit: bool = False


def team_records(event: TeamEvent, after_round: int) -> dict[int, list[TeamRecord]]:
    """Team number -> its complete matches up to ``after_round``, by round."""
    records: dict[int, list[TeamRecord]] = {number: [] for number in event.teams}
    for round_number in range(1, after_round + 1):
        for line in event.rounds.get(round_number, ()):
            if not line.complete:
                continue
            score = line.score
            first = event.number_of(line.first)
            second = None if line.second is None else event.number_of(line.second)
            records[first].append(
                TeamRecord(
                    round_number,
                    second,
                    "" if second is None else "w",
                    score.first_match_points,
                    score.first_game_points,
                    score.second_game_points,
                    bye=second is None,
                    forfeit=line.forfeited,
                )
            )
            if second is not None:
                records[second].append(
                    TeamRecord(
                        round_number,
                        first,
                        "b",
                        score.second_match_points,
                        score.second_game_points,
                        score.first_game_points,
                        forfeit=line.forfeited,
                    )
                )
    return records


@dataclass
class StandingRow:
    """A team's line of the standings after a round."""

    place: str
    number: int
    team: Team
    match_points: Fraction
    game_points: Fraction
    played: int
    tiebreaks: tuple = ()


#: The team formats whose pairings are fixed in advance (C.07 Art. 15.2).
_ROUND_ROBINS = frozenset(
    {
        PairingSystem.TEAM_ROUND_ROBIN,
        PairingSystem.TEAM_DOUBLE_ROUND_ROBIN,
        PairingSystem.SCHEVENINGEN,
    }
)


def is_round_robin(tournament: Tournament) -> bool:
    return tournament.pairing_system in _ROUND_ROBINS


def standings_input(event: TeamEvent, after_round: int) -> standings.TeamTournament:
    """The event as the pure team standings read it: the complete matches up to
    ``after_round`` (a whole-match forfeit as every board forfeited, the PAB as a bye; a team
    without a match in a round is absent there)."""
    tournament = event.tournament
    boards = tournament.team_boards or 2
    matches, byes = [], []
    for round_number in range(1, after_round + 1):
        for line in event.rounds.get(round_number, ()):
            if not line.complete:
                continue
            first = event.number_of(line.first)
            if line.second is None:
                byes.append(standings.TeamBye(round_number, first, "PAB"))
                continue
            if line.forfeited:
                games = standings.forfeited_games(boards, absent=_ABSENT[line.match.outcome])
            else:
                games = tuple(
                    standings.BoardGame(
                        b.board,
                        b.first_player.pk if b.first_player else None,
                        b.second_player.pk if b.second_player else None,
                        b.result,
                    )
                    for b in line.boards
                )
            matches.append(
                standings.TeamMatch(round_number, first, event.number_of(line.second), games)
            )
    pab_game = tournament.team_pab_game_points
    return standings.TeamTournament(
        teams=tuple(standings.Team(number, team.name) for number, team in event.teams.items()),
        boards=boards,
        rounds=max(tournament.rounds_planned, max(event.rounds, default=0), after_round, 1),
        matches=tuple(matches),
        byes=tuple(byes),
        scoring=standings.TeamScoring(
            match=tournament.match_points,
            pab_match=tournament.team_pab_match_points,
            pab_game=None if pab_game is None else Fraction(pab_game),
        ),
        round_robin=is_round_robin(tournament),
        primary="GP" if tournament.team_primary_score == TeamPrimaryScore.GAME_POINTS else "MP",
    )


def ranked(event: TeamEvent, after_round: int) -> tuple[list[StandingRow], tuple]:
    """The teams ranked after ``after_round`` by :func:`rules.standings.teams.team_standings`:
    the primary score (match or game points), then the format's team tie-breaks of C.07;
    teams equal in everything share the place ("3–4"). Also the tie-breaks used."""
    table = standings.team_standings(standings_input(event, after_round), after_round=after_round)
    rows = [
        StandingRow(
            row.label,
            row.team.number,
            event.teams[row.team.number],
            row.match_points,
            row.game_points,
            row.matches,
            row.tiebreaks,
        )
        for row in table.rows
    ]
    return rows, table.tiebreaks


def standings_rows(event: TeamEvent, after_round: int) -> list[StandingRow]:
    """The rows of :func:`ranked`."""
    return ranked(event, after_round)[0]


def crosstable_rows(event: TeamEvent, rows: list[StandingRow], after_round: int) -> list[dict]:
    """The crosstable's rows in the order of the standings: a round robin's cells ``c<rank>``
    hold the game points scored against the team of that rank (both legs of a double round
    robin, in round order); a Swiss's cells ``r<round>`` the opponent's number, the colour of
    the team's board 1 and the game points scored (``5w 2½``), or the bye."""
    rank_of = {row.number: rank for rank, row in enumerate(rows, start=1)}
    records = team_records(event, after_round)
    out = []
    for rank, row in enumerate(rows, start=1):
        cells: dict[str, list[str]] = defaultdict(list)
        swiss: dict[str, str] = {}
        for record in records[row.number]:
            points = half_points(record.game_points) or str(float(record.game_points))
            if record.opponent is None:
                swiss[f"r{record.round_number}"] = f"– {points}"
                continue
            cells[f"c{rank_of[record.opponent]}"].append(points)
            swiss[f"r{record.round_number}"] = f"{record.opponent}{record.colour} {points}"
        out.append(
            {
                "rank": rank,
                "number": row.number,
                "team": row.team,
                "match_points": row.match_points,
                "game_points": row.game_points,
                "place": row.place,
                f"c{rank}": "×",
                **{name: " ".join(values) for name, values in cells.items()},
                **swiss,
            }
        )
    return out


def team_player_ids(event: TeamEvent) -> list[int]:
    """Every player on a roster or on a board: whose ratings the pages show."""
    ids = {member.player_id for roster in event.rosters.values() for member in roster}
    for lines in event.rounds.values():
        for line in lines:
            for board in line.boards:
                ids.update(p.pk for p in (board.first_player, board.second_player) if p)
    return sorted(ids)

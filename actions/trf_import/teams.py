"""The team side of a TRF-2026 team file (issue 22): the teams and their rosters (``310``,
``013``), each round's matches with their boards (``300`` line-ups, else the ``001`` games
grouped by the players' teams), the pairing-allocated byes (``320``) and the whole-match
forfeits (``330``), written after the member file's players, rounds and games
(:mod:`actions.trf_import.writing`).

The file is read by the pure :mod:`rules.files.trf.teams` (every error with its line and
column); what only our models can check is checked here, and any problem refuses the whole
file (the import's unit of work rolls back). A board game becomes a board of its match
(``Game.team_match``, ``Game.team_board``) and the round's boards are numbered match by match
(``(match - 1) × boards + board``), as a round paired here is; the member file's byes of
players whose team has a match or a bye in the round are not games of a team round and are
left out.
"""

from __future__ import annotations

import re
from collections import defaultdict

from django.utils.translation import gettext as _

from actions.trf_import.report import Problem, _ImportFailed
from players.models import Player
from rules.files import trf as trfmod
from rules.files.trf.team_records import TeamTrfFile
from rules.files.trf.teams import parse_team_trf
from rules.pairing.teams import MAX_BOARDS, MIN_BOARDS
from tournaments.enums import PairingSystem, TeamColourPreference, TeamMatchOutcome
from tournaments.models import Game, Team, TeamMatch, TeamMember, Tournament

#: The records that make a TRF a team file.
_TEAM_RECORD = re.compile(r"^(310|013) ", re.MULTILINE)
_OUTCOMES = {
    "+-": TeamMatchOutcome.SECOND_ABSENT,
    "-+": TeamMatchOutcome.FIRST_ABSENT,
    "--": TeamMatchOutcome.BOTH_ABSENT,
}


def is_team_file(text: str) -> bool:
    """A file with team records (``310`` or the legacy ``013``)."""
    return _TEAM_RECORD.search(text.replace("\r\n", "\n")) is not None


def parse_teams(text: str, limits: trfmod.TrfLimits) -> tuple[TeamTrfFile | None, list[Problem]]:
    try:
        return parse_team_trf(text, limits=limits), []
    except trfmod.TrfError as exc:
        return None, [Problem(exc.line, exc.column, exc.reason)]


def _record_lines(text: str, code: str) -> list[int]:
    """The line numbers of the records ``code``, in file order."""
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    return [n for n, raw in enumerate(lines, start=1) if raw.startswith(code + " ")]


def team_fields(team_file: TeamTrfFile, text: str) -> dict:
    """The tournament's team settings: the format (``192``: a team Swiss; ``092`` naming a
    round robin or Scheveningen), the boards (``352``, else the longest line-up), match
    points (``362``), the PAB's value (``320``), the colour preference and primary score."""
    boards = len(team_file.board_colours or "") or max(
        (len(lineup.players) for lineup in team_file.lineups), default=0
    )
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        line = (_record_lines(text, "352") or _record_lines(text, "300") or [1])[0]
        raise _ImportFailed(
            [
                Problem(
                    line,
                    5,
                    _("a team match has %(min)d to %(max)d boards: this file has %(boards)d")
                    % {"min": MIN_BOARDS, "max": MAX_BOARDS, "boards": boards},
                )
            ]
        )
    kind = team_file.team_type
    system = team_system(team_file.members.headers.get("092", ""), swiss=kind is not None)
    points = team_file.match_point_system
    fields = {
        "pairing_system": system,
        "team_boards": boards,
        "team_match_win": int(points.win),
        "team_match_draw": int(points.draw),
        "team_match_loss": int(points.loss),
    }
    if kind is not None:
        fields["team_primary_score"] = "game" if kind.primary == "GP" else "match"
        fields["team_colour_preference"] = kind.colour or TeamColourPreference.NONE
    if team_file.pab is not None:
        if team_file.pab.match_points is not None:
            fields["team_pab_match_points"] = int(team_file.pab.match_points)
        if team_file.pab.game_points is not None:
            fields["team_pab_game_points"] = team_file.pab.game_points.numerator / (
                team_file.pab.game_points.denominator
            )
    return fields


def team_system(title: str, *, swiss: bool) -> str:
    """The team format: a team Swiss when record 192 gives a FIDE team code, else what
    record 092 names (a double or single round robin, Scheveningen), else a team Swiss."""
    text = title.upper().replace(" ", "").replace("-", "")
    if not swiss:
        if "SCHEVENINGEN" in text:
            return PairingSystem.SCHEVENINGEN
        if "DOUBLEROUNDROBIN" in text:
            return PairingSystem.TEAM_DOUBLE_ROUND_ROBIN
        if "ROUNDROBIN" in text or "BERGER" in text:
            return PairingSystem.TEAM_ROUND_ROBIN
    return PairingSystem.TEAM_SWISS


def write_teams(
    tournament: Tournament,
    team_file: TeamTrfFile,
    text: str,
    players: dict[int, Player],
    games: list[Game],
) -> None:
    """The teams, rosters and matches of ``team_file`` for the tournament just written."""
    boards = tournament.team_boards
    teams = {}
    for record in team_file.teams:
        team = Team.objects.create(
            tournament=tournament,
            name=record.name.strip()[:100] or str(record.tpn),
            pairing_number=record.tpn,
        )
        teams[record.tpn] = team
        TeamMember.objects.bulk_create(
            TeamMember(team=team, player=players[rank], order=order, reserve=order > boards)
            for order, rank in enumerate(record.members, start=1)
        )
    team_of = team_file.team_of_player()
    rank_of = {player.pk: rank for rank, player in players.items()}
    by_round: dict[int, list[Game]] = defaultdict(list)
    for game in games:
        by_round[game.round.number].append(game)
    problems: list[Problem] = []
    kept, dropped = [], []
    for number, round_games in sorted(by_round.items()):
        played, byes = _split(round_games)
        matches = _matches(team_file, number, played, team_of, rank_of, text, problems)
        for match_number, (first, second, boards_of) in enumerate(matches, start=1):
            match = TeamMatch.objects.create(
                round=round_games[0].round,
                number=match_number,
                first=teams[first],
                second=teams[second],
                outcome=_outcome(team_file, number, first, second),
            )
            for board, game in boards_of.items():
                game.team_match = match
                game.team_board = board
                game.board = (match_number - 1) * boards + board
                kept.append(game)
        offset = len(matches)
        for index, team in enumerate(_pab_teams(team_file, number), start=1):
            TeamMatch.objects.create(
                round=round_games[0].round, number=offset + index, first=teams[team]
            )
        dropped.extend(byes)
    if problems:
        raise _ImportFailed(problems)
    Game.objects.filter(pk__in=[g.pk for g in dropped]).delete()
    # Two steps: the boards may swap numbers within a round (one game per board).
    for game in kept:
        game.board += 1000
    Game.objects.bulk_update(kept, ["team_match", "team_board", "board"])
    for game in kept:
        game.board -= 1000
    Game.objects.bulk_update(kept, ["board"])
    _forfeited_without_games(tournament, team_file, teams)


def _split(games: list[Game]) -> tuple[list[Game], list[Game]]:
    played = [g for g in games if g.black_id is not None]
    return played, [g for g in games if g.black_id is None]


def _matches(team_file, number, played, team_of, rank_of, text, problems):
    """The round's matches: (first team, second team, {board: game}), the first team the
    one with White on board 1; boards from the ``300`` line-ups, else the roster order."""
    # One match per pair of teams a round.
    pairs: dict[frozenset, list[Game]] = defaultdict(list)
    for game in played:
        white, black = rank_of[game.white_id], rank_of[game.black_id]
        white_team, black_team = team_of.get(white), team_of.get(black)
        if white_team is None or black_team is None or white_team == black_team:
            problems.append(_game_problem(text, number, white, black, white_team, black_team))
            continue
        pairs[frozenset({white_team, black_team})].append(game)
    matches = []
    for pair, games in pairs.items():
        one, other = sorted(pair)
        boards = _boards(team_file, number, one, games, team_of, rank_of)
        first_game = boards[min(boards)]
        first = team_of[rank_of[first_game.white_id]]
        second = other if first == one else one
        matches.append((first, second, boards))
    # In the order of the round's line-ups (the export writes them match by match), else by
    # the teams' numbers.
    listed = [lu.team for lu in team_file.lineups if lu.round_no == number]

    def place(match) -> tuple[int, int]:
        first, second = match[0], match[1]
        seen = [listed.index(t) for t in (first, second) if t in listed]
        return (min(seen) if seen else len(listed), min(first, second))

    return sorted(matches, key=place)


def _boards(team_file, number, team, games, team_of, rank_of) -> dict[int, Game]:
    """Each game's board in the match: its place in the team's ``300`` line-up of the round,
    else the order of the team's players on its roster."""
    lineup = team_file.lineup(number, team)
    order = list(lineup.players) if lineup is not None else team_file.team(team).members

    def own(game: Game) -> int:
        white = rank_of[game.white_id]
        return white if team_of[white] == team else rank_of[game.black_id]

    if lineup is not None and all(own(g) in order for g in games):
        return {order.index(own(g)) + 1: g for g in games}
    ranked = sorted(games, key=lambda g: order.index(own(g)) if own(g) in order else 99)
    return dict(enumerate(ranked, start=1))


def _game_problem(text, number, white, black, white_team, black_team) -> Problem:
    line = _record_lines(text, "001")
    where = line[white - 1] if white - 1 < len(line) else 1
    if white_team is None or black_team is None:
        missing = white if white_team is None else black
        reason = _(
            "round %(round)d: start rank %(rank)d plays a board but is on no team's roster"
        ) % {"round": number, "rank": missing}
    else:
        reason = _("round %(round)d: start ranks %(white)d and %(black)d of one team meet") % {
            "round": number,
            "white": white,
            "black": black,
        }
    return Problem(where, 1, reason)


def _outcome(team_file: TeamTrfFile, number: int, first: int, second: int) -> str:
    for forfeit in team_file.forfeits:
        if forfeit.round_no == number and {forfeit.white, forfeit.black} == {first, second}:
            kind = forfeit.kind
            if forfeit.white != first and kind != "--":
                kind = kind[::-1]
            return _OUTCOMES[kind]
    return TeamMatchOutcome.PLAYED


def _pab_teams(team_file: TeamTrfFile, number: int) -> list[int]:
    if team_file.pab is None or len(team_file.pab.teams) < number:
        return []
    team = team_file.pab.teams[number - 1]
    return [] if team is None else [team]


def _forfeited_without_games(tournament, team_file: TeamTrfFile, teams: dict[int, Team]):
    """A ``330`` forfeit whose boards have no games in the member file: its match alone."""
    for forfeit in team_file.forfeits:
        round_ = tournament.rounds.filter(number=forfeit.round_no).first()
        if round_ is None:
            continue
        pair = {teams[forfeit.white].pk, teams[forfeit.black].pk}
        if any({m.first_id, m.second_id} == pair for m in round_.team_matches.all()):
            continue
        TeamMatch.objects.create(
            round=round_,
            number=round_.team_matches.count() + 1,
            first=teams[forfeit.white],
            second=teams[forfeit.black],
            outcome=_OUTCOMES[forfeit.kind],
        )

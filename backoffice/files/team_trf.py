"""A team tournament as a TRF-2026 team file (issue 22), for the rating officer and for the
team pairing programs (Sharly Chess's bbpPairings fork, ``--team``).

    export_team_trf(*, tournament) -> str

The member file is the individual export (:func:`backoffice.files.trf.trf_file`: the ``001``
records with every board game, ``142``, ``152``, ``162``), to which the team records are
added as :mod:`rules.files.trf.teams` writes them: ``192`` (the team Swiss type), ``362``
(match points), ``352`` (the first team's colours board by board), one ``310`` per team
(its roster in board order by start rank, reserves after, with its match points, game points
and rank), one ``300`` per team and match (the players board by board, ``0000`` for an empty
board), ``320`` (the pairing-allocated byes with their value when it is not a drawn match's)
and ``330`` (whole-match forfeits). A roster player who is not registered has no start rank
and is left out of the team records.
"""

from __future__ import annotations

from fractions import Fraction

from backoffice.files.trf import trf_file
from rules.files.trf.team_records import (
    LineUp,
    MatchPointSystem,
    TeamPab,
    TeamRecord,
    TeamTrfFile,
    TeamType,
)
from rules.files.trf.team_records import TeamForfeit as TrfForfeit
from rules.files.trf.team_writer import write_team_trf
from rules.pairing.teams import board_colours
from tournaments.enums import PairingSystem, TeamColourPreference, TeamMatchOutcome
from tournaments.models import Tournament
from tournaments.queries.team_event import TeamEvent, ranked, team_event

#: A whole-match forfeit as record 330 writes it, from the first (White) team's side.
_FORFEITS = {
    TeamMatchOutcome.SECOND_ABSENT: "+-",
    TeamMatchOutcome.FIRST_ABSENT: "-+",
    TeamMatchOutcome.BOTH_ABSENT: "--",
}


def team_type(tournament: Tournament) -> TeamType | None:
    """Record 192 of a team Swiss (C.04.6): colour preference, primary score, the other
    score for the colours, Baku; ``None`` for the other team formats (no 192 code)."""
    if tournament.pairing_system != PairingSystem.TEAM_SWISS:
        return None
    primary = "GP" if tournament.team_primary_score == "game" else "MP"
    preference = tournament.team_colour_preference
    return TeamType(
        colour=None if preference == TeamColourPreference.NONE else preference,
        primary=primary,
        secondary="MP" if primary == "GP" else "GP",
        baku=tournament.accelerated,
    )


def export_team_trf(*, tournament: Tournament) -> str:
    """The team tournament as TRF-2026 team text (LF line endings)."""
    members, rank_of = trf_file(tournament)
    event = team_event(tournament)
    kind = team_type(tournament)
    if kind is not None:
        members.headers["192"] = kind.code
    else:
        members.headers.pop("192", None)
    pab_game = tournament.team_pab_game_points
    return write_team_trf(
        TeamTrfFile(
            members=members,
            teams=_teams(event, rank_of),
            lineups=_line_ups(event, rank_of),
            pab=_pab(event, tournament, pab_game),
            forfeits=[
                TrfForfeit(
                    _FORFEITS[line.match.outcome],
                    number,
                    event.number_of(line.first),
                    event.number_of(line.second),
                )
                for number, lines in sorted(event.rounds.items())
                for line in lines
                if line.forfeited and line.second is not None
            ],
            board_colours="".join(board_colours(tournament.team_boards or 2)),
            match_point_system=MatchPointSystem(
                Fraction(tournament.team_match_win),
                Fraction(tournament.team_match_draw),
                Fraction(tournament.team_match_loss),
            ),
        )
    )


def _teams(event: TeamEvent, rank_of: dict[int, int]) -> list[TeamRecord]:
    rows, _tiebreaks = ranked(event, event.completed)
    standing = {row.number: (rank, row) for rank, row in enumerate(rows, start=1)}
    records = []
    for number, team in event.teams.items():
        rank, row = standing[number]
        records.append(
            TeamRecord(
                tpn=number,
                name=team.name,
                members=[
                    rank_of[member.player_id]
                    for member in event.rosters.get(number, ())
                    if member.player_id in rank_of
                ],
                match_points=row.match_points,
                game_points=row.game_points,
                rank=rank,
            )
        )
    return records


def _line_ups(event: TeamEvent, rank_of: dict[int, int]) -> list[LineUp]:
    size = event.tournament.team_boards or 2

    def players(line, side: str) -> tuple[int | None, ...]:
        by_board = {}
        for board in line.boards:
            player = board.first_player if side == "first" else board.second_player
            if player is not None and player.pk in rank_of:
                by_board[board.board] = rank_of[player.pk]
        return tuple(by_board.get(b) for b in range(1, size + 1))

    line_ups = []
    for number, lines in sorted(event.rounds.items()):
        for line in lines:
            if line.second is None or not line.boards:
                continue
            first, second = event.number_of(line.first), event.number_of(line.second)
            line_ups.append(LineUp(number, first, second, players(line, "first")))
            line_ups.append(LineUp(number, second, first, players(line, "second")))
    return line_ups


def _pab(event: TeamEvent, tournament: Tournament, pab_game) -> TeamPab | None:
    rounds = max(event.rounds, default=0)
    teams: list[int | None] = [None] * rounds
    for number, lines in event.rounds.items():
        for line in lines:
            if line.second is None:
                teams[number - 1] = event.number_of(line.first)
    if not any(teams):
        return None
    match_points = tournament.team_pab_match_points
    return TeamPab(
        match_points=None if match_points is None else Fraction(match_points),
        game_points=None if pab_game is None else Fraction(pab_game),
        teams=teams,
    )

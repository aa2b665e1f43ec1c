"""The snapshot the team Swiss engine (:mod:`rules.pairing.team_swiss`, C.04.6) pairs from:
each team's history of matches, read from the published rounds."""

from __future__ import annotations

from fractions import Fraction

from rules.pairing.team_swiss import (
    BLACK,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PAB,
    PLAYED,
    WHITE,
    ZERO_BYE,
    MatchRecord,
    TeamConfig,
    TeamState,
    TeamTournament,
)
from tournaments.enums import TeamMatchOutcome, TeamPrimaryScore
from tournaments.models import TeamMatch, Tournament
from tournaments.queries.teams import score_of, teams_of

#: A whole-match outcome as each side's kind: (first team's, second team's).
_KINDS = {
    TeamMatchOutcome.PLAYED: (PLAYED, PLAYED),
    TeamMatchOutcome.FIRST_ABSENT: (FORFEIT_LOSS, FORFEIT_WIN),
    TeamMatchOutcome.SECOND_ABSENT: (FORFEIT_WIN, FORFEIT_LOSS),
    TeamMatchOutcome.BOTH_ABSENT: (DOUBLE_FORFEIT, DOUBLE_FORFEIT),
}


def team_swiss_state(tournament: Tournament, number: int) -> TeamTournament:
    """The team Swiss of ``tournament`` just before round ``number`` is paired; the teams by
    pairing number (numbered at round 1). A match not complete counts as unscored."""
    teams = teams_of(tournament)
    tpn = {team.pk: team.pairing_number for team in teams}
    first_ids = {team.pk: {member.player_id for member in team.members.all()} for team in teams}
    history: dict[int, list[MatchRecord | None]] = {
        team.pk: [None] * (number - 1) for team in teams
    }
    matches = (
        TeamMatch.objects.filter(round__tournament=tournament, round__number__lt=number)
        .select_related("round")
        .prefetch_related("games")
    )
    for match in matches:
        index = match.round.number - 1
        score = score_of(tournament, match, list(match.games.all()), first_ids[match.first_id])
        mp1, gp1, mp2, gp2 = (
            (
                score.first_match_points,
                score.first_game_points,
                score.second_match_points,
                score.second_game_points,
            )
            if score is not None
            else (0, Fraction(0), 0, Fraction(0))
        )
        if match.second_id is None:
            history[match.first_id][index] = MatchRecord(PAB, match_points=mp1, game_points=gp1)
            continue
        first_kind, second_kind = _KINDS[match.outcome]
        history[match.first_id][index] = MatchRecord(
            first_kind,
            opponent=tpn[match.second_id],
            colour=WHITE if first_kind == PLAYED else None,
            match_points=mp1,
            game_points=gp1,
        )
        history[match.second_id][index] = MatchRecord(
            second_kind,
            opponent=tpn[match.first_id],
            colour=BLACK if second_kind == PLAYED else None,
            match_points=mp2,
            game_points=gp2,
        )
    states = tuple(
        TeamState(
            tpn=team.pairing_number,
            history=tuple(record or MatchRecord(ZERO_BYE) for record in history[team.pk]),
            name=team.name,
        )
        for team in sorted(teams, key=lambda t: t.pairing_number)
    )
    return TeamTournament(
        teams=states,
        total_rounds=tournament.rounds_planned,
        round_to_pair=number,
        config=team_config(tournament),
    )


def team_config(tournament: Tournament) -> TeamConfig:
    """The engine's configuration from the tournament's team settings."""
    pab_game = tournament.team_pab_game_points
    return TeamConfig(
        primary="MP" if tournament.team_primary_score == TeamPrimaryScore.MATCH_POINTS else "GP",
        secondary_for_colour=True,
        colour_type=tournament.team_colour_preference,
        baku=tournament.accelerated,
        match_points=tournament.match_points,
        boards=tournament.team_boards or 0,
        pab_match_points=(
            None
            if tournament.team_pab_match_points is None
            else Fraction(tournament.team_pab_match_points)
        ),
        pab_game_points=None if pab_game is None else Fraction(str(pab_game)),
        initial_colour="B" if tournament.round_one_colour == "b" else "W",
    )

"""Reads of team competitions: teams and rosters, line-ups, matches and their scores.

Scores go through :mod:`rules.pairing.teams` (:func:`~rules.pairing.teams.match_score`,
:func:`~rules.pairing.teams.forfeited_match`, :func:`~rules.pairing.teams.pab_score`): a
board's result is read from the first-named team's side.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch

from players.models import Player
from rules.pairing.teams import MatchScore, forfeited_match, match_score, pab_score
from rules.standings.tables import half_points
from tournaments.enums import RoundStatus, TeamMatchOutcome
from tournaments.models import (
    Game,
    LineUp,
    Registration,
    Round,
    Team,
    TeamMatch,
    TeamMember,
    Tournament,
)

__all__ = [
    "TeamRow",
    "captained_teams",
    "default_line_up",
    "eligible",
    "line_up_players",
    "match_scores",
    "missing_line_ups",
    "team_games",
    "team_standings",
    "teams_by_player",
    "teams_of",
]

#: A board's result from White's side, as :func:`rules.pairing.teams.match_score` reads it.
_WHITE_SIDE = {
    "10": "1-0",
    "WL": "1-0",
    "==": "½-½",
    "DD": "½-½",
    "01": "0-1",
    "LW": "0-1",
    "+-": "+-",
    "-+": "-+",
    "--": "--",
}
_FLIPPED = {"1-0": "0-1", "0-1": "1-0", "½-½": "½-½", "+-": "-+", "-+": "+-", "--": "--"}
_ABSENT = {
    TeamMatchOutcome.FIRST_ABSENT: "first",
    TeamMatchOutcome.SECOND_ABSENT: "second",
    TeamMatchOutcome.BOTH_ABSENT: "both",
}


def teams_of(tournament: Tournament) -> list[Team]:
    """The tournament's teams by pairing number then name, each with its roster
    (``team.members``, in board order, with the players) and its captain."""
    members = TeamMember.objects.select_related("player").order_by("order")
    return list(
        Team.objects.filter(tournament=tournament)
        .select_related("club", "captain")
        .prefetch_related(Prefetch("members", queryset=members))
        .order_by("pairing_number", "name")
    )


def eligible(team: Team, number: int) -> list[TeamMember]:
    """The roster members who may play round ``number``: entered in the tournament and not
    withdrawn before it, in board order."""
    withdrawn = set(
        Registration.objects.filter(
            tournament_id=team.tournament_id, withdrawn_after_round__lt=number
        ).values_list("player_id", flat=True)
    )
    entered = set(
        Registration.objects.filter(tournament_id=team.tournament_id).values_list(
            "player_id", flat=True
        )
    )
    return [
        member
        for member in team.members.select_related("player").order_by("order")
        if member.player_id in entered and member.player_id not in withdrawn
    ]


def line_up_players(line_up: LineUp) -> list[Player]:
    """A line-up's players by board."""
    return [board.player for board in line_up.boards.select_related("player").order_by("board")]


def default_line_up(team: Team, number: int, boards: int) -> list[Player]:
    """The line-up a team gets for round ``number`` when its captain submits none: its
    latest line-up before the round, if all its players may still play, else the first
    ``boards`` eligible players of the roster (fewer if the roster is short)."""
    members = eligible(team, number)
    allowed = {member.player_id for member in members}
    previous = (
        LineUp.objects.filter(team=team, round_number__lt=number).order_by("-round_number").first()
    )
    if previous is not None:
        players = line_up_players(previous)
        if len(players) == boards and all(p.pk in allowed for p in players):
            return players
    return [member.player for member in members[:boards]]


def missing_line_ups(tournament: Tournament, number: int) -> list[Team]:
    """The teams without a line-up for round ``number`` (the arbiter's list)."""
    return list(
        Team.objects.filter(tournament=tournament)
        .exclude(line_ups__round_number=number)
        .order_by("pairing_number", "name")
    )


def captained_teams(user: Any) -> list[Team]:
    """The teams whose captain is ``user``'s player, in tournaments not finished, newest
    tournament first."""
    if not getattr(user, "is_authenticated", False) or getattr(user, "pk", None) is None:
        return []
    return list(
        Team.objects.filter(captain__account=user)
        .exclude(tournament__status="finished")
        .select_related("tournament")
        .order_by("-tournament__start_date", "tournament__name", "name")
    )


def team_games(match: TeamMatch) -> list[Game]:
    """A match's board games by board."""
    return list(match.games.select_related("white", "black").order_by("team_board"))


def _first_side(game: Game, first_ids: set[int]) -> str | None:
    text = _WHITE_SIDE.get(game.result)
    if text is None:
        return None
    return text if game.white_id in first_ids else _FLIPPED[text]


def score_of(
    tournament: Tournament, match: TeamMatch, games: list[Game], first_ids: set[int]
) -> MatchScore | None:
    """The match's score (``None`` while a board has no result): the PAB's, a whole-match
    forfeit's, or its boards'."""
    boards = tournament.team_boards or 0
    points = tournament.match_points
    if match.second_id is None:
        game_points = tournament.team_pab_game_points
        mp, gp = pab_score(
            boards,
            points,
            match_points=tournament.team_pab_match_points,
            game_points=None if game_points is None else Fraction(str(game_points)),
        )
        return MatchScore(gp, Fraction(0), mp, 0)
    if match.outcome in _ABSENT:
        return forfeited_match(boards, absent=_ABSENT[match.outcome], points=points)
    results = [_first_side(game, first_ids) for game in games]
    if len(results) != boards or any(r is None for r in results):
        return None
    return match_score([r for r in results if r is not None], points)


def _first_players(matches: Iterable[TeamMatch]) -> dict[int, set[int]]:
    """Per match, the players of its first team's roster (a player is on one roster per
    tournament, so a board's first-team player is the one on it)."""
    matches = list(matches)
    rosters: dict[int, set[int]] = defaultdict(set)
    for team_id, player_id in TeamMember.objects.filter(
        team_id__in={m.first_id for m in matches}
    ).values_list("team_id", "player_id"):
        rosters[team_id].add(player_id)
    return {m.pk: rosters[m.first_id] for m in matches}


def match_scores(round_: Round) -> list[tuple[TeamMatch, list[Game], MatchScore | None]]:
    """The round's matches in order, each with its board games and its score."""
    tournament = round_.tournament
    matches = list(
        TeamMatch.objects.filter(round=round_)
        .select_related("first", "second", "round")
        .prefetch_related(
            Prefetch(
                "games",
                queryset=Game.objects.select_related("white", "black").order_by("team_board"),
            )
        )
        .order_by("number")
    )
    firsts = _first_players(matches)
    return [
        (m, list(m.games.all()), score_of(tournament, m, list(m.games.all()), firsts[m.pk]))
        for m in matches
    ]


@dataclass
class TeamRow:
    """A team's line of the team standings."""

    team: Team
    rank: int = 0
    played: int = 0
    match_points: int = 0
    game_points: Fraction = Fraction(0)
    results: dict[int, str] = field(default_factory=dict)

    @property
    def game_points_text(self) -> str:
        """Game points as score sheets write them (``2½``)."""
        return half_points(self.game_points) or str(float(self.game_points))


def team_standings(tournament: Tournament) -> list[TeamRow]:
    """The teams ranked by the primary score (match or game points) then the other, over the
    published rounds' scored matches; equal teams share a rank (tie-breaks: C.07, later)."""
    rows = {team.pk: TeamRow(team) for team in teams_of(tournament)}
    matches = list(
        TeamMatch.objects.filter(round__tournament=tournament, round__status=RoundStatus.PUBLISHED)
        .select_related("round")
        .prefetch_related("games")
    )
    firsts = _first_players(matches)
    for match in matches:
        score = score_of(tournament, match, list(match.games.all()), firsts[match.pk])
        if score is None:
            continue
        _add(rows[match.first_id], score.first_match_points, score.first_game_points)
        if match.second_id is not None:
            _add(rows[match.second_id], score.second_match_points, score.second_game_points)
    by_match = tournament.team_primary_score == "match"

    def key(row: TeamRow) -> tuple[Any, ...]:
        primary = (
            (row.match_points, row.game_points) if by_match else (row.game_points, row.match_points)
        )
        return primary

    ranked = sorted(rows.values(), key=lambda row: (tuple(-v for v in key(row)), row.team.name))
    previous: tuple[Any, ...] | None = None
    for place, row in enumerate(ranked, start=1):
        row.rank = place if key(row) != previous else ranked[place - 2].rank
        previous = key(row)
    return ranked


def _add(row: TeamRow, match_points: int, game_points: Fraction) -> None:
    row.played += 1
    row.match_points += match_points
    row.game_points += game_points


def teams_by_player(tournament: Tournament) -> dict[int, Team]:
    """Each roster player's team in ``tournament``."""
    result: dict[int, Team] = {}
    for team in teams_of(tournament):
        for member in team.members.all():
            result[member.player_id] = team
    return result


def matches_by_round(tournament: Tournament) -> dict[int, list[TeamMatch]]:
    """The tournament's matches per round number."""
    result: dict[int, list[TeamMatch]] = defaultdict(list)
    for match in TeamMatch.objects.filter(round__tournament=tournament).select_related(
        "round", "first", "second"
    ):
        result[match.round.number].append(match)
    return dict(result)

"""Tournaments, registrations, rounds and games, one module per part. Games are the source
of truth for ratings."""

from tournaments.models.entries import ForbiddenPair, Registration, RequestedBye
from tournaments.models.games import Game, ResultReport, Round
from tournaments.models.teams import LineUp, LineUpBoard, Team, TeamMatch, TeamMember
from tournaments.models.tournament import Tournament, validate_go_grade

__all__ = [
    "ForbiddenPair",
    "Game",
    "LineUp",
    "LineUpBoard",
    "Registration",
    "RequestedBye",
    "ResultReport",
    "Round",
    "Team",
    "TeamMatch",
    "TeamMember",
    "Tournament",
    "validate_go_grade",
]

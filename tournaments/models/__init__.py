"""Tournaments, registrations, rounds and games, one module per part. Games are the source
of truth for ratings."""

from tournaments.models.entries import ForbiddenPair, Registration, RequestedBye
from tournaments.models.games import Game, ResultReport, Round
from tournaments.models.tournament import Tournament, validate_go_grade

__all__ = [
    "ForbiddenPair",
    "Game",
    "Registration",
    "RequestedBye",
    "ResultReport",
    "Round",
    "Tournament",
    "validate_go_grade",
]

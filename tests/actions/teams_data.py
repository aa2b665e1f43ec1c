"""Team tournaments for the team action tests: built through the actions, as an organiser
would (shared by ``test_teams*.py``; not a test module)."""

from __future__ import annotations

from typing import Any

from actions.ratings import set_starting_rating
from actions.teams.rosters import add_team, set_roster
from core.roles import SYSTEM
from players.models import Player
from tests.factories import make_club, make_player, make_tournament, standard_list
from tournaments.models import Team, Tournament


def team_tournament(
    *,
    teams: int = 4,
    boards: int = 4,
    reserves: int = 1,
    system: str = "team_round_robin",
    rated: bool = True,
    **fields: Any,
) -> tuple[Tournament, list[Team]]:
    """A team tournament of ``teams`` teams of ``boards`` + ``reserves`` players each, the
    players of team ``t`` rated ``2000 - 100 t - 10 i`` (i: roster place, from 0) with 30
    games behind them; team names "Team A", "Team B"…"""
    club = make_club("Riverside")
    fields.setdefault("rating_list", standard_list() if rated else None)
    tournament = make_tournament(
        pairing_system=system, team_boards=boards, club=club, rounds_planned=5, **fields
    )
    made = []
    for t in range(teams):
        team = add_team(actor=SYSTEM, tournament=tournament, name=f"Team {chr(65 + t)}", club=club)
        players = [
            rated_player(f"{chr(65 + t)}{i + 1}", 2000 - 100 * t - 10 * i, rated=rated)
            for i in range(boards + reserves)
        ]
        set_roster(actor=SYSTEM, team=team, players=players)
        made.append(team)
    tournament.refresh_from_db()
    return tournament, made


def rated_player(name: str, rating: int, *, rated: bool = True) -> Player:
    player = make_player(name, "Player", club=None)
    if rated:
        set_starting_rating(
            player=player, rating_list=standard_list(), rating=rating, games=30, actor=SYSTEM
        )
    return player


def roster(team: Team) -> list[Player]:
    return [m.player for m in team.members.select_related("player").order_by("order")]

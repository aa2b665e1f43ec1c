"""The demo's team event: "<club> Team League", a team round robin of four teams of two
boards (a club may field several teams), unrated, running: round 1 played, round 2 paired
and published without results. Written through the team actions (``actions.teams``) as an
organiser and an arbiter would, so it is audited like any other event."""

from __future__ import annotations

import datetime as dt

from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.teams.rosters import add_team, set_roster, update_team
from actions.tournaments import create_tournament
from backoffice.seed.data import CLUBS, HOME
from core.roles import SYSTEM
from players.models import Club, Player
from tournaments.enums import PairingSystem
from tournaments.models import Tournament

BOARDS = 2
TEAMS = 4
#: Round 1's board results (White's side), board by board.
ROUND_1 = ("10", "==", "01", "10")


def seed_team_event(today: dt.date) -> Tournament | None:
    """Write the demo's team league (see the module) and answer it; ``None`` when the demo
    has fewer than the eight players it needs."""
    club = Club.objects.get(name=CLUBS[HOME][0])
    home = list(Player.objects.filter(club=club).order_by("last_name", "first_name", "pk"))
    others = list(Player.objects.exclude(club=club).exclude(club=None).order_by("last_name", "pk"))
    players = (home + others)[: TEAMS * BOARDS]
    if len(players) < TEAMS * BOARDS:
        return None
    tournament = create_tournament(
        actor=SYSTEM,
        name=f"{club.short_name or club.name} Team League",
        start_date=today,
        end_date=today + dt.timedelta(days=14),
        club=club,
        city=club.city,
        pairing_system=PairingSystem.TEAM_ROUND_ROBIN,
        team_boards=BOARDS,
        rounds_planned=0,
    )
    for index in range(TEAMS):
        roster = players[index * BOARDS : (index + 1) * BOARDS]
        team_club = roster[0].club
        team = add_team(
            actor=SYSTEM,
            tournament=tournament,
            name=f"{team_club.short_name or team_club.name} {'ABCD'[index]}",
            club=team_club,
        )
        set_roster(actor=SYSTEM, team=team, players=roster)
        update_team(actor=SYSTEM, team=team, changes={"captain": roster[0]})
    first = pair_next_round(actor=SYSTEM, tournament=tournament)
    publish_round(actor=SYSTEM, round=first)
    for game, result in zip(first.games.order_by("board"), ROUND_1, strict=True):
        record_result(actor=SYSTEM, game=game, result=result)
    publish_round(actor=SYSTEM, round=pair_next_round(actor=SYSTEM, tournament=tournament))
    return tournament

"""The demo's league: "<home club> League", one division of the demo clubs' first teams.

Each demo club with at least three players fields a team ("<short name> A": two boards and a
reserve, its best-rated players first, the first one its captain), in a double round robin
played every other Sunday from six weeks before the demo's today (unrated, so the rating
lists stay those of the individual events). The matches already due have their cards
entered by the first team's captain and confirmed by the other's; the first match of round 2
is postponed by a month. Written through the league actions (``actions.leagues``) as the
organiser and the captains would, so everything is audited.
"""

from __future__ import annotations

import datetime as dt
import random

from actions.leagues import (
    add_division,
    confirm_match_card,
    create_season,
    postpone_match,
    schedule_division,
    submit_match_card,
)
from backoffice.seed.data import CLUBS, HOME
from core.roles import SYSTEM
from events.models import Season
from players.models import Club, Player
from tournaments.models import TeamMatch

BOARDS, RESERVES = 2, 1
#: Board results drawn for the played matches (White's result first).
RESULTS = ("10", "10", "==", "01")


def _teams() -> list[dict]:
    teams = []
    for name, short, _city, _federation in CLUBS:
        club = Club.objects.filter(name=name).first()
        if club is None:
            continue
        players = list(
            Player.objects.filter(club=club).order_by("-ratings__rating", "last_name", "pk")
        )
        roster = list(dict.fromkeys(players))[: BOARDS + RESERVES]
        if len(roster) == BOARDS + RESERVES:
            teams.append(
                {"name": f"{short} A", "club": club, "captain": roster[0], "players": roster}
            )
    return teams


def _card(match: TeamMatch, rng: random.Random) -> list[dict]:
    first = [m.player for m in match.first.members.order_by("order")][:BOARDS]
    second = [m.player for m in match.second.members.order_by("order")][:BOARDS]
    boards = []
    for board in range(BOARDS):
        white, black = (first, second) if board % 2 == 0 else (second, first)
        boards.append({"white": white[board], "black": black[board], "result": rng.choice(RESULTS)})
    return boards


def seed_league(today: dt.date, *, seed: int = 1) -> Season | None:
    """Write the demo's league (see the module) and answer its season; ``None`` when fewer
    than two clubs have a team."""
    teams = _teams()
    if len(teams) < 2:
        return None
    home = Club.objects.get(name=CLUBS[HOME][0])
    first_sunday = today - dt.timedelta(days=42 + (today.weekday() + 1) % 7)
    days = [first_sunday + dt.timedelta(weeks=2 * k) for k in range(2 * len(teams))]
    season = create_season(
        actor=SYSTEM,
        club=home,
        name=f"{home.short_name or home.name} League {first_sunday.year}",
        start_date=days[0],
        end_date=days[-1] + dt.timedelta(days=60),
        match_dates=days,
    )
    division = add_division(
        actor=SYSTEM,
        season=season,
        name="Division 1",
        teams=teams,
        boards=BOARDS,
        promotion=1,
        relegation=1,
    )
    schedule_division(actor=SYSTEM, division=division)
    rng = random.Random(seed)
    matches = TeamMatch.objects.filter(round__tournament=division.tournament).select_related(
        "round", "first", "second"
    )
    postponed = matches.filter(round__number=2).order_by("number").first()
    for match in matches.order_by("round__number", "number"):
        if match == postponed:
            postpone_match(actor=SYSTEM, match=match, to=match.round.date + dt.timedelta(days=28))
            continue
        if match.round.date > today:
            continue
        card = submit_match_card(actor=SYSTEM, match=match, boards=_card(match, rng))
        confirm_match_card(actor=SYSTEM, card=card)
    return season

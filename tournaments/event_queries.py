"""Reads for the public tournament pages beyond the standings: the home page's running and
recent events, starting rank lists, pairings by name, the Swiss crosstable and a player's
card for one event. (The standings input lives in :mod:`tournaments.queries`.)"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, QuerySet

from tournaments.enums import RoundStatus
from tournaments.models import Game, Tournament

RECENT_DAYS = 60
"""The home page lists tournaments that ended at most this many days ago."""

RECENT = 5


@dataclass
class HomeTournaments:
    running: list[Tournament]
    recent: list[Tournament]


def home_tournaments(today: datetime.date) -> HomeTournaments:
    """Tournaments running today (or with a published round still waiting for results) and
    those finished in the last :data:`RECENT_DAYS` days, newest first (one query)."""
    pending = Game.objects.filter(
        round__tournament=OuterRef("pk"), round__status=RoundStatus.PUBLISHED, result=""
    )
    rows = (
        Tournament.objects.filter(
            start_date__lte=today, end_date__gte=today - datetime.timedelta(days=RECENT_DAYS)
        )
        .select_related("club", "rating_list")
        .annotate(live=Exists(pending))
        .order_by("-end_date", "-start_date", "name")[:50]
    )
    running, recent = [], []
    for tournament in rows:
        if tournament.end_date >= today or tournament.live:
            running.append(tournament)
        elif len(recent) < RECENT:
            recent.append(tournament)
    return HomeTournaments(running, recent)


def pending_games(tournament: Tournament) -> QuerySet[Game]:
    """The published games of ``tournament`` still without a result."""
    return Game.objects.filter(
        round__tournament=tournament, round__status=RoundStatus.PUBLISHED, result=""
    )

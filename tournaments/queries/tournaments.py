"""Lists of tournaments: the overview, the home page's running and recent events, and the
lookup of one tournament for its page."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, QuerySet

from tournaments.enums import RoundStatus
from tournaments.models import Game, Tournament


def tournaments_overview() -> QuerySet[Tournament]:
    """Tournaments, newest first, with club, rating list and number of games."""
    return (
        Tournament.objects.select_related("club", "rating_list")
        .annotate(games_count=Count("rounds__games"))
        .order_by("-start_date", "name")
    )


def tournament_for_page() -> QuerySet[Tournament]:
    """The queryset to look a tournament up by slug for its page."""
    return Tournament.objects.select_related("club", "rating_list")


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

"""Reads of the back office that depend on who is asking."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, QuerySet

from core import roles


def organised_clubs_overview(user: Any) -> QuerySet[Any]:
    """My clubs (staff: all), with their players and tournaments counted, by name."""
    return roles.organised_clubs(user).annotate(
        players_count=Count("players", distinct=True),
        tournaments_count=Count("tournaments", distinct=True),
    )

"""A player looked up for their page, a club's players, the names of players' clubs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from players.models import Club, Player


def player_for_page() -> QuerySet[Player]:
    """The queryset to look a player up by id for their public page (club joined)."""
    return Player.objects.select_related("club")


def club_names(players: Iterable[Player]) -> dict[int, str]:
    """Club id -> name for the clubs of ``players`` (one query, none without clubs)."""
    ids = {player.club_id for player in players if player.club_id}
    if not ids:
        return {}
    return dict(Club.objects.filter(pk__in=ids).values_list("pk", "name"))


def club_players(club: Any) -> QuerySet[Player]:
    """The players of ``club`` by name, with their account joined."""
    return (
        Player.objects.filter(club=club)
        .select_related("account")
        .order_by("last_name", "first_name")
    )

"""Read helpers for players."""

from django.db.models import QuerySet

from players.models import Player


def player_for_page() -> QuerySet[Player]:
    """The queryset to look a player up by id for their public page (club joined)."""
    return Player.objects.select_related("club")

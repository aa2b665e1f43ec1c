"""Read helpers of the JSON API: a fixed number of queries per request, whatever the page size."""

from __future__ import annotations

from django.db.models import QuerySet

from players.models import Player
from players.queries.search import by_name, key_match
from ratings.models import PlayerRating, PublishedRating


def players(search: str = "") -> QuerySet[Player]:
    """Players by name, club joined; every word of ``search`` starts a word of the last or
    first name, in any order and script, case and accents aside (as the site search:
    ``players.queries.search.key_match``). A search without letters or digits finds nobody."""
    rows = Player.objects.select_related("club").order_by("last_name", "first_name", "pk")
    if search:
        condition = key_match(search)
        if condition is None:
            return rows.none()
        rows = rows.filter(condition).order_by(*by_name())
    return rows


def player(pk: int) -> Player | None:
    """One player with their club, or ``None``."""
    return Player.objects.select_related("club").filter(pk=pk).first()


def player_ratings(player: Player) -> list[PlayerRating]:
    """The player's rating in each list, in list order."""
    return list(
        PlayerRating.objects.filter(player=player)
        .select_related("rating_list")
        .order_by("rating_list__position", "rating_list__name")
    )


def player_history(player: Player) -> dict[int, list[PublishedRating]]:
    """The player's published ratings per rating list id, oldest first (one query)."""
    history: dict[int, list[PublishedRating]] = {}
    rows = (
        PublishedRating.objects.filter(player=player)
        .select_related("published_list")
        .defer("published_list__replay_state")  # the replay's checkpoint: large, never shown
        .order_by("published_list__date", "pk")
    )
    for row in rows:
        history.setdefault(row.published_list.rating_list_id, []).append(row)
    return history

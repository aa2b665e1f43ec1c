"""Read helpers for players."""

from django.db.models import QuerySet

from players.models import Player


def player_for_page() -> QuerySet[Player]:
    """The queryset to look a player up by id for their public page (club joined)."""
    return Player.objects.select_related("club")


def possible_duplicates(last_name: str, first_name: str, birth_year: int | None) -> list[Player]:
    """Players with this name and birth year (both without a year also match), at most five:
    a new player would likely duplicate one of them."""
    people = Player.objects.filter(
        last_name__iexact=last_name.strip(), first_name__iexact=first_name.strip()
    ).select_related("club")
    if birth_year is None:
        people = people.filter(birth_date__isnull=True)
    else:
        people = people.filter(birth_date__year=birth_year)
    return list(people.order_by("pk")[:5])

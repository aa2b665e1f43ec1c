"""``python manage.py recompute_ratings [--list NAME]``: replay rating lists from scratch."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.ratings import recompute_ratings
from core.roles import SYSTEM
from ratings.models import RatingList


def find_rating_list(name: str) -> RatingList:
    """The rating list whose name (case-insensitive) or slug is ``name``."""
    found = RatingList.objects.filter(name__iexact=name).first()
    found = found or RatingList.objects.filter(slug=name).first()
    if found is None:
        known = ", ".join(RatingList.objects.values_list("slug", flat=True))
        raise CommandError(f"No rating list named {name!r}. Known lists: {known}")
    return found


class Command(BaseCommand):
    help = "Replay every rated game of one rating list (or of all lists) from scratch."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--list", dest="list_name", help="rating list name or slug")

    def handle(self, *args: Any, list_name: str | None = None, **options: Any) -> None:
        rating_list = find_rating_list(list_name) if list_name else None
        for stats in recompute_ratings(rating_list=rating_list, actor=SYSTEM):
            name = RatingList.objects.get(pk=stats.rating_list_id).name
            rate = stats.games / stats.seconds if stats.seconds else 0.0
            self.stdout.write(
                f"{name}: {stats.games} games, {stats.ledger_rows} ledger rows, "
                f"{stats.published_rows} published rows in {stats.seconds:.2f} s "
                f"({rate:,.0f} games/s)"
            )

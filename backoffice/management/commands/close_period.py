"""``python manage.py close_period --list NAME --date YYYY-MM-DD``: publish a rating list."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.ratings import close_rating_period
from backoffice.management.commands.recompute_ratings import find_rating_list
from core.roles import SYSTEM
from ratings.models import PublishedRating


def _date(value: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"Not a date (YYYY-MM-DD): {value!r}") from None


class Command(BaseCommand):
    help = "Close the open rating period of a list and publish its list dated --date."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--list", dest="list_name", required=True, help="name or slug")
        parser.add_argument("--date", dest="date", required=True, help="YYYY-MM-DD")

    def handle(self, *args: Any, list_name: str, date: str, **options: Any) -> None:
        rating_list = find_rating_list(list_name)
        try:
            published = close_rating_period(rating_list=rating_list, date=_date(date), actor=SYSTEM)
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
        count = PublishedRating.objects.filter(published_list=published).count()
        self.stdout.write(f"Published {published}: {count} rated players.")

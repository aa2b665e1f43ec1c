"""``python manage.py export_turnering TOURNAMENT [-o FILE] [--time-control TEXT]``: FESA."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from backoffice.files.results import export_turnering
from backoffice.management.commands.export_h9 import write
from backoffice.management.commands.export_trf import find_tournament
from rules.files.turnering import ENCODING


class Command(BaseCommand):
    help = "Write a shogi tournament's results as FESA's turnering.txt (ISO-8859-1 with -o)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="slug or id")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument("--time-control", default="", help="e.g. '30 min + 30 s byoyomi'")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = find_tournament(options["tournament"])
        if tournament.game != "shogi":
            raise CommandError(f"{tournament.slug} is not a shogi tournament.")
        try:
            text = export_turnering(tournament=tournament, time_control=options["time_control"])
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        write(self, text, options.get("output"), encoding=ENCODING)

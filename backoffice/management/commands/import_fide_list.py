"""``python manage.py import_fide_list FILE [--date YYYY-MM-DD] [--federation ENG]``: import
FIDE's combined rating list (the TXT or its zip), streamed."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.fide_list import import_fide_list
from core.roles import SYSTEM
from rules.files.fide_list import FideListError, text_lines


class Command(BaseCommand):
    help = (
        "Import FIDE's combined players list (players_list_foa.txt or players_list.zip): "
        "players created or updated by FIDE ID, FIDE's ratings as starting ratings where a "
        "player has none. A bad line changes nothing: the command names it and exits with 1."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="path of the TXT or zip file")
        parser.add_argument(
            "--date",
            type=datetime.date.fromisoformat,
            default=datetime.date.today().replace(day=1),
            help="the list's date (default: the first of this month)",
        )
        parser.add_argument("--federation", default="", help="import this federation only")

    def handle(self, *args: Any, file: str, date: datetime.date, **options: Any) -> None:
        path = Path(file)
        try:
            with path.open("rb") as handle:
                stats = import_fide_list(
                    lines=text_lines(handle),
                    list_date=date,
                    federation=options["federation"],
                    actor=SYSTEM,
                )
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror or error}") from None
        except (ValidationError, FideListError) as error:
            text = " ".join(error.messages) if isinstance(error, ValidationError) else str(error)
            raise CommandError(f"{path}: nothing imported. {text}") from None
        self.stdout.write(
            f"{path}: {stats.read} players read, {stats.created} created, {stats.updated} "
            f"updated, {stats.unchanged} unchanged, {stats.skipped} of other federations; "
            f"starting ratings set: {stats.starting_ratings}."
        )

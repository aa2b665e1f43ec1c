"""``manage.py import_trf FILE [--list NAME [--starting-ratings]]``: a tournament from a TRF."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.trf_import import import_trf
from backoffice.management.commands.recompute_ratings import find_rating_list
from core.roles import SYSTEM


class Command(BaseCommand):
    help = (
        "Import a TRF16 / TRF-2026 file as a new tournament (rated in --list when given). "
        "A bad file changes nothing: every problem is listed and the command exits with 1."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="path of the TRF file (UTF-8)")
        parser.add_argument("--list", dest="list_name", help="rating list: name or slug")
        parser.add_argument(
            "--starting-ratings",
            action="store_true",
            help="give the players the import creates the file's ratings as starting ratings "
            "in --list, valid from the tournament's start date",
        )

    def handle(
        self,
        *args: Any,
        file: str,
        list_name: str | None = None,
        starting_ratings: bool = False,
        **options: Any,
    ) -> None:
        rating_list = find_rating_list(list_name) if list_name else None
        path = Path(file)
        try:
            with path.open("rb") as handle:
                report = import_trf(
                    file=handle,
                    rating_list=rating_list,
                    starting_ratings=starting_ratings,
                    actor=SYSTEM,
                )
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror or error}") from None
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        for warning in report.warnings:
            self.stderr.write(f"{path}: warning: {warning}")
        if report.errors:
            problems = "\n".join(f"{path}: {problem}" for problem in report.errors)
            raise CommandError(f"Nothing imported.\n{problems}")
        t = report.tournament
        self.stdout.write(
            f"Imported “{t}” (slug {t.slug}): {report.players_created} players created, "
            f"{report.players_matched} matched, {report.rounds} rounds, {report.games} games."
        )

"""``python manage.py export_h9 TOURNAMENT [-o FILE] [--class B] [--time 60]``: EGD results.

``--class`` defaults to the tournament's EGF class."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from backoffice.files.results import export_h9
from backoffice.management.commands.export_trf import find_tournament


class Command(BaseCommand):
    help = "Write a go tournament's results as an EGD .h9 file (standard output or --output)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="slug or id")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument(
            "--class", dest="tournament_class", default=None, choices=["A", "B", "C", "D"]
        )
        parser.add_argument("--time", type=int, default=0, help="thinking time in minutes")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = find_tournament(options["tournament"])
        if tournament.game != "go":
            raise CommandError(f"{tournament.slug} is not a go tournament.")
        try:
            text = export_h9(
                tournament=tournament,
                tournament_class=options["tournament_class"],
                time_minutes=options["time"],
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        write(self, text, options.get("output"), encoding="utf-8")


def write(command: BaseCommand, text: str, output: str | None, *, encoding: str) -> None:
    if output is None:
        command.stdout.write(text, ending="")
        return
    try:
        Path(output).write_text(text, encoding=encoding, errors="replace", newline="\n")
    except OSError as error:
        raise CommandError(f"Cannot write {output}: {error.strerror or error}") from None
    command.stdout.write(f"Wrote {output}.")

"""``python manage.py export_trf TOURNAMENT [-o FILE]``: write a tournament as TRF-2026."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from backoffice.files.trf import export_trf
from tournaments.models import Tournament
from web.params import parse_id, parse_text


def find_tournament(key: str) -> Tournament:
    """A tournament by slug, or by primary key when ``key`` is a number."""
    key = parse_text(key, limit=200)
    found = Tournament.objects.filter(slug=key).first()
    if found is None and (pk := parse_id(key)) is not None:
        found = Tournament.objects.filter(pk=pk).first()
    if found is None:
        raise CommandError(f"No tournament with slug or id {key!r}.")
    return found


class Command(BaseCommand):
    help = "Write a tournament as TRF-2026 (to standard output, or to --output FILE)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="slug or id")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(
        self, *args: Any, tournament: str, output: str | None = None, **options: Any
    ) -> None:
        text = export_trf(tournament=find_tournament(tournament))
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8", newline="\n")
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror or error}") from None
        self.stdout.write(f"Wrote {output}.")

"""``python manage.py import_all DIR``: rebuild the site from an export, then replay ratings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.backup import BackupError, import_all
from core.roles import SYSTEM


class Command(BaseCommand):
    help = (
        "Load an export made by export_all into an EMPTY database (one transaction; refused "
        "otherwise), then replay every rating list."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", help="a directory written by export_all")

    def handle(self, *args: Any, directory: str, **options: Any) -> None:
        try:
            loaded = import_all(Path(directory), actor=SYSTEM)
        except BackupError as error:
            raise CommandError(f"Nothing imported: {error}") from None
        self.stdout.write(
            f"Imported {sum(loaded.values())} rows of {len(loaded)} models; ratings replayed."
        )

"""``python manage.py export_all DIR``: write everything needed to rebuild the site."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.backup import BackupError, export_all


class Command(BaseCommand):
    help = (
        "Export the source-of-truth data (clubs, players, rating inputs, tournaments, games, "
        "users, audit trail) to DIR as JSON files and a manifest; derived ratings are left out."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", help="a new or empty directory")

    def handle(self, *args: Any, directory: str, **options: Any) -> None:
        try:
            manifest = export_all(Path(directory))
        except BackupError as error:
            raise CommandError(str(error)) from None
        total = sum(entry["count"] for entry in manifest["models"])
        self.stdout.write(
            f"Exported {total} rows of {len(manifest['models'])} models to {directory}."
        )

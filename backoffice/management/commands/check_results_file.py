"""``python manage.py check_results_file FILE``: read an EGD ``.h9`` or a FESA
``turnering.txt`` with our readers and report the first problem (line and reason)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.files.h9 import H9Error, parse_h9
from rules.files.turnering import ENCODING, TurneringError, parse_turnering


class Command(BaseCommand):
    help = "Check an .h9 (UTF-8) or turnering.txt (ISO-8859-1) results file; nothing is stored."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        path = Path(file)
        try:
            raw = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror or error}") from None
        try:
            if path.suffix.lower() == ".h9":
                data = parse_h9(raw.decode("utf-8"))
                rounds = len(data.players[0].games)
            else:
                parsed = parse_turnering(raw.decode(ENCODING))
                data, rounds = parsed, len(parsed.players[0].rounds)
        except UnicodeDecodeError as error:
            raise CommandError(f"{file}: not UTF-8 text (byte {error.start})") from None
        except (H9Error, TurneringError) as error:
            raise CommandError(f"{file}, {error}") from None
        self.stdout.write(f"{file}: {len(data.players)} players, {rounds} rounds, valid.")

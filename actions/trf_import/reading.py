"""Reading an uploaded TRF for the import: decoding, every bad player line, the parsed file.

The pure reader :mod:`rules.files.trf` stops at the first error; the import also lists every
malformed player line, and finds the columns of the forbidden-pair records for its messages.
"""

from __future__ import annotations

from typing import IO, Any

from django.utils.translation import gettext as _

from actions.trf_import.report import Problem
from rules.files import trf as trfmod


def _decode(text: str | None, file: IO[Any] | None) -> tuple[str | None, list[Problem]]:
    if (text is None) == (file is None):
        raise TypeError("import_trf needs exactly one of text= or file=")
    if text is not None:
        return text, []
    data = file.read()  # type: ignore[union-attr]
    if isinstance(data, str):
        return data, []
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [Problem(line, column, _("the file is not UTF-8 text"))]


def _line_problems(text: str) -> list[Problem]:
    """Every error the reader finds in single player lines (it stops at the first one)."""
    problems = []
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for lineno, raw in enumerate(lines, start=1):
        if raw.startswith("001"):
            try:
                trfmod._parse_player(raw, lineno)
            except trfmod.TrfError as exc:
                problems.append(Problem(exc.line, exc.column, exc.reason))
    return problems


def _parse(text: str) -> tuple[trfmod.TrfFile | None, list[Problem]]:
    problems = _line_problems(text)
    if problems:
        return None, problems
    try:
        parsed = trfmod.parse_trf(text)
    except trfmod.TrfError as exc:
        return None, [Problem(exc.line, exc.column, exc.reason)]
    if not parsed.players:
        return None, [Problem(1, 1, _("the file has no player records (001 lines)"))]
    return parsed, []


def _forbidden_lines(text: str) -> list[tuple[int, dict[int, int]]]:
    """Line and 1-based column of each player of the ``260``/``XXP`` records, in file order.

    Aligned with ``TrfFile.forbidden_pairs`` (the reader adds one entry per such line).
    """
    found = []
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for lineno, raw in enumerate(lines, start=1):
        columns: dict[int, int] = {}
        if raw.startswith("260"):
            for start in range(12, len(raw.rstrip()), 5):
                columns.setdefault(int(raw[start : start + 4]), start + 1)
        elif raw.startswith("XXP"):
            for token in raw[4:].split():
                columns.setdefault(int(token), raw.find(token) + 1)
        else:
            continue
        found.append((lineno, columns))
    return found

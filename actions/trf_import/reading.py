"""Reading an uploaded TRF for the import: decoding, every bad player line, the parsed file.

The pure reader :mod:`rules.files.trf` stops at the first error; the import also lists every
malformed player line, and finds the columns of the forbidden-pair records for its messages.
"""

from __future__ import annotations

import re
from typing import IO, Any

from django.utils.translation import gettext as _

from actions.trf_import.report import Problem
from rules.files import trf as trfmod
from tournaments.limits import max_players, max_rounds


def _decode(text: str | None, file: IO[Any] | None) -> tuple[str | None, list[Problem]]:
    if (text is None) == (file is None):
        raise TypeError("import_trf needs exactly one of text= or file=")
    if text is not None:
        return text, []
    data = file.read()  # type: ignore[union-attr]
    if isinstance(data, str):
        return data, []
    # UTF-8, else Windows-1252 as older programs wrote it (the reader's own rule).
    return trfmod.decode_trf(data), []


_LEADING_NUMBER = re.compile(r"\s*([0-9]+)")
#: The ``001`` columns before the rounds (the rank ends at column 89); 10 per round after.
_HEAD = 89


def _too_big(text: str) -> list[Problem]:
    """A cheap look at the whole file before it is parsed: the players (``001`` lines), the
    rounds declared (``XXR``, ``142``) and the round columns of each ``001`` line against the
    web app's limits (:mod:`tournaments.limits`). One problem per kind, at its first line."""
    most_rounds, most_players = max_rounds(), max_players()
    problems: dict[str, Problem] = {}
    players = 0
    for lineno, raw in enumerate(_lines(text), start=1):
        code = raw[:3]
        if code == "001":
            players += 1
            if players == most_players + 1:
                problems.setdefault(
                    "players",
                    Problem(
                        lineno,
                        1,
                        _("more than %(max)d players, the most a tournament takes")
                        % {"max": most_players},
                    ),
                )
            columns = len(raw.rstrip())
            if columns > _HEAD + 10 * most_rounds:
                problems.setdefault(
                    "columns",
                    Problem(
                        lineno,
                        _HEAD + 10 * most_rounds + 1,
                        _("more than %(max)d rounds, the most a tournament has")
                        % {"max": most_rounds},
                    ),
                )
        elif code in ("XXR", "142"):
            number = _LEADING_NUMBER.match(raw[3:])
            if number is None:
                continue
            digits = number.group(1)
            if len(digits) > 9 or int(digits) > most_rounds:
                problems.setdefault(
                    "declared",
                    Problem(
                        lineno,
                        4 + number.start(1),
                        _("%(rounds)s rounds: a tournament has at most %(max)d")
                        % {"rounds": digits[:12], "max": most_rounds},
                    ),
                )
    return sorted(problems.values(), key=lambda p: (p.line, p.column))


def _lines(text: str) -> list[str]:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _limits() -> trfmod.TrfLimits:
    """The reader's limits at the web app's size of a tournament (:mod:`tournaments.limits`)."""
    return trfmod.TrfLimits(max_rounds=max_rounds(), max_players=max_players())


def _line_problems(text: str) -> list[Problem]:
    """Every error the reader finds in single player lines (it stops at the first one)."""
    problems = []
    for lineno, raw in enumerate(_lines(text), start=1):
        if raw.startswith("001"):
            try:
                trfmod._parse_player(raw, lineno, max_rounds=max_rounds())
            except trfmod.TrfError as exc:
                problems.append(Problem(exc.line, exc.column, exc.reason))
    return problems


def _parse(text: str) -> tuple[trfmod.TrfFile | None, list[Problem]]:
    problems = _line_problems(text)
    if problems:
        return None, problems
    try:
        parsed = trfmod.parse_trf(text, limits=_limits())
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
    for lineno, raw in enumerate(_lines(text), start=1):
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

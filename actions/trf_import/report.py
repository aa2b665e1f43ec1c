"""What a TRF import reports: the problems found (line, column, reason) and the counts.

Also the largest upload the organiser pages accept and the exception that rolls an import
back with its problems.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.models import (
    Tournament,
)

#: Largest file the organiser UI accepts (a 300-player, 11-round TRF is about 50 kB).
MAX_UPLOAD_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class Problem:
    """One thing wrong with (or noticed in) a file: 1-based line and column, and a reason."""

    line: int
    column: int
    reason: str

    def __str__(self) -> str:
        return _("line %(line)d, column %(column)d: %(reason)s") % {
            "line": self.line,
            "column": self.column,
            "reason": self.reason,
        }


@dataclass
class ImportReport:
    """What an import did. ``errors`` non-empty means nothing was written."""

    tournament: Tournament | None = None
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    players_created: int = 0
    players_matched: int = 0
    rounds: int = 0
    games: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors


class _ImportFailed(Exception):
    """Raised inside the import transaction to roll it back."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.problems = problems

"""What a replay or an incremental update did (for the unit of work, tests and benchmarks)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass


@dataclass(frozen=True)
class ReplayStats:
    """What a replay did: the list, the first period rewritten, counts and timings.

    ``incremental``: an update of some players (:mod:`ratings.recompute.incremental`): then
    ``games`` counts the games rated again and ``ledger_rows`` the ledger rows written."""

    rating_list_id: int
    from_date: datetime.date | None
    games: int
    ledger_rows: int
    published_rows: int
    seconds: float
    incremental: bool = False
    roster_changed: bool = True
    """Whether a player of the list became rated or unrated (a replay: assumed)."""

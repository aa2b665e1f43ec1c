"""Write services for players.

Signatures:

    create_player(*, last_name, sex, first_name="", birth_date=None, federation="",
                  club=None, fide_id=None, title="") -> Player
"""

from __future__ import annotations

import datetime

from players.models import Club, Player


def create_player(
    *,
    last_name: str,
    sex: str,
    first_name: str = "",
    birth_date: datetime.date | None = None,
    federation: str = "",
    club: Club | None = None,
    fide_id: int | None = None,
    title: str = "",
) -> Player:
    """Validate and create a player."""
    raise NotImplementedError

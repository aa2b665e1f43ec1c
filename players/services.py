"""Write services for players.

Signatures:

    create_player(*, last_name, sex, first_name="", birth_date=None, federation="",
                  club=None, fide_id=None, title="") -> Player
"""

from __future__ import annotations

import datetime

from django.db import transaction

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
    """Validate (``full_clean``) and create a player; refused input raises ValidationError."""
    player = Player(
        last_name=last_name,
        first_name=first_name,
        sex=sex,
        birth_date=birth_date,
        federation=federation,
        club=club,
        fide_id=fide_id,
        title=title,
    )
    player.full_clean()
    with transaction.atomic():
        player.save()
    return player

"""Write services for players.

Signatures:

    create_player(*, last_name, sex, first_name="", birth_date=None, federation="",
                  club=None, fide_id=None, title="") -> Player
    update_player(*, player, **changes) -> Player   # a new birth date replays the lists
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from players.models import Club, Player
from ratings.models import RatingList
from ratings.services import lock_rating_list, replay_locked


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
    user: Any = None,
) -> Player:
    """Validate (``full_clean``) and create a player; refused input raises ValidationError.

    ``user`` is the player's own account (``Player.user``), if they have one."""
    player = Player(
        user=user,
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


_PLAYER_FIELDS = frozenset(
    {
        "last_name",
        "first_name",
        "sex",
        "birth_date",
        "federation",
        "club",
        "fide_id",
        "title",
        "user",
    }
)


def update_player(*, player: Player, **changes: Any) -> Player:
    """Change a player's fields (``full_clean`` first).

    The birth date feeds the junior K rule, so changing it replays every rating list in
    which the player has a rating.
    """
    unknown = sorted(set(changes) - _PLAYER_FIELDS)
    if unknown:
        raise ValidationError({name: _("This field cannot be changed here.") for name in unknown})
    with transaction.atomic():
        current = Player.objects.select_for_update().get(pk=player.pk)
        old_birth = current.birth_date
        for name, value in changes.items():
            setattr(current, name, value)
        current.full_clean()
        current.save()
        if current.birth_date != old_birth:
            lists = RatingList.objects.filter(player_ratings__player=current).order_by("pk")
            for rating_list in lists:
                replay_locked(lock_rating_list(rating_list), from_date=None)
    for name, value in changes.items():
        setattr(player, name, value)
    return current

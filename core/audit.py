"""The audit trail: one helper that records a change, and who may read the trail.

Every write service that changes results, pairings, byes, withdrawals, players or rating
periods calls :func:`record` inside its own ``transaction.atomic()`` block, after the change:
the entry is committed with the change or rolled back with it. Nothing is recorded from
``save()`` or signals.
"""

from __future__ import annotations

from typing import Any

from django.db import models, transaction

from core.models import AuditEntry


def saved_user(user: Any) -> Any:
    """The user to store: a saved user, else ``None`` (commands, anonymous, tests)."""
    if user is None or getattr(user, "pk", None) is None:
        return None
    return user


def snapshot(obj: models.Model, fields: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """``obj``'s ``fields`` as JSON-ready values (a foreign key as its id)."""
    values: dict[str, Any] = {}
    for name in fields:
        field = obj._meta.get_field(name)
        values[name] = getattr(obj, field.attname)
    return values


def record(
    *,
    action: str,
    summary: str,
    user: Any = None,
    tournament: Any = None,
    player: Any = None,
    other_player: Any = None,
    rating_list: Any = None,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Store one audit entry. Must run inside the transaction of the change it records."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("record() must be called inside the change's transaction.")
    return AuditEntry.objects.create(
        action=action,
        summary=str(summary),
        user=saved_user(user),
        tournament=tournament,
        player=player,
        other_player=other_player,
        rating_list=rating_list,
        before=before,
        after=after,
    )


def can_see_audit(user: Any, tournament: Any = None, *, player: Any = None) -> bool:
    """Whether ``user`` may read the history of ``tournament`` (its arbiters, its club's
    organisers, staff) or of ``player`` (the organisers of the player's club, staff).

    Without an object: staff only.
    """
    from core import roles as permissions

    if tournament is not None:
        return permissions.can_arbitrate(user, tournament)
    if player is not None and player.club_id is not None:
        return permissions.can_manage_club(user, player.club)
    return permissions.is_staff(user)

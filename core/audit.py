"""The audit trail: who changed what, when, before and after.

Entries are written only by the unit of work (:meth:`core.unit_of_work.Unit.audit`, stored by
:func:`record` at the end of the unit), inside the transaction of the change: an entry
exists exactly when its change was committed. Nothing is recorded from ``save()`` or signals.
"""

from __future__ import annotations

from typing import Any, TypedDict, Unpack

from django.db import models, transaction
from django.db.models import Q, QuerySet

from core import roles
from core.models import AuditEntry
from core.roles import Actor


def saved_user(actor: Actor) -> Any:
    """The user to store for ``actor``: a saved user, else ``None`` (the system)."""
    if actor is None or roles.is_system(actor) or getattr(actor, "pk", None) is None:
        return None
    return actor


def snapshot(obj: models.Model, fields: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """``obj``'s ``fields`` as JSON-ready values (a foreign key as its id)."""
    values: dict[str, Any] = {}
    for name in fields:
        field = obj._meta.get_field(name)
        values[name] = getattr(obj, field.attname)
    return values


class Subjects(TypedDict, total=False):
    """What an entry is about besides its action (each optional): the objects changed, and
    their values before and after the change (:func:`snapshot`)."""

    tournament: Any
    player: Any
    other_player: Any
    rating_list: Any
    before: Any
    after: Any


def record(
    *,
    actor: Actor,
    action: str,
    summary: str,
    params: dict[str, Any] | None = None,
    **subjects: Unpack[Subjects],
) -> AuditEntry:
    """Store one audit entry. Must run inside the transaction of the change it records."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("record() must be called inside the change's transaction.")
    return AuditEntry.objects.create(
        action=action,
        summary=str(summary),
        params=params,
        user=saved_user(actor),
        **subjects,
    )


def can_see_audit(user: Any, tournament: Any = None, *, player: Any = None) -> bool:
    """Whether ``user`` may read the history of ``tournament`` (its arbiters, its club's
    organisers, staff) or of ``player`` (the organisers of the player's club, staff).

    Without an object: staff only.
    """
    if tournament is not None:
        return roles.can_arbitrate(user, tournament)
    if player is not None and player.club_id is not None:
        return roles.can_manage_club(user, player.club)
    return roles.is_staff(user)


def _entries() -> QuerySet[AuditEntry]:
    return AuditEntry.objects.select_related(
        "user", "tournament", "player", "other_player", "rating_list"
    ).order_by("-created_at", "-pk")


def tournament_history(tournament: Any) -> QuerySet[AuditEntry]:
    """The audit entries of a tournament, newest first."""
    return _entries().filter(tournament=tournament)


def player_history(player: Any) -> QuerySet[AuditEntry]:
    """The audit entries naming a player (on either side), newest first."""
    return _entries().filter(Q(player=player) | Q(other_player=player))

"""The organiser's decisions, withdrawals and the fees paid."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from actions.online_entries.places import (
    Links,
    NeedsChoice,
    _audit,
    _duplicates,
    _locked_entry,
    _move_up,
    _place,
    _tell_status,
)
from actions.registrations import _withdraw as withdraw_registration
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import Unit, change
from events.enums import LIVE_ENTRY_STATUSES, EntryStatus
from events.models import Entry
from events.queries import entries as q
from players.models import Player
from tournaments.models import Registration
from tournaments.queries.rounds import highest_round_number


def approve(
    *,
    actor: Actor,
    entry: Entry,
    links: Links,
    player: Player | None = None,
    new_player: bool = False,
) -> Entry:
    """The organiser approves a pending entry: in while there is room, else in line. A guest
    entry that looks like players in the database needs ``player`` (one of them: the entry
    becomes theirs) or ``new_player`` (raises :class:`NeedsChoice` otherwise)."""
    event = entry.section.event
    with change(
        actor=actor, role=roles.entries_of(event), tournament=entry.section.tournament
    ) as unit:
        entry = _locked_entry(unit, entry)
        if entry.status != EntryStatus.PENDING:
            raise ValidationError(_("Only an entry awaiting approval can be approved."))
        if entry.player is None and player is not None:
            if q.live_entries(entry.section).filter(player=player).exists():
                raise ValidationError(
                    {"player": _("This player has already entered this section.")}
                )
            entry.player = player
        duplicates = _duplicates(entry)
        if duplicates and not new_player:
            raise NeedsChoice(duplicates)
        _place(unit, entry, approved=True)
        entry.save()
        _audit(unit, AuditAction.ENTRY_APPROVED, entry)
        _tell_status(unit, entry, links)
        return entry


def reject(*, actor: Actor, entry: Entry, links: Links) -> Entry:
    """The organiser rejects a pending or waiting entry (the player is told)."""
    event = entry.section.event
    with change(
        actor=actor, role=roles.entries_of(event), tournament=entry.section.tournament
    ) as unit:
        entry = _locked_entry(unit, entry)
        if entry.status not in (EntryStatus.PENDING, EntryStatus.WAITING):
            raise ValidationError(_("Only an entry awaiting approval or waiting can be rejected."))
        entry.status = EntryStatus.REJECTED
        entry.decided_at = timezone.now()
        entry.save()
        _audit(unit, AuditAction.ENTRY_REJECTED, entry)
        _tell_status(unit, entry, links)
        return entry


def withdraw(*, actor: Actor, entry: Entry, links: Links, token: str | None = None) -> Entry:
    """Withdraw a live entry: by its player (signed in), by the link in their mail
    (``token``), or by the organiser. An accepted entry's registration is removed while the
    tournament has not started, else the player is withdrawn after the last paired round;
    the first on the waiting list moves up (and is told)."""
    with change(
        actor=actor, role=roles.entry_holder(entry, token), tournament=entry.section.tournament
    ) as unit:
        entry = _locked_entry(unit, entry)
        if entry.status not in LIVE_ENTRY_STATUSES:
            raise ValidationError(_("This entry is withdrawn already."))
        was = entry.status
        entry.status = EntryStatus.WITHDRAWN
        entry.decided_at = timezone.now()
        entry.token_hash = ""
        registration = entry.registration
        accepted = was == EntryStatus.ACCEPTED and registration is not None
        if accepted and _leave(unit, registration):
            entry.registration = None
        entry.save()
        _audit(unit, AuditAction.ENTRY_WITHDRAWN, entry)
        _tell_status(unit, entry, links)
        if was == EntryStatus.ACCEPTED:
            _move_up(unit, entry.section, links)
        return entry


def _leave(unit: Unit, registration: Registration) -> bool:
    """Take the player out of the tournament; answers whether the registration is gone."""
    started = highest_round_number(unit.tournament)
    if started:
        withdraw_registration(unit, registration, started)
        return False
    player = registration.player
    Entry.objects.filter(registration=registration).update(registration=None)
    registration.delete()
    unit.audit(
        AuditAction.PLAYER_UNREGISTERED,
        params={"player": player.name},
        tournament=unit.tournament,
        player=player,
        before={"pairing_number": registration.pairing_number},
    )
    return True


def record_payment(*, actor: Actor, entry: Entry, amount: Any) -> Entry:
    """Record what the player has paid of the entry's fee in all (``amount``, at most the
    fee; 0 undoes a payment recorded by mistake)."""
    try:
        amount = Decimal(str(amount).strip().replace(",", "."))
    except (InvalidOperation, ValueError):
        raise ValidationError({"amount": _("Enter an amount such as 15 or 15.50.")}) from None
    if not amount.is_finite() or amount != amount.quantize(Decimal("0.01")):
        raise ValidationError({"amount": _("Enter an amount such as 15 or 15.50.")})
    if amount < 0:
        raise ValidationError({"amount": _("The amount cannot be negative.")})
    event = entry.section.event
    with change(
        actor=actor, role=roles.entries_of(event), tournament=entry.section.tournament
    ) as unit:
        entry = _locked_entry(unit, entry)
        if amount > entry.fee:
            raise ValidationError(
                {
                    "amount": _("The amount cannot be more than the fee, %(fee)s.")
                    % {"fee": entry.fee}
                }
            )
        entry.paid = amount
        entry.paid_at = timezone.now() if amount else None
        entry.save(update_fields=["paid", "paid_at"])
        _audit(unit, AuditAction.ENTRY_PAID, entry, amount=str(amount), currency=event.currency)
        return entry

"""A guest's entry, confirmed by the link mailed to them."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils import timezone
from django.utils.translation import gettext as _

from actions.online_entries.places import (
    Links,
    _audit,
    _entered_sections,
    _fee,
    _locked_entry,
    _mail,
    _place,
    _refuse_ineligible,
    _refuse_kind,
    _tell_status,
    refuse_if_closed,
)
from core import roles
from core.enums import AuditAction, MailKind
from core.invitation_tokens import new_token, token_hash
from core.roles import Actor
from core.unit_of_work import change
from events.enums import EntryStatus
from events.models import Entry, Section
from events.queries import entries as q
from players.enums import Sex
from players.models import Player

MAX_NAME = 100
OLDEST_BIRTH_YEAR = 1900


def _clean_guest(
    last_name: str,
    first_name: str,
    sex: str,
    birth_year: Any,
    federation: str,
    fide_id: Any,
    email: str,
) -> dict[str, Any]:
    errors: dict[str, str] = {}
    last_name, first_name = (last_name or "").strip(), (first_name or "").strip()
    if not last_name:
        errors["last_name"] = _("Enter your last name.")
    elif len(last_name) > MAX_NAME or len(first_name) > MAX_NAME:
        errors["last_name"] = _("A name has at most %(max)d characters.") % {"max": MAX_NAME}
    if sex not in Sex.values:
        errors["sex"] = _("Choose male or female.")
    this_year = timezone.now().year
    if birth_year is not None and (
        not isinstance(birth_year, int) or not OLDEST_BIRTH_YEAR <= birth_year <= this_year
    ):
        errors["birth_year"] = _("The birth year must be from %(low)d to %(high)d.") % {
            "low": OLDEST_BIRTH_YEAR,
            "high": this_year,
        }
    federation = (federation or "").strip().upper()
    if federation and not (len(federation) == 3 and federation.isascii() and federation.isalpha()):
        errors["federation"] = _("Use a three-letter federation code, e.g. ENG.")
    if fide_id is not None and (not isinstance(fide_id, int) or fide_id <= 0):
        errors["fide_id"] = _("A FIDE ID is a positive whole number.")
    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        errors["email"] = _("Enter a valid e-mail address.")
    if errors:
        raise ValidationError(errors)
    return {
        "last_name": last_name,
        "first_name": first_name,
        "sex": sex,
        "birth_year": birth_year,
        "federation": federation,
        "fide_id": fide_id,
        "email": email,
    }


def enter_as_guest(
    *,
    actor: Actor,
    section: Section,
    last_name: str,
    sex: str,
    email: str,
    links: Links,
    first_name: str = "",
    birth_year: int | None = None,
    federation: str = "",
    fide_id: int | None = None,
) -> Entry:
    """Anybody enters ``section`` by giving who they are; the entry waits (unconfirmed) for
    the link mailed to ``email`` to be opened.

    A FIDE ID of a player in the database (the FIDE list import creates them) makes the
    entry that player's, whose rating and age then count; never a second player. Refused,
    nothing written: bad input (by field); entries closed; a section the player may not
    enter; this e-mail address or this player already entered in the section (while that
    entry is live); a section of the same kind entered already with this address."""
    data = _clean_guest(last_name, first_name, sex, birth_year, federation, fide_id, email)
    refuse_if_closed(section)
    player = Player.objects.filter(fide_id=data["fide_id"]).first() if data["fide_id"] else None
    with change(actor=actor, role=roles.anyone(), tournament=section.tournament) as unit:
        section = Section.objects.select_related("event").get(pk=section.pk)
        section.tournament = unit.tournament
        if q.live_entries(section).filter(email__iexact=data["email"]).exists():
            raise ValidationError(
                {"email": _("This e-mail address has already entered this section.")}
            )
        if player is not None and q.live_entries(section).filter(player=player).exists():
            raise ValidationError({"fide_id": _("This player has already entered this section.")})
        facts = q.guest_facts(data["sex"], data["birth_year"], player, section)
        _refuse_ineligible(section, facts)
        same_address = _entered_sections(section, email__iexact=data["email"])
        _refuse_kind(section, same_address)
        if player is not None:
            _refuse_kind(section, _entered_sections(section, player=player))
        token = new_token()
        entry = Entry(
            section=section,
            player=player,
            account=actor if getattr(actor, "pk", None) else None,
            token_hash=token_hash(token),
            **data,
        )
        _fee(entry, facts)
        entry.save()
        _audit(unit, AuditAction.ENTRY_MADE, entry)
        names = {"section": section.tournament.name, "event": section.event.name}
        _mail(
            unit,
            entry,
            _("Confirm your entry to %(section)s") % names,
            _(
                "You (or someone giving your address) entered %(section)s (%(event)s). "
                "To confirm the entry, open this link and press Confirm:\n%(link)s\n\n"
                "If it was not you, ignore this mail: the entry is not confirmed."
            )
            % {**names, "link": links.confirm(token)},
            links,
            kind=MailKind.ACCOUNT,
        )
        return entry


def entry_of_token(token: str) -> Entry | None:
    """The unconfirmed entry whose confirmation link ``token`` is."""
    if not isinstance(token, str) or not token:
        return None
    return (
        Entry.objects.filter(token_hash=token_hash(token))
        .select_related("section__event", "section__tournament", "player")
        .first()
    )


def confirm(*, actor: Actor, token: str, links: Links) -> Entry:
    """Confirm the entry whose link ``token`` is: it goes to the organiser (pending), in
    (accepted, registered) while there is room, else on the waiting list. Refused: an
    unknown or used link."""
    entry = entry_of_token(token)
    if entry is None or entry.status != EntryStatus.UNCONFIRMED:
        raise ValidationError(_("This link is not valid, or the entry is confirmed already."))
    with change(
        actor=actor,
        role=roles.entry_link_holder(entry, token),
        tournament=entry.section.tournament,
    ) as unit:
        entry = _locked_entry(unit, entry)
        if entry.status != EntryStatus.UNCONFIRMED:
            raise ValidationError(_("This entry is confirmed already."))
        entry.token_hash = ""
        entry.confirmed_at = timezone.now()
        _place(unit, entry)
        entry.save()
        _audit(unit, AuditAction.ENTRY_CONFIRMED, entry)
        _tell_status(unit, entry, links)
        return entry

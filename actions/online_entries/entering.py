"""A signed-in player enters sections with one click each."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from actions.online_entries.places import (
    Links,
    _audit,
    _entered_sections,
    _fee,
    _place,
    _refuse_ineligible,
    _refuse_kind,
    _tell_status,
    refuse_if_closed,
)
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import change
from events.enums import LIVE_ENTRY_STATUSES
from events.models import Entry, Section
from events.queries import entries as q
from players.models import Player


def enter(*, actor: Actor, sections: Sequence[Section], links: Links) -> list[Entry]:
    """A signed-in player enters ``sections`` (of one event) with one click each.

    Refused, nothing written: no sections; the user has no linked player or no e-mail
    address; entries closed; a section the player may not enter (the reasons named) or has
    entered already; two sections of one kind (unless the event allows it)."""
    player = roles.player_of(actor)
    if player is None:
        raise ValidationError(_("Your account is not linked to a player: enter as a guest."))
    if not sections:
        raise ValidationError({"sections": _("Tick at least one section.")})
    email = (getattr(actor, "email", "") or "").strip()
    if not email:
        raise ValidationError(_("Your account has no e-mail address: add one first."))
    events = {s.event_id for s in sections}
    if len(events) != 1:
        raise ValidationError({"sections": _("Choose sections of one event.")})
    chosen = list({s.pk: s for s in sections}.values())
    entered = _entered_sections(chosen[0], player=player)
    for section in chosen:
        refuse_if_closed(section)
        if any(s.pk == section.pk for s in entered):
            raise ValidationError(
                _("You have already entered %(section)s.") % {"section": section.tournament}
            )
        _refuse_ineligible(section, q.player_facts(player, section))
        _refuse_kind(section, [*entered, *chosen])
    made = []
    for section in chosen:
        made.append(_enter_one(actor, player, email, section, links))
    return made


def _enter_one(actor: Actor, player: Player, email: str, section: Section, links: Links) -> Entry:
    with change(
        actor=actor, role=roles.player_himself(player), tournament=section.tournament
    ) as unit:
        section = Section.objects.select_related("event").get(pk=section.pk)
        section.tournament = unit.tournament
        live = Entry.objects.filter(section=section, status__in=LIVE_ENTRY_STATUSES)
        if live.filter(Q(player=player) | Q(email__iexact=email)).exists():
            raise ValidationError(
                _("You have already entered %(section)s.") % {"section": section.tournament}
            )
        now = timezone.now()
        entry = Entry(
            section=section,
            player=player,
            account=actor,
            last_name=player.last_name,
            first_name=player.first_name,
            sex=player.sex,
            birth_year=player.birth_year,
            federation=player.federation,
            fide_id=player.fide_id,
            email=email,
            confirmed_at=now,
        )
        _fee(entry, q.player_facts(player, section))
        _place(unit, entry)
        entry.save()
        _audit(unit, AuditAction.ENTRY_MADE, entry)
        _tell_status(unit, entry, links)
        return entry

"""What the entry actions share: their links, checks, mails, and placing an entry (in, in
line, or to the organiser)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from actions.registrations import check_entry, enter_player
from core.audit import snapshot
from core.enums import AuditAction, MailKind
from core.invitation_tokens import withdraw_token
from core.unit_of_work import Unit
from events.enums import LIVE_ENTRY_STATUSES, EntryStatus
from events.models import Entry, Section
from events.queries import entries as q
from players.models import Player
from players.queries.search import possible_duplicates
from rules.search_key import player_key


@dataclass(frozen=True)
class Links:
    """Absolute addresses of an entry's pages, from a token."""

    confirm: Callable[[str], str]
    withdraw: Callable[[str], str]

    @classmethod
    def of(cls, absolute: Callable[[str], str]) -> Links:
        """The site's pages (``events:confirm``, ``events:entry_withdraw``), made absolute by
        ``absolute`` (the request's ``build_absolute_uri``)."""
        return cls(
            confirm=lambda token: absolute(reverse("events:confirm", args=[token])),
            withdraw=lambda token: absolute(reverse("events:entry_withdraw", args=[token])),
        )


class NeedsChoice(ValidationError):
    """The entry looks like players already in the database: choose one or a new player."""

    def __init__(self, players: Sequence[Player]) -> None:
        super().__init__(
            _(
                "This entry looks like a player already in the database: choose that player "
                "or a new one."
            )
        )
        self.players = list(players)


# --------------------------------------------------------------------------- checks


def refuse_if_closed(section: Section) -> None:
    if q.entries_closed(section.event) or q.section_closed(section):
        raise ValidationError(_("Entries to %(event)s are closed.") % {"event": section.event})


def _refuse_kind(section: Section, others: Sequence[Section]) -> None:
    """Two sections of one kind (game and time control), unless the event allows it."""
    if section.event.several_of_a_kind:
        return
    kind = q.kind_of(section)
    if kind is None:
        return
    for other in others:
        if other.pk != section.pk and q.kind_of(other) == kind:
            raise ValidationError(
                _("You may enter only one of %(first)s and %(second)s (the same kind).")
                % dict(
                    zip(
                        ("first", "second"),
                        (s.tournament.name for s in sorted((section, other), key=_position)),
                        strict=True,
                    )
                )
            )


def _position(section: Section) -> tuple[int, int]:
    return (section.order, section.pk)


def _refuse_ineligible(section: Section, facts: Any) -> None:
    words = q.reasons(section, facts)
    if words:
        raise ValidationError(
            _("%(section)s is %(reasons)s.")
            % {"section": section.tournament.name, "reasons": "; ".join(words)}
        )


def _entered_sections(section: Section, **who: Any) -> list[Section]:
    return [
        e.section
        for e in Entry.objects.filter(
            section__event_id=section.event_id, status__in=LIVE_ENTRY_STATUSES, **who
        ).select_related("section__tournament__rating_list", "section__event")
    ]


# --------------------------------------------------------------------------- mail


def _mail(unit: Unit, entry: Entry, subject: str, body: str, links: Links, kind: str = "") -> None:
    if entry.status in LIVE_ENTRY_STATUSES and entry.status != EntryStatus.UNCONFIRMED:
        body += "\n\n" + _("To withdraw your entry: %(link)s") % {
            "link": links.withdraw(withdraw_token(entry))
        }
    unit.mail(
        to=entry.email,
        kind=kind or MailKind.ENTRY,
        subject=subject,
        body=body,
        player=entry.player,
        tournament=entry.section.tournament,
    )


def _tell_status(unit: Unit, entry: Entry, links: Links, *, moved_up: bool = False) -> None:
    names = {"section": entry.section.tournament.name, "event": entry.section.event.name}
    if entry.status == EntryStatus.ACCEPTED and moved_up:
        subject = _("A place for you in %(section)s") % names
        body = _(
            "A place became free in %(section)s (%(event)s): you moved up from the waiting "
            "list and are now entered."
        )
    elif entry.status == EntryStatus.ACCEPTED:
        subject = _("Your entry to %(section)s is accepted") % names
        body = _("Your entry to %(section)s (%(event)s) is accepted: you are entered.")
    elif entry.status == EntryStatus.WAITING:
        names["position"] = q.waiting_position(entry)
        subject = _("On the waiting list of %(section)s") % names
        body = _(
            "%(section)s (%(event)s) is full: you are number %(position)d on its waiting "
            "list. We will write when a place becomes free."
        )
    elif entry.status == EntryStatus.PENDING:
        subject = _("Your entry to %(section)s is received") % names
        body = _(
            "Your entry to %(section)s (%(event)s) is received: the organiser will confirm it."
        )
    elif entry.status == EntryStatus.REJECTED:
        subject = _("Your entry to %(section)s is declined") % names
        body = _("The organiser of %(event)s declined your entry to %(section)s.")
    else:
        subject = _("Your entry to %(section)s is withdrawn") % names
        body = _("Your entry to %(section)s (%(event)s) is withdrawn.")
    _mail(unit, entry, subject, body % names, links)


# --------------------------------------------------------------------------- placing


def _fee(entry: Entry, facts: Any) -> None:
    fee = q.fee_for(entry.section, facts)
    entry.fee, entry.discount = fee.amount, fee.discount


def _new_player(unit: Unit, entry: Entry) -> Player:
    born = datetime.date(entry.birth_year, 1, 1) if entry.birth_year else None
    player = Player(
        last_name=entry.last_name,
        first_name=entry.first_name,
        sex=entry.sex,
        birth_date=born,
        federation=entry.federation,
        fide_id=entry.fide_id,
        search_key=player_key(entry.last_name, entry.first_name),
    )
    player.full_clean()
    player.save()
    unit.audit(
        AuditAction.PLAYER_CREATED,
        params={"player": player.name},
        player=player,
        after=snapshot(player, ("last_name", "first_name", "sex", "birth_date", "fide_id")),
    )
    return player


def _duplicates(entry: Entry) -> list[Player]:
    if entry.player_id is not None:
        return []
    return possible_duplicates(entry.last_name, entry.first_name, entry.birth_year)


def _accept(unit: Unit, entry: Entry) -> None:
    """Give ``entry`` its player (the one its FIDE ID names now, which a FIDE list imported
    since the entry may have created; else a new one) and its registration."""
    if entry.player is None and entry.fide_id:
        entry.player = Player.objects.filter(fide_id=entry.fide_id).first()
    if entry.player is None:
        entry.player = _new_player(unit, entry)
    entry.registration = enter_player(unit, entry.player)
    entry.status = EntryStatus.ACCEPTED
    entry.decided_at = timezone.now()


def _place(unit: Unit, entry: Entry, *, approved: bool = False) -> None:
    """Where a confirmed entry goes: to the organiser, in, or in line."""
    event = entry.section.event
    if not approved and (event.approve_entries or _duplicates(entry)):
        entry.status = EntryStatus.PENDING
    elif q.has_room(entry.section):
        _accept(unit, entry)
    else:
        entry.status = EntryStatus.WAITING
        entry.decided_at = timezone.now()


def _move_up(unit: Unit, section: Section, links: Links) -> Entry | None:
    """The first in line takes the free place (if there is one and the tournament takes
    entries); a guest who now looks like a player already entered waits for the organiser."""
    if section.cap is not None and q.accepted_count(section) >= section.cap:
        return None
    line = q.waiting(section)
    if not line:
        return None
    first = line[0]
    first.section = section
    if first.player is not None:
        try:
            check_entry(unit.tournament, first.player)
        except ValidationError:
            return None
    if _duplicates(first):
        first.status = EntryStatus.PENDING
    else:
        _accept(unit, first)
    first.save()
    unit.audit(
        AuditAction.ENTRY_MOVED_UP,
        params={"player": q.entry_name(first), "section": section.tournament.name},
        tournament=unit.tournament,
        player=first.player,
    )
    if first.status == EntryStatus.ACCEPTED:
        _tell_status(unit, first, links, moved_up=True)
    return first


def _locked_entry(unit: Unit, entry: Entry) -> Entry:
    current = Entry.objects.select_related(
        "player", "section__event", "section__tournament__rating_list"
    ).get(pk=entry.pk)
    current.section.tournament = unit.tournament
    return current


def _audit(unit: Unit, action: str, entry: Entry, **params: Any) -> None:
    unit.audit(
        action,
        params={
            "player": q.entry_name(entry),
            "section": entry.section.tournament.name,
            **params,
        },
        tournament=unit.tournament,
        player=entry.player,
        after={"status": entry.status},
    )

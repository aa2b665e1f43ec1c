"""Events and their sections: creating and changing an event, adding, changing and removing
its sections, setting its discounts.

create_event(*, actor, name, start_date, end_date, slug="", club=None, **fields) -> Event
update_event(*, actor, event, changes) -> Event
add_section(*, actor, event, tournament=None, new=None, **section) -> Section
    # ``tournament``: an existing tournament of the event's club not yet in an event;
    # ``new``: the fields of a new tournament (created by actions.tournaments.write_tournament)
update_section(*, actor, section, changes) -> Section   # order, cap, restrictions, fee
remove_section(*, actor, section) -> None               # while nothing is played
set_discounts(*, actor, event, discounts) -> list[Discount]

Every one needs an organiser of the event's club (``roles.organiser_of_event``) or staff; a
refusal (``ValidationError``, ``PermissionDenied``) writes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.text import slugify
from django.utils.translation import gettext as _

from actions.tournaments import write_tournament
from core import roles
from core.audit import snapshot
from core.changes import apply_changes
from core.enums import AuditAction
from core.roles import Actor
from core.submissions import Submission
from core.unit_of_work import change
from events.enums import LIVE_ENTRY_STATUSES, DiscountKind, EntryStatus
from events.models import Discount, Event, Section
from tournaments.enums import TOURNAMENT_SETTINGS
from tournaments.models import Round, Tournament

#: The fields of an event its organisers change (the event form's, in its order).
EVENT_FIELDS = (
    "name",
    "slug",
    "club",
    "venue",
    "city",
    "start_date",
    "end_date",
    "rules",
    "entries_open",
    "entries_close_at",
    "approve_entries",
    "several_of_a_kind",
    "currency",
)
#: The fields of a section its organisers change (the section form's, in its order).
SECTION_FIELDS = (
    "order",
    "cap",
    "rating_min",
    "rating_max",
    "age_min",
    "age_max",
    "sex",
    "rated",
    "fee",
)
#: Addresses under /events/ that are pages, not events.
RESERVED_SLUGS = frozenset({"organise", "new", "entries", "enter", "confirm", "treasurer"})
#: The ages a section may be restricted to (U-ages and "from the age of").
AGE_MIN, AGE_MAX = 4, 100
#: Discount kinds that need an age (under it: juniors; from it: seniors).
AGED_KINDS = (DiscountKind.JUNIOR, DiscountKind.SENIOR)


def free_event_slug(base: str) -> str:
    """``base``, or ``base-2``, ``base-3``… whichever no event has (nor is reserved)."""
    base = base[:190] or "event"
    candidate, number = base, 1
    while candidate in RESERVED_SLUGS or Event.objects.filter(slug=candidate).exists():
        number += 1
        candidate = f"{base}-{number}"
    return candidate


def check_event(event: Event) -> None:
    """Refuse an event's values (nothing written): an empty name, the end before the start,
    a reserved address, a club other than its sections' tournaments'."""
    if not (event.name or "").strip():
        raise ValidationError({"name": _("The event needs a name.")})
    if event.start_date and event.end_date and event.end_date < event.start_date:
        raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
    if event.slug in RESERVED_SLUGS:
        raise ValidationError(
            {"slug": _("The address “%(slug)s” is already taken.") % {"slug": event.slug}}
        )
    if event.pk is not None:
        others = Tournament.objects.filter(section__event=event).exclude(club_id=event.club_id)
        if others.exists():
            raise ValidationError(
                {"club": _("The event's sections are tournaments of another club.")}
            )


def check_section(section: Section) -> None:
    """Refuse a section's restrictions and cap (nothing written): a rating band upside down,
    ages out of bounds or upside down, no places, fewer places than entries accepted."""
    low, high = section.rating_min, section.rating_max
    if low is not None and high is not None and low > high:
        raise ValidationError(
            {"rating_max": _("The highest rating cannot be below the lowest rating.")}
        )
    for name in ("age_min", "age_max"):
        age = getattr(section, name)
        if age is not None and not AGE_MIN <= age <= AGE_MAX:
            raise ValidationError(
                {name: _("An age from %(min)d to %(max)d.") % {"min": AGE_MIN, "max": AGE_MAX}}
            )
    if (
        section.age_min is not None
        and section.age_max is not None
        and section.age_min >= section.age_max
    ):
        raise ValidationError({"age_max": _("“Under the age of” must be above “from the age of”.")})
    if section.fee is not None and Decimal(section.fee) < 0:
        raise ValidationError({"fee": _("The fee cannot be negative.")})
    if section.cap is not None:
        if section.cap < 1:
            raise ValidationError({"cap": _("A section has at least one place (empty: no limit).")})
        if section.pk is not None:
            accepted = section.entries.filter(status=EntryStatus.ACCEPTED).count()
            if accepted > section.cap:
                raise ValidationError(
                    {
                        "cap": _(
                            "%(accepted)d entries are accepted already: the section needs at "
                            "least as many places."
                        )
                        % {"accepted": accepted}
                    }
                )


def create_event(
    *,
    actor: Actor,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date,
    slug: str = "",
    club: Any = None,
    submission: Submission | None = None,
    **fields: Any,
) -> Event:
    """Create an event for ``club`` (staff: also without a club). An empty ``slug`` is made
    from the name. ``fields``: other event fields (venue, city, rules, entries…).

    Refused: an unknown field, an empty name, the end before the start, a slug taken or
    reserved, anything ``full_clean`` refuses; a club the actor does not organise."""
    unknown = sorted(set(fields) - set(EVENT_FIELDS))
    if unknown:
        raise ValidationError({name: _("This field cannot be set here.") for name in unknown})
    with change(actor=actor, role=roles.creator_for(club), submission=submission) as unit:
        name = (name or "").strip()
        if slug and Event.objects.filter(slug=slug).exists():
            raise ValidationError(
                {"slug": _("The address “%(slug)s” is already taken.") % {"slug": slug}}
            )
        event = Event(
            name=name,
            slug=slug or free_event_slug(slugify(name)),
            club=club,
            start_date=start_date,
            end_date=end_date,
            **fields,
        )
        check_event(event)
        event.full_clean()
        event.save()
        unit.audit(
            AuditAction.EVENT_CREATED,
            params={"event": event.name},
            after=snapshot(event, ["name", "slug", "club", "start_date", "end_date"]),
        )
        unit.answered(event)
    return event


def update_event(*, actor: Actor, event: Event, changes: Mapping[str, Any]) -> Event:
    """Change an event's fields (``changes``: field name -> value); changing nothing records
    nothing. Refused as :func:`create_event`, and a club whose tournaments are not the
    sections'."""
    if "club" in changes:
        roles.require(roles.creator_for(changes["club"]).allows(actor))
    with change(actor=actor, role=roles.organiser_of_event(event)) as unit:
        current = Event.objects.get(pk=event.pk)
        changed = apply_changes(current, changes, editable=EVENT_FIELDS, validate=check_event)
        if not changed:
            return current
        unit.audit(
            AuditAction.EVENT_CHANGED,
            params={"event": current.name, "fields": changed.fields},
            before=changed.before,
            after=changed.after,
        )
    return current


def add_section(
    *,
    actor: Actor,
    event: Event,
    tournament: Tournament | None = None,
    new: Mapping[str, Any] | None = None,
    **section: Any,
) -> Section:
    """Make a section of ``event``: of an existing ``tournament`` (of the event's club, not
    yet in an event), or of a new tournament with the fields ``new`` (name, format, rounds,
    rating list…; the event's club, city and dates unless given). ``section``: its order
    (default: last), cap, restrictions and fee.

    Refused: neither or both of ``tournament`` and ``new``; a tournament of another club or
    already in an event; the new tournament's fields as ``create_tournament`` refuses them;
    the section's values as :func:`check_section` refuses them."""
    if (tournament is None) == (new is None):
        raise ValidationError(_("Choose a tournament or describe a new one."))
    unknown = sorted(set(section) - set(SECTION_FIELDS))
    if new is not None:
        unknown += sorted(set(new) - {*TOURNAMENT_SETTINGS, "name", "slug"})
    if unknown:
        raise ValidationError({name: _("This field cannot be set here.") for name in unknown})
    if new is not None and not (new.get("name") or "").strip():
        raise ValidationError({"name": _("The tournament needs a name.")})
    with change(actor=actor, role=roles.organiser_of_event(event), tournament=tournament) as unit:
        current = Event.objects.select_related("club").get(pk=event.pk)
        if tournament is None:
            tournament = _new_tournament(unit, current, dict(new or {}))
        else:
            tournament = unit.tournament
            _check_attachable(current, tournament)
        highest = Section.objects.filter(event=current).aggregate(n=Max("order"))["n"] or 0
        row = Section(event=current, tournament=tournament, order=highest + 1)
        for name, value in section.items():
            setattr(row, name, value)
        check_section(row)
        row.full_clean()
        row.save()
        unit.audit(
            AuditAction.SECTION_ADDED,
            params={"event": current.name, "tournament": tournament.name},
            tournament=tournament,
            after=snapshot(row, ["event", "tournament", *SECTION_FIELDS]),
        )
    return row


def _new_tournament(unit: Any, event: Event, fields: dict[str, Any]) -> Tournament:
    fields.setdefault("start_date", event.start_date)
    fields.setdefault("end_date", event.end_date)
    fields.setdefault("city", event.city)
    fields["club"] = event.club
    for name in ("start_date", "end_date"):
        day = fields[name]
        if day is not None and not event.start_date <= day <= event.end_date:
            raise ValidationError({name: _("A section is played within the event's dates.")})
    name = fields.pop("name").strip()
    start, end = fields.pop("start_date"), fields.pop("end_date")
    if end < start:
        raise ValidationError({"end_date": _("The end date cannot be before the start date.")})
    return write_tournament(unit, name=name, start_date=start, end_date=end, **fields)


def _check_attachable(event: Event, tournament: Tournament) -> None:
    if tournament.club_id != event.club_id:
        raise ValidationError({"tournament": _("A section is a tournament of the event's club.")})
    if Section.objects.filter(tournament=tournament).exists():
        raise ValidationError(
            {
                "tournament": _("%(tournament)s is a section of an event already.")
                % {"tournament": tournament.name}
            }
        )


def update_section(*, actor: Actor, section: Section, changes: Mapping[str, Any]) -> Section:
    """Change a section's order, cap, restrictions or fee; changing nothing records nothing.
    Refused: what :func:`check_section` refuses (a cap below the entries accepted, read under
    the tournament's lock so no entry is accepted meanwhile)."""
    event = section.event
    with change(
        actor=actor, role=roles.organiser_of_event(event), tournament=section.tournament
    ) as unit:
        current = Section.objects.select_related("event").get(pk=section.pk)
        changed = apply_changes(current, changes, editable=SECTION_FIELDS, validate=check_section)
        if not changed:
            return current
        unit.audit(
            AuditAction.SECTION_CHANGED,
            params={
                "event": current.event.name,
                "tournament": unit.tournament.name,
                "fields": changed.fields,
            },
            tournament=unit.tournament,
            before=changed.before,
            after=changed.after,
        )
    return current


def remove_section(*, actor: Actor, section: Section) -> None:
    """Take a section out of its event; its tournament stays, as a tournament of its own.
    Refused once a round of it is paired, or while it has entries not withdrawn or rejected
    (they would be lost)."""
    event = section.event
    with change(
        actor=actor, role=roles.organiser_of_event(event), tournament=section.tournament
    ) as unit:
        current = Section.objects.select_related("event").get(pk=section.pk)
        if Round.objects.filter(tournament=unit.tournament).exists():
            raise ValidationError(
                _("%(tournament)s has paired rounds: it stays a section of the event.")
                % {"tournament": unit.tournament.name}
            )
        if current.entries.filter(status__in=LIVE_ENTRY_STATUSES).exists():
            raise ValidationError(
                _("%(tournament)s has entries: withdraw or reject them first.")
                % {"tournament": unit.tournament.name}
            )
        unit.audit(
            AuditAction.SECTION_REMOVED,
            params={"event": current.event.name, "tournament": unit.tournament.name},
            tournament=unit.tournament,
            before=snapshot(current, ["event", "tournament", *SECTION_FIELDS]),
        )
        current.delete()


def set_discounts(
    *, actor: Actor, event: Event, discounts: Iterable[Mapping[str, Any]]
) -> list[Discount]:
    """Replace the event's discounts (each: ``kind``, ``age`` for juniors and seniors,
    ``percent``); the same discounts again record nothing. Refused: an unknown kind, a
    percentage outside 1–100, an age missing (juniors, seniors) or out of bounds, the same
    group twice."""
    wanted = [_discount(item) for item in discounts]
    groups = [(kind, age) for kind, age, _percent in wanted]
    if len(set(groups)) != len(groups):
        raise ValidationError(_("Each group has one discount."))
    with change(actor=actor, role=roles.organiser_of_event(event)) as unit:
        current = Event.objects.get(pk=event.pk)
        before = sorted(
            Discount.objects.filter(event=current).values_list("kind", "age", "percent")
        )
        if before == sorted(wanted):
            return list(Discount.objects.filter(event=current))
        Discount.objects.filter(event=current).delete()
        rows = Discount.objects.bulk_create(
            Discount(event=current, kind=kind, age=age, percent=percent)
            for kind, age, percent in wanted
        )
        unit.audit(
            AuditAction.EVENT_CHANGED,
            params={"variant": "discounts", "event": current.name, "count": len(rows)},
            before={"discounts": [list(item) for item in before]},
            after={"discounts": [list(item) for item in sorted(wanted)]},
        )
    return rows


def _discount(item: Mapping[str, Any]) -> tuple[str, int | None, int]:
    kind, age, percent = item.get("kind"), item.get("age"), item.get("percent")
    if kind not in DiscountKind.values:
        raise ValidationError({"kind": _("Choose who gets the discount.")})
    if isinstance(percent, bool) or not isinstance(percent, int) or not 1 <= percent <= 100:
        raise ValidationError({"percent": _("A discount is from 1 to 100 per cent.")})
    if kind in AGED_KINDS:
        if isinstance(age, bool) or not isinstance(age, int) or not AGE_MIN <= age <= AGE_MAX:
            raise ValidationError(
                {
                    "age": _("Give the age (from %(min)d to %(max)d) for juniors and seniors.")
                    % {"min": AGE_MIN, "max": AGE_MAX}
                }
            )
    else:
        age = None
    return kind, age, percent

"""Reads of an event's online entries: who may enter what, the lists, the fees.

The rules themselves are pure (:mod:`rules.eligibility`); this module reads the facts they
need (a player's rating in a section's list, the event's discounts) and tells the reasons a
section is closed to a player in words.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from events.enums import LIVE_ENTRY_STATUSES, EntryStatus
from events.models import Entry, Event, Section
from events.queries.sections import sections_of
from players.enums import Sex
from players.models import Player
from ratings.queries.players import rating_in_list
from rules import eligibility as el
from tournaments.enums import TournamentStatus

#: The statuses of an entry that holds a place or a place in line.
HOLDING = (EntryStatus.ACCEPTED, EntryStatus.WAITING)


def entries_closed(event: Event, now: datetime.datetime | None = None) -> bool:
    """Whether online entries to ``event`` are closed now."""
    now = now or timezone.now()
    return not event.entries_open or (
        event.entries_close_at is not None and now >= event.entries_close_at
    )


def section_closed(section: Section) -> bool:
    """A section whose tournament is finished takes no entries."""
    return section.tournament.status == TournamentStatus.FINISHED


def kind_of(section: Section) -> tuple[str, str] | None:
    """A section's kind: the game and time control of its tournament's rating list (an
    unrated section has none and is of no kind)."""
    rating_list = section.tournament.rating_list
    if rating_list is None:
        return None
    return (rating_list.game, rating_list.time_control)


def rating_of(player: Player | None, section: Section) -> int | None:
    """``player``'s rating in the section tournament's list (published, else live, else the
    starting rating); ``None``: unrated there."""
    return rating_in_list(section.tournament.rating_list_id, player)


def restrictions(section: Section) -> el.Restrictions:
    return el.Restrictions(
        rating_min=section.rating_min,
        rating_max=section.rating_max,
        age_min=section.age_min,
        age_max=section.age_max,
        sex=section.sex,
        rated=section.rated,
    )


def player_facts(player: Player, section: Section | None = None) -> el.Facts:
    return el.Facts(
        sex=player.sex,
        birth_year=player.birth_year,
        rating=rating_of(player, section) if section is not None else None,
        title=player.title,
        club_id=player.club_id,
    )


def guest_facts(
    sex: str, birth_year: int | None, player: Player | None, section: Section
) -> el.Facts:
    """A guest's facts: those of the player their FIDE ID names, else what they typed."""
    if player is not None:
        facts = player_facts(player, section)
        if facts.birth_year is None:
            facts = el.Facts(facts.sex, birth_year, facts.rating, facts.title, facts.club_id)
        return facts
    return el.Facts(sex=sex, birth_year=birth_year)


def refusals(section: Section, facts: el.Facts) -> list[el.Refusal]:
    return el.refusals(restrictions(section), facts, section.event.start_date.year)


def reason(refusal: el.Refusal) -> str:
    """A reason a player may not enter a section, in words."""
    value = refusal.value
    words = {
        el.RATING_BELOW: _("for players rated %(value)s or more"),
        el.RATING_ABOVE: _("for players rated up to %(value)s"),
        el.UNRATED_IN_BAND: _("for players with a rating in its band"),
        el.NEEDS_RATING: _("for rated players only"),
        el.NEEDS_UNRATED: _("for unrated players only"),
        el.TOO_OLD: _("for players under %(value)s on 1 January"),
        el.TOO_YOUNG: _("for players aged %(value)s or more on 1 January"),
        el.AGE_UNKNOWN: _("restricted by age: your birth year is not known"),
    }
    if refusal.code == el.WRONG_SEX:
        return _("for women only") if value == Sex.FEMALE else _("for men only")
    return words[refusal.code] % {"value": value}


def reasons(section: Section, facts: el.Facts) -> list[str]:
    return [reason(refusal) for refusal in refusals(section, facts)]


def fee_for(section: Section, facts: el.Facts) -> el.Fee:
    """The section's fee for ``facts``' player, with the largest discount of the event."""
    event = section.event
    discounts = [el.Discount(d.kind, d.percent, d.age) for d in event.discounts.all()]
    return el.fee(section.fee, discounts, facts, event.start_date.year, event.club_id)


def suggested(event: Event, sex: str, birth_year: int | None) -> list[Section]:
    """The sections a guest of this sex and birth year may enter, most specific first."""
    sections = sections_of(event)
    keys = el.suggest(
        ((s.pk, restrictions(s), None) for s in sections),
        el.Facts(sex=sex, birth_year=birth_year),
        event.start_date.year,
    )
    by_pk = {s.pk: s for s in sections}
    return [by_pk[pk] for pk in keys]


def live_entries(section: Section) -> Iterable[Entry]:
    return Entry.objects.filter(section=section, status__in=LIVE_ENTRY_STATUSES)


def accepted_count(section: Section) -> int:
    return Entry.objects.filter(section=section, status=EntryStatus.ACCEPTED).count()


def waiting(section: Section) -> list[Entry]:
    """The waiting list, in the order of the entries' confirmation."""
    return list(
        Entry.objects.filter(section=section, status=EntryStatus.WAITING)
        .select_related("player")
        .order_by("confirmed_at", "pk")
    )


def has_room(section: Section) -> bool:
    """A place is free and nobody is waiting for one."""
    if Entry.objects.filter(section=section, status=EntryStatus.WAITING).exists():
        return False
    return section.cap is None or accepted_count(section) < section.cap


def waiting_position(entry: Entry) -> int:
    """1 for the first in line."""
    ahead = [e.pk for e in waiting(entry.section)]
    return ahead.index(entry.pk) + 1 if entry.pk in ahead else 0


def entry_name(entry: Entry) -> str:
    if entry.player is not None:
        return entry.player.name
    return f"{entry.last_name}, {entry.first_name}" if entry.first_name else entry.last_name


def my_entries(player: Player | None) -> list[Entry]:
    """``player``'s live entries to events that have not ended, soonest first, with their
    sections, tournaments and events (one query)."""
    if player is None:
        return []
    return list(
        Entry.objects.filter(
            player=player,
            status__in=LIVE_ENTRY_STATUSES,
            section__event__end_date__gte=timezone.localdate(),
        )
        .select_related("section__event", "section__tournament")
        .order_by("section__event__start_date", "section__event__name", "section__order")
    )


def entries_of_player(event: Event, player: Player) -> dict[int, Entry]:
    """``player``'s live entries to the event's sections, by section."""
    return {
        e.section_id: e
        for e in Entry.objects.filter(
            section__event=event, player=player, status__in=LIVE_ENTRY_STATUSES
        )
    }


# --------------------------------------------------------------------------- public list


@dataclass
class ListedPlayer:
    number: int
    name: str
    rating: int | None
    federation: str
    club: str
    title: str = ""


@dataclass
class SectionList:
    section: Section
    accepted: list[ListedPlayer] = field(default_factory=list)
    waiting: list[ListedPlayer] = field(default_factory=list)


def _listed(number: int, entry: Entry) -> ListedPlayer:
    player = entry.player
    rating = entry.registration.rating_at_start if entry.registration else None
    if rating is None and player is not None:
        rating = rating_of(player, entry.section)
    return ListedPlayer(
        number=number,
        name=entry_name(entry),
        rating=rating,
        federation=(player.federation if player else "") or entry.federation,
        club=player.club.name if player and player.club else "",
        title=player.title if player else "",
    )


def public_list(event: Event) -> list[SectionList]:
    """Per section: the accepted players by rating (highest first), then the waiting list in
    its order. Never an e-mail address."""
    lists = []
    for section in sections_of(event):
        rows = (
            Entry.objects.filter(section=section, status__in=HOLDING)
            .select_related("player", "player__club", "registration", "section__tournament")
            .order_by("confirmed_at", "pk")
        )
        accepted = [e for e in rows if e.status == EntryStatus.ACCEPTED]
        listed = [_listed(0, e) for e in accepted]
        listed.sort(key=lambda p: (-(p.rating or 0), p.name))
        for number, row in enumerate(listed, start=1):
            row.number = number
        line = [
            _listed(n, e)
            for n, e in enumerate((e for e in rows if e.status == EntryStatus.WAITING), start=1)
        ]
        lists.append(SectionList(section, listed, line))
    return lists


# --------------------------------------------------------------------------- organiser


def organiser_entries(event: Event) -> dict[str, list[Entry]]:
    """The entries an organiser acts on, by status: pending, waiting, accepted."""
    rows = (
        Entry.objects.filter(
            section__event=event,
            status__in=(EntryStatus.PENDING, EntryStatus.WAITING, EntryStatus.ACCEPTED),
        )
        .select_related("player", "section", "section__tournament")
        .order_by("section__order", "section_id", "confirmed_at", "pk")
    )
    found: dict[str, list[Entry]] = {"pending": [], "waiting": [], "accepted": []}
    for entry in rows:
        found[entry.status].append(entry)
    return found


@dataclass(frozen=True)
class FeeRow:
    entry: Entry
    name: str
    section: str
    owed: Decimal
    paid: Decimal

    @property
    def balance(self) -> Decimal:
        return self.owed - self.paid


def _owed(entry: Entry) -> Decimal:
    live = entry.status in (EntryStatus.PENDING, EntryStatus.ACCEPTED, EntryStatus.WAITING)
    return entry.fee if live else Decimal(0)


@dataclass(frozen=True)
class Fees:
    rows: list[FeeRow]
    owed: Decimal
    paid: Decimal

    @property
    def balance(self) -> Decimal:
        return self.owed - self.paid


def fees(event: Event) -> Fees:
    """What every accepted, waiting or pending entry owes and has paid (and any other entry
    that paid something: a withdrawn player's refund is due), and the totals."""
    entries = (
        Entry.objects.filter(section__event=event)
        .filter(
            Q(status__in=(EntryStatus.PENDING, EntryStatus.ACCEPTED, EntryStatus.WAITING))
            | Q(paid__gt=0)
        )
        .select_related("player", "section__tournament")
        .order_by("last_name", "first_name", "pk")
    )
    rows = [FeeRow(e, entry_name(e), e.section.tournament.name, _owed(e), e.paid) for e in entries]
    rows.sort(key=lambda r: (r.name.casefold(), r.entry.pk))
    return Fees(
        rows, sum((r.owed for r in rows), Decimal(0)), sum((r.paid for r in rows), Decimal(0))
    )

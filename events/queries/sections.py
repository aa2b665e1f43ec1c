"""Events and their sections as the pages show them: the lists of events, an event's
sections with their entries, rounds and leaders, and who may enter a section told in words
(:func:`restrictions`, the one describer every page uses)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import formats
from django.utils.translation import gettext as _

from events.enums import EntryStatus, Rated
from events.models import Discount, Entry, Event, Section
from players.enums import Sex
from players.models import Player
from ratings.queries.tournaments import tournament_standings
from tournaments.enums import RoundStatus
from tournaments.models import Registration, Round, Tournament
from tournaments.queries import standings
from tournaments.queries.rounds import planned_rounds


def restrictions(section: Section) -> list[str]:
    """Who may enter ``section``, in words, one restriction each: "U12", "50+",
    "rating 1600–1999", "rating under 1800", "rating 2000+", "women", "rated players only";
    empty for a section open to all."""
    words: list[str] = []
    if section.age_max is not None:
        words.append(_("U%(age)d") % {"age": section.age_max})
    if section.age_min is not None:
        words.append(_("%(age)d+") % {"age": section.age_min})
    low, high = section.rating_min, section.rating_max
    if low is not None and high is not None:
        words.append(_("rating %(low)d–%(high)d") % {"low": low, "high": high})
    elif high is not None and (high + 1) % 50 == 0:
        words.append(_("rating under %(limit)d") % {"limit": high + 1})
    elif high is not None:
        words.append(_("rating up to %(high)d") % {"high": high})
    elif low is not None:
        words.append(_("rating %(low)d+") % {"low": low})
    if section.sex == Sex.FEMALE:
        words.append(_("women"))
    elif section.sex == Sex.MALE:
        words.append(_("men"))
    if section.rated == Rated.RATED:
        words.append(_("rated players only"))
    elif section.rated == Rated.UNRATED:
        words.append(_("unrated players only"))
    return words


def restrictions_text(section: Section) -> str:
    """:func:`restrictions` joined ("U18, rating under 1800"), or "open to all"."""
    return ", ".join(restrictions(section)) or _("open to all")


def discount_text(discount: Discount) -> str:
    """A discount in words: "juniors U18: −50%", "women: −20%"."""
    who = str(discount.get_kind_display())
    if discount.age is not None and discount.kind == "junior":
        who = _("juniors U%(age)d") % {"age": discount.age}
    elif discount.age is not None and discount.kind == "senior":
        who = _("seniors %(age)d+") % {"age": discount.age}
    return _("%(who)s: −%(percent)d%%") % {"who": who, "percent": discount.percent}


def fee_text(amount: Decimal, currency: str) -> str:
    """An entry fee as the pages show it: "15 EUR", "12.50 EUR", "free"."""
    if not amount:
        return _("free")
    places = 0 if amount == amount.to_integral_value() else 2
    return f"{formats.number_format(amount, decimal_pos=places)} {currency}"


def events_overview() -> QuerySet[Event]:
    """Every event, newest first, with its club and number of sections."""
    return (
        Event.objects.select_related("club")
        .annotate(sections_count=Count("sections"))
        .order_by("-start_date", "name")
    )


def upcoming_and_past(today: datetime.date) -> tuple[list[Event], list[Event]]:
    """The events not over yet (soonest first) and those over (latest first): one query."""
    events = list(events_overview())
    upcoming = sorted(
        (event for event in events if event.end_date >= today),
        key=lambda event: (event.start_date, event.name),
    )
    past = [event for event in events if event.end_date < today]
    return upcoming, past


def event_of(tournament: Tournament) -> Event | None:
    """The event ``tournament`` is a section of, if any: no query when the tournament was
    read with ``select_related("section__event")`` (:data:`WITH_EVENT`)."""
    try:
        return tournament.section.event
    except Section.DoesNotExist:
        return None


#: What to ``select_related`` on a tournament whose page names its event (:func:`event_of`).
WITH_EVENT = "section__event"


def sections_of(event: Event) -> list[Section]:
    """The event's sections in order, each with its tournament and rating list (one query)."""
    return list(
        Section.objects.filter(event=event)
        .select_related("tournament__rating_list")
        .order_by("order", "pk")
    )


def attachable_tournaments(event: Event) -> QuerySet[Tournament]:
    """The tournaments an organiser may make a section of ``event``: those of its club (of
    no club for an event without one) not yet in an event, newest first."""
    return (
        Tournament.objects.filter(club_id=event.club_id, section__isnull=True)
        .order_by("-start_date", "name")
        .select_related("rating_list")
    )


@dataclass
class SectionRow:
    """One section of an event as its pages show it."""

    section: Section
    tournament: Tournament
    restrictions: str
    fee: Decimal
    fee_text: str
    accepted: int
    cap: int | None
    players: int
    rounds_played: int
    rounds_planned: int | None
    leader: Player | None = None
    leader_points: Fraction | None = None


def section_rows(event: Event, *, leaders: bool = True) -> list[SectionRow]:
    """The event's sections in order with their entries (accepted of the cap), players,
    rounds published of planned and (``leaders``) the leader after the last complete round
    with their points: a fixed number of queries per section."""
    sections = (
        Section.objects.filter(event=event)
        .select_related("tournament__rating_list", "tournament__club")
        .annotate(
            accepted_count=_count(
                Entry.objects.filter(section=OuterRef("pk"), status=EntryStatus.ACCEPTED),
                "section",
            ),
            players_count=_count(
                Registration.objects.filter(tournament=OuterRef("tournament")), "tournament"
            ),
            rounds_count=_count(
                Round.objects.filter(
                    tournament=OuterRef("tournament"), status=RoundStatus.PUBLISHED
                ),
                "tournament",
            ),
        )
        .order_by("order", "pk")
    )
    rows = []
    for section in sections:
        tournament = section.tournament
        row = SectionRow(
            section=section,
            tournament=tournament,
            restrictions=restrictions_text(section),
            fee=section.fee,
            fee_text=fee_text(section.fee, event.currency),
            accepted=section.accepted_count,
            cap=section.cap,
            players=section.players_count,
            rounds_played=section.rounds_count,
            rounds_planned=planned_rounds(tournament, section.players_count),
        )
        if leaders and row.rounds_played:
            row.leader, row.leader_points = _leader(tournament)
        rows.append(row)
    return rows


def _count(rows: QuerySet, by: str) -> Coalesce:
    """The number of ``rows`` (filtered on the outer row) as a subquery: no join multiplies
    another's rows."""
    counted = rows.order_by().values(by).annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def _leader(tournament: Tournament) -> tuple[Player | None, Fraction | None]:
    data = tournament_standings(tournament)
    if not data.completed:
        return None, None
    table = standings.ranked(data, data.completed)
    if not table.rows:
        return None, None
    first = table.rows[0]
    return data.players[first.player.tpn], first.points

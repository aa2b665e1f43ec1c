"""A tournament's round schedule: when each round starts, as the organiser announced it."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Max

from events.models import RoundStart
from tournaments.models import Registration, Tournament
from tournaments.queries.rounds import highest_round_number, planned_rounds


def round_starts(tournament: Tournament) -> dict[int, RoundStart]:
    """The announced starts of ``tournament``'s rounds, by round number (one query)."""
    return {start.number: start for start in RoundStart.objects.filter(tournament=tournament)}


def event_round_starts(event_id: int) -> list[RoundStart]:
    """The announced round starts of every section of an event, with their tournaments, in
    the order of time (one query)."""
    return list(
        RoundStart.objects.filter(tournament__section__event_id=event_id)
        .select_related("tournament")
        .order_by("starts_at", "tournament__section__order", "number")
    )


def rounds_known(tournament: Tournament) -> int | None:
    """How many rounds the tournament has (a round robin's from its players), or ``None``
    when that is open (a manual tournament without a planned number)."""
    players = Registration.objects.filter(tournament=tournament).count()
    return planned_rounds(tournament, players) or None


def schedule_numbers(tournament: Tournament) -> list[int]:
    """The rounds the schedule form shows: every planned round; for a tournament of open
    length, the rounds paired or scheduled so far and the next one."""
    known = rounds_known(tournament)
    if known:
        return list(range(1, known + 1))
    paired = highest_round_number(tournament)
    scheduled = (
        RoundStart.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0
    )
    return list(range(1, max(paired, scheduled) + 2))


@dataclass(frozen=True)
class Clock:
    """What the venue screen's round clock shows: the round that starts next and when
    (``starts_at``), or the round being played (``playing``), or nothing to count to."""

    round: int | None = None
    starts_at: datetime.datetime | None = None
    playing: bool = False


def round_clock(
    tournament: Tournament, published: list[int], now: datetime.datetime, unfinished: bool
) -> Clock:
    """The clock at ``now``. ``published``: the numbers of the published rounds;
    ``unfinished``: the latest of them has games without a result.

    The latest published round whose start is still ahead (pairings are up before the
    start): counting down to it; else that round while it is being played; else the round
    after it, if its start is ahead; else nothing (a later round is never counted down to
    before the one in between is published)."""
    latest = published[-1] if published else 0
    starts = dict(
        RoundStart.objects.filter(
            tournament=tournament, number__in=[latest, latest + 1], starts_at__gt=now
        ).values_list("number", "starts_at")
    )
    if latest in starts:
        return Clock(round=latest, starts_at=starts[latest])
    if latest and unfinished:
        return Clock(round=latest, playing=True)
    if latest + 1 in starts:
        return Clock(round=latest + 1, starts_at=starts[latest + 1])
    return Clock()


def line_up_deadline(tournament: Tournament, number: int) -> datetime.datetime | None:
    """When captains' line-ups for round ``number`` close: the round's announced start less
    the tournament's line-up deadline (``Tournament.team_line_up_deadline`` minutes);
    ``None``: no deadline (none set, or the round's start is not announced), they close when
    the round is paired."""
    if tournament.team_line_up_deadline is None:
        return None
    start = RoundStart.objects.filter(tournament=tournament, number=number).first()
    if start is None:
        return None
    return start.starts_at - datetime.timedelta(minutes=tournament.team_line_up_deadline)

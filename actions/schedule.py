"""A tournament's round schedule: when each round starts.

set_schedule(*, actor, tournament, starts) -> dict[int, RoundStart]
"""

from __future__ import annotations

import datetime
import itertools

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import change
from events.models import RoundStart
from events.queries.schedule import round_starts, rounds_known
from tournaments.limits import max_rounds
from tournaments.models import Tournament

#: The form field of round ``n`` (the refusals name it, so the error shows next to it).
FIELD = "round_{}"


def set_schedule(
    *, actor: Actor, tournament: Tournament, starts: dict[int, datetime.datetime | None]
) -> dict[int, RoundStart]:
    """Set the announced start of each round in ``starts`` (``None``: no start announced);
    rounds not in ``starts`` keep theirs. Answers the whole schedule, by round number.

    Changing nothing records nothing. Refused, with nothing written: a round number below 1
    or beyond the tournament's rounds, a start without a time zone, a round that starts no
    later than the round before it (in the schedule as it would be).
    """
    for number, start in starts.items():
        field = FIELD.format(number)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ValidationError(_("A round is numbered from 1."))
        if start is not None and timezone.is_naive(start):
            raise ValidationError({field: _("Give the start with its time zone.")})
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current = unit.tournament
        _check_numbers(current, starts)
        existing = round_starts(current)
        before = {number: start.starts_at for number, start in existing.items()}
        after = dict(before)
        for number, start in starts.items():
            if start is None:
                after.pop(number, None)
            else:
                after[number] = start
        _check_order(after)
        changed = sorted(n for n in set(before) | set(after) if before.get(n) != after.get(n))
        if not changed:
            return existing
        now = timezone.now()
        RoundStart.objects.filter(tournament=current, number__in=changed).delete()
        RoundStart.objects.bulk_create(
            RoundStart(tournament=current, number=number, starts_at=after[number], changed_at=now)
            for number in changed
            if number in after
        )
        unit.audit(
            AuditAction.TOURNAMENT_CHANGED,
            params={"variant": "schedule", "rounds": ", ".join(map(str, changed))},
            tournament=current,
            before=_iso(before, changed),
            after=_iso(after, changed),
        )
    return round_starts(tournament)


def _check_numbers(tournament: Tournament, starts: dict[int, datetime.datetime | None]) -> None:
    total = rounds_known(tournament) or max_rounds()
    beyond = sorted(number for number in starts if number > total)
    if beyond:
        message = _("The tournament has only %(total)d rounds.") % {"total": total}
        raise ValidationError({FIELD.format(number): message for number in beyond})


def _check_order(schedule: dict[int, datetime.datetime]) -> None:
    numbers = sorted(schedule)
    for earlier, later in itertools.pairwise(numbers):
        if schedule[later] <= schedule[earlier]:
            raise ValidationError(
                {
                    FIELD.format(later): _("Round %(round)d must start after round %(earlier)d.")
                    % {"round": later, "earlier": earlier}
                }
            )


def _iso(schedule: dict[int, datetime.datetime], numbers: list[int]) -> dict[str, str | None]:
    return {
        str(number): schedule[number].isoformat() if number in schedule else None
        for number in numbers
    }

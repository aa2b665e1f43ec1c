"""Check-in: the tournament's rule, the round a check-in is for now, the roll call and each
player's self check-in code.

A player's code is derived, not stored: an HMAC of the site's secret key, the tournament and
the registration, written as 6 characters of an alphabet without the letters and digits one
confuses (``I L O 0 1``). Changing ``SECRET_KEY`` changes every code.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from django.utils.crypto import salted_hmac

from events.models import CheckIn, CheckInRule, CheckInSetting
from ratings.queries.tournaments import ratings_at_start
from tournaments.enums import PairingSystem, TournamentStatus
from tournaments.models import Registration, RequestedBye, Tournament
from tournaments.queries.rounds import highest_round_number, planned_rounds

#: The characters of a code: no I, L, O, 0 or 1.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
_SALT = "clubrating.check-in"


def check_in_rule(tournament: Tournament) -> str:
    """The tournament's rule (:class:`~events.models.CheckInRule`); ``off`` when none is set."""
    setting = CheckInSetting.objects.filter(tournament=tournament).first()
    return setting.rule if setting is not None else CheckInRule.OFF


def rule_applies(tournament: Tournament, number: int, rule: str | None = None) -> bool:
    """Whether players must check in for round ``number`` (pairing it leaves out who has not)."""
    rule = check_in_rule(tournament) if rule is None else rule
    return rule == CheckInRule.EVERY or (rule == CheckInRule.FIRST and number == 1)


def check_in_round(tournament: Tournament, rule: str | None = None) -> int | None:
    """The round players check in for now: the next round to pair, if the rule asks for a
    check-in before it; ``None`` when there is none (no rule, round 1 paired under the rule
    "before round 1", all rounds paired, a finished or manually paired tournament)."""
    if tournament.status == TournamentStatus.FINISHED:
        return None
    if tournament.pairing_system == PairingSystem.MANUAL:
        return None
    number = highest_round_number(tournament) + 1
    total = planned_rounds(tournament, tournament.registrations.count())
    if total and number > total:
        return None
    return number if rule_applies(tournament, number, rule) else None


def code_of(registration: Registration) -> str:
    """The registration's self check-in code (6 characters of :data:`ALPHABET`)."""
    digest = salted_hmac(
        _SALT, f"{registration.tournament_id}:{registration.pk}", algorithm="sha256"
    ).digest()
    value = int.from_bytes(digest, "big")
    letters = []
    for _ in range(CODE_LENGTH):
        value, index = divmod(value, len(ALPHABET))
        letters.append(ALPHABET[index])
    return "".join(letters)


def normalised(code: str) -> str:
    """A code as typed, made comparable: upper case, without spaces or dashes."""
    return "".join(code.split()).replace("-", "").upper()


def registration_by_code(tournament: Tournament, code: str) -> Registration | None:
    """The tournament's registration whose code is ``code`` (as typed), else ``None``."""
    typed = normalised(code)
    if len(typed) != CODE_LENGTH:
        return None
    found = None
    for registration in Registration.objects.filter(tournament=tournament).select_related("player"):
        if hmac.compare_digest(code_of(registration), typed):
            found = registration
    return found


@dataclass(frozen=True)
class RollCallRow:
    """One player of the roll call."""

    registration: Registration
    rating: int | None
    check_in: CheckIn | None

    @property
    def present(self) -> bool:
        return self.check_in is not None


def expected(tournament: Tournament, number: int) -> list[Registration]:
    """The players who must check in for round ``number``: not withdrawn before it and
    without a bye they asked for in it, by name."""
    excused = set(
        RequestedBye.objects.filter(
            registration__tournament=tournament, round_number=number
        ).values_list("registration_id", flat=True)
    )
    registrations = (
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("player__last_name", "player__first_name", "pk")
    )
    return [r for r in registrations if r.plays_in(number) and r.pk not in excused]


def roll_call(tournament: Tournament, number: int) -> list[RollCallRow]:
    """Each player who must check in for round ``number``, by name, with their rating at the
    start and their check-in (``None``: not checked in)."""
    registrations = expected(tournament, number)
    ratings = ratings_at_start(tournament, registrations)
    check_ins = {
        c.registration_id: c
        for c in CheckIn.objects.filter(registration__tournament=tournament, round_number=number)
    }
    return [RollCallRow(r, ratings.get(r.player_id), check_ins.get(r.pk)) for r in registrations]


def not_checked_in(tournament: Tournament, number: int) -> list[Registration]:
    """The players who must check in for round ``number`` and have not, by name."""
    present = set(
        CheckIn.objects.filter(
            registration__tournament=tournament, round_number=number
        ).values_list("registration_id", flat=True)
    )
    return [r for r in expected(tournament, number) if r.pk not in present]


def registration_of_account(tournament: Tournament, user: object) -> Registration | None:
    """The registration in ``tournament`` of the player whose account ``user`` is."""
    if not getattr(user, "is_authenticated", False) or getattr(user, "pk", None) is None:
        return None
    return (
        Registration.objects.filter(tournament=tournament, player__account=user)
        .select_related("player")
        .first()
    )

"""Check-in before a round: the rule, the arbiter's roll call, the players' own check-in and
leaving out of a round the players who did not check in.

    set_check_in_rule(*, actor, tournament, rule) -> str          # the organiser
    check_in(*, actor, registration, round_number) -> CheckIn     # the arbiter
    undo_check_in(*, actor, registration, round_number) -> None   # the arbiter
    self_check_in(*, actor, tournament, code=None) -> CheckIn     # the player, or their code
    leave_out_absent(unit, number, confirmed)                     # pairing's step
    take_back_left_out(round_number, tournament) -> names         # discarding's step

A check-in is for the round the tournament pairs next and only while it is not paired
(:func:`events.queries.check_in.check_in_round`). Checking in twice, or undoing what is not
there, changes nothing and records nothing.

Pairing a Swiss (or McMahon) round the rule applies to leaves out the players who have not
checked in, once the arbiter confirmed it: each gets a zero-point bye for the round (TRF
``0000 - Z``: a player who is not paired scores nothing for the round unless the regulations
grant a bye; the pairing-allocated bye ``U`` goes to a player who is present), recorded as a
requested bye of kind ``Z`` that the pairing engines read like any other, and a
:class:`~events.models.LeftOut` row, so that discarding the draft takes the bye back and the
player is on the roll call again. A round robin cannot leave anybody out: there check-in is a
roll call and the absent player's games are forfeits the arbiter enters.
"""

from __future__ import annotations

from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import roles
from core.audit import saved_user
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import Unit, change
from events.models import CheckIn, CheckInRule, CheckInSetting, CheckInWay, LeftOut
from events.queries.check_in import (
    check_in_round,
    check_in_rule,
    not_checked_in,
    registration_by_code,
    registration_of_account,
    rule_applies,
)
from tournaments.enums import ByeKind, PairingSystem
from tournaments.models import Registration, RequestedBye, Tournament


class NotCheckedIn(ValidationError):
    """Pairing would leave out players who have not checked in: the arbiter must confirm it
    (pass their registrations' ids as ``absent_confirmed``). Nothing is written."""

    def __init__(self, missing: list[Registration], number: int) -> None:
        self.missing = missing
        self.number = number
        super().__init__(
            ngettext(
                "%(count)d player has not checked in: %(names)s. They will not be paired in "
                "round %(round)d and score what the regulations give an absent player.",
                "%(count)d players have not checked in: %(names)s. They will not be paired "
                "in round %(round)d and score what the regulations give an absent player.",
                len(missing),
            )
            % {
                "count": len(missing),
                "names": ", ".join(str(r.player) for r in missing),
                "round": number,
            },
            code="not_checked_in",
        )


def set_check_in_rule(*, actor: Actor, tournament: Tournament, rule: str) -> str:
    """Set when players must check in (:class:`~events.models.CheckInRule`). The same rule
    again changes nothing. Refused: an unknown rule; a rule other than "off" for a manually
    paired tournament (nothing is paired by the program there)."""
    if rule not in CheckInRule.values:
        raise ValidationError({"rule": _("Choose when players check in.")})
    if rule != CheckInRule.OFF and tournament.pairing_system == PairingSystem.MANUAL:
        raise ValidationError(
            {
                "rule": _(
                    "This tournament is paired by hand: there is no pairing to leave anyone out of."
                )
            }
        )
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        before = check_in_rule(unit.tournament)
        if before == rule:
            return rule
        CheckInSetting.objects.update_or_create(tournament=unit.tournament, defaults={"rule": rule})
        unit.audit(
            AuditAction.CHECK_IN_RULE_SET,
            params={"variant": rule},
            tournament=unit.tournament,
            before={"check_in": before},
            after={"check_in": rule},
        )
    return rule


def _open_round(tournament: Tournament, round_number: int) -> None:
    """Refuse unless players check in for ``round_number`` now."""
    current = check_in_round(tournament)
    if current is None:
        raise ValidationError(_("There is no check-in open in this tournament now."))
    if round_number != current:
        raise ValidationError(
            _("Check-in is open for round %(round)d only: reload the page.") % {"round": current}
        )


def _expected(registration: Registration, round_number: int) -> None:
    if not registration.plays_in(round_number):
        raise ValidationError(_("%(player)s has withdrawn.") % {"player": registration.player})
    if RequestedBye.objects.filter(registration=registration, round_number=round_number).exists():
        raise ValidationError(
            _("%(player)s has a bye in round %(round)d: cancel it first.")
            % {"player": registration.player, "round": round_number}
        )


def _record(unit: Unit, registration: Registration, round_number: int, way: str) -> CheckIn:
    existing = CheckIn.objects.filter(registration=registration, round_number=round_number).first()
    if existing is not None:
        return existing
    row = CheckIn.objects.create(
        registration=registration,
        round_number=round_number,
        at=timezone.now(),
        by=saved_user(unit.actor),
        way=way,
    )
    unit.audit(
        AuditAction.CHECKED_IN,
        params={"variant": way, "player": str(registration.player), "round": round_number},
        tournament=unit.tournament,
        player=registration.player,
        after={"round": round_number, "way": way},
    )
    return row


def check_in(*, actor: Actor, registration: Registration, round_number: int) -> CheckIn:
    """Mark ``registration``'s player present for ``round_number`` (the arbiter's tap).

    Refused: no check-in open for that round (no rule, another round, the round paired); a
    withdrawn player; a player with a bye in the round."""
    tournament = registration.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = Registration.objects.select_related("player").get(pk=registration.pk)
        _open_round(unit.tournament, round_number)
        _expected(current, round_number)
        return _record(unit, current, round_number, CheckInWay.ARBITER)


def undo_check_in(*, actor: Actor, registration: Registration, round_number: int) -> None:
    """Mark ``registration``'s player absent again for ``round_number``.

    Refused: no check-in open for that round (the round paired: too late)."""
    tournament = registration.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current = Registration.objects.select_related("player").get(pk=registration.pk)
        _open_round(unit.tournament, round_number)
        existing = CheckIn.objects.filter(registration=current, round_number=round_number).first()
        if existing is None:
            return
        existing.delete()
        unit.audit(
            AuditAction.CHECK_IN_UNDONE,
            params={"player": str(current.player), "round": round_number},
            tournament=unit.tournament,
            player=current.player,
            before={"round": round_number, "way": existing.way},
        )


def self_check_in(*, actor: Actor, tournament: Tournament, code: str | None = None) -> CheckIn:
    """Check oneself in for the round open now: a signed-in player of the tournament
    (``code=None``), or anyone who types a player's code (that player is checked in).

    Refused (nothing written): no check-in open now; a code that is no player's of this
    tournament (``code="wrong_code"``, the face throttles these); a signed-in user who plays
    in no tournament round here; a withdrawn player or one with a bye in the round."""
    if code is not None:
        registration = registration_by_code(tournament, code)
        if registration is None:
            wrong = ValidationError(
                _("This is not a check-in code of this tournament."), code="wrong_code"
            )
            raise ValidationError({"code": wrong})
    else:
        registration = registration_of_account(tournament, actor)
        if registration is None:
            raise ValidationError(_("You do not play in this tournament."))
    role = roles.self_checker_of(registration, code)
    with change(actor=actor, role=role, tournament=tournament) as unit:
        current = Registration.objects.select_related("player").get(pk=registration.pk)
        number = check_in_round(unit.tournament)
        if number is None:
            raise ValidationError(_("There is no check-in open in this tournament now."))
        _expected(current, number)
        return _record(unit, current, number, CheckInWay.SELF)


def leave_out_absent(unit: Unit, number: int, confirmed: Collection[int] | None) -> None:
    """Pairing's step, in its unit, before the round is paired: when the rule applies to
    round ``number`` of a Swiss or McMahon tournament, the players who have not checked in
    get a zero-point bye for it (a requested bye of kind ``Z``) so that the engines leave
    them out. Raises :class:`NotCheckedIn` (the pairing then writes nothing) unless
    ``confirmed`` is exactly their registrations' ids."""
    tournament = unit.tournament
    if tournament.is_round_robin or not rule_applies(tournament, number):
        return
    missing = not_checked_in(tournament, number)
    if not missing:
        return
    if confirmed is None or set(confirmed) != {r.pk for r in missing}:
        raise NotCheckedIn(missing, number)
    for registration in missing:
        bye = RequestedBye.objects.create(
            registration=registration, round_number=number, kind=ByeKind.ZERO
        )
        LeftOut.objects.create(bye=bye)
    for registration in missing:
        unit.audit(
            AuditAction.LEFT_OUT_ABSENT,
            params={"player": str(registration.player), "round": number},
            tournament=tournament,
            player=registration.player,
            after={"round": number, "kind": ByeKind.ZERO},
        )


def take_back_left_out(round_number: int, tournament: Tournament) -> list[str]:
    """Discarding's step, in its unit: delete the zero-point byes pairing gave round
    ``round_number``'s players who had not checked in (they are on the roll call again).
    Answers their names."""
    byes = RequestedBye.objects.filter(
        registration__tournament=tournament, round_number=round_number, left_out__isnull=False
    ).select_related("registration__player")
    names = sorted(str(bye.registration.player) for bye in byes)
    byes.delete()
    return names

"""Byes asked for in advance, and forbidden pairs.

request_bye(*, actor, registration, round_number, kind) -> RequestedBye
cancel_bye(*, actor, registration, round_number) -> None
add_forbidden_pair(*, actor, tournament, player_a, player_b) -> ForbiddenPair
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from actions.boards import entered
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import change
from players.models import Player
from tournaments.enums import ByeKind
from tournaments.models import ForbiddenPair, Game, Registration, RequestedBye, Tournament
from tournaments.queries.rounds import highest_round_number


def request_bye(
    *, actor: Actor, registration: Registration, round_number: int, kind: str
) -> RequestedBye:
    """Record that a player will not play ``round_number`` (``H`` half point, ``Z`` none).

    Asking again for the same bye changes nothing and records nothing. Refused: an unknown
    kind; a round robin; a round that is already paired or beyond the last round; a withdrawn
    player; a half-point bye beyond the tournament's ``max_half_point_byes`` for the player.
    """
    if kind not in ByeKind.values:
        raise ValidationError({"kind": _("A requested bye is H or Z.")})
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise ValidationError({"round_number": _("The round must be a whole number from 1.")})
    tournament = registration.tournament
    if tournament.is_round_robin:
        raise ValidationError(_("A round robin has no requested byes."))
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        current_tournament = unit.tournament
        current = Registration.objects.select_related("player").get(pk=registration.pk)
        if round_number <= highest_round_number(current_tournament):
            raise ValidationError(
                {"round_number": _("Round %(round)d is already paired.") % {"round": round_number}}
            )
        if current_tournament.rounds_planned and round_number > current_tournament.rounds_planned:
            raise ValidationError(
                {
                    "round_number": _("The tournament has only %(total)d rounds.")
                    % {"total": current_tournament.rounds_planned}
                }
            )
        if not current.plays_in(round_number):
            raise ValidationError(_("%(player)s has withdrawn.") % {"player": current.player})
        _check_half_point_byes(current_tournament, current, round_number, kind)
        existing = RequestedBye.objects.filter(
            registration=current, round_number=round_number
        ).first()
        if existing is not None and existing.kind == kind:
            return existing  # submitted twice
        previous = None if existing is None else existing.kind
        bye, _created = RequestedBye.objects.update_or_create(
            registration=current, round_number=round_number, defaults={"kind": kind}
        )
        unit.audit(
            AuditAction.BYE_REQUESTED,
            params={"player": current.player.name, "kind": kind, "round": round_number},
            tournament=current_tournament,
            player=current.player,
            before=None if previous is None else {"round": round_number, "kind": previous},
            after={"round": round_number, "kind": kind},
        )
    return bye


def _check_half_point_byes(
    tournament: Tournament, registration: Registration, round_number: int, kind: str
) -> None:
    cap = tournament.max_half_point_byes
    if kind != ByeKind.HALF or cap is None:
        return
    taken = _half_point_bye_rounds(registration) - {round_number}
    if len(taken) >= cap:
        raise ValidationError(
            {
                "kind": _(
                    "Half-point byes per player in this tournament: at most %(cap)d; "
                    "%(player)s already has %(count)d."
                )
                % {"player": registration.player, "count": len(taken), "cap": cap}
            }
        )


def _half_point_bye_rounds(registration: Registration) -> set[int]:
    """Rounds in which the player has (or asked for) a half-point bye."""
    requested = RequestedBye.objects.filter(
        registration=registration, kind=ByeKind.HALF
    ).values_list("round_number", flat=True)
    given = Game.objects.filter(
        round__tournament_id=registration.tournament_id,
        white_id=registration.player_id,
        black__isnull=True,
        result=ByeKind.HALF,
    ).values_list("round__number", flat=True)
    return set(requested) | set(given)


def cancel_bye(*, actor: Actor, registration: Registration, round_number: int) -> None:
    """Forget a requested bye for a round not yet paired (nothing to forget: nothing done)."""
    tournament = registration.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        if round_number <= highest_round_number(unit.tournament):
            raise ValidationError(_("Round %(round)d is already paired.") % {"round": round_number})
        bye = (
            RequestedBye.objects.filter(registration=registration, round_number=round_number)
            .select_related("registration__player")
            .first()
        )
        if bye is None:
            return
        bye.delete()
        unit.audit(
            AuditAction.BYE_CANCELLED,
            params={"player": bye.registration.player.name, "round": round_number},
            tournament=unit.tournament,
            player=bye.registration.player,
            before={"round": round_number, "kind": bye.kind},
        )


def add_forbidden_pair(
    *, actor: Actor, tournament: Tournament, player_a: Player, player_b: Player
) -> ForbiddenPair:
    """Two players who must never be paired together (checked from the next pairing on).

    Refused: the same player twice; a player not entered; the pair already forbidden.
    """
    if player_a.pk == player_b.pk:
        raise ValidationError(_("A player cannot be forbidden from playing themselves."))
    first, second = sorted((player_a, player_b), key=lambda p: p.pk)
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        present = entered(unit.tournament, [first, second])
        for player in (first, second):
            if player.pk not in present:
                raise ValidationError(
                    _("%(player)s is not entered in this tournament.") % {"player": player}
                )
        pair, created = ForbiddenPair.objects.get_or_create(
            tournament=unit.tournament, player_a=first, player_b=second
        )
        if not created:
            raise ValidationError(_("These two players are already a forbidden pair."))
        unit.audit(
            AuditAction.FORBIDDEN_PAIR_ADDED,
            params={"first": first.name, "second": second.name},
            tournament=unit.tournament,
            player=first,
            other_player=second,
        )
    return pair

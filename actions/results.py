"""Results: entering and correcting the result of a game (or a bye).

    record_result(*, actor, game, result, correction=False, expected_result=None,
                  later_rounds_confirmed=False) -> Game

The whole path of "an arbiter enters a result" is described in ``docs/architecture.md``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from actions import knockout, letters
from actions.boards import RATED_CODES, BoardChanged, check_result, describe, game_state
from actions.tournaments import refuse_if_finished
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import RESULTS, Unit, change
from tournaments.enums import GameStage, RoundStatus
from tournaments.models import Game, Registration, Round
from tournaments.queries.event import draw_refusal


def record_result(
    *,
    actor: Actor,
    game: Game,
    result: str,
    correction: bool = False,
    expected_result: str | None = None,
    later_rounds_confirmed: bool = False,
) -> Game:
    """Enter (or, with ``correction=True``, correct) the result of ``game`` and replay its
    rating list. ``""`` clears a result (a correction).

    Correcting a result of a round whose later rounds are already paired (their pairings
    used it) is refused with :class:`LaterRoundsPaired`, which names those rounds, unless
    ``later_rounds_confirmed``; the audit entry then records them.

    A correction in a period whose list is already published re-derives that list and every
    later one. The same result entered again changes nothing (a form submitted twice).
    ``expected_result`` is the result the form was based on: if the game's result is
    something else by now (somebody else entered it), :class:`BoardChanged` is raised.
    Refused: an unknown result code, a bye code for a game (or the reverse), a player no
    longer entered in the tournament, a round whose pairings are not published, a game that
    already has a result (without ``correction``).
    """
    errors = check_result(result, bye=game.black_id is None)
    if errors:
        raise ValidationError(errors)
    tournament = game.round.tournament
    with change(
        actor=actor,
        role=roles.arbiter_of(tournament),
        tournament=tournament,
        ratings=RESULTS,
        lists=[game.rating_list_id] if game.rating_list_id else (),
    ) as unit:
        current = enter_result(
            unit,
            game,
            result,
            correction=correction,
            expected_result=expected_result,
            later_rounds_confirmed=later_rounds_confirmed,
        )
    game.result = current.result
    return current


class LaterRoundsPaired(ValidationError):
    """A correction of a result that the pairings of later rounds used: confirm it first."""

    def __init__(self, rounds: list[int]) -> None:
        self.rounds = rounds
        super().__init__(
            ngettext(
                "Round %(rounds)s was paired with this result: confirm the correction.",
                "Rounds %(rounds)s were paired with this result: confirm the correction.",
                len(rounds),
            )
            % {"rounds": get_text_list([str(n) for n in rounds], _("and"))},
            code="later_rounds",
        )


def _entered(side: str) -> Exists:
    return Exists(
        Registration.objects.filter(
            tournament_id=OuterRef("round__tournament_id"), player_id=OuterRef(f"{side}_id")
        )
    )


def _refuse_unenterable(unit: Unit, current: Game) -> None:
    """Refuse a result in a finished tournament, an unpublished round, or for a player who is
    no longer entered."""
    refuse_if_finished(unit.tournament)
    if current.round.status != RoundStatus.PUBLISHED:
        raise ValidationError(
            _("Round %(round)d is not published: results cannot be entered yet.")
            % {"round": current.round.number}
        )
    errors = {}
    for field, player, present in (
        ("white", current.white, current.white_entered),
        ("black", current.black, current.black_entered),
    ):
        if player is not None and not present:
            errors[field] = _("%(player)s is not entered in this tournament.") % {"player": player}
    if errors:
        raise ValidationError(errors)


def enter_result(
    unit: Unit,
    game: Game,
    result: str,
    *,
    correction: bool = False,
    expected_result: str | None = None,
    later_rounds_confirmed: bool = False,
) -> Game:
    """The body of :func:`record_result`, for actions that enter a result in their own unit
    (confirming a player's report)."""
    current = (
        Game.objects.select_related("round", "white", "black")
        .annotate(white_entered=_entered("white"), black_entered=_entered("black"))
        .get(pk=game.pk)
    )
    _refuse_unenterable(unit, current)
    if current.result == result and result:
        return current
    if expected_result is not None and current.result != expected_result:
        raise BoardChanged()
    if current.result and not correction and current.result != result:
        raise ValidationError(
            {
                "result": _("This game already has a result (%(result)s); correct it instead.")
                % {"result": current.get_result_display()}
            }
        )
    if not current.result and result == "" and not correction:
        raise ValidationError({"result": _("Choose a result.")})
    if refusal := draw_refusal(unit.tournament, current, result):
        raise ValidationError({"result": refusal})
    previous = current.result
    if previous == result:
        return current
    number = current.round.number
    later = []
    if previous:
        later = list(
            Round.objects.filter(tournament_id=current.round.tournament_id, number__gt=number)
            .order_by("number")
            .values_list("number", flat=True)
        )
        if later and not later_rounds_confirmed:
            raise LaterRoundsPaired(later)
    before = game_state(current, number)
    current.result = result
    current.save(update_fields=["result"])
    if previous in RATED_CODES or result in RATED_CODES:
        unit.replay(
            _list_of(unit, current),
            from_date=unit.tournament.end_date,
            players=(current.white_id, current.black_id),
            tournaments=(unit.tournament.pk,),
        )
    params = describe(current, number)
    if previous:
        params["previous"] = previous
    after = game_state(current, number)
    if later:
        params["later"] = list(later)
        after["later_rounds_paired"] = later
    unit.audit(
        AuditAction.RESULT_CORRECTED if previous else AuditAction.RESULT_ENTERED,
        params=params,
        tournament=unit.tournament,
        player=current.white,
        other_player=current.black,
        before=before,
        after=after,
    )
    letters.result(unit, current, previous)
    if unit.tournament.is_knockout:
        knockout.add_tiebreak_games(unit, current)
    return current


def _list_of(unit: Unit, game: Game) -> Any:
    """The list ``game`` is rated in: its own (a knockout's tie-break game; locked by
    :func:`record_result`), none for a tie-break game without one, else the tournament's."""
    if game.rating_list_id is not None:
        return unit.lists[game.rating_list_id]
    if game.stage != GameStage.CLASSICAL:
        return None
    return unit.rating_list

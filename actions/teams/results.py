"""A team match's results: its boards, or a whole-match forfeit.

    record_board_result(*, actor, match, board, result, correction=False,
                        later_rounds_confirmed=False) -> Game
    set_match_outcome(*, actor, match, outcome, later_rounds_confirmed=False) -> TeamMatch

A board is an ordinary game: its result goes through :func:`actions.results.enter_result`
(and so replays the ratings exactly as an individual game's). A whole-match forfeit gives
each board's present player a forfeit win (``+-``/``-+``; both absent: ``--``), none rated.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from actions.results import enter_result
from actions.teams.rosters import refuse_unless_team
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import RESULTS, Unit, change
from tournaments.enums import RoundStatus, TeamMatchOutcome
from tournaments.models import Game, TeamMatch, TeamMember


def record_board_result(
    *,
    actor: Actor,
    match: TeamMatch,
    board: int,
    result: str,
    correction: bool = False,
    later_rounds_confirmed: bool = False,
) -> Game:
    """Enter (or correct) the result of board ``board`` (1..``team_boards``) of ``match``.

    Refused, nothing written: a board the match does not have; a match forfeited as a
    whole; whatever :func:`actions.results.record_result` refuses."""
    tournament = match.round.tournament
    with change(
        actor=actor, role=roles.arbiter_of(tournament), tournament=tournament, ratings=RESULTS
    ) as unit:
        refuse_unless_team(unit.tournament)
        current = TeamMatch.objects.select_related("round").get(
            pk=match.pk, round__tournament=unit.tournament
        )
        game = _board(current, board, unit.tournament.team_boards or 0)
        if current.outcome != TeamMatchOutcome.PLAYED:
            raise ValidationError(
                _("This match was forfeited as a whole: set it back to played first.")
            )
        return enter_result(
            unit,
            game,
            result,
            correction=correction,
            later_rounds_confirmed=later_rounds_confirmed,
        )


def _board(match: TeamMatch, board: object, boards: int) -> Game:
    game = None
    if isinstance(board, int) and not isinstance(board, bool):
        game = Game.objects.filter(team_match=match, team_board=board).first()
    if game is None:
        raise ValidationError(
            {
                "board": _("%(match)s has boards 1 to %(boards)d: there is no board %(board)s.")
                % {"match": match, "boards": boards, "board": board}
            }
        )
    return game


def set_match_outcome(
    *,
    actor: Actor,
    match: TeamMatch,
    outcome: str,
    later_rounds_confirmed: bool = False,
) -> TeamMatch:
    """Record that a team (or both) did not come: every board becomes a forfeit for the
    present side. ``played`` sets a forfeited match back to played (its boards cleared,
    to be entered). The same outcome again changes nothing.

    Refused, nothing written: an unknown outcome; a bye; a round not published."""
    if outcome not in TeamMatchOutcome.values:
        raise ValidationError({"outcome": _("Choose how the match ended.")})
    tournament = match.round.tournament
    with change(
        actor=actor, role=roles.arbiter_of(tournament), tournament=tournament, ratings=RESULTS
    ) as unit:
        refuse_unless_team(unit.tournament)
        current = TeamMatch.objects.select_related("round", "first", "second").get(
            pk=match.pk, round__tournament=unit.tournament
        )
        if current.second_id is None:
            raise ValidationError(_("A team with the bye has no match to forfeit."))
        if current.round.status != RoundStatus.PUBLISHED:
            raise ValidationError(
                _("Round %(round)d is not published: results cannot be entered yet.")
                % {"round": current.round.number}
            )
        if current.outcome == outcome:
            return current
        before = current.outcome
        current.outcome = outcome
        current.save(update_fields=["outcome"])
        _forfeit_boards(unit, current, later_rounds_confirmed)
        unit.audit(
            AuditAction.MATCH_OUTCOME_SET,
            params={"round": current.round.number, "match": str(current), "outcome": outcome},
            tournament=unit.tournament,
            before={"outcome": before},
            after={"outcome": outcome},
        )
    return current


def _forfeit_boards(unit: Unit, match: TeamMatch, later_rounds_confirmed: bool) -> None:
    first = set(
        TeamMember.objects.filter(team_id=match.first_id).values_list("player_id", flat=True)
    )
    for game in Game.objects.filter(team_match=match).order_by("team_board"):
        code = _forfeit_code(match.outcome, game.white_id in first)
        if game.result == code:
            continue
        enter_result(
            unit,
            game,
            code,
            correction=True,
            later_rounds_confirmed=later_rounds_confirmed,
        )


def _forfeit_code(outcome: str, first_is_white: bool) -> str:
    """The board's result for a whole-match outcome (``""``: played, to be entered)."""
    if outcome == TeamMatchOutcome.BOTH_ABSENT:
        return "--"
    if outcome == TeamMatchOutcome.PLAYED:
        return ""
    first_wins = outcome == TeamMatchOutcome.SECOND_ABSENT
    return "+-" if first_wins == first_is_white else "-+"

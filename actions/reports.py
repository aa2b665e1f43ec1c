"""Results reported by the players, confirmed or rejected by an arbiter.

report_result(*, actor, game, result) -> ResultReport   # a player, for their own game
confirm_report(*, actor, report) -> Game                 # an arbiter: records the result
reject_report(*, actor, report) -> None                  # an arbiter: forgets the report
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from actions import letters
from actions.results import enter_result
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import RESULTS, change
from tournaments.models import Game, ResultReport
from tournaments.queries.event import draw_refusal


def report_result(*, actor: Actor, game: Game, result: str) -> ResultReport:
    """A player reports the result of their own game, for an arbiter to confirm.

    The official result (``game.result``) does not change. Reporting again replaces the
    player's earlier report (the same report again changes nothing). Refused
    (``PermissionDenied``): not the player's game, the tournament does not let players report,
    the round is a draft or the result is already recorded. Refused (``ValidationError``):
    anything but ``1-0``, ``½-½``, ``0-1``.
    """
    if result not in roles.REPORTABLE_RESULTS:
        roles.require(roles.reporter_of(game).allows(actor))
        raise ValidationError({"result": _("Report 1-0, ½-½ or 0-1.")})
    tournament = game.round.tournament
    with change(actor=actor, role=roles.reporter_of(game), tournament=tournament) as unit:
        if refusal := draw_refusal(unit.tournament, game, result):
            raise ValidationError({"result": refusal})
        player = roles.player_of(actor)
        existing = ResultReport.objects.filter(game=game, player=player).first()
        if existing is not None and existing.result == result:
            return existing
        report, _created = ResultReport.objects.update_or_create(
            game=game, player=player, defaults={"result": result}
        )
        unit.audit(
            AuditAction.RESULT_REPORTED,
            params={
                "round": game.round.number,
                "board": game.board,
                "player": player.name,
                "result": result,
            },
            tournament=unit.tournament,
            player=player,
            after={"game": game.pk, "result": result},
        )
        letters.report(unit, report, game)
    return report


def confirm_report(*, actor: Actor, report: ResultReport) -> Game:
    """An arbiter confirms a reported result: it is recorded as :func:`record_result` records
    it (ratings replayed) and every report of the game is removed, in one unit of work."""
    game = Game.objects.select_related("round__tournament").get(pk=report.game_id)
    tournament = game.round.tournament
    with change(
        actor=actor,
        role=roles.arbiter_of(tournament),
        tournament=tournament,
        ratings=RESULTS,
        lists=[game.rating_list_id] if game.rating_list_id else (),
    ) as unit:
        if Game.objects.filter(pk=game.pk).exclude(result="").exists():
            raise ValidationError(
                {"result": _("The result is already recorded: correct it on the round page.")}
            )
        game = enter_result(unit, game, report.result)
        ResultReport.objects.filter(game=game).delete()
    return game


def reject_report(*, actor: Actor, report: ResultReport) -> None:
    """An arbiter rejects a reported result: the report is deleted, the game is unchanged."""
    game = Game.objects.select_related("round__tournament").get(pk=report.game_id)
    tournament = game.round.tournament
    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament) as unit:
        deleted, _rows = ResultReport.objects.filter(pk=report.pk).delete()
        if not deleted:
            return
        unit.audit(
            AuditAction.REPORT_REJECTED,
            params={
                "round": game.round.number,
                "board": game.board,
                "result": report.result,
            },
            tournament=unit.tournament,
            player=report.player,
            before={"game": game.pk, "result": report.result},
        )

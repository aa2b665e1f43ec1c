"""Line-ups: the players a team fields in the next round.

    submit_line_up(*, actor, team, round_number, players) -> LineUp

A team's captain (its captain's account) or the tournament's arbiters submit it before the
round is paired and, for the captain, before the deadline (``Tournament.team_line_up_deadline``
minutes before the round's announced start). A team without one when the round is paired
plays its default line-up (:func:`tournaments.queries.teams.default_line_up`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from django.core.exceptions import ValidationError
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from actions.teams.rosters import refuse_unless_team
from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import Unit, change
from events.queries.schedule import line_up_deadline
from players.models import Player
from tournaments.models import LineUp, LineUpBoard, Team, Tournament
from tournaments.queries.rounds import highest_round_number, planned_rounds
from tournaments.queries.teams import eligible, line_up_players


def submit_line_up(
    *, actor: Actor, team: Team, round_number: int, players: Sequence[Player]
) -> LineUp:
    """Submit ``team``'s line-up for round ``round_number``: ``players`` by board, exactly
    ``team_boards`` of them, in roster order. Submitting again replaces it; the same line-up
    again changes nothing.

    Refused, nothing written: a round that is paired already or is not the next one; after
    the deadline (the arbiters may still); the wrong number of players; a player twice; a
    player not on the team's roster, or withdrawn; players out of roster order."""
    tournament = team.tournament
    with change(actor=actor, role=roles.captain_of(team), tournament=tournament) as unit:
        current_tournament = unit.tournament
        refuse_unless_team(current_tournament)
        current = Team.objects.get(pk=team.pk, tournament=current_tournament)
        _check_round(unit, current_tournament, round_number)
        players = list(players)
        check_line_up(current, round_number, players)
        line_up = LineUp.objects.filter(team=current, round_number=round_number).first()
        previous = line_up_players(line_up) if line_up else []
        if line_up is not None and [p.pk for p in previous] == [p.pk for p in players]:
            return line_up
        before = [p.name for p in previous]
        line_up = save_line_up(current, round_number, players, actor)
        unit.audit(
            AuditAction.LINE_UP_SUBMITTED,
            params={
                "team": current.name,
                "round": round_number,
                "names": [p.name for p in players],
            },
            tournament=current_tournament,
            before={"players": before} if before else None,
            after={"players": [p.name for p in players]},
        )
    return line_up


def save_line_up(team: Team, number: int, players: list[Player], actor: Actor | None) -> LineUp:
    """Write ``team``'s line-up for round ``number`` (checked by the caller)."""
    user = actor if getattr(actor, "pk", None) is not None else None
    line_up, _created = LineUp.objects.update_or_create(
        team=team,
        round_number=number,
        defaults={"submitted_by": user, "submitted_at": timezone.now()},
    )
    line_up.boards.all().delete()
    LineUpBoard.objects.bulk_create(
        LineUpBoard(line_up=line_up, board=board, player=player)
        for board, player in enumerate(players, start=1)
    )
    return line_up


def _check_round(unit: Unit, tournament: Tournament, number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValidationError({"round_number": _("The round must be a whole number from 1.")})
    paired = highest_round_number(tournament)
    if number <= paired:
        raise ValidationError(
            _("Round %(round)d is paired already: its line-ups are closed.") % {"round": number}
        )
    if number != paired + 1:
        raise ValidationError(
            _("Line-ups are submitted for the next round, %(round)d.") % {"round": paired + 1}
        )
    total = planned_rounds(tournament, 0)
    if total and number > total:
        raise ValidationError(_("The tournament has only %(total)d rounds.") % {"total": total})
    deadline = line_up_deadline(tournament, number)
    if (
        deadline is not None
        and timezone.now() > deadline
        and not roles.can_arbitrate(unit.actor, tournament)
    ):
        raise ValidationError(
            _("The line-ups for round %(round)d closed at %(time)s: ask the arbiter.")
            % {
                "round": number,
                "time": formats.date_format(timezone.localtime(deadline), "SHORT_DATETIME_FORMAT"),
            }
        )


def check_line_up(team: Team, number: int, players: list[Player]) -> None:
    """Refuse (``ValidationError`` on ``players``) a line-up of the wrong size, with a
    player twice, off the roster or withdrawn, or out of roster order."""
    boards = team.tournament.team_boards or 0
    if len(players) != boards:
        raise ValidationError(
            {
                "players": _("A line-up has exactly %(boards)d players: %(count)d given.")
                % {"boards": boards, "count": len(players)}
            }
        )
    if len({p.pk for p in players}) != len(players):
        raise ValidationError({"players": _("A player cannot play two boards.")})
    roster = {m.player_id: m.order for m in team.members.all()}
    allowed = {m.player_id for m in eligible(team, number)}
    for player in players:
        if player.pk not in roster:
            raise ValidationError(
                {
                    "players": _("%(player)s is not on the roster of %(team)s.")
                    % {"player": player, "team": team}
                }
            )
        if player.pk not in allowed:
            raise ValidationError(
                {
                    "players": _("%(player)s may not play round %(round)d (withdrawn).")
                    % {"player": player, "round": number}
                }
            )
    for upper, lower in pairwise(players):
        if roster[upper.pk] > roster[lower.pk]:
            raise ValidationError(
                {
                    "players": _(
                        "The line-up must follow the roster order: %(upper)s (roster place "
                        "%(up)d) cannot play above %(lower)s (roster place %(low)d)."
                    )
                    % {
                        "upper": upper,
                        "up": roster[upper.pk],
                        "lower": lower,
                        "low": roster[lower.pk],
                    }
                }
            )

"""Teams and their rosters.

    add_team(*, actor, tournament, name, club=None, captain=None, submission=None) -> Team
    update_team(*, actor, team, changes) -> Team
    set_roster(*, actor, team, players) -> list[TeamMember]

A roster is the team's players in board order: the first ``Tournament.team_boards`` are its
regular boards, the others its reserves. A player is on one roster per tournament; a roster
player who is not entered in the tournament yet is entered with the roster (every player who
plays is an entry, so TRF, ratings and individual standings keep working). The board order is
the captain's, locked once round 1 is paired (players may then only be added at the end), or
by rating: nobody above a player rated more than the tolerance higher.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from actions.registrations import enter_player
from actions.tournaments import refuse_if_finished
from core import roles
from core.changes import apply_changes
from core.enums import AuditAction
from core.roles import Actor
from core.submissions import Submission
from core.unit_of_work import change
from players.models import Club, Player
from tournaments.enums import PairingSystem, TeamBoardOrder
from tournaments.models import Game, Registration, Team, TeamMember, Tournament
from tournaments.queries.rounds import highest_round_number

#: The most players on a roster.
MAX_ROSTER = 30
#: Team formats whose teams are all known at round 1.
_FIXED_TEAMS = frozenset(
    {
        PairingSystem.TEAM_ROUND_ROBIN,
        PairingSystem.TEAM_DOUBLE_ROUND_ROBIN,
        PairingSystem.SCHEVENINGEN,
    }
)


def refuse_unless_team(tournament: Tournament) -> None:
    """Refuse a team write in a tournament that is not a team competition, or finished."""
    refuse_if_finished(tournament)
    if not tournament.is_team:
        raise ValidationError(_("%(name)s is not a team competition.") % {"name": tournament})


def add_team(
    *,
    actor: Actor,
    tournament: Tournament,
    name: str,
    club: Club | None = None,
    captain: Player | None = None,
    submission: Submission | None = None,
) -> Team:
    """Add a team (a club may field several: "Riverside A1", "Riverside A2").

    Refused: not a team competition; a finished tournament; a round robin or Scheveningen
    that has started; an empty or taken name; Scheveningen with two teams already."""
    with change(
        actor=actor, role=roles.manager_of(tournament), tournament=tournament, submission=submission
    ) as unit:
        current = unit.tournament
        refuse_unless_team(current)
        if current.pairing_system in _FIXED_TEAMS and highest_round_number(current):
            raise ValidationError(_("A round robin that has started takes no new teams."))
        if (
            current.pairing_system == PairingSystem.SCHEVENINGEN
            and Team.objects.filter(tournament=current).count() >= 2
        ):
            raise ValidationError(_("A Scheveningen match is played by two teams."))
        team = Team(tournament=current, name=(name or "").strip(), club=club, captain=captain)
        _check_name(team)
        team.full_clean(exclude=["tournament", "pairing_number"], validate_unique=False)
        team.save()
        unit.audit(
            AuditAction.TEAM_ADDED,
            params={"team": team.name},
            tournament=current,
            after={
                "name": team.name,
                "club": club and club.name,
                "captain": captain and captain.name,
            },
        )
        return unit.answered(team)


def _check_name(team: Team) -> None:
    if not team.name:
        raise ValidationError({"name": _("Give the team a name.")})
    taken = Team.objects.filter(tournament_id=team.tournament_id, name__iexact=team.name)
    if team.pk is not None:
        taken = taken.exclude(pk=team.pk)
    if taken.exists():
        raise ValidationError(
            {
                "name": _("A team named “%(name)s” is already in this tournament.")
                % {"name": team.name}
            }
        )


def update_team(*, actor: Actor, team: Team, changes: Mapping[str, Any]) -> Team:
    """Change a team's name, club or captain. The same values change nothing."""
    tournament = team.tournament
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        refuse_unless_team(unit.tournament)
        current = Team.objects.get(pk=team.pk, tournament=unit.tournament)
        if "name" in changes:
            changes = {**changes, "name": (changes["name"] or "").strip()}
        changed = apply_changes(
            current,
            changes,
            editable=("name", "club", "captain"),
            validate=_check_name,
            exclude=["tournament", "pairing_number"],
        )
        if changed:
            unit.audit(
                AuditAction.TEAM_CHANGED,
                params={"team": current.name, "fields": changed.fields},
                tournament=unit.tournament,
                before=changed.before,
                after=changed.after,
            )
    return current


def set_roster(*, actor: Actor, team: Team, players: Sequence[Player]) -> list[TeamMember]:
    """Set ``team``'s roster: ``players`` in board order (the first ``team_boards`` its
    boards, the rest its reserves). Players not yet entered in the tournament are entered.

    Refused, nothing written: a player twice, or on another team of the tournament; more
    than :data:`MAX_ROSTER` players; a player who has played for the team left out; with the
    board order locked, once round 1 is paired, a change of the order (new players join at
    the end); with the board order by rating, a player above one rated more than the
    tolerance higher. The same roster again changes nothing."""
    tournament = team.tournament
    with change(actor=actor, role=roles.manager_of(tournament), tournament=tournament) as unit:
        current_tournament = unit.tournament
        refuse_unless_team(current_tournament)
        current = Team.objects.get(pk=team.pk, tournament=current_tournament)
        players = list(players)
        _check_players(current, players)
        before = list(current.members.select_related("player").order_by("order"))
        if [m.player_id for m in before] == [p.pk for p in players]:
            return before
        _check_kept(current, before, players)
        entered = dict(
            Registration.objects.filter(tournament=current_tournament).values_list(
                "player_id", "rating_at_start"
            )
        )
        for player in players:
            if player.pk not in entered:
                entered[player.pk] = enter_player(unit, player).rating_at_start
        if current_tournament.team_board_order == TeamBoardOrder.RATING:
            _check_rating_order(current_tournament, players, entered)
        current.members.all().delete()
        boards = current_tournament.team_boards or 0
        members = TeamMember.objects.bulk_create(
            TeamMember(team=current, player=player, order=order, reserve=order > boards)
            for order, player in enumerate(players, start=1)
        )
        unit.audit(
            AuditAction.ROSTER_SET,
            params={"team": current.name, "names": [p.name for p in players]},
            tournament=current_tournament,
            before={"players": [m.player.name for m in before]},
            after={"players": [p.name for p in players]},
        )
    return members


def _check_players(team: Team, players: list[Player]) -> None:
    if len(players) > MAX_ROSTER:
        raise ValidationError(
            {"players": _("A roster has at most %(max)d players.") % {"max": MAX_ROSTER}}
        )
    seen: set[int] = set()
    for player in players:
        if player.pk in seen:
            raise ValidationError(
                {"players": _("%(player)s is on the roster twice.") % {"player": player}}
            )
        seen.add(player.pk)
    elsewhere = (
        TeamMember.objects.filter(team__tournament_id=team.tournament_id, player_id__in=seen)
        .exclude(team=team)
        .select_related("player", "team")
        .first()
    )
    if elsewhere is not None:
        raise ValidationError(
            {
                "players": _("%(player)s already plays for %(team)s in this tournament.")
                % {"player": elsewhere.player, "team": elsewhere.team}
            }
        )


def _check_kept(team: Team, before: list[TeamMember], players: list[Player]) -> None:
    """Nobody who played for the team leaves the roster; a locked order stays."""
    wanted = {p.pk for p in players}
    for member in before:
        if member.player_id in wanted:
            continue
        played = Game.objects.filter(
            Q(white_id=member.player_id) | Q(black_id=member.player_id),
            team_match__round__tournament_id=team.tournament_id,
        ).exists()
        if played:
            raise ValidationError(
                {
                    "players": _("%(player)s has played for %(team)s: they stay on the roster.")
                    % {"player": member.player, "team": team}
                }
            )
    tournament = team.tournament
    if tournament.team_board_order != TeamBoardOrder.LOCKED:
        return
    if not highest_round_number(tournament):
        return
    kept = [p.pk for p in players[: len(before)]]
    if kept != [m.player_id for m in before]:
        raise ValidationError(
            {
                "players": _(
                    "The board order is locked since round 1 was paired: keep the players in "
                    "their order; new players join at the end."
                )
            }
        )


def _check_rating_order(
    tournament: Tournament, players: list[Player], ratings: dict[int, int | None]
) -> None:
    """By rating: nobody stands above a player rated more than the tolerance higher
    (unrated players count as 0)."""
    tolerance = tournament.team_rating_tolerance
    for i, upper in enumerate(players):
        for lower in players[i + 1 :]:
            high, low = ratings.get(upper.pk) or 0, ratings.get(lower.pk) or 0
            if low > high + tolerance:
                raise ValidationError(
                    {
                        "players": _(
                            "The board order is by rating: %(upper)s (%(high)d) cannot stand "
                            "above %(lower)s (%(low)d), more than %(tolerance)d points higher."
                        )
                        % {
                            "lower": lower,
                            "low": low,
                            "upper": upper,
                            "high": high,
                            "tolerance": tolerance,
                        }
                    }
                )

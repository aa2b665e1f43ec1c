"""Team forms: a team (name, club, captain), its roster (a select per place, in board order),
a line-up (a select per board) and a match's whole-match outcome. Shape only: the actions
(:mod:`actions.teams`) enforce the rules."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from actions.teams.rosters import MAX_ROSTER
from core.submissions import SubmissionField
from players.models import Club, Player
from tournaments.enums import TeamMatchOutcome
from tournaments.models import Team, TeamMember, Tournament


class _PlayerChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return obj.name


class TeamForm(forms.Form):
    """A new team, or a team's name, club and captain."""

    name = forms.CharField(label=_("Name"), max_length=100, help_text=_("e.g. Riverside A1"))
    club = forms.ModelChoiceField(
        label=_("Club"), queryset=Club.objects.order_by("name"), required=False
    )
    captain = _PlayerChoice(
        label=_("Captain"),
        queryset=Player.objects.none(),
        required=False,
        help_text=_(
            "A player of the team: signed in with their account, they submit the line-ups."
        ),
    )

    def __init__(self, *args: Any, team: Team | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if team is None:
            del self.fields["captain"]
        else:
            self.fields["captain"].queryset = Player.objects.filter(
                team_memberships__team=team
            ).order_by("last_name", "first_name")

    def changes(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.changed_data}


class NewTeamForm(TeamForm):
    submission = SubmissionField()


class RosterForm(forms.Form):
    """A team's roster: one select per place, in board order (the first ``team_boards`` play,
    the others are reserves); empty places are skipped. The players offered: the tournament's
    entries and the team's club's players, less those on another team."""

    def __init__(self, *args: Any, team: Team, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        tournament: Tournament = team.tournament
        current = list(
            TeamMember.objects.filter(team=team)
            .order_by("order")
            .values_list("player_id", flat=True)
        )
        others = TeamMember.objects.filter(team__tournament=tournament).exclude(team=team)
        offered = Q(registrations__tournament=tournament)
        if team.club_id is not None:
            offered |= Q(club_id=team.club_id)
        queryset = (
            Player.objects.filter(offered)
            .exclude(pk__in=others.values("player_id"))
            .distinct()
            .order_by("last_name", "first_name")
        )
        boards = tournament.team_boards or 0
        places = min(MAX_ROSTER, max(len(current) + 2, boards + 2))
        self.boards = boards
        for place in range(1, places + 1):
            label = (
                _("Board %(n)d") % {"n": place}
                if place <= boards
                else _("Reserve %(n)d") % {"n": place - boards}
            )
            self.fields[f"place_{place}"] = _PlayerChoice(
                label=label, queryset=queryset, required=False
            )
            if place <= len(current):
                self.initial[f"place_{place}"] = current[place - 1]

    def players(self) -> list[Player]:
        return [
            self.cleaned_data[name]
            for name in self.fields
            if name.startswith("place_") and self.cleaned_data.get(name)
        ]


class LineUpForm(forms.Form):
    """A round's line-up: one select per board, among the roster's players (roster order)."""

    def __init__(
        self,
        *args: Any,
        team: Team,
        players: list[Player],
        initial_players: list[Player],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        boards = team.tournament.team_boards or 0
        queryset = Player.objects.filter(
            team_memberships__team=team, pk__in=[p.pk for p in players]
        ).order_by("team_memberships__order")
        for board in range(1, boards + 1):
            self.fields[f"board_{board}"] = _PlayerChoice(
                label=_("Board %(n)d") % {"n": board}, queryset=queryset, required=False
            )
            if board <= len(initial_players):
                self.initial[f"board_{board}"] = initial_players[board - 1].pk

    def players(self) -> list[Player]:
        return [
            self.cleaned_data[name]
            for name in self.fields
            if name.startswith("board_") and self.cleaned_data.get(name)
        ]


class MatchOutcomeForm(forms.Form):
    """How a match ended as a whole: played, or forfeited by one team or both."""

    outcome = forms.ChoiceField(label=_("Outcome"), choices=TeamMatchOutcome.choices)

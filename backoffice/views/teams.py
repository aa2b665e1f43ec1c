"""Team competitions' organiser and captain pages (issue 22).

- the teams and rosters page (the tournament's managers): add a team, each team's roster;
- a team's page: its name, club and captain, and its roster, a select per place;
- "My teams" (a captain signed in with their player's account) and the line-up form of the
  next round (the captain, the tournament's arbiters and organisers);
- a match's whole-match outcome (forfeits, both absent), from the round page (arbiters).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from actions.teams.line_ups import submit_line_up
from actions.teams.results import set_match_outcome
from actions.teams.rosters import add_team, set_roster, update_team
from backoffice.forms.teams import LineUpForm, MatchOutcomeForm, NewTeamForm, RosterForm, TeamForm
from backoffice.views.base import TournamentMixin, add_errors, missing, repeated
from backoffice.views.rounds import RoundActionView
from core import roles, submissions
from core.submissions import AlreadySubmitted
from events.queries.schedule import line_up_deadline
from tournaments.models import LineUp, Team, TeamMatch
from tournaments.queries.rounds import highest_round_number, planned_rounds
from tournaments.queries.teams import (
    captained_teams,
    default_line_up,
    eligible,
    line_up_players,
    missing_line_ups,
    teams_of,
)


def _teams_url(tournament: Any) -> str:
    return reverse("tournaments:organise_teams", args=[tournament.slug])


class TeamsView(TournamentMixin, View):
    """GET: the teams with their rosters and the form to add one; POST: add a team."""

    manage = True

    def page(self, form: NewTeamForm) -> HttpResponse:
        number = highest_round_number(self.tournament) + 1
        context = {
            "tournament": self.tournament,
            "teams": teams_of(self.tournament),
            "form": form,
            "next_round": number,
            "missing": missing_line_ups(self.tournament, number),
        }
        return render(self.request, "backoffice/teams/teams.html", context)

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.page(NewTeamForm(auto_id="team-%s"))

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = NewTeamForm(request.POST, auto_id="team-%s")
        if form.is_valid():
            try:
                team = add_team(
                    actor=request.user,
                    tournament=self.tournament,
                    name=form.cleaned_data["name"],
                    club=form.cleaned_data["club"],
                    submission=submissions.of(form, lambda t: _team_url(self.tournament, t)),
                )
            except AlreadySubmitted as done:
                return repeated(request, done, _teams_url(self.tournament))
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(
                    request, _("Team %(team)s added: set its roster.") % {"team": team.name}
                )
                return HttpResponseRedirect(_team_url(self.tournament, team))
        return self.page(form)


def _team_url(tournament: Any, team: Team) -> str:
    return reverse("tournaments:organise_team", args=[tournament.slug, team.pk])


class TeamView(TournamentMixin, View):
    """One team: GET its forms; POST ``form=team`` (name, club, captain) or ``form=roster``."""

    manage = True
    team: Team

    def lookup(self, **kwargs: Any) -> None:
        self.team = get_object_or_404(Team, pk=kwargs["team"], tournament=self.tournament)
        self.team.tournament = self.tournament

    def page(self, team_form: TeamForm, roster_form: RosterForm) -> HttpResponse:
        context = {
            "tournament": self.tournament,
            "team": self.team,
            "team_form": team_form,
            "roster_form": roster_form,
        }
        return render(self.request, "backoffice/teams/team.html", context)

    def forms(self, data: Any = None, which: str = "") -> tuple[TeamForm, RosterForm]:
        initial = {
            "name": self.team.name,
            "club": self.team.club_id,
            "captain": self.team.captain_id,
        }
        team_form = TeamForm(
            data if which == "team" else None, team=self.team, initial=initial, auto_id="team-%s"
        )
        roster_form = RosterForm(
            data if which == "roster" else None, team=self.team, auto_id="roster-%s"
        )
        return team_form, roster_form

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.page(*self.forms())

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        which = request.POST.get("form", "")
        team_form, roster_form = self.forms(request.POST, which)
        form = team_form if which == "team" else roster_form
        if which in ("team", "roster") and form.is_valid():
            try:
                if which == "team":
                    update_team(actor=request.user, team=self.team, changes=team_form.changes())
                else:
                    set_roster(actor=request.user, team=self.team, players=roster_form.players())
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("%(team)s is saved.") % {"team": self.team.name})
                return HttpResponseRedirect(_team_url(self.tournament, self.team))
        return self.page(team_form, roster_form)


class MyTeamsView(LoginRequiredMixin, TemplateView):
    """The teams the signed-in player captains, each with its next round's line-up."""

    template_name = "backoffice/teams/my_teams.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        rows = []
        for team in captained_teams(self.request.user):
            number = highest_round_number(team.tournament) + 1
            total = planned_rounds(team.tournament, 0)
            open_ = not total or number <= total
            submitted = LineUp.objects.filter(team=team, round_number=number).exists()
            rows.append({"team": team, "round": number, "open": open_, "submitted": submitted})
        return super().get_context_data(rows=rows, **kwargs)


class LineUpView(LoginRequiredMixin, View):
    """The line-up of a team for the next round: GET the form (the submitted line-up, else
    the default), POST submit it. The team's captain, the tournament's arbiters and
    organisers; the role is checked before the page says anything about the team."""

    team: Team

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        team = (
            Team.objects.select_related("tournament")
            .filter(pk=kwargs["team"], tournament__slug=kwargs["slug"])
            .first()
        )
        if team is None:
            return missing(self)
        if not roles.can_captain(request.user, team):
            return self.handle_no_permission()
        self.team = team
        return super().dispatch(request, *args, **kwargs)

    def form(self, data: Any = None) -> tuple[LineUpForm, int]:
        number = highest_round_number(self.team.tournament) + 1
        boards = self.team.tournament.team_boards or 0
        submitted = LineUp.objects.filter(team=self.team, round_number=number).first()
        initial = (
            line_up_players(submitted) if submitted else default_line_up(self.team, number, boards)
        )
        players = [member.player for member in eligible(self.team, number)]
        form = LineUpForm(
            data, team=self.team, players=players, initial_players=initial, auto_id="line-up-%s"
        )
        return form, number

    def page(self, form: LineUpForm, number: int) -> HttpResponse:
        context = {
            "tournament": self.team.tournament,
            "team": self.team,
            "form": form,
            "round": number,
            "deadline": line_up_deadline(self.team.tournament, number),
            "submitted": LineUp.objects.filter(team=self.team, round_number=number).first(),
            "roster": list(self.team.members.select_related("player").order_by("order")),
        }
        return render(self.request, "backoffice/teams/line_up.html", context)

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.page(*self.form())

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form, number = self.form(request.POST)
        if form.is_valid():
            try:
                submit_line_up(
                    actor=request.user, team=self.team, round_number=number, players=form.players()
                )
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(
                    request,
                    _("The line-up of %(team)s for round %(round)d is submitted.")
                    % {"team": self.team.name, "round": number},
                )
                return HttpResponseRedirect(
                    reverse("tournaments:line_up", args=[self.team.tournament.slug, self.team.pk])
                )
        return self.page(form, number)


class MatchOutcomeView(RoundActionView):
    """Record a whole-match outcome (``match`` is the match's id in the round)."""

    form_class = MatchOutcomeForm

    def form_kwargs(self) -> dict[str, Any]:
        return {}

    def perform(self, form: Any) -> Any:
        match = get_object_or_404(TeamMatch, pk=self.kwargs["match"], round=self.round)
        match.round = self.round
        set_match_outcome(
            actor=self.request.user,
            match=match,
            outcome=form.cleaned_data["outcome"],
            later_rounds_confirmed=self.request.POST.get("confirm_later") == "yes",
        )
        match.refresh_from_db(fields=["outcome"])
        messages.success(
            self.request,
            _("%(match)s: %(outcome)s.") % {"match": match, "outcome": match.get_outcome_display()},
        )

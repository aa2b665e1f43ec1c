"""Club games: the organiser's set-up, a player's report, joining the ladder, the opponent's
confirmation or rejection (``actions.club_games``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from actions.club_games import (
    confirm_club_game,
    join_ladder,
    reject_club_game,
    report_club_game,
    set_club_games,
)
from backoffice.forms.club_games import ClubGameReportForm, ClubGamesForm
from backoffice.views.base import add_errors
from backoffice.views.clubs import ClubMixin
from core import roles
from events.models import ClubGameReport
from events.queries.club_games import club_games_of, club_mates
from players.models import Club


class ClubGamesSettingsView(ClubMixin, View):
    """The club's rated games: the system of its list and the ladder's reach."""

    template_name = "backoffice/organiser/club_games.html"

    def _render(self, request: HttpRequest, form: ClubGamesForm) -> HttpResponse:
        settings = club_games_of(self.club)
        return render(
            request, self.template_name, {"club": self.club, "settings": settings, "form": form}
        )

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        settings = club_games_of(self.club)
        initial = {"reach": 3}
        if settings is not None:
            initial = {
                "system": settings.rating_list.system,
                "game_kind": settings.rating_list.game,
                "reach": settings.reach,
            }
        return self._render(request, ClubGamesForm(initial=initial))

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = ClubGamesForm(request.POST)
        if form.is_valid():
            try:
                set_club_games(actor=request.user, club=self.club, **form.cleaned_data)
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("Club games saved."))
                return HttpResponseRedirect(
                    reverse("tournaments:organise_club_games", args=[self.club.pk])
                )
        return self._render(request, form)


def _member_club(request: HttpRequest, pk: int) -> Club:
    """The club of a player's page: refused the same way whether it exists or not."""
    club = Club.objects.filter(pk=pk).first()
    roles.require(club is not None and roles.can_play_club_games(request.user, club))
    assert club is not None  # noqa: S101
    return club


class ReportClubGameView(LoginRequiredMixin, View):
    """A player of the club reports a game against a club mate (``?opponent=`` preselects)."""

    template_name = "backoffice/reports/club_game.html"

    def _render(self, request: HttpRequest, club: Club, form: ClubGameReportForm) -> Any:
        return render(request, self.template_name, {"club": club, "form": form})

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        club = _member_club(request, pk)
        me = roles.player_of(request.user)
        initial = {}
        if request.GET.get("opponent", "").isdigit():
            initial["opponent"] = int(request.GET["opponent"])
        form = ClubGameReportForm(initial=initial, players=club_mates(club, me))
        return self._render(request, club, form)

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        club = _member_club(request, pk)
        me = roles.player_of(request.user)
        form = ClubGameReportForm(request.POST, players=club_mates(club, me))
        if form.is_valid():
            try:
                report_club_game(actor=request.user, club=club, **form.cleaned_data)
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("Reported: your opponent will confirm it."))
                return HttpResponseRedirect(reverse("tournaments:my_games"))
        return self._render(request, club, form)


class JoinLadderView(LoginRequiredMixin, View):
    """POST only: a player of the club puts themselves at the bottom of its ladder."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        club = _member_club(request, pk)
        try:
            place = join_ladder(actor=request.user, club=club)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("You are number %(place)d.") % {"place": place.place})
        return HttpResponseRedirect(reverse("tournaments:club_ladder", args=[club.pk]))


class DecideClubGameView(LoginRequiredMixin, View):
    """POST only: the opponent (or an organiser) confirms or rejects a reported club game."""

    http_method_names = ["post"]
    confirm = True

    def post(self, request: HttpRequest, pk: int, report: int) -> HttpResponse:
        found = (
            ClubGameReport.objects.select_related("club_games__club")
            .filter(pk=report, club_games__club_id=pk)
            .first()
        )
        roles.require(found is not None and roles.can_decide_club_game(request.user, found))
        assert found is not None  # noqa: S101
        try:
            if self.confirm:
                confirm_club_game(actor=request.user, report=found)
                messages.success(request, _("Confirmed: the game is rated."))
            else:
                reject_club_game(actor=request.user, report=found)
                messages.success(request, _("Rejected: the game is not rated."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return HttpResponseRedirect(reverse("tournaments:my_games"))

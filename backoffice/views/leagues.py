"""League pages for organisers, arbiters and captains (``actions.leagues``).

- organisers: their seasons, a new season, a season's divisions (add one with its teams), a
  division's calendar (make it, postpone a match, record a default, decide a disputed card);
- captains: their matches, and a match's card (enter it; confirm or dispute the other
  captain's).

The role is checked before anything in the URL is looked up (:func:`backoffice.views.base.missing`).
"""

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

from actions.leagues import (
    add_division,
    confirm_match_card,
    create_season,
    decide_match_card,
    default_match,
    dispute_match_card,
    postpone_match,
    schedule_division,
    submit_match_card,
)
from backoffice.forms.leagues import (
    DefaultForm,
    DisputeForm,
    DivisionForm,
    MatchCardForm,
    PostponeForm,
    SeasonForm,
)
from backoffice.views.base import RoleRequiredMixin, add_errors, error_text, missing
from core import roles
from events.models import MatchCardStatus, Season
from events.queries.leagues import (
    calendar,
    captain_matches,
    card_players,
    cards_waiting,
    division_by_slugs,
    divisions_of,
    league_match,
    seasons_of_clubs,
)


class LeagueOrganiseView(RoleRequiredMixin, View):
    """The seasons of the organiser's clubs (staff: all)."""

    def has_permission(self) -> bool:
        return roles.can_create_tournament(self.request.user)

    def get(self, request: HttpRequest) -> HttpResponse:
        clubs = roles.organised_clubs(request.user)
        found = seasons_of_clubs(clubs) if not roles.is_staff(request.user) else None
        if found is None:
            found = Season.objects.select_related("club").order_by("-start_date")
        return render(request, "backoffice/leagues/list.html", {"seasons": found})


class SeasonCreateView(RoleRequiredMixin, View):
    def has_permission(self) -> bool:
        return roles.can_create_tournament(self.request.user)

    def _render(self, request: HttpRequest, form: SeasonForm) -> HttpResponse:
        return render(request, "backoffice/leagues/season_new.html", {"form": form})

    def get(self, request: HttpRequest) -> HttpResponse:
        return self._render(request, SeasonForm(user=request.user))

    def post(self, request: HttpRequest) -> HttpResponse:
        form = SeasonForm(request.POST, user=request.user)
        if form.is_valid():
            try:
                season = create_season(actor=request.user, **form.cleaned_data)
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("Season created: add its divisions."))
                return HttpResponseRedirect(reverse("leagues:organise_season", args=[season.slug]))
        return self._render(request, form)


class SeasonMixin(RoleRequiredMixin):
    """The season of the URL (``self.season``), for staff and the organisers of its club."""

    season: Season

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        season = Season.objects.select_related("club").filter(slug=kwargs["season"]).first()
        if season is None:
            return missing(self)
        self.season = season
        if not roles.can_manage_club(request.user, season.club):
            return self.handle_no_permission()
        return super().dispatch(request, *args, **kwargs)

    def has_permission(self) -> bool:
        return True


class SeasonOrganiseView(SeasonMixin, View):
    """A season's divisions and the form that adds one with its teams."""

    def _render(self, request: HttpRequest, form: DivisionForm) -> HttpResponse:
        context = {"season": self.season, "divisions": divisions_of(self.season), "form": form}
        return render(request, "backoffice/leagues/season.html", context)

    def get(self, request: HttpRequest, season: str) -> HttpResponse:
        return self._render(request, DivisionForm())

    def post(self, request: HttpRequest, season: str) -> HttpResponse:
        form = DivisionForm(request.POST)
        if form.is_valid():
            try:
                division = add_division(actor=request.user, season=self.season, **form.cleaned_data)
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("Division added: make its calendar."))
                return HttpResponseRedirect(
                    reverse("leagues:organise_division", args=[self.season.slug, division.slug])
                )
        return self._render(request, form)


class DivisionMixin(RoleRequiredMixin):
    """The division of the URL (``self.division``): its arbiters, its club's organisers and
    staff (``manage``: the organisers and staff only)."""

    manage = False

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        division = division_by_slugs(kwargs["season"], kwargs["division"])
        if division is None:
            return missing(self)
        self.division = division
        check = roles.can_manage_tournament if self.manage else roles.can_arbitrate
        if not check(request.user, division.tournament):
            return self.handle_no_permission()
        return super().dispatch(request, *args, **kwargs)

    def has_permission(self) -> bool:
        return True

    def page(self) -> str:
        return reverse(
            "leagues:organise_division", args=[self.division.season.slug, self.division.slug]
        )


class DivisionOrganiseView(DivisionMixin, View):
    def get(self, request: HttpRequest, season: str, division: str) -> HttpResponse:
        context = {
            "division": self.division,
            "season": self.division.season,
            "rows": calendar(self.division),
            "disputed": cards_waiting(self.division),
            "postpone_form": PostponeForm(),
            "default_form": DefaultForm(),
        }
        return render(request, "backoffice/leagues/division.html", context)


class ScheduleView(DivisionMixin, View):
    http_method_names = ["post"]
    manage = True

    def post(self, request: HttpRequest, season: str, division: str) -> HttpResponse:
        try:
            schedule_division(actor=request.user, division=self.division)
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(request, _("The calendar is made."))
        return HttpResponseRedirect(self.page())


class MatchMixin(RoleRequiredMixin):
    """The league match of the URL (``self.match``) for its division's arbiters."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        match = league_match(kwargs["match"])
        if match is None:
            return missing(self)
        self.match = match
        if not self.allowed():
            return self.handle_no_permission()
        return super().dispatch(request, *args, **kwargs)

    def allowed(self) -> bool:
        return roles.can_arbitrate(self.request.user, self.match.round.tournament)

    def has_permission(self) -> bool:
        return True

    def division_page(self) -> str:
        division = self.match.round.tournament.division
        return reverse("leagues:organise_division", args=[division.season.slug, division.slug])


class PostponeView(MatchMixin, View):
    http_method_names = ["post"]

    def post(self, request: HttpRequest, match: int) -> HttpResponse:
        form = PostponeForm(request.POST)
        try:
            if not form.is_valid():
                raise ValidationError(_("Choose the new date."))
            postpone_match(actor=request.user, match=self.match, to=form.cleaned_data["to"])
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(request, _("The match is postponed."))
        return HttpResponseRedirect(self.division_page())


class DefaultView(MatchMixin, View):
    http_method_names = ["post"]

    def post(self, request: HttpRequest, match: int) -> HttpResponse:
        form = DefaultForm(request.POST)
        try:
            if not form.is_valid():
                raise ValidationError(_("Choose the team that did not come."))
            default_match(actor=request.user, match=self.match, absent=form.cleaned_data["absent"])
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(request, _("The match is lost by default."))
        return HttpResponseRedirect(self.division_page())


class DecideCardView(MatchMixin, View):
    """The arbiter decides a disputed card as it was entered."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, match: int) -> HttpResponse:
        card = getattr(self.match, "card", None)
        try:
            if card is None:
                raise ValidationError(_("This match has no card."))
            decide_match_card(actor=request.user, card=card)
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(request, _("The card is decided: the results are recorded."))
        return HttpResponseRedirect(self.division_page())


# --------------------------------------------------------------------------- captains


class MyMatchesView(LoginRequiredMixin, View):
    """The league matches of the teams the signed-in player captains."""

    def get(self, request: HttpRequest) -> HttpResponse:
        player = roles.player_of(request.user)
        matches = captain_matches(player) if player is not None else []
        return render(
            request, "backoffice/leagues/my_matches.html", {"matches": matches, "me": player}
        )


class CardEntrantMixin(MatchMixin):
    def allowed(self) -> bool:
        return roles.can_enter_match_card(self.request.user, self.match)

    def card_page(self) -> str:
        return reverse("leagues:match_card", args=[self.match.pk])


class MatchCardView(CardEntrantMixin, View):
    """A match's card: the form (a captain enters it), or the card waiting for the other
    captain (who confirms or disputes it)."""

    def _form(self, data: Any = None) -> MatchCardForm:
        season = self.match.round.tournament.division.season
        initial = {"played_on": self.match.postponed_to or self.match.scheduled_date}
        return MatchCardForm(
            data,
            initial=initial,
            boards=self.match.round.tournament.team_boards,
            first=card_players(season, self.match.first),
            second=card_players(season, self.match.second),
        )

    def _render(self, request: HttpRequest, form: MatchCardForm) -> HttpResponse:
        card = getattr(self.match, "card", None)
        context = {
            "match": self.match,
            "division": self.match.round.tournament.division,
            "card": card,
            "boards": list(card.boards.select_related("white", "black")) if card else [],
            "form": form,
            "rows": form.board_rows(),
            "may_decide": card is not None
            and card.status == MatchCardStatus.SUBMITTED
            and roles.can_decide_match_card(request.user, card),
            "dispute_form": DisputeForm(),
        }
        return render(request, "backoffice/leagues/card.html", context)

    def get(self, request: HttpRequest, match: int) -> HttpResponse:
        return self._render(request, self._form())

    def post(self, request: HttpRequest, match: int) -> HttpResponse:
        form = self._form(request.POST)
        if form.is_valid():
            try:
                submit_match_card(
                    actor=request.user,
                    match=self.match,
                    boards=form.card_boards(),
                    played_on=form.cleaned_data["played_on"],
                )
            except ValidationError as error:
                add_errors(form, error)
            else:
                messages.success(request, _("The card is entered: the other captain confirms it."))
                return HttpResponseRedirect(self.card_page())
        return self._render(request, form)


class CardDecisionView(CardEntrantMixin, View):
    """POST only: the other captain (or an arbiter) confirms or disputes the card."""

    http_method_names = ["post"]
    confirm = True

    def allowed(self) -> bool:
        card = getattr(self.match, "card", None)
        return card is not None and roles.can_decide_match_card(self.request.user, card)

    def post(self, request: HttpRequest, match: int) -> HttpResponse:
        card = self.match.card
        try:
            if self.confirm:
                confirm_match_card(actor=request.user, card=card)
                messages.success(request, _("Confirmed: the results are recorded."))
            else:
                form = DisputeForm(request.POST)
                reason = form.data.get("reason", "")
                dispute_match_card(actor=request.user, card=card, reason=reason)
                messages.success(request, _("Disputed: the arbiter decides."))
        except ValidationError as error:
            messages.error(request, error_text(error))
        return HttpResponseRedirect(self.card_page())

"""Organiser pages of a tournament: my tournaments, a new one, its dashboard and its actions.

The dashboard shows the players, rounds and forms; its POST actions change the settings and
arbiters, enter and withdraw players, and record requested byes and forbidden pairs.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView
from django_tables2 import RequestConfig

from actions.byes import add_forbidden_pair, cancel_bye, request_bye
from actions.registrations import withdraw_player
from actions.tournaments import change_arbiter, create_tournament, update_tournament
from backoffice.dashboard import render_dashboard
from backoffice.forms.clubs import ArbiterPickForm
from backoffice.forms.settings import FORMATS, game_of
from backoffice.forms.tournaments import (
    ByeForm,
    ForbiddenPairForm,
    SettingsForm,
    TournamentCreateForm,
    WithdrawForm,
)
from backoffice.queries import account_name, arbiter_candidates, may_pick_arbiter
from backoffice.tables import OrganiserTournamentTable
from backoffice.views.base import (
    ActionView,
    RoleRequiredMixin,
    TournamentMixin,
    add_errors,
    repeat_answer,
    repeated,
)
from core import roles, submissions
from ratings.enums import GameKind
from tournaments.models import RequestedBye, Tournament
from web.params import parse_text


class TournamentListView(RoleRequiredMixin, TemplateView):
    """My tournaments: those of my clubs and those I arbitrate (staff: all), newest first."""

    template_name = "backoffice/organiser/list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tournaments = (
            roles.managed_tournaments(self.request.user)
            .select_related("rating_list", "section__event")
            .annotate(
                players_count=Count("registrations", distinct=True),
                rounds_count=Count("rounds", distinct=True),
            )
            .order_by("-start_date", "name")
        )
        table = OrganiserTournamentTable(tournaments)
        RequestConfig(self.request, paginate={"per_page": 50}).configure(table)
        return super().get_context_data(
            table=table,
            can_create=roles.can_create_tournament(self.request.user),
            **kwargs,
        )


class TournamentCreateView(RoleRequiredMixin, FormView):
    """A new tournament (``create_tournament``) for one of my clubs; refusals are shown on
    the form."""

    template_name = "backoffice/organiser/create.html"
    form_class = TournamentCreateForm

    def has_permission(self) -> bool:
        return roles.can_create_tournament(self.request.user)

    def game(self) -> str:
        """The game chosen with the tabs (``?game=``), else the one of the format posted."""
        chosen = parse_text(self.request.GET.get("game") or self.request.POST.get("game"))
        if chosen:
            return game_of(chosen)
        system = self.request.POST.get("pairing_system", "")
        for game in (GameKind.GO, GameKind.SHOGI):
            if system in FORMATS[game] and system not in FORMATS[GameKind.CHESS]:
                return game
        return GameKind.CHESS

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "user": self.request.user, "game": self.game()}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(game=self.game(), games=GameKind.choices, **kwargs)

    def form_invalid(self, form: TournamentCreateForm) -> HttpResponse:
        again = repeat_answer(self.request, reverse("tournaments:organise_list"))
        return again or super().form_invalid(form)

    def form_valid(self, form: TournamentCreateForm) -> HttpResponse:
        data = dict(form.cleaned_data)
        data.pop(submissions.FIELD, None)
        submission = submissions.of(
            form, lambda created: reverse("tournaments:organise", args=[created.slug])
        )
        try:
            tournament = create_tournament(actor=self.request.user, submission=submission, **data)
        except submissions.AlreadySubmitted as done:
            return repeated(self.request, done, reverse("tournaments:organise_list"))
        except ValidationError as error:
            add_errors(form, error)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Tournament “%(name)s” created: enter the players.") % {"name": tournament.name},
        )
        return HttpResponseRedirect(reverse("tournaments:organise", args=[tournament.slug]))


class DashboardView(TournamentMixin, View):
    """One tournament: its status and next step, rounds, players (with the picker and the
    bulk entry), arbiters, byes, forbidden pairs and settings (:mod:`backoffice.dashboard`)."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return render_dashboard(request, self.tournament)


class SettingsView(ActionView):
    """Change the format, points and pairing options (``update_tournament``); a refused form
    is shown again on the dashboard with its errors."""

    manage = True

    def post(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponse:
        form = SettingsForm(
            request.POST,
            instance=Tournament.objects.get(pk=self.tournament.pk),
            auto_id="settings-%s",
        )
        if form.is_valid():
            changes = {name: form.cleaned_data[name] for name in form.changed_data}
            try:
                if changes:
                    update_tournament(
                        tournament=self.tournament, actor=request.user, changes=changes
                    )
            except ValidationError as error:
                add_errors(form, error)
            else:
                if changes:
                    messages.success(request, _("The settings were saved."))
                return HttpResponseRedirect(self.dashboard_url())
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        return render_dashboard(request, tournament, settings_form=form)


class CancelByeView(ActionView):
    """Forget a requested bye (``bye`` is the request's id)."""

    def perform(self, form: Any) -> Any:
        bye = get_object_or_404(
            RequestedBye, pk=self.kwargs["bye"], registration__tournament=self.tournament
        )
        cancel_bye(
            registration=bye.registration, round_number=bye.round_number, actor=self.request.user
        )
        messages.success(self.request, _("The requested bye was cancelled."))
        return None


class WithdrawView(ActionView):
    form_class = WithdrawForm

    def perform(self, form: Any) -> Any:
        registration = withdraw_player(
            registration=form.cleaned_data["registration"],
            after_round=form.cleaned_data["after_round"],
            actor=self.request.user,
        )
        messages.success(
            self.request,
            _("%(player)s withdrew after round %(round)d.")
            % {"player": registration.player, "round": registration.withdrawn_after_round},
        )
        return registration


class ByeView(ActionView):
    form_class = ByeForm

    def perform(self, form: Any) -> Any:
        bye = request_bye(
            registration=form.cleaned_data["registration"],
            round_number=form.cleaned_data["round_number"],
            kind=form.cleaned_data["kind"],
            actor=self.request.user,
        )
        messages.success(self.request, _("Bye recorded: %(bye)s.") % {"bye": bye})
        return bye


class ForbiddenPairView(ActionView):
    form_class = ForbiddenPairForm

    def perform(self, form: Any) -> Any:
        pair = add_forbidden_pair(
            tournament=self.tournament,
            player_a=form.cleaned_data["player_a"],
            player_b=form.cleaned_data["player_b"],
            actor=self.request.user,
        )
        messages.success(self.request, _("Forbidden pair added: %(pair)s.") % {"pair": pair})
        return pair


class ArbitersView(ActionView):
    """Appoint one arbiter picked by the picker, or remove one (``change_arbiter``): staff
    and the club's organisers. An organiser picks only among the club's accounts
    (:func:`backoffice.queries.arbiter_candidates`)."""

    form_class = ArbiterPickForm
    manage = True

    def perform(self, form: Any) -> Any:
        account = form.cleaned_data["account"]
        appoint = form.cleaned_data["add"] is not None
        if appoint and not may_pick_arbiter(self.tournament, account, self.request.user):
            raise ValidationError(
                _("This account is not one of the club's: invite them by e-mail first.")
            )
        arbiters = change_arbiter(
            tournament=self.tournament, account=account, appoint=appoint, actor=self.request.user
        )
        messages.success(
            self.request,
            _("Arbiters: %(names)s.")
            % {"names": ", ".join(account_name(a) for a in arbiters) or _("none")},
        )
        return None

    def redirect_url(self, result: Any = None) -> str:
        return self.dashboard_url() + "#arbiters"


class ArbiterSearchView(TournamentMixin, View):
    """GET: the arbiter picker's accounts for ``q`` (htmx: the list; otherwise the
    dashboard)."""

    http_method_names = ["get"]
    manage = True

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        query = parse_text(request.GET.get("q"))
        if not request.htmx:
            return HttpResponseRedirect(self.dashboard_url() + "#arbiters")
        context = {
            "tournament": self.tournament,
            "q": query,
            "accounts": arbiter_candidates(self.tournament, query, request.user),
        }
        return render(request, "backoffice/organiser/_arbiter_candidates.html", context)

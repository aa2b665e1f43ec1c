"""Organiser pages: my clubs, my tournaments, the tournament dashboard and the round page
(pair, edit, publish, results with a preview of the rating changes, reported results).

Every view checks a role predicate of :mod:`core.roles` before anything else
(:class:`RoleRequiredMixin`): anonymous users go to the login page, users without the role
get 403. Managing a tournament (settings, registrations, arbiters) needs staff or an
organiser of its club; everything else (pairings, results, byes, withdrawals, forbidden
pairs) also its arbiters. Pages are GET-only and write nothing; every write is a POST to an
action view that parses one form, calls one service (which checks the role again), adds a
message and redirects back. A refused service call (``ValidationError``) becomes an error
message and writes nothing (each service is one transaction).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView
from django_tables2 import RequestConfig

from actions.boards import add_game, delete_game, edit_board, swap_boards
from actions.byes import add_forbidden_pair, cancel_bye, request_bye
from actions.players import create_player
from actions.registrations import register_player, withdraw_player
from actions.reports import confirm_report, reject_report
from actions.results import record_result
from actions.rounds import add_round, discard_pairings, pair_next_round, publish_round
from actions.tournaments import create_tournament, set_arbiters, update_tournament
from backoffice.forms.tournaments import (
    AddBoardForm,
    AddRoundForm,
    ArbitersForm,
    ByeForm,
    ClubPlayerForm,
    EditBoardForm,
    ForbiddenPairForm,
    PairForm,
    RegisterForm,
    ResultForm,
    SettingsForm,
    SwapBoardsForm,
    TournamentCreateForm,
    WithdrawForm,
)
from backoffice.queries import organised_clubs_overview
from backoffice.tables import (
    BoardTable,
    ClubPlayerTable,
    OrganiserClubTable,
    OrganiserTournamentTable,
    RegistrationTable,
    ReportTable,
    RoundTable,
)
from core import roles as permissions
from players.models import Club
from ratings.queries import result_previews, tournament_grades
from tournaments import queries
from tournaments.enums import PairingSystem, RoundStatus
from tournaments.models import (
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    ResultReport,
    Round,
    Tournament,
)
from tournaments.pairing_queries import round_is_complete, round_version
from tournaments.queries import club_players, pending_reports


class RoleRequiredMixin(LoginRequiredMixin, UserPassesTestMixin):
    """Logged-in users for whom :meth:`has_permission` holds: anonymous users go to the
    login page, others get 403. The default: anyone with a back-office role."""

    def has_permission(self) -> bool:
        return permissions.has_role(self.request.user)

    def test_func(self) -> bool:
        return self.has_permission()


def _error_text(error: ValidationError) -> str:
    return " ".join(str(message) for message in error.messages)


def _add_errors(form: forms.Form, error: ValidationError) -> None:
    """Show a service's refusal on the form: on its field when the form has it."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            messages_ = [message for e in errors for message in e.messages]
            form.add_error(field if field in form.fields else None, messages_)
    else:
        form.add_error(None, error.messages)


class TournamentListView(RoleRequiredMixin, TemplateView):
    """My tournaments: those of my clubs and those I arbitrate (staff: all), newest first."""

    template_name = "backoffice/organiser/list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tournaments = (
            permissions.managed_tournaments(self.request.user)
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
            can_create=permissions.can_create_tournament(self.request.user),
            **kwargs,
        )


class ClubListView(RoleRequiredMixin, TemplateView):
    """My clubs (staff: all clubs), with their players and tournaments counted."""

    template_name = "backoffice/organiser/clubs.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        table = OrganiserClubTable(organised_clubs_overview(self.request.user))
        RequestConfig(self.request, paginate={"per_page": 50}).configure(table)
        return super().get_context_data(table=table, **kwargs)


class ClubMixin(RoleRequiredMixin):
    """Looks the club up by id (``self.club``); staff and the club's organisers only."""

    club: Club

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.club = get_object_or_404(Club, pk=kwargs["pk"])
        return super().dispatch(request, *args, **kwargs)

    def has_permission(self) -> bool:
        return permissions.can_manage_club(self.request.user, self.club)


class ClubView(ClubMixin, TemplateView):
    """One of my clubs: its players (with the form to add one) and its tournaments."""

    template_name = "backoffice/organiser/club.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        players = ClubPlayerTable(club_players(self.club))
        RequestConfig(self.request, paginate={"per_page": 100}).configure(players)
        return super().get_context_data(
            club=self.club,
            players_table=players,
            tournaments=self.club.tournaments.order_by("-start_date", "name"),
            form=kwargs.pop("form", None) or ClubPlayerForm(),
            **kwargs,
        )


class ClubPlayerCreateView(ClubMixin, View):
    """POST only: add a player to the club (``create_player``)."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = ClubPlayerForm(request.POST)
        back = reverse("tournaments:organise_club", args=[self.club.pk])
        if form.is_valid():
            try:
                player = create_player(club=self.club, actor=self.request.user, **form.cleaned_data)
            except ValidationError as error:
                _add_errors(form, error)
            else:
                messages.success(request, _("%(player)s added.") % {"player": player.name})
                return HttpResponseRedirect(back)
        view = ClubView(request=request, kwargs={"pk": pk}, club=self.club)
        return view.render_to_response(view.get_context_data(form=form))


class TournamentCreateView(RoleRequiredMixin, FormView):
    """A new tournament (``create_tournament``) for one of my clubs; refusals are shown on
    the form."""

    template_name = "backoffice/organiser/create.html"
    form_class = TournamentCreateForm

    def has_permission(self) -> bool:
        return permissions.can_create_tournament(self.request.user)

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "user": self.request.user}

    def form_valid(self, form: TournamentCreateForm) -> HttpResponse:
        try:
            tournament = create_tournament(actor=self.request.user, **form.cleaned_data)
        except ValidationError as error:
            _add_errors(form, error)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Tournament “%(name)s” created: enter the players.") % {"name": tournament.name},
        )
        return HttpResponseRedirect(reverse("tournaments:organise", args=[tournament.slug]))


class TournamentMixin(RoleRequiredMixin):
    """Looks the tournament up by slug (``self.tournament``); needs an arbiter of it (or its
    manager), or with ``manage = True`` a manager (staff, an organiser of its club)."""

    tournament: Tournament
    manage = False

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def has_permission(self) -> bool:
        if self.manage:
            return permissions.can_manage_tournament(self.request.user, self.tournament)
        return permissions.can_arbitrate(self.request.user, self.tournament)

    def dashboard_url(self) -> str:
        return reverse("tournaments:organise", args=[self.tournament.slug])


class RoundMixin(TournamentMixin):
    """Also looks the round up by number (``self.round``)."""

    round: Round

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        self.round = get_object_or_404(Round, tournament=tournament, number=kwargs["number"])
        return super().dispatch(request, *args, **kwargs)

    def round_url(self) -> str:
        return reverse("tournaments:organise_round", args=[self.tournament.slug, self.round.number])


class DashboardView(TournamentMixin, TemplateView):
    """Players, rounds and the registration forms of one tournament."""

    template_name = "backoffice/organiser/dashboard.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tournament = self.tournament
        registrations = (
            Registration.objects.filter(tournament=tournament)
            .select_related("player")
            .order_by("pairing_number", "player__last_name")
        )
        grades = (
            queries.entry_grades(tournament, registrations)
            if tournament.uses_mcmahon_engine
            else tournament_grades(tournament, [r.player_id for r in registrations])
        )
        players = RegistrationTable(registrations, grades=grades)
        rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
        for round_ in rounds:
            round_.complete = round_is_complete(round_)
        rounds_table = RoundTable(rounds)
        RequestConfig(self.request, paginate=False).configure(players)
        last = rounds[-1] if rounds else None
        arbiters = sorted(u.get_username() for u in tournament.arbiters.all())
        return super().get_context_data(
            tournament=tournament,
            can_manage=permissions.can_manage_tournament(self.request.user, tournament),
            arbiters=arbiters,
            arbiters_form=ArbitersForm(initial={"usernames": ", ".join(arbiters)}),
            reports=pending_reports(tournament),
            players_table=players,
            rounds_table=rounds_table,
            can_pair=tournament.pairing_system != PairingSystem.MANUAL
            and (last is None or last.complete),
            next_round_number=last.number + 1 if last else 1,
            manual=tournament.pairing_system == PairingSystem.MANUAL,
            add_round_form=AddRoundForm(),
            register_form=RegisterForm(tournament=tournament),
            withdraw_form=WithdrawForm(tournament=tournament),
            bye_form=ByeForm(tournament=tournament),
            forbidden_form=ForbiddenPairForm(tournament=tournament),
            settings_form=SettingsForm(instance=tournament),
            requested_byes=RequestedBye.objects.filter(registration__tournament=tournament)
            .select_related("registration__player")
            .order_by("round_number"),
            forbidden_pairs=ForbiddenPair.objects.filter(tournament=tournament).select_related(
                "player_a", "player_b"
            ),
            **kwargs,
        )


class RoundView(RoundMixin, TemplateView):
    """One round: the boards, their edit forms (draft) or result forms (published)."""

    template_name = "backoffice/organiser/round.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        games = list(
            Game.objects.filter(round=self.round)
            .select_related("white", "black", "round__tournament")
            .order_by("board")
        )
        draft = self.round.status == RoundStatus.DRAFT
        version = round_version(self.round) if draft else ""
        for game in games:
            if draft:
                game.form = EditBoardForm(
                    tournament=self.tournament,
                    initial={"white": game.white_id, "black": game.black_id, "version": version},
                    prefix=f"b{game.board}",
                )
            else:
                game.form = ResultForm(game=game, prefix=f"b{game.board}")
        previews = {} if draft else result_previews(tournament=self.tournament, games=games)
        for game in games:
            game.previews = previews.get(game.pk, [])
        manual = self.tournament.pairing_system == PairingSystem.MANUAL
        table = BoardTable(games, draft=draft, manual=manual, go=self.tournament.is_go)
        reports = pending_reports(self.tournament, round_=self.round)
        return super().get_context_data(
            reports=reports,
            reports_table=ReportTable(reports),
            tournament=self.tournament,
            round=self.round,
            draft=draft,
            complete=round_is_complete(self.round),
            table=table,
            swap_form=SwapBoardsForm(initial={"version": version}),
            manual=manual,
            add_board_form=AddBoardForm(tournament=self.tournament),
            **kwargs,
        )


class ActionView(TournamentMixin, View):
    """POST only: parse ``form_class``, call :meth:`perform`, message, redirect."""

    form_class: type[forms.Form] | None = None
    success_message = ""

    def get_form(self) -> forms.Form | None:
        if self.form_class is None:
            return None
        return self.form_class(self.request.POST, **self.form_kwargs())

    def form_kwargs(self) -> dict[str, Any]:
        return {"tournament": self.tournament}

    def perform(self, form: forms.Form | None) -> Any:
        raise NotImplementedError

    def redirect_url(self, result: Any = None) -> str:
        return self.dashboard_url()

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = self.get_form()
        if form is not None and not form.is_valid():
            for field, errors in form.errors.items():
                label = form.fields[field].label if field in form.fields else ""
                for error in errors:
                    messages.error(request, f"{label}: {error}" if label else error)
            return HttpResponseRedirect(self.redirect_url())
        try:
            result = self.perform(form)
        except ValidationError as error:
            messages.error(request, _error_text(error))
            return HttpResponseRedirect(self.redirect_url())
        for warning in result if isinstance(result, list) else []:
            messages.warning(request, warning)
        if self.success_message:
            messages.success(request, self.success_message)
        return HttpResponseRedirect(self.redirect_url(result))


class SettingsView(ActionView):
    """Change the format, points and pairing options (``update_tournament``)."""

    manage = True

    def get_form(self) -> forms.Form:
        return SettingsForm(
            self.request.POST, instance=Tournament.objects.get(pk=self.tournament.pk)
        )

    def perform(self, form: Any) -> Any:
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        if not changes:
            return None
        update_tournament(tournament=self.tournament, actor=self.request.user, changes=changes)
        messages.success(self.request, _("The settings were saved."))
        return None


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


class RegisterView(ActionView):
    form_class = RegisterForm
    manage = True

    def perform(self, form: Any) -> Any:
        registration = register_player(
            tournament=self.tournament,
            actor=self.request.user,
            player=form.cleaned_data["player"],
            rating_at_start=form.cleaned_data["rating_at_start"],
            grade=form.cleaned_data.get("grade", ""),
        )
        messages.success(
            self.request,
            _("%(player)s is entered (pairing number %(number)s).")
            % {"player": registration.player, "number": registration.pairing_number or "–"},
        )
        return registration


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


class PairView(ActionView):
    """Pair the next round (a draft) and go to it (the same round if submitted twice)."""

    form_class = PairForm

    def form_kwargs(self) -> dict[str, Any]:
        return {}

    def perform(self, form: Any) -> Any:
        round_ = pair_next_round(
            tournament=self.tournament, actor=self.request.user, number=form.cleaned_data["number"]
        )
        messages.success(
            self.request,
            _("Round %(round)d is paired: review it, then publish.") % {"round": round_.number},
        )
        return round_

    def redirect_url(self, result: Any = None) -> str:
        if isinstance(result, Round):
            return reverse("tournaments:organise_round", args=[self.tournament.slug, result.number])
        return self.dashboard_url()


class RoundActionView(RoundMixin, ActionView):
    def redirect_url(self, result: Any = None) -> str:
        return self.round_url()

    def game(self) -> Game:
        return get_object_or_404(Game, round=self.round, board=self.kwargs["board"])


class PublishView(RoundActionView):
    def perform(self, form: Any) -> Any:
        publish_round(round=self.round, actor=self.request.user)
        messages.success(
            self.request, _("Round %(round)d is published.") % {"round": self.round.number}
        )


class DiscardView(RoundActionView):
    def perform(self, form: Any) -> Any:
        number = self.round.number
        discard_pairings(round=self.round, actor=self.request.user)
        messages.success(
            self.request, _("The pairings of round %(round)d were discarded.") % {"round": number}
        )
        return None

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        if not Round.objects.filter(pk=self.round.pk).exists():
            return HttpResponseRedirect(self.dashboard_url())
        return response


class EditBoardView(RoundActionView):
    form_class = EditBoardForm

    def get_form(self) -> forms.Form:
        return EditBoardForm(
            self.request.POST, tournament=self.tournament, prefix=f"b{self.kwargs['board']}"
        )

    def perform(self, form: Any) -> list[str]:
        warnings = edit_board(
            game=self.game(),
            white=form.cleaned_data["white"],
            black=form.cleaned_data["black"],
            actor=self.request.user,
            expected_version=form.cleaned_data["version"] or None,
        )
        messages.success(
            self.request, _("Board %(board)d changed.") % {"board": self.kwargs["board"]}
        )
        return warnings


class SwapBoardsView(RoundActionView):
    form_class = SwapBoardsForm

    def form_kwargs(self) -> dict[str, Any]:
        return {}

    def perform(self, form: Any) -> list[str]:
        games = {
            g.board: g
            for g in Game.objects.filter(
                round=self.round,
                board__in=[form.cleaned_data["board"], form.cleaned_data["other"]],
            )
        }
        if len(games) != len({form.cleaned_data["board"], form.cleaned_data["other"]}):
            raise ValidationError(_("No such board in this round."))
        warnings = swap_boards(
            game=games[form.cleaned_data["board"]],
            other=games[form.cleaned_data["other"]],
            actor=self.request.user,
            expected_version=form.cleaned_data["version"] or None,
        )
        messages.success(self.request, _("Boards swapped."))
        return warnings


class ResultView(RoundActionView):
    def get_form(self) -> forms.Form:
        return ResultForm(self.request.POST, game=self.game(), prefix=f"b{self.kwargs['board']}")

    def perform(self, form: Any) -> Any:
        based_on = self.request.POST.get(form.add_prefix("based_on"))
        game = record_result(
            game=self.game(),
            result=form.cleaned_data["result"],
            correction=form.cleaned_data["correction"],
            actor=self.request.user,
            # Forms drawn before this field existed carry nothing: no check then.
            expected_result=None if based_on is None else form.cleaned_data["based_on"],
        )
        messages.success(
            self.request,
            _("Board %(board)d: %(result)s.")
            % {"board": game.board, "result": game.get_result_display() or "–"},
        )
        return game


class AddRoundView(ActionView):
    """Add the next round of a manual tournament and go to it."""

    form_class = AddRoundForm

    def form_kwargs(self) -> dict[str, Any]:
        return {}

    def perform(self, form: Any) -> Any:
        round_ = add_round(
            tournament=self.tournament, date=form.cleaned_data["date"], actor=self.request.user
        )
        messages.success(
            self.request,
            _("Round %(round)d added: enter its boards.") % {"round": round_.number},
        )
        return round_

    def redirect_url(self, result: Any = None) -> str:
        if isinstance(result, Round):
            return reverse("tournaments:organise_round", args=[self.tournament.slug, result.number])
        return self.dashboard_url()


class AddBoardView(RoundActionView):
    """Add a board (or a bye) to a round of a manual tournament (``add_game``)."""

    form_class = AddBoardForm

    def perform(self, form: Any) -> Any:
        if self.tournament.pairing_system != PairingSystem.MANUAL:
            raise ValidationError(_("Boards are added by hand only in manual tournaments."))
        board = form.cleaned_data["board"]
        if board is None:
            board = (
                Game.objects.filter(round=self.round)
                .order_by("-board")
                .values_list("board", flat=True)
                .first()
                or 0
            ) + 1
        game = add_game(
            round=self.round,
            board=board,
            white=form.cleaned_data["white"],
            black=form.cleaned_data["black"],
            result=form.cleaned_data["bye"] if form.cleaned_data["black"] is None else "",
            actor=self.request.user,
        )
        messages.success(self.request, _("Board %(board)d added.") % {"board": game.board})
        return game


class DeleteBoardView(RoundActionView):
    """Remove a board of a manual tournament (``delete_game``)."""

    def perform(self, form: Any) -> Any:
        if self.tournament.pairing_system != PairingSystem.MANUAL:
            raise ValidationError(_("Boards are removed by hand only in manual tournaments."))
        game = self.game()
        delete_game(game=game, actor=self.request.user)
        messages.success(self.request, _("Board %(board)d removed.") % {"board": game.board})
        return None


class ArbitersView(ActionView):
    """Appoint the tournament's arbiters (``set_arbiters``): staff and the club's organisers."""

    form_class = ArbitersForm
    manage = True

    def perform(self, form: Any) -> Any:
        arbiters = set_arbiters(
            tournament=self.tournament,
            arbiters=form.cleaned_data["usernames"],
            actor=self.request.user,
        )
        messages.success(
            self.request,
            _("Arbiters: %(names)s.")
            % {"names": ", ".join(a.get_username() for a in arbiters) or _("none")},
        )
        return None


class ReportActionView(ActionView):
    """Confirm or reject a result a player reported (``report`` is the report's id)."""

    round_number: int | None = None

    def report(self) -> ResultReport:
        report = get_object_or_404(
            ResultReport.objects.select_related("game__round"),
            pk=self.kwargs["report"],
            game__round__tournament=self.tournament,
        )
        self.round_number = report.game.round.number
        return report

    def redirect_url(self, result: Any = None) -> str:
        if self.round_number is None:
            return self.dashboard_url()
        return reverse("tournaments:organise_round", args=[self.tournament.slug, self.round_number])


class ConfirmReportView(ReportActionView):
    def perform(self, form: Any) -> Any:
        game = confirm_report(report=self.report(), actor=self.request.user)
        messages.success(
            self.request,
            _("Board %(board)d: %(result)s confirmed.")
            % {"board": game.board, "result": game.get_result_display()},
        )
        return game


class RejectReportView(ReportActionView):
    def perform(self, form: Any) -> Any:
        reject_report(report=self.report(), actor=self.request.user)
        messages.success(self.request, _("The reported result was rejected."))
        return None

"""Organiser pages of a round: the round page and its actions.

Pair or add the next round, edit, swap, add and remove boards of a draft, publish or discard
it, enter results with a preview of the rating changes, and confirm or reject the results
players reported.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from actions.boards import add_game, delete_game, edit_board, swap_boards
from actions.reports import confirm_report, reject_report
from actions.results import record_result
from actions.rounds import add_round, discard_pairings, pair_next_round, publish_round
from backoffice.forms.tournaments import (
    AddBoardForm,
    AddRoundForm,
    EditBoardForm,
    PairForm,
    ResultForm,
    SwapBoardsForm,
)
from backoffice.tables import (
    BoardTable,
    ReportTable,
)
from backoffice.views.base import (
    ActionView,
    TournamentMixin,
)
from core import jobs
from ratings.queries import result_previews
from tournaments.enums import PairingSystem, RoundStatus
from tournaments.models import (
    Game,
    ResultReport,
    Round,
    Tournament,
)
from tournaments.pairing_queries import round_is_complete, round_version
from tournaments.queries import pending_reports


class RoundMixin(TournamentMixin):
    """Also looks the round up by number (``self.round``)."""

    round: Round

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        self.round = get_object_or_404(Round, tournament=tournament, number=kwargs["number"])
        return super().dispatch(request, *args, **kwargs)

    def round_url(self) -> str:
        return reverse("tournaments:organise_round", args=[self.tournament.slug, self.round.number])


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
        recomputing = self.tournament.rating_list_id and jobs.status(self.tournament.rating_list_id)
        if recomputing:
            messages.info(
                self.request,
                _(
                    "Ratings are being recomputed (%(done)d of %(total)d periods done): the "
                    "pages show the new ratings when it is finished."
                )
                % recomputing,
            )
        return game


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

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
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import TemplateView

from actions.boards import add_game, delete_game, edit_board, swap_boards
from actions.check_in import NotCheckedIn
from actions.reports import confirm_report, reject_report
from actions.results import LaterRoundsPaired, record_result
from actions.rounds import add_round, discard_pairings, pair_next_round, publish_round
from backoffice.board_rows import RowContext, board_row, seat_html
from backoffice.forms.tournaments import (
    AddBoardForm,
    AddRoundForm,
    EditBoardForm,
    PairForm,
    ResultForm,
    SwapBoardsForm,
    result_inputs,
)
from backoffice.queries import seats
from backoffice.tables import ReportTable, signed
from backoffice.team_rows import team_groups
from backoffice.views.base import (
    ActionView,
    TournamentMixin,
    error_text,
)
from core import jobs, submissions
from events.queries.check_in import not_checked_in, rule_applies
from ratings.queries.tournaments import result_previews
from tournaments.enums import PairingSystem, Result, RoundStatus
from tournaments.models import (
    Game,
    ResultReport,
    Round,
    Tournament,
)
from tournaments.queries.event import draws_possible
from tournaments.queries.games import pending_reports
from tournaments.queries.rounds import next_step, round_version


class RoundMixin(TournamentMixin):
    """Also looks the round up by number (``self.round``), once the role is checked."""

    round: Round

    def lookup(self, **kwargs: Any) -> None:
        self.round = get_object_or_404(Round, tournament=self.tournament, number=kwargs["number"])

    def round_url(self) -> str:
        return reverse("tournaments:organise_round", args=[self.tournament.slug, self.round.number])

    def manual(self) -> bool:
        """Boards are added and removed by hand (a manual tournament)."""
        return self.tournament.pairing_system == PairingSystem.MANUAL


def preview_text(previews: list[Any]) -> str:
    """ "1–0: +4.8 / −4.8 · ½–½: … " for a board's rating preview (white / black)."""
    labels = dict(Result.choices)
    return " · ".join(
        f"{labels[p.result]}: {signed(p.white)} / {signed(p.black)}" for p in previews
    )


def board_games(round_: Round, tournament: Tournament, *, only: int | None = None) -> list[Game]:
    """The round's games (or board ``only``) with what their rows show: each player's seat
    (pairing number, rating, points, colours), the rating preview and the board's form."""
    games = list(
        Game.objects.filter(round=round_, **({} if only is None else {"board": only}))
        .select_related("white", "black")
        .order_by("board")
    )
    round_.tournament = tournament
    draft = round_.status == RoundStatus.DRAFT
    table = seats(round_)
    version = round_version(round_) if draft else ""
    previews = {} if draft else result_previews(tournament=tournament, games=games)
    for game in games:
        game.round = round_
        game.white_seat = table.get(game.white_id)
        game.black_seat = table.get(game.black_id) if game.black_id else None
        game.white_html = seat_html(game.white, game.white_seat)
        game.black_html = seat_html(game.black, game.black_seat) if game.black_id else ""
        game.preview_text = preview_text(previews.get(game.pk, []))
        if draft:
            game.form = EditBoardForm(
                tournament=tournament,
                initial={"white": game.white_id, "black": game.black_id, "version": version},
                prefix=f"b{game.board}",
            )
        else:
            game.entry = result_inputs(game)
    return games


class RoundView(RoundMixin, TemplateView):
    """One round: the draft's boards with their swap and edit forms, or the published boards
    with the keyboard result entry (one form per board, saved by htmx without a reload)."""

    template_name = "backoffice/organiser/round.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        games = board_games(self.round, self.tournament)
        draft = self.round.status == RoundStatus.DRAFT
        for game in games:
            pending = kwargs.get("pending", {}).get(game.board)
            if pending:
                game.row_error, game.confirm_code = pending
        first_empty = next((g for g in games if not g.result and not draft), None)
        if first_empty is not None:
            first_empty.entry = result_inputs(first_empty, extra={"autofocus": True})
        if not draft:
            rows = RowContext.of(self.request, self.tournament, self.round, manual=self.manual())
            for game in games:
                game.row = board_row(game, rows)
        reports = pending_reports(self.tournament, round_=self.round)
        return super().get_context_data(
            team_matches=team_groups(self.round, self.tournament, games),
            reports=reports,
            reports_table=ReportTable(reports),
            tournament=self.tournament,
            round=self.round,
            draft=draft,
            games=games,
            version=round_version(self.round) if draft else "",
            step=None if draft else next_step(self.tournament),
            manual=self.manual(),
            add_board_form=AddBoardForm(tournament=self.tournament),
            draws=draws_possible(self.tournament),
            **kwargs,
        )


class PairView(ActionView):
    """Pair the next round (a draft) and go to it (the same round if submitted twice).

    When players have not checked in for a round the check-in rule applies to, the page asks
    first (:class:`actions.check_in.NotCheckedIn`, nothing written): its confirm button posts
    again with their registrations in the hidden field ``absent``."""

    form_class = PairForm
    question: NotCheckedIn | None = None

    def form_kwargs(self) -> dict[str, Any]:
        return {}

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        if self.question is None:
            return response
        context = {
            "tournament": self.tournament,
            "question": self.question,
            "absent": ",".join(str(r.pk) for r in self.question.missing),
        }
        return render(request, "backoffice/organiser/pair_confirm.html", context)

    def perform(self, form: Any) -> Any:
        try:
            round_ = pair_next_round(
                tournament=self.tournament,
                actor=self.request.user,
                number=form.cleaned_data["number"],
                absent_confirmed=form.absent_ids(),
            )
        except NotCheckedIn as asked:
            self.question = asked
            return None
        messages.success(
            self.request,
            _("Round %(round)d is paired: review it, then publish.") % {"round": round_.number},
        )
        if self.tournament.is_round_robin and rule_applies(self.tournament, round_.number):
            missing = not_checked_in(self.tournament, round_.number)
            if missing:
                messages.warning(
                    self.request,
                    ngettext(
                        "%(count)d player has not checked in: %(names)s. A round robin "
                        "pairs everyone: enter their games as forfeits if they do not come.",
                        "%(count)d players have not checked in: %(names)s. A round robin "
                        "pairs everyone: enter their games as forfeits if they do not come.",
                        len(missing),
                    )
                    % {"count": len(missing), "names": ", ".join(str(r.player) for r in missing)},
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
            tournament=self.tournament,
            date=form.cleaned_data["date"],
            actor=self.request.user,
            submission=submissions.of(form, self.redirect_url),
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
    """Discard a draft: only with ``confirm=yes`` (the page asks first)."""

    def perform(self, form: Any) -> Any:
        if self.request.POST.get("confirm") != "yes":
            raise ValidationError(
                _("Confirm that the draft of round %(round)d is to be discarded.")
                % {"round": self.round.number}
            )
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
    """Save one board's result (``record_result``, with the stale-form guard). An htmx request
    gets the board's row back (saved, or the reason it was refused); a plain form post is
    redirected to the round page with a message. A correction that later rounds' pairings
    used asks for confirmation first (one more post, with ``confirm_later``)."""

    def get_form(self) -> forms.Form:
        return ResultForm(self.request.POST, game=self.game(), prefix=f"b{self.kwargs['board']}")

    def perform(self, form: Any) -> Any:
        based_on = self.request.POST.get(form.add_prefix("based_on"))
        return record_result(
            game=form.game,
            result=form.cleaned_data["result"],
            correction=form.cleaned_data["correction"],
            actor=self.request.user,
            # Forms drawn before this field existed carry nothing: no check then.
            expected_result=None if based_on is None else form.cleaned_data["based_on"],
            later_rounds_confirmed=form.cleaned_data["confirm_later"],
        )

    def _row(self, *, refocus: bool = False, **state: Any) -> HttpResponse:
        """The board's row again; ``refocus``: the key typed was no result, so the row's
        field takes the cursor back (``autofocus``, which htmx honours in a swapped row; the
        page's script did not move on either) to type the result again."""
        game = board_games(self.round, self.tournament, only=self.kwargs["board"])[0]
        for name, value in state.items():
            setattr(game, name, value)
        if refocus:
            game.entry = result_inputs(game, extra={"autofocus": True, "aria-invalid": "true"})
        rows = RowContext.of(self.request, self.tournament, self.round, manual=self.manual())
        context = {
            "row": board_row(game, rows),
            "tournament": self.tournament,
            "round": self.round,
            "changed": state.get("saved", False),
            "step": next_step(self.tournament),
        }
        return render(self.request, "backoffice/organiser/_board_row_response.html", context)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = self.get_form()
        if not form.is_valid():
            text = " ".join(e for errors in form.errors.values() for e in errors)
            if request.htmx:
                return self._row(row_error=text, refocus=True)
            messages.error(
                request, _("Board %(board)d: %(why)s") % {"board": form.game.board, "why": text}
            )
            return HttpResponseRedirect(self.redirect_url())
        try:
            game = self.perform(form)
        except LaterRoundsPaired as error:
            state = (error_text(error), form.cleaned_data["result"])
            if request.htmx:
                return self._row(row_error=state[0], confirm_code=state[1])
            view = RoundView(request=request, kwargs=self.kwargs, round=self.round)
            view.tournament = self.tournament
            context = view.get_context_data(pending={form.game.board: state})
            return view.render_to_response(context)
        except ValidationError as error:
            if request.htmx:
                return self._row(row_error=error_text(error))
            messages.error(request, error_text(error))
            return HttpResponseRedirect(self.redirect_url())
        if request.htmx:
            self._say_if_recomputing()  # shown by the next page drawn
            return self._row(saved=True)
        messages.success(
            request,
            _("Board %(board)d: %(result)s.")
            % {"board": game.board, "result": game.get_result_display() or "–"},
        )
        self._say_if_recomputing()
        return HttpResponseRedirect(self.redirect_url())

    def _say_if_recomputing(self) -> None:
        """With a job queue, a late correction recomputes in the background: say so."""
        rating_list = self.tournament.rating_list_id
        recomputing = rating_list and jobs.status(rating_list)
        if recomputing:
            messages.info(
                self.request,
                _(
                    "Ratings are being recomputed (%(done)d of %(total)d periods done): the "
                    "pages show the new ratings when it is finished."
                )
                % recomputing,
            )


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

"""Player pages: my games to report, and reporting a result for an arbiter to confirm.

A logged-in user whose account is linked to a player (``Player.user``) sees the games of
tournaments that let players report their results; the report is stored apart from the
official result until an arbiter confirms it (``report_result``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from actions.reports import report_result
from backoffice.forms.tournaments import ReportForm
from backoffice.tables import ReportableGameTable
from core import roles
from events.queries.club_games import club_games_of, my_reports, reports_to_confirm
from tournaments.models import Game
from tournaments.queries.games import games_to_report


class PlayerRequiredMixin(LoginRequiredMixin, UserPassesTestMixin):
    """A logged-in user whose account is a player's; others get 403."""

    def test_func(self) -> bool:
        return roles.player_of(self.request.user) is not None


class MyGamesView(PlayerRequiredMixin, TemplateView):
    template_name = "backoffice/reports/my_games.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        player = roles.player_of(self.request.user)
        games = games_to_report(player)
        for game in games:
            game.form = ReportForm(
                initial={"result": game.my_report.result if game.my_report else None},
                prefix=f"g{game.pk}",
                game=game,
            )
        return super().get_context_data(
            player=player,
            table=ReportableGameTable(games),
            club_reports=reports_to_confirm(player),
            my_club_reports=my_reports(player),
            ladder_club=player.club if player.club and club_games_of(player.club) else None,
            **kwargs,
        )


class ReportResultView(LoginRequiredMixin, View):
    """POST only: report the result of one's own game (``report_result``)."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, game: int) -> HttpResponse:
        # A missing game is refused like someone else's: no one learns which games exist.
        game_ = Game.objects.select_related("round__tournament").filter(pk=game).first()
        roles.require(game_ is not None and roles.can_report_result(request.user, game_))
        form = ReportForm(request.POST, prefix=f"g{game_.pk}")  # a draw: the action says why not
        back = reverse("tournaments:my_games")
        if not form.is_valid():
            messages.error(request, _("Choose 1-0, ½-½ or 0-1."))
            return HttpResponseRedirect(back)
        try:
            report = report_result(
                game=game_, result=form.cleaned_data["result"], actor=request.user
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return HttpResponseRedirect(back)
        messages.success(
            request,
            _("Reported %(result)s: an arbiter will confirm it.")
            % {"result": report.get_result_display()},
        )
        return HttpResponseRedirect(back)

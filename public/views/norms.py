"""The FIDE title norms of a tournament rated in a FIDE chess list: every player's verdict
per title (and, while rounds are left, what they still need), and a player's norm report
ready to print with the data of FIDE's norm report form."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.views.generic import DetailView

from players.queries.players import player_for_page
from public.tables.norms import EarnedNormsTable, NormsTable, OpponentsTable, norm_rows
from public.views.event import TournamentPageMixin
from ratings.queries.norms import norms_apply, tournament_norms
from ratings.queries.player_norms import player_title_norms
from web.views import ReadOnlyMixin


class NormPagesMixin(TournamentPageMixin):
    page = "norms"

    def get_object(self, queryset=None):
        tournament = super().get_object(queryset)
        if not norms_apply(tournament):
            raise Http404(_("Title norms are checked for tournaments rated in a FIDE chess list."))
        return tournament


class NormsView(NormPagesMixin, DetailView):
    """Every player's GM, IM, WGM and WIM norm in the tournament."""

    template_name = "public/tournaments/norms.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        norms = tournament_norms(self.object)
        context.update(
            page=self.page,
            norms=norms,
            table=NormsTable(norm_rows(norms.players), slug=self.object.slug),
        )
        return context


class NormReportView(NormPagesMixin, DetailView):
    """One player's norm report: the event, the player, the opponents with their titles,
    federations and ratings, the results, and per title Ra, the points, Rp and every
    requirement with its verdict."""

    template_name = "public/tournaments/norm_report.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        norms = tournament_norms(self.object)
        entry = norms.player(self.kwargs["tpn"])
        if entry is None:
            raise Http404(_("No player with that number in this tournament."))
        context.update(
            page=self.page,
            norms=norms,
            entry=entry,
            table=OpponentsTable(entry.rounds),
        )
        return context


class PlayerNormsView(ReadOnlyMixin, DetailView):
    """A player's norms earned in finished FIDE standard tournaments, and per title where an
    application stands (§1.5: 27 games of norms, the rating reached)."""

    template_name = "public/ratings/player_norms.html"
    context_object_name = "player"

    def get_queryset(self):
        return player_for_page()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        norms = player_title_norms(self.object)
        context.update(norms=norms, table=EarnedNormsTable(norms.norms))
        return context

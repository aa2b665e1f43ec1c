"""Public, read-only tournament pages."""

from django.views.generic import DetailView
from django_tables2 import SingleTableView

from players.views.mixins import ReadOnlyMixin
from tournaments import queries
from tournaments.tables import GameTable, TournamentPlayerTable, TournamentTable


class TournamentListView(ReadOnlyMixin, SingleTableView):
    """Every tournament, newest first."""

    template_name = "tournaments/list.html"
    table_class = TournamentTable
    table_pagination = {"per_page": 50}

    def get_queryset(self):
        return queries.tournaments_overview()


class TournamentView(ReadOnlyMixin, DetailView):
    """A tournament: its players with rating change and performance, then its games by round."""

    template_name = "tournaments/detail.html"
    context_object_name = "tournament"

    def get_queryset(self):
        return queries.tournament_for_page()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        games = list(queries.tournament_games(self.object))
        lines = queries.tournament_players(self.object, games)
        context["players_table"] = TournamentPlayerTable(
            lines, rated=self.object.rating_list_id is not None
        )
        context["strength"] = queries.field_strength(lines)
        context["rounds"] = [
            {"round": round_games, "table": GameTable(round_games.games)}
            for round_games in queries.games_by_round(games)
        ]
        return context

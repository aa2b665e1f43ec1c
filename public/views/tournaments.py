"""Public, read-only tournament pages."""

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import DetailView
from django_tables2 import RequestConfig, SingleTableView

from core import audit
from core.audit import can_see_audit
from events.queries.sections import WITH_EVENT, event_of
from public.tables.event import SwissCrosstableTable
from public.tables.tournaments import (
    AuditTable,
    CrosstableTable,
    GameTable,
    ProgressTable,
    StandingsTable,
    TournamentPlayerTable,
    TournamentTable,
)
from public.views.downloads import CsvMixin
from public.views.page_cache import AnonymousPageCacheMixin
from ratings.enums import GameKind
from ratings.queries.tournaments import (
    field_strength,
    tournament_grades,
    tournament_players,
    tournament_standings,
)
from tournaments.queries import standings
from tournaments.queries.games import games_by_round, pending_games, tournament_games
from tournaments.queries.tournaments import tournament_for_page, tournaments_overview
from web.params import parse_int, parse_text
from web.tiebreak_names import describe
from web.views import ReadOnlyMixin


class TournamentListView(AnonymousPageCacheMixin, ReadOnlyMixin, SingleTableView):
    """Every tournament, newest first."""

    page_parameters = ("page", "sort")

    template_name = "public/tournaments/list.html"
    table_class = TournamentTable
    table_pagination = {"per_page": 50}

    def get_queryset(self):
        return tournaments_overview()


class TournamentView(AnonymousPageCacheMixin, ReadOnlyMixin, DetailView):
    """A tournament: its players with rating change and performance, then its games by round."""

    page_parameters = ("history-page",)

    template_name = "public/tournaments/detail.html"
    context_object_name = "tournament"

    def get_queryset(self):
        return tournament_for_page().select_related(WITH_EVENT)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        games = list(tournament_games(self.object))
        lines = tournament_players(self.object, games)
        context["players_table"] = TournamentPlayerTable(
            lines,
            rated=self.object.rating_list_id is not None,
            grades=tournament_grades(self.object, [line.player.pk for line in lines]),
        )
        context["strength"] = field_strength(lines)
        context["section_of"] = event_of(self.object)
        context["rounds"] = [
            {
                "round": round_games,
                "table": GameTable(
                    round_games.games,
                    go=self.object.is_go,
                    shogi=self.object.game == GameKind.SHOGI,
                ),
            }
            for round_games in games_by_round(games)
        ]
        if can_see_audit(self.request.user, self.object):
            context["history_table"] = history_table(
                self.request, audit.tournament_history(self.object)
            )
        return context


def history_table(request, entries) -> AuditTable:
    """The audit trail as a table, 25 entries a page (``?history-page=N``)."""
    table = AuditTable(entries, prefix="history-")
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    return table


class StandingsBaseView(AnonymousPageCacheMixin, CsvMixin, ReadOnlyMixin, DetailView):
    """Shared by the standings, crosstable and progress pages: ``?round=N`` selects the round
    the table is shown after (1 up to the last round with every result in; 404 otherwise)."""

    page_parameters = ("round",)

    context_object_name = "tournament"
    page = ""
    #: The page's name in the title and the breadcrumbs.
    page_title = ""

    def get_queryset(self):
        return tournament_for_page()

    def after_round(self, data: standings.StandingsData) -> int:
        raw = parse_text(self.request.GET.get("round"))
        if not raw:
            return data.completed
        number = parse_int(raw, minimum=1, maximum=max(data.completed, 1))
        if number is None or number > data.completed:
            raise Http404(_("No standings after that round."))
        return number

    def check_format(self, data: standings.StandingsData) -> None:
        """Refuse a page that does not fit the tournament's format (404)."""

    def table(self, data: standings.StandingsData, ranked):
        raise NotImplementedError

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        data = tournament_standings(self.object)
        self.check_format(data)
        after = self.after_round(data)
        ranked = standings.ranked(data, after)
        context.update(
            data=data,
            page=self.page,
            page_title=self.page_title,
            after_round=after,
            round_choices=range(1, data.completed + 1),
            table=self.table(data, ranked),
            legend=[(tb.code, describe(tb)) for tb in ranked.tiebreaks],
            strength=data.strength() if data.round_robin else None,
            csv_url=reverse(f"tournaments:{self.page}_csv", args=[self.object.slug]),
        )
        return context


def shown_grades(data: standings.StandingsData) -> dict[int, str] | None:
    """Player id -> the grade a tournament page shows: in a go or shogi list the grade of the
    player's rating there, as the leaderboard and the overview show it; a McMahon entry
    without one (or an unrated McMahon tournament) shows the grade it was paired with."""
    shown = tournament_grades(data.tournament, [p.pk for p in data.players.values()])
    if not data.shows_grades:
        return shown
    entry = {data.players[tpn].pk: grade for tpn, grade in data.grades.items()}
    return {**entry, **{pid: grade for pid, grade in (shown or {}).items() if grade}}


class StandingsView(StandingsBaseView):
    """Standings after any round: shared places, tie-breaks, performance, rating change."""

    template_name = "public/tournaments/standings.html"
    page = "standings"
    page_title = gettext_lazy("Standings")
    file_part = "standings"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # Showing the latest standings while a round is played: poll the live fragment.
        latest = not parse_text(self.request.GET.get("round"))
        context["live"] = latest and pending_games(self.object).exists()
        return context

    def table(self, data, ranked):
        return StandingsTable(
            standings.standings_rows(data, ranked),
            tiebreaks=ranked.tiebreaks,
            rated=data.rated,
            grades=shown_grades(data),
        )


class CrosstableView(StandingsBaseView):
    """A round robin's square crosstable; for a Swiss (McMahon, manual) event the crosstable
    chess-results prints: per round the opponent's start number, colour and result."""

    template_name = "public/tournaments/crosstable.html"
    page = "crosstable"
    page_title = gettext_lazy("Crosstable")
    file_part = "crosstable"

    def table(self, data, ranked):
        if data.round_robin:
            return CrosstableTable(
                standings.crosstable_rows(data, ranked),
                size=len(ranked.rows),
                tiebreaks=ranked.tiebreaks,
            )
        return SwissCrosstableTable(
            standings.swiss_rows(data, ranked),
            rounds=ranked.after_round,
            tiebreaks=ranked.tiebreaks,
            shogi=self.object.game == GameKind.SHOGI,
        )


class ProgressView(StandingsBaseView):
    """The score of every player after each round."""

    template_name = "public/tournaments/progress.html"
    page = "progress"
    page_title = gettext_lazy("Progress table")
    file_part = "progress"

    def table(self, data, ranked):
        return ProgressTable(standings.progress_rows(data, ranked), rounds=ranked.after_round)


class LiveStandingsView(StandingsView):
    """The standings fragment the standings page polls while a round is played: served from
    the page cache like the page (a result entered makes it stale at once)."""

    template_name = "public/tournaments/live_standings.html"

"""Public, read-only rating pages: the rating lists, a leaderboard, a player's calculation."""

from django.shortcuts import get_object_or_404
from django.utils.functional import cached_property
from django.views.generic import DetailView
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin, SingleTableView

from players.queries import player_for_page
from players.views.mixins import ReadOnlyMixin
from ratings import queries
from ratings.filters import LeaderboardFilter
from ratings.models import PublishedList, RatingList
from ratings.tables import (
    LeaderboardTable,
    LedgerTable,
    PlayerRatingTable,
    PublishedListTable,
    RatingListTable,
)


class HomeView(ReadOnlyMixin, SingleTableView):
    """The home page: every rating list with its number of rated players."""

    template_name = "ratings/home.html"
    table_class = RatingListTable
    table_pagination = False

    def get_queryset(self):
        return queries.rating_lists_overview()


class LeaderboardView(ReadOnlyMixin, SingleTableMixin, FilterView):
    """One rating list's leaderboard: filtered first, then ranked (rank within the filter)."""

    template_name = "ratings/leaderboard.html"
    table_class = LeaderboardTable
    filterset_class = LeaderboardFilter
    table_pagination = {"per_page": 50}

    @cached_property
    def rating_list(self) -> RatingList:
        return get_object_or_404(RatingList, slug=self.kwargs["slug"])

    def get_queryset(self):
        return queries.leaderboard_rows(self.rating_list)

    def get_filterset_kwargs(self, filterset_class):
        kwargs = super().get_filterset_kwargs(filterset_class)
        kwargs["rating_list"] = self.rating_list
        return kwargs

    def ranked_in_rating_order(self) -> bool:
        """Whether the table shows the default order (by rank, i.e. by live rating)."""
        return self.request.GET.get("sort", "rank") in ("", "rank")

    def get_table_data(self):
        if self.ranked_in_rating_order():
            return self.object_list  # ranked per page in get_table
        return queries.with_rank(self.object_list)

    def get_table(self, **kwargs):
        table = super().get_table(**kwargs)
        if self.ranked_in_rating_order() and hasattr(table, "page"):
            rows = table.page.object_list
            rows.data = list(rows.data)
            queries.rank_page(self.object_list, rows.data, offset=table.page.start_index() - 1)
        return table

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["rating_list"] = self.rating_list
        context["published_lists"] = queries.published_lists_of(self.rating_list)
        context["filtered"] = self.filterset.is_valid() and any(
            value not in (None, "", False) for value in self.filterset.form.cleaned_data.values()
        )
        return context


class PublishedListView(ReadOnlyMixin, SingleTableView):
    """A published list: the ratings frozen when the period closed."""

    template_name = "ratings/published_list.html"
    table_class = PublishedListTable
    table_pagination = {"per_page": 50}

    @cached_property
    def published(self) -> PublishedList:
        return get_object_or_404(
            PublishedList.objects.select_related("rating_list").defer("replay_state"),
            rating_list__slug=self.kwargs["slug"],
            date=self.kwargs["date"],
        )

    def get_queryset(self):
        return queries.published_rows(self.published)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["published"] = self.published
        return context


class PlayerView(ReadOnlyMixin, DetailView):
    """A player's card: their ratings per list, then per list the ledger grouped by period."""

    template_name = "ratings/player.html"
    context_object_name = "player"

    def get_queryset(self):
        return player_for_page()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        calculations = queries.player_calculations(self.object)
        ratings = [c.rating for c in calculations if c.rating is not None]
        context["ratings_table"] = PlayerRatingTable(ratings)
        context["calculations"] = [
            {
                "calculation": calculation,
                "periods": [
                    {"period": period, "table": LedgerTable(period.changes, period=period)}
                    for period in calculation.periods
                ],
            }
            for calculation in calculations
        ]
        return context

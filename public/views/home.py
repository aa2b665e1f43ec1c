"""Public rating pages: the home page (every rating list) and a list's leaderboard."""

from functools import partial

from django.core.cache import cache
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils import timezone
from django.views.generic import TemplateView
from django_filters.views import FilterView

from core.cache import (
    PAGE_CACHE_SECONDS,
    cache_key,
    cached,
    list_versions,
    page_query,
    rating_counts,
)
from public.tables.home import HomeTournamentTable, MoversTable, TopPlayersTable
from public.tables.lists import (
    LeaderboardTable,
    RatingListTable,
)
from public.views.list_filters import FilteredListMixin, top_list_links
from public.views.page_cache import AnonymousPageCacheMixin
from ratings.filters import LeaderboardFilter
from ratings.queries.leaderboard import LeaderboardPage, leaderboard_page
from ratings.queries.lists import (
    biggest_movers,
    latest_published,
    published_lists_of,
    rating_lists_overview,
    top_players,
)
from tournaments.queries.tournaments import home_tournaments
from web.params import MAX_BIGINT, parse_int, parse_text
from web.views import ReadOnlyMixin


class HomeView(AnonymousPageCacheMixin, ReadOnlyMixin, TemplateView):
    """The home page: every rating list with its number of rated players and its top ten,
    the tournaments running now and finished recently, and the last published list with
    its biggest movers.

    The rendered body is cached under the versions of all lists (a replay bumps its list's)
    and the day (what "running" means); a fixed number of queries, whatever the lists."""

    template_name = "public/ratings/home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        versions = getattr(self.request, "list_versions", None) or list_versions()
        today = timezone.localdate()
        key = cache_key("home", versions, today.isoformat())
        context["body_html"] = cached(
            key,
            lambda: render_to_string(
                "public/ratings/home_body.html", self.body_context(today), request=self.request
            ),
        )
        return context

    def body_context(self, today) -> dict:
        lists = list(rating_lists_overview())
        top = top_players(lists)
        events = home_tournaments(today)
        published = latest_published()
        gains, falls = biggest_movers(published) if published else ([], [])
        return {
            "lists_table": RatingListTable(lists),
            "top_lists": [
                {"rating_list": rating_list, "table": TopPlayersTable(top[rating_list.pk])}
                for rating_list in lists
                if top.get(rating_list.pk)
            ],
            "running_table": HomeTournamentTable(events.running) if events.running else None,
            "recent_table": HomeTournamentTable(events.recent) if events.recent else None,
            "published": published,
            "gains_table": MoversTable(gains) if gains else None,
            "falls_table": MoversTable(falls) if falls else None,
        }


class LeaderboardView(AnonymousPageCacheMixin, FilteredListMixin, ReadOnlyMixin, FilterView):
    """One rating list's leaderboard: filtered first, then ranked (rank within the filter).

    The rows of the page, ranked, come from one query
    (``ratings.queries.leaderboard.leaderboard_page``); the table draws them with the page's
    pager (``BaseTable.of_page``)."""

    template_name = "public/ratings/leaderboard.html"
    content_template = "public/ratings/leaderboard_content.html"
    page_parameters = ("page", "sort", *LeaderboardFilter.base_filters)

    def filtered(self) -> bool:
        return self.filterset.is_valid() and any(
            value not in (None, "", False) for value in self.filterset.form.cleaned_data.values()
        )

    def leaderboard_page(self) -> LeaderboardPage:
        """The page the query string asks for: the filtered rows (none when the filter is
        invalid), sorted by ``?sort=``, page ``?page=``. The whole list (a valid filter
        that keeps every row) finds a later page in its rating counts, cached by the
        list's version."""
        whole_list = self.filterset.is_valid() and not self.filtered()
        return leaderboard_page(
            self.object_list,
            sort=[parse_text(value) for value in self.request.GET.getlist("sort")],
            page=parse_int(self.request.GET.get("page"), minimum=-MAX_BIGINT, maximum=MAX_BIGINT),
            counts=partial(rating_counts, self.rating_list) if whole_list else None,
        )

    def get(self, request, *args, **kwargs):
        """The page around its content, which is cached by the list's version, the query
        string (page, sort, filters) and the language: a cached page reads the list only."""
        rating_list = self.rating_list
        query = page_query(request.GET, self.page_parameters)
        key = cache_key("leaderboard", rating_list.pk, rating_list.version, query)
        content = cache.get(key)
        if content is None:
            context = super().get(request, *args, **kwargs).context_data
            content = render_to_string(self.content_template, context, request=request)
            cache.set(key, content, PAGE_CACHE_SECONDS)
        return TemplateResponse(
            request,
            self.template_name,
            {"view": self, "rating_list": rating_list, "content_html": content},
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["table"] = LeaderboardTable.of_page(
            self.leaderboard_page(), rating_list=self.rating_list
        )
        context["rating_list"] = self.rating_list
        context["published_lists"] = published_lists_of(self.rating_list)
        context["top_lists"] = top_list_links(self.request)
        context["filtered"] = self.filtered()
        return context

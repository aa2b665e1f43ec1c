"""The site search: players by name (any order) or FIDE ID, and clubs; grouped by list.

``/search/?q=`` is a plain page (it works without JavaScript); ``/search/suggest/?q=`` is the
short list the header's search box shows while typing (htmx), linking to the same pages.
"""

from django.views.generic import TemplateView

from players.queries.search import search_clubs, search_players
from public.tables.search import FoundClubsTable, FoundPlayersTable
from public.views.page_cache import AnonymousPageCacheMixin
from ratings.queries.players import club_lists, search_groups
from web.params import parse_text
from web.views import ReadOnlyMixin

MAX_QUERY = 100
"""Longer searches are cut: no name is that long."""

PAGE_PLAYERS = 50
"""Players on the results page; more: "refine the search"."""

SUGGESTED_PLAYERS = 8
SUGGESTED_CLUBS = 3
MIN_SUGGEST = 2
"""The box suggests from this many characters on."""


def search_text(request) -> str:
    return parse_text(request.GET.get("q"), limit=MAX_QUERY)


class SearchView(AnonymousPageCacheMixin, ReadOnlyMixin, TemplateView):
    """Players found by name or FIDE ID, grouped by rating list, then the clubs found."""

    page_parameters = ("q",)

    template_name = "public/search.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        text = search_text(self.request)
        context.update(query=text, groups=[], clubs_table=None, more=False)
        if not text:
            return context
        players = search_players(text, limit=PAGE_PLAYERS + 1)
        context["more"] = len(players) > PAGE_PLAYERS
        context["groups"] = [
            {
                "rating_list": group.rating_list,
                "table": FoundPlayersTable(group.rows, rated=group.rating_list is not None),
            }
            for group in search_groups(players[:PAGE_PLAYERS])
        ]
        clubs = search_clubs(text)
        if clubs:
            lists = club_lists([club.pk for club in clubs])
            context["clubs_table"] = FoundClubsTable(
                [(club, lists.get(club.pk, [])) for club in clubs]
            )
        context["found"] = len(players[:PAGE_PLAYERS])
        return context


class SuggestView(AnonymousPageCacheMixin, ReadOnlyMixin, TemplateView):
    """The header box's suggestions: a few players and clubs, then "all results"."""

    page_parameters = ("q",)

    template_name = "public/search_suggest.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        text = search_text(self.request)
        context["query"] = text
        if len(text) < MIN_SUGGEST:
            context.update(players=[], clubs=[])
            return context
        context["players"] = search_players(text, limit=SUGGESTED_PLAYERS)
        context["clubs"] = search_clubs(text, limit=SUGGESTED_CLUBS)
        return context

"""Page cache keys hold only the query parameters a page understands, normalised and sorted:
junk query strings neither miss the cache nor grow it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse, QueryDict
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.views import View

from core.cache import cache_key, page_query
from public.views.home import LeaderboardView
from public.views.page_cache import AnonymousPageCacheMixin
from tests.factories import make_player, make_rating

LEADERBOARD = reverse("ratings:leaderboard", args=["chess-standard"])


def test_the_key_keeps_the_understood_parameters_normalised_and_sorted():
    understood = LeaderboardView.page_parameters

    query = page_query(
        QueryDict("junk=1&sort=-rating&page=1&federation=+GER+&utm_source=x&federation=FRA"),
        understood,
    )

    assert query == (("federation", "FRA"), ("federation", "GER"), ("sort", "-rating"))


def test_junk_and_order_give_the_same_key():
    understood = LeaderboardView.page_parameters
    keys = {
        cache_key("page", LEADERBOARD, page_query(QueryDict(text), understood))
        for text in ("", "page=1", "junk=1", "a=1&b=2&page=", "x=" + "9" * 500)
    }
    paged = {
        cache_key("page", LEADERBOARD, page_query(QueryDict(text), understood))
        for text in ("page=2&sort=name", "sort=name&page=2", "sort=name&page=2&junk=3")
    }

    assert (len(keys), len(paged), keys & paged) == (1, 1, set())


@pytest.mark.django_db
def test_a_thousand_junk_query_strings_leave_the_hit_rate_of_the_real_pages_unchanged(client):
    for n in range(3):
        make_rating(make_player(f"Player{n}"), 1600 + 100 * n)
    player = make_player("Zed")
    make_rating(player, 1500)
    real = [
        reverse("ratings:home"),
        LEADERBOARD,
        LEADERBOARD + "?sort=name",
        reverse("ratings:player", args=[player.pk]),
    ]
    cache.clear()
    for url in real:
        client.get(url)  # warm: each page rendered once
    stored = len(cache._cache)

    for n in range(1000):
        response = client.get(f"{LEADERBOARD}?junk{n}={n}&utm_campaign=x{n}")
        assert response.status_code == 200

    hits = []
    for url in real:
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        hits.append(len(queries))  # a whole page from the cache reads the list versions only
    assert (hits, len(cache._cache)) == ([1, 1, 1, 1], stored)


def test_the_page_reads_only_the_understood_parameters_in_an_immutable_query_dict(rf):
    """The view behind the page cache gets ``request.GET`` rebuilt from the understood
    parameters: every character kept, junk gone, and immutable like Django's own."""
    seen = {}

    class Page(AnonymousPageCacheMixin, View):
        page_parameters = ("club", "federation", "sort")

        def get(self, request):
            seen["GET"] = request.GET
            return HttpResponse("")

    request = rf.get(
        "/", {"federation": [" GER ", "F&R=A;é"], "sort": "", "junk": "1", "club": "%2B"}
    )
    request.user = SimpleNamespace(is_authenticated=True)  # no cache: the page itself
    Page.as_view()(request)

    got = seen["GET"]
    assert sorted(got.lists()) == [
        ("club", ["%2B"]),
        ("federation", ["F&R=A;é", "GER"]),
        ("sort", [""]),
    ]
    with pytest.raises(AttributeError, match="immutable"):
        got["sort"] = "name"

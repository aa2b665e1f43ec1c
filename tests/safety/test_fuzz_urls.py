"""Every public URL pattern with generated path values and query strings: never a 500.

The URL resolver is walked (the rating pages, the public tournament pages, the JSON API and
the health check), so a new public page is fuzzed without being listed here. Path parameters
are filled with real objects of the small site of :class:`tests.safety.test_fuzz.FuzzCase`
(a rated Swiss with a result, an unrated one with a draft round, a manual one) and with junk;
query strings use every parameter name the views read plus random names, with values made of
Unicode digits ("²", "٣", "１"), NUL, huge and negative numbers and long strings. Visitors
are anonymous (the page cache on) and, in a second test, signed in (no cache). Runs on SQLite
and PostgreSQL (which refuses NUL in text). Regression for issue 15, defects 2 and 3.

A quick run in every ``make test``; the slow suite explores 500 examples per test
(``FUZZ_EXAMPLES`` overrides both).
"""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import api
from players.models import Player
from public import forms as public_forms
from public import urls as public_urls
from ratings.filters import LeaderboardFilter
from tests.safety.fuzz import FuzzCase, odd_text


def _walk(patterns, prefix: str):
    for pattern in patterns:
        if hasattr(pattern, "url_patterns"):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern)


ROUTES = sorted(
    {
        "/healthz",
        "/readyz",
        *_walk(public_urls.rating_patterns, "/"),
        *_walk(public_urls.tournament_patterns, "/tournaments/"),
        *_walk(api.urls[0], "/api/"),
    }
)
"""Every public route, e.g. ``/tournaments/<slug:slug>/round/<int:number>/``."""

PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")

FORM_FIELDS = {
    name
    for form in (
        public_forms.FideChangeForm,
        public_forms.InitialRatingForm,
        public_forms.PerformanceForm,
        public_forms.EgfChangeForm,
        public_forms.FesaChangeForm,
    )
    for name in form.base_fields
}
NAMES = sorted(
    {
        *("page", "per_page", "sort", "round", "order", "category", "q", "list", "opponent"),
        *("p", "game", "history-page", "page_size", "search", "format"),
        *LeaderboardFilter.base_filters,
        *FORM_FIELDS,
    }
)
"""Every query parameter a public page or the API reads."""

JUNK = [
    "²",
    "٣",
    "１",
    "\x00",
    "1\x00",
    "\x00x",
    "-1",
    "-99999999999",
    "0",
    "9" * 40,
    str(2**31),
    str(2**63),
    "1e999",
    "nan",
    "x" * 3000,
    "%00",
    "",
]

SLUGS = ["swiss", "swiss-draft", "manual", "chess-standard", "go", "no-such-thing"]
DATES = ["2026-06-01", "2026-07-01", "9999-12-31", "0001-01-01", "2026-02-30"]
INTS = [0, 1, 2, 3, 6, 999999, 2**31, 10**30]

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
QUICK = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
THOROUGH = settings(QUICK, max_examples=int(os.environ.get("FUZZ_EXAMPLES", "500")))


def _values(real: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(real or JUNK), st.sampled_from(JUNK), odd_text)


def _path_value(kind: str | None, name: str, ids: list[int]) -> st.SearchStrategy[str]:
    if kind == "int" or name in ("player_id", "pk", "number", "tpn"):
        ints = st.one_of(st.sampled_from(INTS + ids), st.integers(0, 10**40))
        return ints.map(str) if kind == "int" else st.one_of(ints.map(str), _values([]))
    if kind == "isodate":
        return st.sampled_from(DATES)
    if kind == "slug" or name == "slug":
        return st.one_of(
            st.sampled_from(SLUGS), st.from_regex(r"\A[-a-zA-Z0-9_]{1,60}\Z", fullmatch=True)
        )
    return st.one_of(st.sampled_from(["pairings", "x"]), st.from_regex(r"\A[a-z0-9]{1,20}\Z"))


@st.composite
def requests(draw, ids: list[int]) -> tuple[str, dict[str, list[str]]]:
    route = draw(st.sampled_from(ROUTES))

    def fill(match: re.Match) -> str:
        kind, name = match.group(1), match.group(2)
        return draw(_path_value(kind, name, ids))

    path = PARAMETER.sub(fill, route)
    names = st.one_of(st.sampled_from(NAMES), st.text(min_size=1, max_size=12))
    real = [str(pk) for pk in ids] + ["1", "2", "chess-standard", "rating", "-rating", "m"]
    query = draw(st.dictionaries(names, st.lists(_values(real), min_size=1, max_size=3)))
    return path, query


def check(client: Client, path: str, query: dict[str, list[str]]) -> None:
    response = client.get(path, query)
    assert response.status_code < 500, (path, query, response.status_code)


class UrlFuzzCase(FuzzCase):
    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        cls.player_ids = list(Player.objects.order_by("pk").values_list("pk", flat=True))


def every_route(client: Client, rounds: int) -> None:
    """Each route (path values from the real site) ``rounds`` times, the query holding every
    parameter name with a junk value, rotated so that each name meets ``rounds`` values."""
    for route in ROUTES:
        path = PARAMETER.sub(
            lambda m: {"int": "1", "isodate": "2026-06-01"}.get(
                m.group(1) or "", "swiss" if m.group(2) == "slug" else "1"
            ),
            route,
        )
        for turn in range(rounds):
            query = {name: [JUNK[(turn + i) % len(JUNK)]] for i, name in enumerate(NAMES)}
            check(client, path, query)


class TestEveryPublicUrl(UrlFuzzCase):
    def test_every_route_with_junk_in_every_parameter(self):
        """Deterministic, so that no route is left out by chance."""
        every_route(Client(), rounds=3)

    @QUICK
    @given(data=st.data())
    def test_generated_requests_as_a_visitor(self, data):
        path, query = data.draw(requests(self.player_ids))
        check(Client(), path, query)

    @QUICK
    @given(data=st.data())
    def test_generated_requests_signed_in(self, data):
        client = Client()
        client.force_login(get_user_model().objects.get(username="orga"))
        path, query = data.draw(requests(self.player_ids))
        check(client, path, query)


@pytest.mark.slow
class TestEveryPublicUrlThoroughly(UrlFuzzCase):
    def test_every_route_with_every_junk_value_in_every_parameter(self):
        every_route(Client(), rounds=len(JUNK))

    @THOROUGH
    @given(data=st.data())
    def test_generated_requests_as_a_visitor(self, data):
        path, query = data.draw(requests(self.player_ids))
        check(Client(), path, query)

    @THOROUGH
    @given(data=st.data())
    def test_generated_requests_signed_in(self, data):
        client = Client()
        client.force_login(get_user_model().objects.get(username="orga"))
        path, query = data.draw(requests(self.player_ids))
        check(client, path, query)

"""Without Redis the site serves its pages uncached and takes its writes
(:mod:`core.redis_fallback`): the cache points at a port nobody listens on, or at a listener
that hangs up at once, or at a Redis of the tests' own that "went away" for a moment."""

from __future__ import annotations

import datetime
import json
import socket
import threading
from collections.abc import Iterator
from decimal import Decimal

import pytest
import redis
from django.core.cache import cache
from django.urls import reverse

from actions.ratings import recompute_ratings, set_starting_rating
from actions.results import record_result
from core import unit_of_work
from core.cache import CONTENT_VERSION_KEY, content_version
from core.redis_fallback import breaker
from core.roles import SYSTEM
from ratings.models import PendingUpdate, PlayerRating
from tests import servers
from tests.factories import (
    make_game,
    make_player,
    make_round,
    make_tournament,
    register,
    standard_list,
)
from tests.helpers import derived_state, rated_history


def _resilient(settings, url: str, prefix: str = "fallback-test") -> None:
    settings.REDIS_URL = url
    settings.RATINGS_JOBS = "queue"
    settings.CACHES = {
        "default": {
            "BACKEND": "core.redis_fallback.ResilientRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": prefix,
        }
    }


@pytest.fixture(autouse=True)
def _breaker_closed() -> Iterator[None]:
    """Each test starts and ends with Redis taken for up (the breaker is per process)."""
    breaker.recovered()
    yield
    breaker.recovered()


@pytest.fixture
def no_redis(settings) -> str:
    """The cache and the queue on a port nobody listens on."""
    url = f"redis://127.0.0.1:{servers.free_port()}/0"
    _resilient(settings, url)
    return url


def _rated_pair():
    rating_list = standard_list()
    white, black = make_player("White", "Wendy"), make_player("Black", "Bert")
    set_starting_rating(player=white, rating_list=rating_list, rating=1600, games=30, actor=SYSTEM)
    set_starting_rating(player=black, rating_list=rating_list, rating=1500, games=30, actor=SYSTEM)
    tournament = make_tournament(start_date=datetime.date(2026, 3, 1))
    register(tournament, white, black)
    game = make_game(make_round(tournament), white, black, "")
    return rating_list, white, game


@pytest.mark.django_db
def test_public_pages_answer_200_without_redis(client, no_redis):
    rating_list, white, _game = _rated_pair()
    pages = [
        reverse("ratings:home"),
        reverse("ratings:leaderboard", args=[rating_list.slug]),
        reverse("ratings:player", args=[white.pk]),
    ]

    responses = [client.get(page) for page in pages * 2]  # and again, Redis known down
    answers = [(response.status_code, "White" in response.text) for response in responses]

    assert answers == [(200, True)] * 6
    assert breaker.down is True


@pytest.mark.django_db
def test_a_result_entered_without_redis_is_rated_and_shows_at_once(client, no_redis):
    rating_list, white, game = _rated_pair()
    before = client.get(reverse("ratings:player", args=[white.pk])).text

    record_result(game=game, result="10", actor=SYSTEM)

    # Difference 100: PD 0.64, K 20: +7.20 for White.
    rating = PlayerRating.objects.get(player=white, rating_list=rating_list)
    assert rating.live_rating == Decimal("1607.2")
    after = client.get(reverse("ratings:player", args=[white.pk])).text
    assert ("1607.2" in before, "1607.2" in after) == (False, True)


@pytest.mark.django_db
def test_a_correction_of_a_closed_period_runs_in_the_request_without_redis(no_redis):
    history = rated_history(players=6, rounds=2)
    for game in history["games"]:
        record_result(game=game, result="10", actor=SYSTEM)
    january = history["games"][0]

    with unit_of_work.observe() as units:
        record_result(
            game=january, result="01", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )

    (unit,) = units
    assert (unit.queued, len(unit.stats)) == ([], 1)
    assert PendingUpdate.objects.count() == 0
    rated_in_the_request = derived_state()
    recompute_ratings(rating_list=history["list"], actor=SYSTEM)
    assert derived_state() == rated_in_the_request


@pytest.mark.django_db
def test_healthz_and_readyz_say_the_cache_and_the_queue_are_degraded(client, no_redis):
    health = client.get(reverse("healthz"))
    ready = client.get(reverse("readyz"))

    degraded = {"status": "degraded", "cache": "degraded", "queue": "degraded"}
    assert (health.status_code, json.loads(health.content)) == (200, degraded)
    assert (ready.status_code, json.loads(ready.content)) == (
        200,
        {**degraded, "database": "ok"},
    )


class _HangUp:
    """A TCP listener that accepts connections, counts them and closes them at once."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.accepted = 0
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.sock.accept()
            except OSError:
                return
            self.accepted += 1
            connection.close()


def test_after_a_failure_a_process_leaves_redis_alone_for_a_while(settings):
    listener = _HangUp()
    try:
        _resilient(settings, f"redis://127.0.0.1:{listener.port}/0")

        first = cache.get("anything", "missed")
        tried = listener.accepted
        later = [cache.get("anything", "missed") for _ in range(20)]
        for index in range(20):
            cache.set(f"key-{index}", index)
    finally:
        listener.sock.close()

    assert (first, set(later), breaker.down) == ("missed", {"missed"}, True)
    assert tried >= 1
    assert listener.accepted == tried


def test_back_after_an_outage_no_page_cached_before_it_is_served(settings, redis_url):
    _resilient(settings, redis_url, prefix="fallback-recovery")
    before = content_version()
    cache.set("page:cached-before", "old page")
    breaker.retry_seconds, saved = 0, breaker.retry_seconds
    try:
        breaker.failed(redis.exceptions.ConnectionError("cut off for a moment"))
        after = content_version()
    finally:
        breaker.retry_seconds = saved

    assert breaker.down is False
    assert after != before
    assert cache.get(CONTENT_VERSION_KEY) == after


@pytest.mark.django_db
def test_a_correction_whose_job_redis_does_not_take_is_done_right_after_the_commit(
    settings, django_capture_on_commit_callbacks
):
    history = rated_history(players=6, rounds=2)
    for game in history["games"]:
        record_result(game=game, result="10", actor=SYSTEM)
    january = history["games"][0]
    # The queue is configured but nobody listens; the cache (local) does not tell the breaker.
    settings.REDIS_URL = f"redis://127.0.0.1:{servers.free_port()}/0"
    settings.RATINGS_JOBS = "queue"

    with django_capture_on_commit_callbacks(execute=True), unit_of_work.observe() as units:
        record_result(
            game=january, result="01", correction=True, later_rounds_confirmed=True, actor=SYSTEM
        )

    (unit,) = units
    assert (unit.queued, unit.stats, breaker.down) == ([history["list"].pk], [], True)
    assert PendingUpdate.objects.count() == 0
    rated_in_the_request = derived_state()
    recompute_ratings(rating_list=history["list"], actor=SYSTEM)
    assert derived_state() == rated_in_the_request

"""Two app servers on two ports, one PostgreSQL, one Redis (a Redis of the test's own): a
result entered through one server shows at once on the other server's cached pages.

PostgreSQL only: the servers are other processes on the test database."""

from __future__ import annotations

import datetime
import http.cookiejar
import re
import urllib.parse
import urllib.request

import pytest
from django.db import connection
from django.urls import reverse

from actions.ratings import set_starting_rating
from core.roles import SYSTEM
from tests import servers
from tests.factories import (
    make_game,
    make_player,
    make_round,
    make_superuser,
    make_tournament,
    register,
    standard_list,
)
from tournaments.models import Game

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the app servers are other processes on the test database (PostgreSQL)",
    ),
]


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def _get(opener, url: str) -> str:
    with opener.open(url, timeout=30) as response:
        return response.read().decode()


def _post(opener, url: str, fields: dict[str, str]) -> str:
    data = urllib.parse.urlencode(fields).encode()
    with opener.open(url, data=data, timeout=30) as response:
        return response.read().decode()


def _token(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def test_a_result_entered_on_one_server_shows_at_once_on_the_other(settings, redis_url):
    # The servers check passwords with the real hashers, not the tests' fast one.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    rating_list = standard_list()
    white, black = make_player("White", "Wendy"), make_player("Black", "Bert")
    set_starting_rating(player=white, rating_list=rating_list, rating=1600, games=30, actor=SYSTEM)
    set_starting_rating(player=black, rating_list=rating_list, rating=1500, games=30, actor=SYSTEM)
    tournament = make_tournament(start_date=datetime.date(2026, 3, 1))
    register(tournament, white, black)
    make_game(make_round(tournament), white, black, "")
    make_superuser("organiser")
    env = servers.server_env(_database_url(), redis_url, CACHE_KEY_PREFIX="two-servers")
    ports = [servers.free_port(), servers.free_port()]
    started = [
        servers.start(
            [
                "-m",
                "gunicorn",
                "clubrating.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "1",
            ],
            env,
        )
        for port in ports
    ]
    one, other = (f"http://127.0.0.1:{port}" for port in ports)
    player_page = reverse("ratings:player", args=[white.pk])
    try:
        for base, process in zip((one, other), started, strict=True):
            servers.wait_until_up(base + "/healthz", process)
        visitor = urllib.request.build_opener()
        before = _get(visitor, other + player_page)  # now cached, in Redis
        assert ("White, Wendy" in before, "1607.2" in before) == (True, False)

        organiser = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        login = _get(organiser, one + "/admin/login/")
        _post(
            organiser,
            one + "/admin/login/",
            {
                "username": "organiser",
                "password": "secret-password",
                "csrfmiddlewaretoken": _token(login),
                "next": "/admin/",
            },
        )
        round_url = reverse("tournaments:organise_round", args=[tournament.slug, 1])
        round_page = _get(organiser, one + round_url)
        posted = _post(
            organiser,
            one + reverse("tournaments:organise_result", args=[tournament.slug, 1, 1]),
            {"b1-result": "10", "b1-based_on": "", "csrfmiddlewaretoken": _token(round_page)},
        )

        assert Game.objects.get(round__tournament=tournament).result == "10", posted
        # Difference 100: PD 0.64, K 20: +7.20 for White.
        page = _get(visitor, other + player_page)
        assert "1607.2" in page
        leaderboard = _get(visitor, other + reverse("ratings:leaderboard", args=[rating_list.slug]))
        assert "1492.8" in leaderboard
    finally:
        for process in started:
            servers.stop(process)

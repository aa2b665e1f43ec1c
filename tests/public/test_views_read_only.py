"""Public pages are read-only: GET writes nothing, other methods are refused."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import (
    make_game,
    make_player,
    make_published_list,
    make_rating,
    make_round,
    make_tournament,
)

pytestmark = pytest.mark.django_db

CURSOR = re.compile(r"^DECLARE \S+ NO SCROLL CURSOR (WITH HOLD )?FOR ")


@pytest.fixture
def public_urls():
    player, opponent = make_player("Ames", "Ann"), make_player("Bell", "Bob")
    make_rating(player, 1500)
    tournament = make_tournament("Open", slug="open")
    make_game(make_round(tournament), player, opponent, "10")
    make_published_list(datetime.date(2026, 2, 1))
    return [
        reverse("ratings:home"),
        reverse("ratings:leaderboard", args=["chess-standard"]),
        reverse("ratings:leaderboard", args=["chess-standard"]) + "?sex=m&juniors=on&sort=-name",
        reverse("ratings:published_list", args=["chess-standard", "2026-02-01"]),
        reverse("ratings:player", args=[player.pk]),
        reverse("tournaments:list"),
        reverse("tournaments:detail", args=["open"]),
    ]


def test_public_pages_only_read_on_get(client, public_urls):
    with CaptureQueriesContext(connection) as captured:
        statuses = [client.get(url).status_code for url in public_urls]

    assert statuses == [200] * len(public_urls)
    # PostgreSQL reads choice lists through server-side cursors: "DECLARE … CURSOR FOR SELECT".
    statements = [CURSOR.sub("", query["sql"]) for query in captured.captured_queries]
    verbs = {statement.split()[0].upper() for statement in statements}
    assert verbs == {"SELECT"}


def test_public_pages_refuse_post(client, public_urls):
    statuses = [client.post(url).status_code for url in public_urls]

    assert statuses == [405] * len(public_urls)


def test_language_switcher_renders_russian_pages(client):
    response = client.post(reverse("set_language"), {"language": "ru", "next": "/"}, follow=True)

    html = response.content.decode()
    assert '<html lang="ru">' in html
    assert "<h1>Рейтинг-листы</h1>" in html

"""Dates and numbers follow the page's language: ISO dates and decimal points in English,
``d.m.Y`` dates and decimal commas in Russian."""

import datetime

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import make_change, make_game, make_player, make_rating, make_round
from tests.factories import make_tournament as tournament_with
from tests.helpers import body_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    alpha = make_player("Alpha", "Ann")
    beta = make_player("Beta", "Ben")
    make_rating(alpha, "2105.50", games=3, last_played=datetime.date(2026, 3, 1))
    make_rating(beta, "1999.25", games=3)
    event = tournament_with(
        "Spring Open",
        slug="spring-open",
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 2),
    )
    game = make_game(make_round(event), alpha, beta, "10")
    make_change(game, alpha, beta, rating_used=2105, score=1, expected="0.64", k=20, change="7.2")
    return alpha


def _get(client, url, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", ["2105.5", "1999.25"]), ("ru", ["2105,5", "1999,25"])],
)
def test_leaderboard_live_ratings_use_the_language_decimal_separator(
    client, rated, language, expected
):
    response = _get(client, reverse("ratings:leaderboard", args=["chess-standard"]), language)

    assert [row[5] for row in body_rows(response.content)] == expected


@pytest.mark.parametrize(
    ("language", "dates", "ledger"),
    [
        ("en", "2026-03-01 – 2026-03-02", ["2026-03-01", "+7.20"]),
        ("ru", "01.03.2026 – 02.03.2026", ["01.03.2026", "+7,20"]),
    ],
)
def test_dates_follow_the_language(client, rated, language, dates, ledger):
    detail = _get(client, reverse("tournaments:detail", args=["spring-open"]), language)
    player = _get(client, rated.get_absolute_url(), language)

    assert dates in detail.content.decode()
    ledger_row = body_rows(player.content, 1)[0]
    assert [ledger_row[0], ledger_row[-1]] == ledger

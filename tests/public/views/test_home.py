"""The home page: each list's top ten, tournaments running and finished recently, the last
published list's biggest movers."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from ratings.models import PublishedRating, RatingList
from tests.factories import (
    make_game,
    make_player,
    make_published_list,
    make_rating,
    make_round,
    make_tournament,
)
from tests.helpers import tables

pytestmark = pytest.mark.django_db
HOME = reverse("ratings:home")


def section_rows(html: bytes, heading: str) -> list[list[str]]:
    """The body rows of the first table after the heading that contains ``heading``."""
    text = html.decode()
    start = text.index(heading)
    return tables(text[start:])[0]["body"]


def test_each_list_shows_its_top_ten_ranked_with_shared_ranks(client):
    for number in range(12):
        make_rating(make_player(f"P{number:02d}"), 2000 - 10 * number)
    make_rating(make_player("Tied"), 1990)  # ties P01 for second place

    rows = section_rows(client.get(HOME).content, "top 10")

    assert [(row[0], row[1], row[-1]) for row in rows] == [
        ("1", "P00", "2000"),
        ("2", "P01", "1990"),
        ("2", "Tied", "1990"),
        ("4", "P02", "1980"),
        ("5", "P03", "1970"),
        ("6", "P04", "1960"),
        ("7", "P05", "1950"),
        ("8", "P06", "1940"),
        ("9", "P07", "1930"),
        ("10", "P08", "1920"),
    ]


def test_the_shogi_top_ten_leaves_out_inactive_players(client):
    shogi = RatingList.objects.get(slug="shogi-fesa")
    today = timezone.localdate()
    make_rating(make_player("Active"), 1500, rating_list=shogi, last_played=today)
    make_rating(make_player("Gone"), 1900, rating_list=shogi, last_played=datetime.date(2020, 1, 1))

    html = client.get(HOME).content.decode()

    shogi_part = html[html.index("Shogi (FESA)</a> <small>") :]
    assert [row[1] for row in tables(shogi_part)[0]["body"]] == ["Active"]


def test_running_and_recent_tournaments(client):
    today = timezone.localdate()
    day = datetime.timedelta(days=1)
    make_tournament("Today Open", start_date=today - day, end_date=today + day)
    late = make_tournament("Late Rounds", start_date=today - 10 * day, end_date=today - 5 * day)
    a, b = make_player("Ames"), make_player("Bell")
    make_game(make_round(late, 1), a, b, "")  # a published round still without its result
    make_tournament("Last Week Cup", start_date=today - 8 * day, end_date=today - 7 * day)
    make_tournament("Ancient Cup", start_date=today - 400 * day, end_date=today - 399 * day)
    make_tournament("Next Month", start_date=today + 30 * day, end_date=today + 31 * day)

    content = client.get(HOME).content

    assert [row[0] for row in section_rows(content, "Tournaments now")] == [
        "Today Open",
        "Late Rounds",
    ]
    assert [row[0] for row in section_rows(content, "Finished recently")] == ["Last Week Cup"]


def test_last_published_list_shows_its_biggest_movers(client):
    published = make_published_list(datetime.date(2026, 2, 1))
    for name, change in [("Up", 30), ("Upper", 45), ("Down", -20), ("Flat", 0)]:
        PublishedRating.objects.create(
            published_list=published, player=make_player(name), rating=1800, change=change
        )

    content = client.get(HOME).content

    assert "Last published list: Chess standard, 2026-02-01" in content.decode()
    assert [(row[0], row[-1]) for row in section_rows(content, "Biggest gains")] == [
        ("Upper", "+45"),
        ("Up", "+30"),
    ]
    assert [(row[0], row[-1]) for row in section_rows(content, "Biggest falls")] == [
        ("Down", "-20")
    ]

"""The public league pages: the seasons, a season, a division's table (promotion and
relegation marked) with its calendar, results and postponed matches, and the CSV."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from actions.leagues import (
    confirm_match_card,
    default_match,
    postpone_match,
    schedule_division,
    submit_match_card,
)
from core.roles import SYSTEM
from tests.helpers import body_rows, league_division
from tournaments.models import TeamMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    made = league_division(promotion=1, relegation=1)
    schedule_division(actor=SYSTEM, division=made["division"])
    matches = TeamMatch.objects.filter(
        round__tournament=made["tournament"], round__number=1
    ).order_by("number")
    first, second, third = matches
    home = [m.player for m in first.first.members.order_by("order")][:4]
    away = [m.player for m in first.second.members.order_by("order")][:4]
    boards = []
    for index, (a, b) in enumerate(zip(home, away, strict=True)):
        white, black = (a, b) if index % 2 == 0 else (b, a)
        boards.append({"white": white, "black": black, "result": "10"})
    card = submit_match_card(actor=SYSTEM, match=first, boards=boards)
    confirm_match_card(actor=SYSTEM, card=card)
    default_match(actor=SYSTEM, match=second, absent="first")
    postpone_match(actor=SYSTEM, match=third, to=datetime.date(2026, 11, 15))
    return made


def test_the_division_page_shows_the_table_and_the_calendar(client, played):
    division = played["division"]

    response = client.get(division.get_absolute_url())

    assert response.status_code == 200
    # 1 A – 6 A: White wins every board, so 1 A (White on 1, 3) and 6 A (on 2, 4) share 2–2;
    # 2 A did not come against 5 A: 0–4, level with the teams that have not played yet.
    assert body_rows(response.content)[:6] == [
        ["1", "Club 5 A", "1", "1", "0", "0", "4", "2", "promotion"],
        ["2=", "Club 1 A", "1", "0", "1", "0", "2", "1", ""],
        ["2=", "Club 6 A", "1", "0", "1", "0", "2", "1", ""],
        ["4=", "Club 2 A", "1", "0", "0", "1", "0", "0", ""],
        ["4=", "Club 3 A", "0", "0", "0", "0", "0", "0", ""],
        ["4=", "Club 4 A", "0", "0", "0", "0", "0", "0", "relegation"],
    ]
    calendar = body_rows(response.content, 1)
    assert calendar == [
        ["Club 1 A", "Club 6 A", "2–2"],
        ["Club 2 A", "Club 5 A", "0–4 (default)"],
        ["Club 3 A", "Club 4 A", "postponed to 2026-11-15"],
    ]
    assert "Round 1: Club 3 A – Club 4 A, postponed to 2026-11-15" in response.content.decode()


def test_the_table_as_csv(client, played):
    division = played["division"]

    response = client.get(
        reverse("leagues:division_csv", args=[division.season.slug, division.slug])
    )

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    lines = response.content.decode().splitlines()
    assert lines[0] == "Place,Team,Pl,W,D,L,Game points,Match points,Zone"
    assert lines[1] == "1,Club 5 A,1,1,0,0,4.0,2,promotion"
    assert lines[6] == "4=,Club 4 A,0,0,0,0,0.0,0,relegation"


def test_the_division_page_in_russian(client, played):
    with translation.override("ru"):
        response = client.get(played["division"].get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru")

    text = response.content.decode()
    assert "Таблица" in text
    assert "Календарь" in text


def test_the_seasons_list_and_a_season(client, played):
    season = played["season"]

    listed = client.get(reverse("leagues:list")).content.decode()
    page = client.get(season.get_absolute_url()).content.decode()

    assert season.name in listed
    assert played["division"].get_absolute_url() in listed
    assert played["division"].get_absolute_url() in page


def test_an_unknown_division_is_404(client, played):
    url = reverse("leagues:division", args=[played["season"].slug, "nowhere"])

    assert client.get(url).status_code == 404


def _queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_division_page_reads_a_fixed_number_of_queries(client):
    small = league_division(teams=4, boards=2)
    large = league_division(teams=8, boards=4, season=small["season"], name="Division 2", level=2)
    for made in (small, large):
        schedule_division(actor=SYSTEM, division=made["division"])

    assert _queries(client, small["division"].get_absolute_url()) == _queries(
        client, large["division"].get_absolute_url()
    )

"""The player page (ratings and the per-game calculation) and the tournament pages."""

import pytest
from django.urls import reverse

from players.models import Player
from ratings.queries.tournaments import PlayerLine, field_strength
from tests.factories import (
    make_change,
    make_game,
    make_player,
    make_rating,
    make_round,
    make_tournament,
)
from tests.helpers import body_rows, tables
from tournaments.queries.standings import FieldStrength

pytestmark = pytest.mark.django_db


def test_player_page_shows_ratings_per_list(client, calculation):
    response = client.get(reverse("ratings:player", args=[calculation["ann"].pk]))

    assert response.status_code == 200
    assert body_rows(response.content, 0) == [
        [
            "Chess standard",
            "1500",
            "1553.6",
            "+53.60",
            "40",
            "4",
            "1520",
            "2026-03-02",
            "Class C",
            "Class B in 46",
        ],
    ]


def test_player_page_prints_the_calculation_as_fide_does(client, calculation):
    response = client.get(reverse("ratings:player", args=[calculation["ann"].pk]))

    current, february = tables(response.content)[1:3]
    assert current["body"] == [
        ["2026-03-01", "Spring Open", "FM Bell, Bob", "1900", "1", "0.08", "0.92", "40", "+36.80"],
        ["2026-03-02", "Spring Open", "Cole, Cy", "1900 *", "½", "0.08", "0.42", "40", "+16.80"],
    ]
    assert current["foot"] == [["", "", "", "", "", "Σ", "1.34", "K × Σ", "+53.60"]]
    assert february["body"] == [
        ["2026-01-10", "Winter Cup", "Dale, Dee", "1500", "0", "0.50", "-0.50", "40", "-20.00"],
    ]
    html = response.content.decode()
    assert html.index("Current period") < html.index("Rated in the list of 2026-02-01")
    assert "Rating change in this period (rounded once): <strong>+54</strong>" in html
    assert "Rating change in this period (rounded once): <strong>-20</strong>" in html


def test_player_page_links_opponents_and_tournaments(client, calculation):
    response = client.get(reverse("ratings:player", args=[calculation["ann"].pk]))

    html = response.content.decode()
    assert f'<a href="/players/{calculation["cy"].pk}/">Cole, Cy</a>' in html
    assert '<a href="/tournaments/spring-open/">Spring Open</a>' in html


def test_player_page_of_an_unrated_player_says_so(client):
    player = make_player("New", "Nina", sex="f")

    response = client.get(reverse("ratings:player", args=[player.pk]))

    assert "Not rated in any list yet." in response.content.decode()
    assert tables(response.content) == []


def test_player_page_unknown_id_is_404(client):
    response = client.get(reverse("ratings:player", args=[999999]))

    assert response.status_code == 404


def test_tournament_page_lists_players_with_change_and_performance(client, calculation):
    response = client.get(reverse("tournaments:detail", args=["spring-open"]))

    assert response.status_code == 200
    # Ann 1½ from 2 against 1900 and 2000: Ra 1950, 75 % → dp 193, performance 2143.
    # Cy 1½ (bye + draw): rated only against Ann (1500), 50 % → 1500.
    # Bob ½ (loss + half-point bye): rated only against Ann, 0 % → 1500 − 800 = 700.
    assert body_rows(response.content, 0) == [
        ["1", "Cole, Cy", "1½", "2", "2000", "-8.40", "1500"],
        ["2", "Ames, Ann", "1½", "2", "1500", "+53.60", "2143"],
        ["3", "FM Bell, Bob", "½", "2", "1900", "-18.40", "700"],
    ]
    # (2000 + 1500 + 1900) / 3 = 1800: below category 1 (2251).
    html = response.content.decode()
    assert "<dt>Average rating</dt><dd>1800</dd>" in html
    assert "FIDE category" not in html


def test_tournament_page_lists_games_by_round(client, calculation):
    response = client.get(reverse("tournaments:detail", args=["spring-open"]))

    html = response.content.decode()
    assert body_rows(response.content, 1) == [
        ["1", "Ames, Ann", "1–0", "FM Bell, Bob"],
        ["2", "Cole, Cy", "full-point bye", "bye"],
    ]
    assert body_rows(response.content, 2) == [
        ["1", "Cole, Cy", "½–½", "Ames, Ann"],
        ["2", "FM Bell, Bob", "half-point bye", "bye"],
    ]
    assert "Round 1 <small>2026-03-01</small>" in html
    assert "Round 2 <small>2026-03-02</small>" in html


def test_tournament_page_of_an_unrated_tournament_has_no_rating_columns(client):
    tournament = make_tournament("Friendly", slug="friendly", rating_list=None)
    ann, bob = make_player("Ames", "Ann"), make_player("Bell", "Bob")
    make_game(make_round(tournament), ann, bob, "01")

    response = client.get(reverse("tournaments:detail", args=["friendly"]))

    assert tables(response.content)[0]["head"] == [["#", "Player", "Points", "Games"]]
    assert body_rows(response.content, 0) == [
        ["1", "Bell, Bob", "1", "1"],
        ["2", "Ames, Ann", "0", "1"],
    ]
    assert "unrated" in response.content.decode()


def test_tournament_page_unknown_slug_is_404(client):
    response = client.get(reverse("tournaments:detail", args=["no-such-event"]))

    assert response.status_code == 404


def test_tournament_list_shows_tournaments_newest_first(client, calculation):
    response = client.get(reverse("tournaments:list"))

    assert body_rows(response.content) == [
        ["Spring Open", "2026-03-01", "2026-03-02", "York", "", "Chess standard", "4"],
        ["Winter Cup", "2026-01-10", "2026-01-10", "", "", "Chess standard", "1"],
    ]


def test_field_strength_gives_the_fide_category():
    lines = [
        PlayerLine(Player(last_name="A"), rating_used=2400),
        PlayerLine(Player(last_name="B"), rating_used=2500),
        PlayerLine(Player(last_name="C")),
    ]

    strength = field_strength(lines)

    # Average 2450: category 8 covers 2426–2450.
    assert strength == FieldStrength(average=2450, rated_players=2, category=8)


def test_player_page_of_a_newcomer_shows_games_without_changes(client):
    newcomer, rated = make_player("Neu", "Nina", sex="f"), make_player("Old", "Olaf")
    make_rating(newcomer, None)
    tournament = make_tournament("Club Night", slug="club-night")
    game = make_game(make_round(tournament), rated, newcomer, "01")
    make_change(
        game,
        newcomer,
        rated,
        rating_used=None,
        opponent_rating=1700,
        opponent_rating_used=1700,
        score=1,
        expected=None,
        k=None,
        change=None,
    )

    response = client.get(reverse("ratings:player", args=[newcomer.pk]))

    ledger = tables(response.content)[1]
    assert ledger["body"] == [
        ["2026-03-01", "Club Night", "Old, Olaf", "1700", "1", "–", "–", "–", "–"]
    ]
    assert ledger["foot"] == [["", "", "", "", "", "Σ", "–", "K × Σ", "–"]]
    html = response.content.decode()
    assert "Games while unrated count towards the first rating" in html
    assert "rounded once" not in html

"""The public title-norm pages: every player's norms, a player's norm report, the link."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from ratings.models import RatingList
from tests.factories import make_player, make_tournament, norm_tournament, register
from tests.helpers import body_rows, tables

pytestmark = pytest.mark.django_db


def _get(url: str, status: int = 200):
    response = Client().get(url)
    assert response.status_code == status
    return response


def test_the_norms_page_gives_each_player_a_verdict_per_title():
    tournament, _hero = norm_tournament()

    response = _get(reverse("tournaments:norms", args=[tournament.slug]))

    rows = body_rows(response.content)
    assert rows[0] == ["1", "Hero", "ENG", "2390", "7", *["Norm"] * 4, "Norm report"]
    assert rows[1][:5] == ["2", "GM Opp1", "GER", "2450", "½"]
    assert rows[1][5] == "No: too few games"
    assert len(rows) == 10


def test_the_report_lists_the_opponents_and_every_requirement():
    tournament, _hero = norm_tournament()

    response = _get(reverse("tournaments:norm_report", args=[tournament.slug, 1]))

    found = tables(response.content)
    opponents = found[0]["body"]
    assert opponents[0] == ["1", "2", "GM Opp1", "GM", "GER", "2450", "½", "yes"]
    gm = found[1]["body"]
    assert [row[:5] for row in gm] == [
        ["Games counted", "1.4.1", "9", "≥ 9", "met"],
        ["Federations other than the player's", "1.4.3", "5", "≥ 2", "met"],
        ["Opponents from the player's federation", "1.4.4", "4", "≤ 5", "met"],
        ["Opponents from one federation", "1.4.4", "4", "≤ 6", "met"],
        ["Title-holders among the opponents (not CM or WCM)", "1.4.5a", "7", "≥ 5", "met"],
        ["Grandmasters among the opponents", "1.4.5b-e", "3", "≥ 3", "met"],
        ["Average rating of the opponents (Ra)", "1.4.8a", "2380", "≥ 2380", "met"],
        ["Score", "1.4.8b", "78 %", "≥ 35 %", "met"],
        ["Performance rating (Rp = Ra + dp)", "1.4.8", "2600", "≥ 2600", "met"],
    ]
    assert b'GM norm: <span class="norm-met">achieved</span>' in response.content


def test_while_rounds_are_left_the_report_says_what_is_still_needed():
    tournament, _hero = norm_tournament(played=7)

    response = _get(reverse("tournaments:norm_report", args=[tournament.slug, 1]))
    listing = _get(reverse("tournaments:norms", args=[tournament.slug]))

    assert "Points still needed: 2 of the 2 rounds left." in response.content.decode()
    assert body_rows(listing.content)[0][5:9] == [
        "Needs 2 of 2",
        "Needs ½ of 2",
        "Reached if the 2 rounds left are played",
        "Reached if the 2 rounds left are played",
    ]


def test_no_norm_pages_for_a_go_tournament_nor_an_unknown_number():
    go = make_tournament(rating_list=RatingList.objects.get(slug="go-egf"), slug="go-open")
    tournament, _hero = norm_tournament()

    _get(reverse("tournaments:norms", args=[go.slug]), 404)
    _get(reverse("tournaments:norm_report", args=[tournament.slug, 99]), 404)


def test_a_rapid_tournament_says_norms_are_for_standard_games():
    rapid = make_tournament(rating_list=RatingList.objects.get(slug="chess-rapid"))
    register(rapid, make_player())

    response = _get(reverse("tournaments:norms", args=[rapid.slug]))

    assert "Title norms are earned in standard games only" in response.content.decode()
    assert tables(response.content) == []


def test_the_tournament_pages_link_to_the_norms_of_a_fide_chess_tournament_only():
    tournament, _hero = norm_tournament()
    go = make_tournament(rating_list=RatingList.objects.get(slug="go-egf"), slug="go-open")
    link = reverse("tournaments:norms", args=[tournament.slug])

    assert link in _get(reverse("tournaments:standings", args=[tournament.slug])).content.decode()
    assert "/norms/" not in _get(reverse("tournaments:standings", args=[go.slug])).content.decode()


@pytest.mark.parametrize("extra", [0, 3])
def test_the_norm_pages_run_a_fixed_number_of_queries(django_assert_num_queries, extra):
    tournament, _hero = norm_tournament()
    register_more = [
        make_player(f"Late{n}", federation="FRA", fide_standard=2200) for n in range(extra)
    ]
    for number, player in enumerate(register_more, start=11):
        tournament.registrations.create(player=player, pairing_number=number)

    # the page cache's version, the tournament, registrations, games, ratings in force
    with django_assert_num_queries(5):
        _get(reverse("tournaments:norms", args=[tournament.slug]))
    with django_assert_num_queries(5):
        _get(reverse("tournaments:norm_report", args=[tournament.slug, 1]))


def test_a_players_norms_page_lists_the_norms_and_the_applications():
    tournament, hero = norm_tournament(slug="spring-open")
    hero.fide_id = 4100018
    hero.save()

    page = _get(reverse("ratings:player", args=[hero.pk]))
    response = _get(reverse("ratings:player_norms", args=[hero.pk]))

    assert reverse("ratings:player_norms", args=[hero.pk]) in page.content.decode()
    rows = body_rows(response.content)
    assert [row[0] for row in rows] == [tournament.name] * 2
    assert [row[2:] for row in rows] == [["GM", "9", "2380", "2600"], ["IM", "9", "2380", "2600"]]
    report = reverse("tournaments:norm_report", args=[tournament.slug, 1])
    assert report in response.content.decode()
    text = " ".join(response.content.decode().split())
    assert (
        "<strong>GM</strong>: norms covering 9 games of the 27 needed; "
        "highest rating 2390 (2500 needed): not complete yet."
    ) in text

"""The chess-results-like tournament pages: starting rank and alphabetical lists, pairings
by board and by name, a player's card, CSV downloads; go rounds with handicap, komi and
McMahon score; shogi rounds with sente and gote; the live fragments."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_round,
    make_tournament,
)
from tests.helpers import body_rows, tables
from tournaments.models import Game, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """Four entries by start number; round 1 played, round 2 half played."""
    club = make_club("Riverside")
    tournament = make_tournament("Spring Swiss", slug="spring", pairing_system="swiss_dutch")
    players = {
        "carlsen": make_player("Carlsen", "Magnus", title="GM", federation="NOR", fide_id=1503014),
        "ivanova": make_player("Ivanova", "Olga", federation="RUS", club=club),
        "smith": make_player("Smith", "Anna", federation="ENG", club=club),
        "adams": make_player("Adams", "Ben", federation="ENG"),
    }
    for number, (name, rating) in enumerate(
        [("carlsen", 2830), ("ivanova", 2105), ("smith", 1850), ("adams", 1700)], start=1
    ):
        Registration.objects.create(
            tournament=tournament,
            player=players[name],
            pairing_number=number,
            rating_at_start=rating,
        )
    one = make_round(tournament, 1)
    first = make_game(one, players["carlsen"], players["smith"], "10", board=1)
    make_game(one, players["adams"], players["ivanova"], "==", board=2)
    two = make_round(tournament, 2)
    make_game(two, players["ivanova"], players["carlsen"], "", board=1)
    make_game(two, players["smith"], players["adams"], "01", board=2)
    make_change(
        first, players["carlsen"], players["smith"], rating_used=2830, score=1, change="0.8"
    )
    return tournament, players


def test_starting_rank_list_by_number_with_ratings_and_fide_ids(client, event):
    response = client.get(reverse("tournaments:players", args=["spring"]))

    assert tables(response.content)[0]["head"] == [
        ["No.", "Title", "Name", "FIDE ID", "Fed.", "Rating", "Club"]
    ]
    assert body_rows(response.content) == [
        ["1", "GM", "Carlsen, Magnus", "1503014", "NOR", "2830", ""],
        ["2", "", "Ivanova, Olga", "", "RUS", "2105", "Riverside"],
        ["3", "", "Smith, Anna", "", "ENG", "1850", "Riverside"],
        ["4", "", "Adams, Ben", "", "ENG", "1700", ""],
    ]


def test_alphabetical_list_and_its_csv(client, event):
    url = reverse("tournaments:players", args=["spring"])

    page = client.get(url, {"order": "alpha"})
    download = client.get(reverse("tournaments:players_csv", args=["spring"]), {"order": "alpha"})

    assert [row[2] for row in body_rows(page.content)] == [
        "Adams, Ben",
        "Carlsen, Magnus",
        "Ivanova, Olga",
        "Smith, Anna",
    ]
    assert download["Content-Disposition"] == (
        'attachment; filename="spring-players-alphabetical.csv"'
    )
    assert list(csv.reader(io.StringIO(download.content.decode()))) == [
        ["No.", "Title", "Name", "FIDE ID", "Fed.", "Rating", "Club"],
        ["4", "", "Adams, Ben", "", "ENG", "1700", ""],
        ["1", "GM", "Carlsen, Magnus", "1503014", "NOR", "2830", ""],
        ["2", "", "Ivanova, Olga", "", "RUS", "2105", "Riverside"],
        ["3", "", "Smith, Anna", "", "ENG", "1850", "Riverside"],
    ]


def test_pairings_by_board_show_numbers_ratings_and_points(client, event):
    response = client.get(reverse("tournaments:round", args=["spring", 2]))

    assert tables(response.content)[0]["head"] == [
        ["Board", "No.", "White", "Rating", "Pts", "Result", "Pts", "Black", "Rating", "No."]
    ]
    assert body_rows(response.content) == [
        ["1", "2", "Ivanova, Olga", "2105", "½", "–", "1", "GM Carlsen, Magnus", "2830", "1"],
        ["2", "3", "Smith, Anna", "1850", "0", "0–1", "½", "Adams, Ben", "1700", "4"],
    ]


def test_pairings_by_name_and_their_csv(client, event):
    response = client.get(reverse("tournaments:round_by_name", args=["spring", 2]))
    download = client.get(reverse("tournaments:round_by_name_csv", args=["spring", 2]))

    # Name, No., rating, points before, board, colour, opponent, rating, score
    assert body_rows(response.content) == [
        ["Adams, Ben", "4", "1700", "½", "2", "black", "Smith, Anna", "1850", "1"],
        ["GM Carlsen, Magnus", "1", "2830", "1", "1", "black", "Ivanova, Olga", "2105", "–"],
        ["Ivanova, Olga", "2", "2105", "½", "1", "white", "GM Carlsen, Magnus", "2830", "–"],
        ["Smith, Anna", "3", "1850", "0", "2", "white", "Adams, Ben", "1700", "0"],
    ]
    assert download["Content-Disposition"] == 'attachment; filename="spring-round-2-by-name.csv"'
    # The CSV: the title in its own column, points before the round as a decimal.
    assert download.content.decode().splitlines()[:2] == [
        "Title,Name,No.,Rating,Pts,Board,Colour,Title,Opponent,Rating,Score",
        ',"Adams, Ben",4,1700,0.5,2,black,,"Smith, Anna",1850,1',
    ]


def test_round_csv_is_the_board_table(client, event):
    download = client.get(reverse("tournaments:round_csv", args=["spring", 1]))

    assert list(csv.reader(io.StringIO(download.content.decode()))) == [
        [
            "Board",
            "No.",
            "Title",
            "White",
            "Rating",
            "Pts",
            "Result",
            "Pts",
            "Title",
            "Black",
            "Rating",
            "No.",
        ],
        [
            "1",
            "1",
            "GM",
            "Carlsen, Magnus",
            "2830",
            "0.0",
            "1–0",
            "0.0",
            "",
            "Smith, Anna",
            "1850",
            "3",
        ],
        ["2", "4", "", "Adams, Ben", "1700", "0.0", "½–½", "0.0", "", "Ivanova, Olga", "2105", "2"],
    ]


def test_player_card_shows_games_points_and_rating_change(client, event):
    response = client.get(reverse("tournaments:player_card", args=["spring", 1]))

    assert response.context["points"] == "1"
    assert response.context["change_text"] == "+0.80"
    # Round, board, colour, No., opponent, rating, score, rating change
    assert body_rows(response.content) == [
        ["1", "1", "white", "3", "Smith, Anna", "1850", "1", "+0.80"],
        ["2", "1", "black", "2", "Ivanova, Olga", "2105", "–", "–"],
    ]


def test_player_card_of_an_unknown_number_is_404(client, event):
    assert client.get(reverse("tournaments:player_card", args=["spring", 9])).status_code == 404


def test_standings_csv_follows_the_chosen_round(client, event):
    download = client.get(reverse("tournaments:standings_csv", args=["spring"]), {"round": 1})

    rows = list(csv.reader(io.StringIO(download.content.decode())))
    assert download["Content-Disposition"] == 'attachment; filename="spring-standings.csv"'
    # The title in its own column, the points as decimals (as the tie-breaks are).
    assert [row[:6] for row in rows] == [
        ["Place", "No.", "Title", "Player", "Rating", "Points"],
        ["1", "1", "GM", "Carlsen, Magnus", "2830", "1.0"],
        ["2", "2", "", "Ivanova, Olga", "2105", "0.5"],  # the tie-breaks part the two draws
        ["3", "4", "", "Adams, Ben", "1700", "0.5"],
        ["4", "3", "", "Smith, Anna", "1850", "0.0"],
    ]


def test_every_tournament_page_links_players_and_crosstable(client, event):
    html = client.get(reverse("tournaments:detail", args=["spring"])).content.decode()

    assert 'href="/tournaments/spring/players/"' in html
    assert 'href="/tournaments/spring/crosstable/"' in html


# --------------------------------------------------------------------------- go and shogi


def _mcmahon(pairing_system: str, slug: str):
    from ratings.models import RatingList

    rating_list = RatingList.objects.get(
        slug="go-egf" if pairing_system.endswith("go") else "shogi-fesa"
    )
    tournament = make_tournament(
        "Stones", slug=slug, pairing_system=pairing_system, rating_list=rating_list, komi="7.5"
    )
    a, b, c, d = (make_player(name) for name in ("Aki", "Ben", "Cho", "Dan"))
    for number, (player, grade) in enumerate([(a, "2d"), (b, "1d"), (c, "3k"), (d, "5k")], start=1):
        Registration.objects.create(
            tournament=tournament, player=player, pairing_number=number, grade=grade
        )
    one = make_round(tournament, 1)
    make_game(one, a, b, "10", board=1)
    make_game(one, c, d, "01", board=2)
    two = make_round(tournament, 2)
    make_game(two, a, d, "", board=1)
    Game.objects.filter(pk=make_game(two, b, c, "", board=2).pk).update(handicap=3)
    return tournament


def test_go_round_shows_handicap_and_komi(client):
    _mcmahon("mcmahon_go", "stones")

    response = client.get(reverse("tournaments:round", args=["stones", 2]))

    head = tables(response.content)[0]["head"][0]
    assert head == ["Board", "No.", "White", "Rating", "MMS", "Result", "MMS", "Black", "Rating",
                    "No.", "Handicap", "Komi"]  # fmt: skip
    # An even game keeps the tournament's komi; a handicap game is played with 0.5.
    rows = body_rows(response.content)
    assert [(row[2], row[7], row[10], row[11]) for row in rows] == [
        ("Aki", "Dan", "even", "7.5"),
        ("Ben", "Cho", "3", "0.5"),
    ]
    assert "Handicap: the stones Black receives" in response.content.decode()


def test_go_mcmahon_scores_add_the_start_score_to_the_points(client):
    tournament = _mcmahon("mcmahon_go", "stones2")
    from tournaments.queries.event import entry_infos, registrations_of

    registrations = registrations_of(tournament)
    infos = entry_infos(tournament, registrations, {})
    start = {r.player.last_name: infos[r.player_id].initial_mms for r in registrations}

    rows = body_rows(client.get(reverse("tournaments:round", args=["stones2", 2])).content)

    # Aki won round 1 (1 point), Ben lost, Cho lost, Dan won.
    assert [(row[2], row[4], row[7], row[6]) for row in rows] == [
        ("Aki", str(start["Aki"] + 1), "Dan", str(start["Dan"] + 1)),
        ("Ben", str(start["Ben"]), "Cho", str(start["Cho"])),
    ]
    assert start["Aki"] > start["Ben"] > start["Cho"] > start["Dan"]


def test_shogi_round_names_sente_and_gote(client):
    _mcmahon("mcmahon_shogi", "shogi-mm")

    response = client.get(reverse("tournaments:round", args=["shogi-mm", 1]))

    head = tables(response.content)[0]["head"][0]
    assert head[2] == "Sente" and head[7] == "Gote"
    assert "Handicap" not in head
    assert "Sente and gote are decided by furigoma" in response.content.decode()


# --------------------------------------------------------------------------- query counts


@pytest.mark.parametrize("item_count", [1, 3])
def test_event_pages_query_counts(client, django_assert_num_queries, item_count):
    tournament = make_tournament(slug="count", rating_list=None)
    one = make_round(tournament, 1)
    for board in range(1, item_count + 1):
        white, black = make_player(club=make_club()), make_player()
        for number, player in ((2 * board - 1, white), (2 * board, black)):
            Registration.objects.create(tournament=tournament, player=player, pairing_number=number)
        make_game(one, white, black, "10", board=board)

    # list versions (the page cache's key), tournament, registrations, games, clubs
    # (unrated: no ledger, no ratings)
    with django_assert_num_queries(5):
        players = client.get(reverse("tournaments:players", args=["count"]))
    # list versions, tournament, round numbers, registrations, games
    with django_assert_num_queries(5):
        by_name = client.get(reverse("tournaments:round_by_name", args=["count", 1]))
    # list versions, tournament, games, registrations (the standings reuse the games)
    with django_assert_num_queries(4):
        card = client.get(reverse("tournaments:player_card", args=["count", 1]))

    assert len(body_rows(players.content)) == 2 * item_count
    assert len(body_rows(by_name.content)) == 2 * item_count
    assert len(body_rows(card.content)) == 1


# --------------------------------------------------------------------------- live fragments


def test_live_round_fragment_polls_while_a_result_is_missing(client, event):
    page = client.get(reverse("tournaments:round", args=["spring", 2])).content.decode()
    live = reverse("tournaments:round_live", args=["spring", 2])

    assert f'hx-get="{live}" hx-trigger="every 5s" hx-swap="outerHTML"' in page
    finished = client.get(reverse("tournaments:round", args=["spring", 1])).content.decode()
    assert "hx-get" not in finished.split('id="live-round"')[1].split(">")[0]


def test_live_round_fragment_is_the_table_alone(client, event):
    html = client.get(reverse("tournaments:round_live", args=["spring", 2])).content.decode()

    assert html.strip().startswith('<div id="live-round"')
    assert "<html" not in html
    assert len(body_rows(html)) == 2


@pytest.mark.parametrize("item_count", [1, 3])
def test_a_cached_live_fragment_costs_one_query(client, django_assert_num_queries, item_count):
    tournament = make_tournament(slug="live", rating_list=None)
    one = make_round(tournament, 1)
    for board in range(1, item_count + 1):
        make_game(one, make_player(), make_player(), "", board=board)
    url = reverse("tournaments:round_live", args=["live", 1])
    client.get(url)

    # the list versions (the key of the page cache)
    with django_assert_num_queries(1):
        cached = client.get(url)

    assert len(body_rows(cached.content)) == item_count


def test_live_standings_fragment_polls_while_a_round_is_played(client, event):
    page = client.get(reverse("tournaments:standings", args=["spring"])).content.decode()
    live = reverse("tournaments:standings_live", args=["spring"])

    assert f'hx-get="{live}"' in page
    fragment = client.get(live).content.decode()
    assert fragment.strip().startswith('<div id="live-standings"')
    chosen = client.get(reverse("tournaments:standings", args=["spring"]), {"round": 1})
    assert "hx-get" not in chosen.content.decode().split('id="live-standings"')[1].split(">")[0]


def test_decimal_komi_in_russian(client):
    _mcmahon("mcmahon_go", "stones-ru")

    response = client.get(
        reverse("tournaments:round", args=["stones-ru", 2]), HTTP_ACCEPT_LANGUAGE="ru"
    )

    assert [row[11] for row in body_rows(response.content)] == ["7,5", "0,5"]


def test_a_cached_tournament_page_shows_an_entered_result_at_once(client, event):
    from actions.results import record_result
    from core.roles import SYSTEM

    url = reverse("tournaments:round", args=["spring", 2])
    before = body_rows(client.get(url).content)
    game = Game.objects.get(round__tournament=event[0], round__number=2, board=1)

    record_result(game=game, result="01", actor=SYSTEM)

    assert [row[5] for row in before] == ["–", "0–1"]
    assert [row[5] for row in body_rows(client.get(url).content)] == ["0–1", "0–1"]


def test_a_manual_tournament_rated_in_the_go_list_shows_handicap_and_komi(client):
    from ratings.models import RatingList

    tournament = make_tournament(
        slug="go-manual", rating_list=RatingList.objects.get(slug="go-egf"), komi="6.5"
    )
    Game.objects.filter(
        pk=make_game(make_round(tournament, 1), make_player("A"), make_player("B"), "").pk
    ).update(handicap=2)

    response = client.get(reverse("tournaments:round", args=["go-manual", 1]))

    head = tables(response.content)[0]["head"][0]
    row = body_rows(response.content)[0]
    assert (head[-2:], row[-2:]) == (["Handicap", "Komi"], ["2", "0.5"])

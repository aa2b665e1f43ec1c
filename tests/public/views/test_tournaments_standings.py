"""Public standings, crosstable and progress pages: exact values, shared places, query counts."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import (
    make_change,
    make_game,
    make_player,
    make_round,
    make_tournament,
    register,
)
from tests.helpers import body_rows, tables
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def _rate(tournament, ratings):
    for registration in Registration.objects.filter(tournament=tournament):
        registration.rating_at_start = ratings[registration.pairing_number - 1]
        registration.save()


def _play(round_, *boards):
    for board, (white, black, result) in enumerate(boards, start=1):
        make_game(round_, white, black, result, board=board)


@pytest.fixture
def round_robin():
    """Berger table for 4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1. Final: A 2½, D 1½, B 1, C 1."""
    tournament = make_tournament(pairing_system="round_robin", rounds_planned=3, slug="rr")
    a, b, c, d = (make_player(name) for name in ("Alpha", "Bravo", "Charlie", "Delta"))
    register(tournament, a, b, c, d)
    _rate(tournament, [2500, 2450, 2400, 2350])
    _play(make_round(tournament, 1), (a, d, "10"), (b, c, "=="))
    _play(make_round(tournament, 2), (d, c, "=="), (a, b, "=="))
    _play(make_round(tournament, 3), (b, d, "01"), (c, a, "01"))
    return tournament


@pytest.fixture
def swiss():
    """Five players, a pairing-allocated bye every round, unrated."""
    tournament = make_tournament(
        pairing_system="swiss_dutch", rounds_planned=3, rating_list=None, slug="swiss"
    )
    p1, p2, p3, p4, p5 = (make_player(f"S{n}") for n in range(1, 6))
    register(tournament, p1, p2, p3, p4, p5)
    _play(make_round(tournament, 1), (p1, p3, "10"), (p2, p4, "=="), (p5, None, "U"))
    _play(make_round(tournament, 2), (p5, p1, "01"), (p3, p2, "01"), (p4, None, "U"))
    _play(make_round(tournament, 3), (p1, p2, "=="), (p4, p5, "10"), (p3, None, "U"))
    return tournament


def test_round_robin_standings_show_places_points_and_tiebreaks(client, round_robin):
    response = client.get(reverse("tournaments:standings", args=["rr"]))

    assert tables(response.content)[0]["head"] == [
        [
            "Place",
            "No.",
            "Player",
            "Rating",
            "Points",
            "DE",
            "WIN",
            "SB",
            "KS",
            "Performance",
            "Rating change",
        ]
    ]
    # SB: Alpha ½·1 + 1·1 + 1·1½ = 3; Bravo ½·2½ + ½·1 = 1.75; Charlie ½·1 + ½·1½ = 1.25.
    # KS (limit 1½): points against Alpha and Delta. TPR: ARO + dp (2417 − 125 = 2292).
    assert body_rows(response.content) == [
        ["1", "1", "Alpha", "2500", "2½", "0", "2", "3.0", "1.0", "2673", "–"],
        ["2", "4", "Delta", "2350", "1½", "0", "1", "1.5", "0.0", "2450", "–"],
        ["3", "2", "Bravo", "2450", "1", "0", "0", "1.75", "0.5", "2292", "–"],
        ["4", "3", "Charlie", "2400", "1", "0", "0", "1.25", "0.5", "2308", "–"],
    ]


def test_standings_legend_names_the_tiebreaks(client, round_robin):
    response = client.get(reverse("tournaments:standings", args=["rr"]))

    assert [(code, str(name)) for code, name in response.context["legend"]] == [
        ("DE", "Direct encounter"),
        ("WIN", "Number of wins (played or not)"),
        ("SB", "Sonneborn-Berger"),
        ("KS", "Koya system"),
    ]


def test_round_robin_crosstable_orders_rows_and_columns_by_rank(client, round_robin):
    response = client.get(reverse("tournaments:crosstable", args=["rr"]))

    assert tables(response.content)[0]["head"] == [
        ["Rank", "Player", "Rating", "1", "2", "3", "4", "Points", "DE", "WIN", "SB", "KS", "Place"]
    ]
    assert body_rows(response.content) == [
        ["1", "Alpha", "2500", "×", "1", "½", "1", "2½", "0", "2", "3.0", "1.0", "1"],
        ["2", "Delta", "2350", "0", "×", "1", "½", "1½", "0", "1", "1.5", "0.0", "2"],
        ["3", "Bravo", "2450", "½", "0", "×", "½", "1", "0", "0", "1.75", "0.5", "3"],
        ["4", "Charlie", "2400", "0", "½", "½", "×", "1", "0", "0", "1.25", "0.5", "4"],
    ]


def test_round_robin_pages_show_the_fide_category(client, round_robin):
    response = client.get(reverse("tournaments:crosstable", args=["rr"]))

    assert (response.context["strength"].average, response.context["strength"].category) == (
        2425,
        7,
    )
    assert "FIDE category" in response.content.decode()


def test_round_robin_below_category_one_says_so(client, round_robin):
    # Average (2250 + 2200 + 2150 + 2100) / 4 = 2175: below category 1 (2251-2275).
    _rate(round_robin, [2250, 2200, 2150, 2100])

    response = client.get(reverse("tournaments:crosstable", args=["rr"]))

    assert (response.context["strength"].average, response.context["strength"].category) == (
        2175,
        None,
    )
    assert "none (average below 2251)" in response.content.decode()


def test_crosstable_after_round_one_shares_the_place_of_equal_players(client, round_robin):
    url = reverse("tournaments:crosstable", args=["rr"])

    response = client.get(f"{url}?round=1")

    assert body_rows(response.content) == [
        ["1", "Alpha", "2500", "×", "", "", "1", "1", "0", "1", "0.0", "0.0", "1"],
        ["2", "Bravo", "2450", "", "×", "½", "", "½", "0", "0", "0.25", "0.5", "2–3"],
        ["3", "Charlie", "2400", "", "½", "×", "", "½", "0", "0", "0.25", "0.5", "2–3"],
        ["4", "Delta", "2350", "0", "", "", "×", "0", "0", "0", "0.0", "0.0", "4"],
    ]


def test_swiss_standings_after_round_two(client, swiss):
    url = reverse("tournaments:standings", args=["swiss"])

    response = client.get(f"{url}?round=2")

    assert tables(response.content)[0]["head"] == [
        [
            "Place",
            "No.",
            "Player",
            "Rating",
            "Points",
            "BH/C1",
            "BH",
            "DE",
            "WIN",
            "BWG",
            "BPG",
            "Performance",
        ]
    ]
    # S4's PAB in round 2 counts a dummy capped at ½ × 2 rounds = 1 (C.07 2026, 16.4).
    assert body_rows(response.content) == [
        ["1", "1", "S1", "–", "2", "1.0", "1.0", "0", "2", "1", "1", "–"],
        ["2", "4", "S4", "–", "1½", "1.5", "2.5", "0", "1", "0", "1", "–"],
        ["3", "2", "S2", "–", "1½", "1.5", "1.5", "0", "1", "1", "1", "–"],
        ["4", "5", "S5", "–", "1", "2.0", "3.0", "0", "1", "0", "0", "–"],
        ["5", "3", "S3", "–", "0", "2.0", "3.5", "0", "0", "0", "1", "–"],
    ]


def test_swiss_standings_after_the_last_round(client, swiss):
    response = client.get(reverse("tournaments:standings", args=["swiss"]))

    # S4: S2 2 + dummy min(2½, ½ × 3) + S5 1 = 4.5; S1: S3 1 + S5 1 + S2 2 = 4.0.
    assert body_rows(response.content) == [
        ["1", "4", "S4", "–", "2½", "3.5", "4.5", "0", "2", "0", "1", "–"],
        ["2", "1", "S1", "–", "2½", "3.0", "4.0", "0", "2", "1", "1", "–"],
        ["3", "2", "S2", "–", "2", "5.0", "6.0", "0", "1", "1", "2", "–"],
        ["4", "5", "S5", "–", "1", "5.0", "6.0", "0", "1", "0", "1", "–"],
        ["5", "3", "S3", "–", "1", "4.5", "5.5", "0", "1", "0", "1", "–"],
    ]
    assert list(response.context["round_choices"]) == [1, 2, 3]


def test_swiss_shared_place_when_every_tiebreak_is_equal(client, swiss):
    swiss.tiebreaks = "BH"
    swiss.save()
    url = reverse("tournaments:standings", args=["swiss"])

    response = client.get(f"{url}?round=1")

    # S5's PAB: a dummy of min(1, ½ × 1) = ½; S1 beat S3 (0). S2 and S4 drew: BH ½ each.
    # S3 lost to S1 (1).
    assert [row[:6] for row in body_rows(response.content)] == [
        ["1", "5", "S5", "–", "1", "0.5"],
        ["2", "1", "S1", "–", "1", "0.0"],
        ["3–4", "2", "S2", "–", "½", "0.5"],
        ["3–4", "4", "S4", "–", "½", "0.5"],
        ["5", "3", "S3", "–", "0", "1.0"],
    ]


def test_swiss_progress_table_gives_the_score_after_each_round(client, swiss):
    response = client.get(reverse("tournaments:progress", args=["swiss"]))

    assert tables(response.content)[0]["head"] == [
        ["Place", "No.", "Player", "Rating", "1", "2", "3"]
    ]
    assert body_rows(response.content) == [
        ["1", "4", "S4", "–", "½", "1½", "2½"],
        ["2", "1", "S1", "–", "1", "2", "2½"],
        ["3", "2", "S2", "–", "½", "1½", "2"],
        ["4", "5", "S5", "–", "1", "1", "1"],
        ["5", "3", "S3", "–", "0", "0", "1"],
    ]


def test_swiss_crosstable_shows_opponent_colour_and_result_per_round(client, swiss):
    response = client.get(reverse("tournaments:crosstable", args=["swiss"]))

    assert response.status_code == 200
    table = tables(response.content)[0]
    assert table["head"][0][:8] == ["Place", "No.", "Name", "Points", "Rating", "1", "2", "3"]
    # Per round: the opponent's start number, the colour and the result; "– 1": the bye.
    assert [row[:8] for row in table["body"]] == [
        ["1", "4", "S4", "2½", "–", "2b½", "– 1", "5w1"],
        ["2", "1", "S1", "2½", "–", "3w1", "5b1", "2w½"],
        ["3", "2", "S2", "2", "–", "4w½", "3b1", "1b½"],
        ["4", "5", "S5", "1", "–", "– 1", "1w0", "4b0"],
        ["5", "3", "S3", "1", "–", "1b0", "2w0", "– 1"],
    ]


def test_swiss_crosstable_as_csv(client, swiss):
    response = client.get(reverse("tournaments:crosstable_csv", args=["swiss"]))

    assert response["Content-Disposition"] == 'attachment; filename="swiss-crosstable.csv"'
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("Place,No.,Title,Name,Points,Rating,1,2,3,BH/C1,")
    assert lines[2].startswith("2,1,,S1,2.5,,3w1,5b1,2w½,")


def test_unfinished_round_is_left_out_of_the_standings(client, swiss):
    first, second = (r.player for r in Registration.objects.filter(tournament=swiss)[:2])
    make_game(make_round(swiss, 4), first, second, "")

    response = client.get(reverse("tournaments:standings", args=["swiss"]))

    assert response.context["after_round"] == 3


@pytest.mark.parametrize("page", ["standings", "crosstable", "progress"])
def test_unknown_slug_is_404(client, page):
    response = client.get(reverse(f"tournaments:{page}", args=["no-such-event"]))

    assert response.status_code == 404


@pytest.mark.parametrize("value", ["0", "4", "x", "-1", "1.5"])
def test_invalid_round_is_404(client, round_robin, value):
    url = reverse("tournaments:standings", args=["rr"])

    response = client.get(f"{url}?round={value}")

    assert response.status_code == 404


def test_rating_change_is_the_ledger_total(client):
    tournament = make_tournament(slug="rated", start_date=datetime.date(2026, 3, 1))
    white, black = make_player("White"), make_player("Black")
    register(tournament, white, black)
    # The ratings at the start, as registering them gives (the ledger below used them).
    Registration.objects.filter(player=white).update(rating_at_start=1600)
    Registration.objects.filter(player=black).update(rating_at_start=1500)
    game = make_game(make_round(tournament, 1), white, black, "10")
    make_change(game, white, black, rating_used=1600, opponent_rating=1500, score=1, change="7.2")
    make_change(game, black, white, rating_used=1500, opponent_rating=1600, score=0, change="-7.2")

    response = client.get(reverse("tournaments:standings", args=["rated"]))

    assert [[row[2], row[3], row[-2], row[-1]] for row in body_rows(response.content)] == [
        ["White", "1600", "2300", "+7.20"],
        ["Black", "1500", "800", "-7.20"],
    ]


def test_tournament_without_results_says_so(client):
    tournament = make_tournament(slug="empty")
    register(tournament, make_player())

    response = client.get(reverse("tournaments:standings", args=["empty"]))

    assert "No round is complete yet." in response.content.decode()


def _rated_swiss(item_count):
    tournament = make_tournament(slug="count", pairing_system="swiss_dutch")
    players = [make_player(f"Q{n}") for n in range(2 * item_count)]
    register(tournament, *players)
    round_ = make_round(tournament, 1)
    for board in range(item_count):
        white, black = players[2 * board], players[2 * board + 1]
        game = make_game(round_, white, black, "10", board=board + 1)
        make_change(game, white, black, rating_used=1600, opponent_rating=1500, score=1)
    return tournament


@pytest.mark.parametrize("item_count", [1, 3])
@pytest.mark.parametrize("page", ["standings", "progress"])
def test_standings_pages_query_count(client, django_assert_num_queries, item_count, page):
    _rated_swiss(item_count)

    # tournament, registrations, games, ledger, published ratings of the players the ledger
    # does not cover (the losers here), the list versions (the page cache's key); the
    # standings also ask whether a round is in play
    with django_assert_num_queries(7 if page == "standings" else 6):
        response = client.get(reverse(f"tournaments:{page}", args=["count"]))

    assert len(body_rows(response.content)) == 2 * item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_crosstable_query_count(client, django_assert_num_queries, item_count):
    tournament = make_tournament(slug="rr-count", pairing_system="round_robin", rating_list=None)
    players = [make_player(f"R{n}") for n in range(2 * item_count)]
    register(tournament, *players)
    round_ = make_round(tournament, 1)
    for board in range(item_count):
        make_game(round_, players[2 * board], players[2 * board + 1], "==", board=board + 1)

    # list versions (the page cache's key), tournament, registrations, games (unrated: no
    # ledger)
    with django_assert_num_queries(4):
        response = client.get(reverse("tournaments:crosstable", args=["rr-count"]))

    assert len(body_rows(response.content)) == 2 * item_count


def test_stored_tiebreaks_that_do_not_parse_fall_back_to_the_preset(client, round_robin):
    round_robin.tiebreaks = "SB NONSENSE"
    round_robin.save()

    response = client.get(reverse("tournaments:standings", args=["rr"]))

    assert [code for code, _name in response.context["legend"]] == ["DE", "WIN", "SB", "KS"]


def test_draft_rounds_stay_off_the_public_pages(client, swiss):
    first, second = (r.player for r in Registration.objects.filter(tournament=swiss)[:2])
    make_game(make_round(swiss, 4, status="draft"), first, second, "")

    standings_page = client.get(reverse("tournaments:standings", args=["swiss"]))
    detail_page = client.get(reverse("tournaments:detail", args=["swiss"]))

    assert standings_page.context["after_round"] == 3
    assert [item["round"].number for item in detail_page.context["rounds"]] == [1, 2, 3]


def test_withdrawn_players_rows_are_marked(client, swiss):
    Registration.objects.filter(tournament=swiss, pairing_number=3).update(withdrawn_after_round=3)

    response = client.get(reverse("tournaments:standings", args=["swiss"]))

    assert response.content.decode().count('<tr class="withdrawn ') == 1


def test_double_round_robin_crosstable_lists_both_games(client):
    tournament = make_tournament(pairing_system="double_round_robin", slug="drr")
    a, b = make_player("A"), make_player("B")
    register(tournament, a, b)
    make_game(make_round(tournament, 1), a, b, "10")
    make_game(make_round(tournament, 2), b, a, "==")

    response = client.get(reverse("tournaments:crosstable", args=["drr"]))

    assert [row[:6] for row in body_rows(response.content)] == [
        ["1", "A", "–", "×", "1 ½", "1½"],
        ["2", "B", "–", "0 ½", "×", "½"],
    ]


def test_round_robin_detail_page_links_the_crosstable(client, round_robin, swiss):
    rr_page = client.get(reverse("tournaments:detail", args=["rr"])).content.decode()
    swiss_page = client.get(reverse("tournaments:detail", args=["swiss"])).content.decode()

    assert reverse("tournaments:crosstable", args=["rr"]) in rr_page
    assert reverse("tournaments:crosstable", args=["swiss"]) in swiss_page
    assert reverse("tournaments:progress", args=["swiss"]) in swiss_page


def test_standings_and_progress_csv_write_points_as_decimals_like_the_tiebreaks(
    client, round_robin, swiss
):
    """Issue 19: the CSV's points were text (``2½``) next to decimal tie-breaks (``3.0``),
    and the title sat inside the name. Points are now decimals too, in every download."""
    standings = client.get(reverse("tournaments:standings_csv", args=["rr"]))
    progress = client.get(reverse("tournaments:progress_csv", args=["swiss"]))

    rows = [line.split(",") for line in standings.content.decode().splitlines()]
    assert rows[:3] == [
        [
            "Place",
            "No.",
            "Title",
            "Player",
            "Rating",
            "Points",
            "DE",
            "WIN",
            "SB",
            "KS",
            "Performance",
            "Rating change",
        ],
        ["1", "1", "", "Alpha", "2500", "2.5", "0", "2", "3.0", "1.0", "2673", ""],
        ["2", "4", "", "Delta", "2350", "1.5", "0", "1", "1.5", "0.0", "2450", ""],
    ]
    assert progress.content.decode().splitlines()[:3] == [
        "Place,No.,Title,Player,Rating,1,2,3",
        "1,4,,S4,,0.5,1.5,2.5",
        "2,1,,S1,,1.0,2.0,2.5",
    ]

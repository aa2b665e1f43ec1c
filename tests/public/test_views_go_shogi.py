"""Go (EGF) and shogi (FESA) on the pages: grades and each system's own per-game numbers.

The data is entered through the services; the numbers are those worked out by hand in
tests/rules/ratings/test_replay_go_shogi.py (2100 v 2100: con 17.5809, bonus 0.5158, +9.3062;
1700 beats 1900 in FESA: opponent final rating 1882.48, win bonus +27.3726).
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from actions.boards import add_game
from actions.ratings import close_rating_period, set_declared_grade, set_starting_rating
from actions.results import record_result
from core.roles import SYSTEM
from ratings.models import PlayerRating, RatingList
from tests.factories import make_player, make_round, make_tournament, register
from tests.helpers import body_rows
from tournaments.models import Game

pytestmark = pytest.mark.django_db

D = datetime.date


def headers(html: str, index: int = 0) -> list[str]:
    """The header texts of the ``index``-th table of a page."""
    table = html.split("<table")[index + 1]
    head = table.split("</thead>")[0]
    cells = re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in cells]


def _list(slug: str) -> RatingList:
    return RatingList.objects.get(slug=slug)


@pytest.fixture
def go_event():
    """Two 1 dan players; Honinbo (White) beats Kisei in a class A tournament."""
    rating_list = _list("go-egf")
    a = make_player("Honinbo", "Ann")
    b = make_player("Kisei", "Ben")
    c = make_player("Meijin", "Cy")  # declared 5k, no rated game yet
    for player, grade in ((a, "1d"), (b, "1d"), (c, "5k")):
        set_declared_grade(player=player, rating_list=rating_list, grade=grade, actor=SYSTEM)
    tournament = make_tournament(
        "Go Cup", rating_list=rating_list, start_date=D(2025, 1, 5), slug="go-cup"
    )
    register(tournament, a, b, c)
    game = add_game(round=make_round(tournament), board=1, white=a, black=b, actor=SYSTEM)
    record_result(game=game, result="10", actor=SYSTEM)
    return {"list": rating_list, "a": a, "b": b, "c": c, "tournament": tournament}


@pytest.fixture
def shogi_event():
    """Established players: Habu (1700) beats Fujii (1900) 700 days ago; Old and Past last
    played 800 days ago (more than two years)."""
    rating_list = _list("shogi-fesa")
    a, b, old = make_player("Habu", "Al"), make_player("Fujii", "Bo"), make_player("Old", "Oz")
    set_starting_rating(player=a, rating_list=rating_list, rating=1700, games=30, actor=SYSTEM)
    set_starting_rating(player=b, rating_list=rating_list, rating=1900, games=30, actor=SYSTEM)
    past = make_player("Past", "Pat")
    set_starting_rating(player=old, rating_list=rating_list, rating=1500, games=30, actor=SYSTEM)
    set_starting_rating(player=past, rating_list=rating_list, rating=1500, games=30, actor=SYSTEM)
    today = timezone.localdate()
    early = make_tournament(
        rating_list=rating_list, start_date=today - datetime.timedelta(days=800), slug="early"
    )
    register(early, old, past)
    record_result(
        game=add_game(round=make_round(early), board=1, white=old, black=past, actor=SYSTEM),
        result="==",
        actor=SYSTEM,
    )
    tournament = make_tournament(
        "Shogi Open",
        rating_list=rating_list,
        start_date=today - datetime.timedelta(days=700),
        slug="shogi-open",
    )
    register(tournament, a, b)
    record_result(
        game=add_game(round=make_round(tournament), board=1, white=a, black=b, actor=SYSTEM),
        result="10",
        actor=SYSTEM,
    )
    return {"list": rating_list, "a": a, "b": b, "old": old}


def test_go_leaderboard_shows_grades(client, go_event):
    response = client.get(reverse("ratings:leaderboard", args=["go-egf"]))

    content = response.content.decode()
    assert "Grade" in headers(content)
    assert body_rows(content) == [
        ["1", "Honinbo, Ann", "1d", "", "", "2109.31", "2100", "+9", "1", "2109"],
        ["2", "Kisei, Ben", "1d", "", "", "2091.73", "2100", "-8", "1", "2100"],
    ]


def test_go_player_page_shows_con_bonus_and_se(client, go_event):
    response = client.get(reverse("ratings:player", args=[go_event["a"].pk]))

    content = response.content.decode()
    assert response.status_code == 200
    rows = body_rows(content, 1)
    # Date, tournament, opponent, rating, handicap, score, Se, con, bonus, weight, change
    assert rows == [
        ["2025-01-05", "Go Cup", "Kisei, Ben", "2100", "–", "1", "0.5000", "17.5809", "0.5158",
         "1.00", "+9.3062"],
    ]  # fmt: skip
    assert "Class or grade" in content
    assert body_rows(content, 0)[0][-2:] == ["1d", "–"]  # grade; no "next class" in go


def test_go_tournament_pages_have_a_grade_column(client, go_event, admin_client):
    detail = client.get(reverse("tournaments:detail", args=["go-cup"])).content.decode()
    standings = client.get(reverse("tournaments:standings", args=["go-cup"])).content.decode()

    assert "Grade" in headers(detail)
    # Place, player, grade, points, games, rating used, change, performance
    assert [row[:3] for row in body_rows(detail)] == [
        ["1", "Honinbo, Ann", "1d"],
        ["2", "Kisei, Ben", "1d"],
        ["3", "Meijin, Cy", "5k (declared)"],
    ]
    assert [row[2:4] for row in body_rows(standings)][:2] == [
        ["Honinbo, Ann", "1d"],
        ["Kisei, Ben", "1d"],
    ]
    dashboard = admin_client.get(reverse("tournaments:organise", args=["go-cup"]))
    html = dashboard.content.decode()
    tables = [headers(html, i) for i in range(html.count("<table"))]
    assert any(h[:4] == ["No.", "Player", "Title", "Grade"] for h in tables)


def test_chess_tournament_pages_have_no_grade_column(client):
    tournament = make_tournament("Chess", slug="chess-cup")
    register(tournament, make_player("X"), make_player("Y"))

    detail = client.get(reverse("tournaments:detail", args=["chess-cup"])).content.decode()

    assert "Rating used" in headers(detail)
    assert "Grade" not in headers(detail)


def test_shogi_player_page_shows_k_expected_and_the_opponents_final_rating(client, shogi_event):
    response = client.get(reverse("ratings:player", args=[shogi_event["a"].pk]))

    rows = body_rows(response.content, 1)
    day = (timezone.localdate() - datetime.timedelta(days=700)).isoformat()
    # Date, tournament, opponent, own rating before, opponent's final rating, score, expected,
    # K, change (B: the win bonus)
    assert rows == [
        [day, "Shogi Open", "Fujii, Bo", "1700.00", "1882.48", "1", "0.2591", "24",
         "+27.3726 B"],
    ]  # fmt: skip


def test_fesa_leaderboard_shows_players_active_in_the_last_two_years_by_default(
    client, shogi_event
):
    url = reverse("ratings:leaderboard", args=["shogi-fesa"])

    default = client.get(url).content.decode()
    everyone = client.get(f"{url}?sex=&active=").content.decode()

    assert "Active in the last two years" in default
    assert [row[1:3] for row in body_rows(default)] == [["Fujii, Bo", "2d"], ["Habu, Al", "1d"]]
    assert [row[1] for row in body_rows(everyone)] == [
        "Fujii, Bo", "Habu, Al", "Old, Oz", "Past, Pat"
    ]  # fmt: skip


def test_fesa_provisional_players_are_marked(client, shogi_event):
    PlayerRating.objects.filter(player=shogi_event["a"]).update(status="provisional")

    content = client.get(reverse("ratings:leaderboard", args=["shogi-fesa"])).content.decode()

    assert '<span class="grade">1d</span> <span class="status">provisional</span>' in content


def test_admin_player_rating_list_shows_grades(admin_client, go_event):
    response = admin_client.get(reverse("admin:ratings_playerrating_changelist"))

    content = response.content.decode()
    assert ">Grade</a>" in content
    assert '<td class="field-grade">1d</td>' in content


@pytest.mark.parametrize("item_count", [1, 3])
def test_go_leaderboard_query_count(client, django_assert_num_queries, item_count):
    rating_list = _list("go-egf")
    for number in range(item_count):
        PlayerRating.objects.create(
            player=make_player(), rating_list=rating_list, live_rating=2000 + number,
            rating=2000, grade="1k",
        )  # fmt: skip

    # page-cache versions, list, federations, count, rows, clubs (filter form), published lists
    with django_assert_num_queries(7):
        response = client.get(reverse("ratings:leaderboard", args=["go-egf"]))

    assert len(body_rows(response.content)) == item_count


@pytest.mark.parametrize("item_count", [1, 3])
def test_go_standings_query_count_does_not_grow_with_grades(
    client, django_assert_num_queries, item_count
):
    rating_list = _list("go-egf")
    tournament = make_tournament(rating_list=rating_list, slug="go-q")
    players = [make_player() for _ in range(2 * item_count)]
    register(tournament, *players)
    round_ = make_round(tournament)
    for board in range(item_count):
        white, black = players[2 * board], players[2 * board + 1]
        for player in (white, black):
            PlayerRating.objects.get_or_create(player=player, rating_list=rating_list)
        add_game(round=round_, board=board + 1, white=white, black=black, actor=SYSTEM)

    with django_assert_num_queries(STANDINGS_QUERIES):
        response = client.get(reverse("tournaments:standings", args=["go-q"]))

    assert response.status_code == 200


STANDINGS_QUERIES = 8  # with whether a round is in play and the page cache's key


def test_published_go_list_shows_grades(client, go_event):
    close_rating_period(rating_list=go_event["list"], date=D(2025, 2, 1), actor=SYSTEM)

    response = client.get(reverse("ratings:published_list", args=["go-egf", "2025-02-01"]))

    # Rank, name, grade, federation, club, rating, change, games, K
    assert body_rows(response.content) == [
        ["1", "Honinbo, Ann", "1d", "", "", "2109", "+9", "1", "–", "new"],
        ["2", "Kisei, Ben", "1d", "", "", "2092", "-8", "1", "–", "new"],
    ]


def test_go_player_page_shows_the_handicap(client):
    # White 8k (1300) gives Black 11k (1000) one stone; Black wins: Se 0.304813 (1050 v 1300),
    # 49.787 x 0.695187 + 3.25 = +37.861310.
    rating_list = _list("go-egf")
    white, black = make_player("White", "Wu"), make_player("Black", "Bo")
    set_declared_grade(player=white, rating_list=rating_list, grade="8k", actor=SYSTEM)
    set_declared_grade(player=black, rating_list=rating_list, grade="11k", actor=SYSTEM)
    tournament = make_tournament("Handicap", rating_list=rating_list, start_date=D(2025, 1, 5))
    register(tournament, white, black)
    game = add_game(round=make_round(tournament), board=1, white=white, black=black, actor=SYSTEM)
    Game.objects.filter(pk=game.pk).update(handicap=1)
    record_result(game=game, result="01", actor=SYSTEM)

    black_page = client.get(reverse("ratings:player", args=[black.pk])).content
    white_page = client.get(reverse("ratings:player", args=[white.pk])).content

    assert body_rows(black_page, 1)[0][3:] == [
        "1300", "receives 1 (+50)", "1", "0.3048", "49.7871", "3.2500", "1.00", "+37.8613"
    ]  # fmt: skip
    assert body_rows(white_page, 1)[0][4] == "gives 1"


def test_fesa_activity_options_count_two_years(client, shogi_event):
    filterset = client.get(reverse("ratings:leaderboard", args=["shogi-fesa"])).context["filter"]

    assert [str(label) for _code, label in filterset.form.fields["active"].choices] == [
        "All",
        "Active in the last two years",
        "Inactive (no rated game in two years)",
    ]


def test_club_filter_offers_only_the_clubs_rated_in_the_list(client):
    from tests.factories import make_club, make_rating

    chess_club, go_club = make_club("Rook Club"), make_club("Stone Club")
    make_rating(make_player("Chessman", club=chess_club), "1800")
    make_rating(make_player("Goman", club=go_club), "2000", rating_list=_list("go-egf"))

    chess = client.get(reverse("ratings:leaderboard", args=["chess-standard"])).context["filter"]
    go = client.get(reverse("ratings:leaderboard", args=["go-egf"])).context["filter"]

    assert list(chess.form.fields["club"].choices) == [
        ("", "All"),
        (str(chess_club.pk), "Rook Club"),
    ]
    assert list(go.form.fields["club"].choices) == [("", "All"), (str(go_club.pk), "Stone Club")]

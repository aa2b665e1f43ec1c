"""The tournament pages agree with each other and with the leaderboard (defects of the
first layout, each test failed then):

1. the overview (``/tournaments/<slug>/``) disagreed with the standings page on points
   (3/1/0 tournaments) and on order (tie-breaks; McMahon score for McMahon);
2. a go player's grade on the standings differed from the leaderboard's;
3. a player unrated at the start showed a rating on the standings (but not on the organiser
   dashboard nor in the TRF file)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from actions.boards import add_game
from actions.ratings import set_starting_rating
from actions.registrations import register_player
from actions.results import record_result
from core.roles import SYSTEM
from ratings.models import RatingList
from rules.files.trf import parse_trf
from tests.factories import (
    make_game,
    make_player,
    make_round,
    make_superuser,
    make_tournament,
    register,
    standard_list,
)
from tests.helpers import tables
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

D = datetime.date


def page_columns(html: bytes, *headers: str, index: int = 0) -> list[tuple[str, ...]]:
    """The columns named ``headers`` of the ``index``-th table, row by row."""
    table = tables(html)[index]
    head = table["head"][0]
    positions = [head.index(header) for header in headers]
    return [tuple(row[p] for p in positions) for row in table["body"]]


def overview(client, slug: str, *headers: str) -> list[tuple[str, ...]]:
    return page_columns(client.get(reverse("tournaments:detail", args=[slug])).content, *headers)


def standings(client, slug: str, *headers: str) -> list[tuple[str, ...]]:
    response = client.get(reverse("tournaments:standings", args=[slug]))
    return page_columns(response.content, *headers)


# --------------------------------------------------------------------------- 1. overview


def test_overview_shows_the_points_of_a_three_one_zero_tournament(client):
    """The overview counts 3 for a win and 1 for a draw, as the tournament says.

    Ann beats Bob, draws Cy; Bob beats Cy. Under 3/1/0 (``points_win=3``, ``points_draw=1``)
    that is Ann 3 + 1 = 4, Bob 0 + 3 = 3, Cy 1 + 0 = 1, which the standings page shows
    (``queries.point_system``; docs/standings.md: ``PointSystem``, ``three_one_zero()``).
    The overview adds the fixed 1/½/0 of ``tournaments.queries.POINTS`` instead: 1½, 1, ½.
    """
    tournament = make_tournament(rating_list=None, slug="three-one", points_win=3, points_draw=1)
    ann, bob, cy = make_player("Ames", "Ann"), make_player("Bell", "Bob"), make_player("Cole", "Cy")
    register(tournament, ann, bob, cy)
    make_game(make_round(tournament, 1), ann, bob, "10")
    make_game(make_round(tournament, 2), ann, cy, "==")
    make_game(make_round(tournament, 3), bob, cy, "10")

    assert standings(client, "three-one", "Player", "Points") == [
        ("Ames, Ann", "4"),
        ("Bell, Bob", "3"),
        ("Cole, Cy", "1"),
    ]
    assert overview(client, "three-one", "#", "Player", "Points", "Games") == [
        ("1", "Ames, Ann", "4", "2"),
        ("2", "Bell, Bob", "3", "2"),
        ("3", "Cole, Cy", "1", "2"),
    ]


def test_overview_orders_tied_players_by_the_tiebreaks_like_the_standings(client):
    """Players level on points are ordered by the tournament's tie-breaks, not by rating.

    Ann (1600) beat Bob (2000) and both end on 1 point; the tournament's only tie-break is
    the direct encounter (``tiebreaks="DE"``), so the standings rank Ann 2nd and Bob 3rd
    (docs/standings.md, "Ranking (Art. 4.2): points, then each tie-break"). The overview sorts
    by points, then the rating used (``queries.tournament_players``): Bob 2nd, Ann 3rd.
    """
    rating_list = standard_list()
    ann, bob = make_player("Ames", "Ann"), make_player("Bell", "Bob")
    cy, di = make_player("Cole", "Cy"), make_player("Dunn", "Di")
    for player, rating in ((ann, 1600), (bob, 2000), (cy, 1800), (di, 1700)):
        set_starting_rating(
            player=player, rating_list=rating_list, rating=rating, games=30, actor=SYSTEM
        )
    tournament = make_tournament("Club Swiss", slug="club-swiss", tiebreaks="DE")
    for player in (ann, bob, cy, di):
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    for number, boards in (
        (1, ((ann, bob, "10"), (cy, di, "10"))),
        (2, ((cy, ann, "10"), (bob, di, "10"))),
    ):
        round_ = make_round(tournament, number)
        for board, (white, black, result) in enumerate(boards, start=1):
            game = add_game(round=round_, board=board, white=white, black=black, actor=SYSTEM)
            record_result(game=game, result=result, actor=SYSTEM)

    expected = [
        ("1", "Cole, Cy", "2"),
        ("2", "Ames, Ann", "1"),
        ("3", "Bell, Bob", "1"),
        ("4", "Dunn, Di", "0"),
    ]
    assert standings(client, "club-swiss", "Place", "Player", "Points") == expected
    assert overview(client, "club-swiss", "#", "Player", "Points") == expected


def test_overview_of_a_mcmahon_tournament_orders_players_by_mms(client):
    """A McMahon tournament is ranked by McMahon score (initial score from the grade + points).

    Grades at entry 3d, 1k, 5k, 6k give initial MMS 32, 29, 25, 24 (30 kyu = 0, no bars).
    R1: Sato (3d) beats Mori (1k), Abe (6k) beats Ito (5k); R2: Abe beats Sato, Ito beats
    Mori. Final MMS: Sato 33, Mori 29, Abe 26, Ito 26 (SOS 59 v 55 puts Abe first). The
    standings follow the MMS (docs/pairing.md "Standings": "the primary order is the MMS";
    docs/standings.md: players with an initial score are ranked by MMS before any tie-break).
    The overview sorts by raw points: Abe 2, Ito 1, Sato 1, Mori 0.
    """
    tournament = make_tournament(
        "Go McMahon", rating_list=None, slug="go-mcmahon", pairing_system="mcmahon_go"
    )
    sato, mori = make_player("Sato", "Aki"), make_player("Mori", "Ken")
    ito, abe = make_player("Ito", "Yu"), make_player("Abe", "Jo")
    for registration, grade in zip(
        register(tournament, sato, mori, ito, abe), ("3d", "1k", "5k", "6k"), strict=True
    ):
        Registration.objects.filter(pk=registration.pk).update(grade=grade)
    round_1, round_2 = make_round(tournament, 1), make_round(tournament, 2)
    make_game(round_1, sato, mori, "10", board=1)
    make_game(round_1, ito, abe, "01", board=2)
    make_game(round_2, sato, abe, "01", board=1)
    make_game(round_2, ito, mori, "10", board=2)

    assert standings(client, "go-mcmahon", "Place", "Player", "Points", "MMS") == [
        ("1", "Sato, Aki", "1", "33.0"),
        ("2", "Mori, Ken", "0", "29.0"),
        ("3", "Abe, Jo", "2", "26.0"),
        ("4", "Ito, Yu", "1", "26.0"),
    ]
    assert overview(client, "go-mcmahon", "#", "Player", "Points") == [
        ("1", "Sato, Aki", "1"),
        ("2", "Mori, Ken", "0"),
        ("3", "Abe, Jo", "2"),
        ("4", "Ito, Yu", "1"),
    ]


# --------------------------------------------------------------------------- 2. go grades


def test_go_standings_show_the_grade_of_the_leaderboard(client):
    """The standings show a go player's grade as the leaderboard and the overview do.

    docs/architecture.md "Grades on the pages": the pages show ``PlayerRating.grade`` (EGF:
    the EGD grade of the current rating), given to the tournament pages by
    ``ratings.queries.lists.grades_for`` / ``tournament_grades``; docs/ratings.md (go and shogi,
    choice 5): "Grades shown: EGF the EGD grade of the current rating".

    Pak starts at 1240 (9k) and beats Quan (1600) in the Spring tournament: 1275.76, 8k
    (8k = 1300, band 1250-1349). Entered afterwards in a McMahon tournament, his entry grade
    is derived from ``PlayerRating.rating`` (1240, the rating at the start of the open period,
    not the live one): 9k. The leaderboard and the overview say 8k, the standings 9k.
    """
    rating_list = RatingList.objects.get(slug="go-egf")
    pak, quan, ro = make_player("Pak", "Jin"), make_player("Quan", "Li"), make_player("Ro", "Mi")
    for player, rating in ((pak, 1240), (quan, 1600), (ro, 2200)):
        set_starting_rating(
            player=player,
            rating_list=rating_list,
            rating=rating,
            games=20,
            date=D(2025, 1, 1),
            actor=SYSTEM,
        )
    spring = make_tournament("Spring", rating_list=rating_list, start_date=D(2026, 3, 1))
    for player in (pak, quan):
        register_player(tournament=spring, player=player, actor=SYSTEM)
    game = add_game(round=make_round(spring), board=1, white=quan, black=pak, actor=SYSTEM)
    record_result(game=game, result="01", actor=SYSTEM)
    autumn = make_tournament(
        "Autumn McMahon",
        rating_list=rating_list,
        slug="autumn-mcmahon",
        start_date=D(2026, 4, 1),
        pairing_system="mcmahon_go",
    )
    for player in (pak, ro):
        register_player(tournament=autumn, player=player, actor=SYSTEM)
    game = add_game(round=make_round(autumn), board=1, white=ro, black=pak, actor=SYSTEM)
    record_result(game=game, result="10", actor=SYSTEM)

    leaderboard = client.get(reverse("ratings:leaderboard", args=["go-egf"])).content
    assert page_columns(leaderboard, "Name", "Grade", "Live rating") == [
        ("Ro, Mi", "2d", "2200.51"),
        ("Quan, Li", "5k", "1577.4"),
        ("Pak, Jin", "8k", "1277.76"),
    ]
    assert overview(client, "autumn-mcmahon", "Player", "Grade") == [
        ("Ro, Mi", "2d"),
        ("Pak, Jin", "8k"),
    ]
    assert standings(client, "autumn-mcmahon", "Player", "Grade") == [
        ("Ro, Mi", "2d"),
        ("Pak, Jin", "8k"),
    ]


# --------------------------------------------------------------------------- 3. ratings


def test_player_unrated_at_the_start_is_unrated_on_the_standings_too(client):
    """The standings use the rating a player had at the start, as the dashboard and TRF do.

    Ann has no rating when she enters (``Registration.rating_at_start`` empty); her first
    rating, 1409, is valid from 1 March, during the tournament (27 February - 3 March). FIDE
    §8.2.4 (docs/architecture.md, "Rating used"): she is rated with it in her own games but
    counts as unrated for her opponents, so the ledger holds 1409 as the rating used for her
    game while her rating at the start is none. The organiser dashboard and the TRF file show
    her unrated; the standings take the ledger's 1409 (``queries._ratings_and_changes``
    falls back to the ledger when ``rating_at_start`` is empty) and even rate Bob's
    performance against it (609). One rating per player and tournament: the rating at the
    start, unrated for Ann, so Bob has no rated opponent and no performance.
    """
    rating_list = standard_list()
    ann, bob = make_player("Ames", "Ann"), make_player("Bell", "Bob")
    set_starting_rating(
        player=bob, rating_list=rating_list, rating=1800, games=30, date=D(2025, 1, 1), actor=SYSTEM
    )
    tournament = make_tournament(
        "Spring Open", slug="spring-open", start_date=D(2026, 2, 27), end_date=D(2026, 3, 3)
    )
    for player in (ann, bob):
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    set_starting_rating(
        player=ann, rating_list=rating_list, rating=1409, games=0, date=D(2026, 3, 1), actor=SYSTEM
    )
    game = add_game(
        round=make_round(tournament, 1, date=D(2026, 3, 2)),
        board=1,
        white=ann,
        black=bob,
        actor=SYSTEM,
    )
    record_result(game=game, result="10", actor=SYSTEM)
    client.force_login(make_superuser())

    dashboard = client.get(reverse("tournaments:organise", args=["spring-open"])).content
    trf = parse_trf(client.get(reverse("tournaments:trf_export", args=["spring-open"])).text)
    assert page_columns(dashboard, "Player", "Rating", index=1) == [
        ("Ames, Ann", "–"),
        ("Bell, Bob", "1800"),
    ]
    assert [(p.name, p.rating) for p in trf.players] == [("Ames, Ann", 0), ("Bell, Bob", 1800)]
    assert standings(client, "spring-open", "Player", "Rating", "Performance") == [
        ("Ames, Ann", "–", "2600"),
        ("Bell, Bob", "1800", "–"),
    ]

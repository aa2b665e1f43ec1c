"""Go (EGF) and shogi (FESA) lists through the services: results entered, ratings replayed.

Expected numbers are worked out by hand in the comments from the 2021 EGF formulas
(con = ((3300 - r)/200)^1.6, bonus = ln(1 + e^((2300 - r)/80))/5,
Se = 1/(1 + ((3300 - r1)/(3300 - r2))^7)) and FESA's fixed point.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from actions.boards import add_game
from actions.ratings import close_rating_period, set_declared_grade, set_starting_rating
from actions.registrations import register_player
from actions.results import record_result
from actions.tournaments import update_tournament
from core.roles import SYSTEM
from ratings.models import PlayerRating, PublishedRating, RatingChange, RatingList
from tests.factories import make_player, make_round, make_tournament, register, standard_list
from tournaments.models import Game

pytestmark = pytest.mark.django_db

D = datetime.date


def go_list() -> RatingList:
    return RatingList.objects.get(slug="go-egf")


def shogi_list() -> RatingList:
    return RatingList.objects.get(slug="shogi-fesa")


def _game(tournament, white, black, result, *, number=1, board=1, handicap=0):
    """A game entered through the services; the handicap is set before the result."""
    round_ = tournament.rounds.filter(number=number).first() or make_round(tournament, number)
    game = add_game(round=round_, board=board, white=white, black=black, actor=SYSTEM)
    if handicap:
        Game.objects.filter(pk=game.pk).update(handicap=handicap)
    return record_result(game=game, result=result, actor=SYSTEM)


def _live(player, rating_list) -> Decimal | None:
    return PlayerRating.objects.get(player=player, rating_list=rating_list).live_rating


def test_the_go_and_shogi_lists_are_seeded():
    assert list(
        RatingList.objects.filter(slug__in=["go-egf", "shogi-fesa"])
        .order_by("position")
        .values_list("name", "game", "system")
    ) == [("Go (EGF)", "go", "egf"), ("Shogi (FESA)", "shogi", "fesa")]


def test_egf_results_entered_give_the_rating_note_numbers():
    # 11k (1000) beats 8k (1300) in a class B tournament: 1000 + 0.75 x 39.434117 = 1029.575588
    # and 1300 + 0.75 x -26.433530 = 1280.174852 (ratings.md §3.4 vector 1000 v 1300: 1039.43
    # in class A).
    rating_list = go_list()
    a, b = make_player("Kyu"), make_player("Stronger")
    set_declared_grade(player=a, rating_list=rating_list, grade="11 kyu", actor=SYSTEM)
    set_declared_grade(player=b, rating_list=rating_list, grade="8k", actor=SYSTEM)
    tournament = make_tournament(rating_list=rating_list, rating_class="B",
                                 start_date=D(2025, 1, 5))  # fmt: skip
    register(tournament, a, b)

    _game(tournament, a, b, "10")

    assert _live(a, rating_list) == Decimal("1029.58")
    assert _live(b, rating_list) == Decimal("1280.17")
    entry = PlayerRating.objects.get(player=a, rating_list=rating_list)
    assert (entry.declared_grade, entry.grade, entry.rating, entry.games) == ("11k", "11k", 1000, 1)
    row = RatingChange.objects.get(player=a)
    assert (row.rating_used, row.opponent_rating, row.expected, row.k, row.change) == (
        1000, 1300, Decimal("0.2732"), None, Decimal("29.5756")
    )  # fmt: skip
    assert row.details == {
        "adjustment": 0.0, "bonus": 3.25, "con": 49.7871, "handicap": 0, "se": 0.273223,
        "weight": 0.75,
    }  # fmt: skip


def test_egf_handicap_game_through_the_services():
    # White 8k (1300) gives Black 11k (1000) one stone; Black wins: Se 0.304813,
    # +49.787 x 0.695187 + 3.25 = +37.861310 -> 1037.86.
    rating_list = go_list()
    white, black = make_player("White"), make_player("Black")
    set_declared_grade(player=white, rating_list=rating_list, grade="8k", actor=SYSTEM)
    set_declared_grade(player=black, rating_list=rating_list, grade="11k", actor=SYSTEM)
    tournament = make_tournament(rating_list=rating_list, start_date=D(2025, 1, 5))
    register(tournament, white, black)

    _game(tournament, white, black, "01", handicap=1)

    assert _live(black, rating_list) == Decimal("1037.86")
    assert RatingChange.objects.get(player=black).expected == Decimal("0.3048")


def test_egf_correction_replays_the_later_tournaments():
    # January: A (1d, 2100) beats B (1d): 2109.306246 / 2091.725310. February: B beats A:
    # A's Se v 2091.73 is 0.525628, A 2109.306 - 8.632256 = 2100.673990, B 2091.725 +
    # 9.878165 = 2101.603474. Corrected January (B won): A 2091.725310, B 2109.306246, and
    # February: A's Se 0.474372, A - 7.897142 = 2083.828168, B + 8.731038 = 2118.037284.
    rating_list = go_list()
    a, b = make_player("A"), make_player("B")
    for player in (a, b):
        set_declared_grade(player=player, rating_list=rating_list, grade="1d", actor=SYSTEM)
    january = make_tournament(rating_list=rating_list, start_date=D(2025, 1, 5))
    february = make_tournament(rating_list=rating_list, start_date=D(2025, 2, 5))
    register(january, a, b)
    register(february, a, b)
    first = _game(january, a, b, "10")
    _game(february, b, a, "10")

    assert (_live(a, rating_list), _live(b, rating_list)) == (
        Decimal("2100.67"), Decimal("2101.60")
    )  # fmt: skip

    record_result(game=first, result="01", correction=True, actor=SYSTEM)

    assert (_live(a, rating_list), _live(b, rating_list)) == (
        Decimal("2083.83"), Decimal("2118.04")
    )  # fmt: skip
    row = RatingChange.objects.get(player=a, tournament=february)
    assert (row.rating_used, row.opponent_rating, row.expected, row.change) == (
        2092, 2109, Decimal("0.4744"), Decimal("-7.8971")
    )  # fmt: skip


def test_egf_tournament_class_change_replays():
    # The same game in class D: 0.25 x 39.434117 = +9.858529 for the 11k.
    rating_list = go_list()
    a, b = make_player("A"), make_player("B")
    set_declared_grade(player=a, rating_list=rating_list, grade="11k", actor=SYSTEM)
    set_declared_grade(player=b, rating_list=rating_list, grade="8k", actor=SYSTEM)
    tournament = make_tournament(rating_list=rating_list, start_date=D(2025, 1, 5))
    register(tournament, a, b)
    _game(tournament, a, b, "10")
    assert _live(a, rating_list) == Decimal("1039.43")

    update_tournament(tournament=tournament, actor=SYSTEM, changes={"rating_class": "D"})

    assert _live(a, rating_list) == Decimal("1009.86")


def test_egf_close_period_publishes_a_snapshot_with_grades():
    rating_list = go_list()
    a, b = make_player("A"), make_player("B")
    for player in (a, b):
        set_declared_grade(player=player, rating_list=rating_list, grade="1d", actor=SYSTEM)
    tournament = make_tournament(rating_list=rating_list, start_date=D(2025, 1, 5))
    register(tournament, a, b)
    _game(tournament, a, b, "10")

    close_rating_period(rating_list=rating_list, date=D(2025, 2, 1), actor=SYSTEM)

    assert sorted(
        PublishedRating.objects.values_list("player__last_name", "rating", "change", "grade")
    ) == [("A", 2109, 9, "1d"), ("B", 2092, -8, "1d")]
    entry = PlayerRating.objects.get(player=a, rating_list=rating_list)
    assert (entry.rating, entry.live_rating, entry.period_change) == (
        2109, Decimal("2109.31"), Decimal("0.31")
    )  # fmt: skip


def test_egf_starting_rating_may_be_below_zero():
    rating_list = go_list()
    player = make_player("Beginner")

    entry = set_starting_rating(player=player, rating_list=rating_list, rating=-500, actor=SYSTEM)

    assert entry.starting_rating == -500
    with pytest.raises(ValidationError) as error:
        set_starting_rating(player=player, rating_list=rating_list, rating=-901, actor=SYSTEM)
    assert error.value.message_dict == {
        "starting_rating": ["A rating must be a whole number from -900 to 3000."]
    }
    assert PlayerRating.objects.get(player=player).starting_rating == -500


def test_set_declared_grade_refuses_bad_grades_and_lists_without_grades():
    player = make_player("P")
    with pytest.raises(ValidationError) as error:
        set_declared_grade(player=player, rating_list=go_list(), grade="31k", actor=SYSTEM)
    assert error.value.message_dict == {
        "declared_grade": ["“31k” is not a grade of this list (e.g. “5k” or “2d”)."]
    }
    with pytest.raises(ValidationError) as error:
        set_declared_grade(player=player, rating_list=shogi_list(), grade="7d", actor=SYSTEM)
    assert "declared_grade" in error.value.message_dict
    with pytest.raises(ValidationError) as error:
        set_declared_grade(player=player, rating_list=standard_list(), grade="1d", actor=SYSTEM)
    assert error.value.message_dict == {
        "declared_grade": ["The rating list Chess standard has no grades."]
    }
    assert not PlayerRating.objects.filter(player=player).exists()


def test_fesa_results_entered_give_the_fixed_point_numbers():
    # 1700 (K 24) beats 1900 (K 24), both with 30 games: opponent final ratings 1882.484256
    # and 1727.372638 (iterated by hand in tests/rules/ratings/test_replay_go_shogi.py); A gains
    # the win bonus 24 x (1882.484 - 1700)/160 = 27.372638 -> 1727; B -17.515744 -> 1882.
    rating_list = shogi_list()
    a, b = make_player("A"), make_player("B")
    set_starting_rating(player=a, rating_list=rating_list, rating=1700, games=30, actor=SYSTEM)
    set_starting_rating(player=b, rating_list=rating_list, rating=1900, games=30, actor=SYSTEM)
    tournament = make_tournament(rating_list=rating_list, start_date=D(2025, 1, 5))
    register(tournament, a, b)

    _game(tournament, a, b, "10")

    assert (_live(a, rating_list), _live(b, rating_list)) == (Decimal(1727), Decimal(1882))
    entry = PlayerRating.objects.get(player=a, rating_list=rating_list)
    assert (entry.status, entry.grade, entry.k, entry.games) == ("established", "1d", 24, 31)
    row = RatingChange.objects.get(player=a)
    assert (row.opponent_rating, row.opponent_rating_used, row.expected, row.k, row.change) == (
        1900, 1882, Decimal("0.2591"), 24, Decimal("27.3726")
    )  # fmt: skip
    assert row.details == {"opponent_final": 1882.4843, "rating_before": 1700.0,
                           "win_bonus": True}  # fmt: skip


def test_set_starting_rating_sets_the_declared_grade_in_the_same_write():
    rating_list = shogi_list()
    player = make_player("P")

    entry = set_starting_rating(
        player=player, rating_list=rating_list, rating=None, declared_grade="3 kyu", actor=SYSTEM
    )

    assert (entry.starting_rating, entry.declared_grade) == (None, "3k")
    with pytest.raises(ValidationError) as error:
        set_starting_rating(
            player=player, rating_list=rating_list, rating=1500, declared_grade="kyu", actor=SYSTEM
        )
    assert list(error.value.message_dict) == ["declared_grade"]
    entry.refresh_from_db()
    assert (entry.starting_rating, entry.declared_grade) == (None, "3k")


def test_a_go_player_rated_below_zero_registers_without_a_ranking_rating():
    rating_list = go_list()
    player = make_player("Beginner")
    set_starting_rating(player=player, rating_list=rating_list, rating=-500, actor=SYSTEM)
    tournament = make_tournament(rating_list=rating_list, start_date=D(2025, 1, 5))

    registration = register_player(tournament=tournament, player=player, actor=SYSTEM)

    assert registration.rating_at_start is None

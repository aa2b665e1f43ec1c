"""Tournament write services: results replay ratings at once; bad input writes nothing."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from actions.boards import add_game, delete_game
from actions.ratings import close_rating_period, set_starting_rating
from actions.registrations import register_player
from actions.results import record_result
from actions.tournaments import update_tournament
from core.roles import SYSTEM
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange
from tests.factories import make_player, make_round, make_tournament, standard_list
from tournaments.models import Game, Registration, Tournament

pytestmark = pytest.mark.django_db

D = datetime.date


def _db_state() -> dict[str, list]:
    """Every row the services write, for "nothing was written" checks."""
    return {
        "games": list(Game.objects.order_by("pk").values_list()),
        "registrations": list(Registration.objects.order_by("pk").values_list()),
        "ratings": list(PlayerRating.objects.order_by("pk").values_list()),
        "ledger": list(RatingChange.objects.order_by("pk").values_list()),
        "lists": list(PublishedList.objects.order_by("pk").values_list()),
        "published": list(PublishedRating.objects.order_by("pk").values_list()),
        "tournaments": list(Tournament.objects.order_by("pk").values_list()),
    }


@pytest.fixture
def club():
    """Three rated players (2000, 1800, 1600; 40 games: K 20) entered in a January event."""
    rating_list = standard_list()
    a, b, c = make_player("A"), make_player("B"), make_player("C")
    for player, rating in ((a, 2000), (b, 1800), (c, 1600)):
        set_starting_rating(
            player=player, rating_list=rating_list, rating=rating, games=40, actor=SYSTEM
        )
    january = make_tournament(start_date=D(2025, 1, 5), end_date=D(2025, 1, 10))
    february = make_tournament(start_date=D(2025, 2, 5), end_date=D(2025, 2, 10))
    for tournament in (january, february):
        for number, player in enumerate((a, b, c), start=1):
            register_player(
                tournament=tournament, player=player, pairing_number=number, actor=SYSTEM
            )
    return {
        "list": rating_list,
        "a": a,
        "b": b,
        "c": c,
        "jan": make_round(january),
        "feb": make_round(february),
    }


def _live(player) -> Decimal | None:
    return PlayerRating.objects.get(player=player, rating_list=standard_list()).live_rating


def test_add_game_with_result_changes_live_rating_at_once(club):
    add_game(
        round=club["jan"], board=1, white=club["a"], black=club["b"], result="10", actor=SYSTEM
    )

    # A 2000 beats B 1800: D = 200, PD .76; K 20: +4.80 / -4.80 unrounded.
    assert _live(club["a"]) == Decimal("2004.80")
    assert _live(club["b"]) == Decimal("1795.20")
    assert PlayerRating.objects.get(player=club["a"]).period_change == Decimal("4.80")


def test_record_result_correction_replays_later_periods_exactly(club):
    ab = add_game(
        round=club["jan"], board=1, white=club["a"], black=club["b"], result="10", actor=SYSTEM
    )
    close_rating_period(rating_list=club["list"], date=D(2025, 2, 1), actor=SYSTEM)
    add_game(
        round=club["feb"], board=1, white=club["a"], black=club["c"], result="10", actor=SYSTEM
    )
    second = make_round(club["feb"].tournament, 2)
    add_game(round=second, board=1, white=club["b"], black=club["c"], result="==", actor=SYSTEM)
    march = close_rating_period(rating_list=club["list"], date=D(2025, 3, 1), actor=SYSTEM)
    before = dict(march.entries.values_list("player__last_name", "rating"))

    record_result(game=ab, result="==", correction=True, actor=SYSTEM)

    after = dict(march.entries.values_list("player__last_name", "rating"))
    # Before: Feb list A 2005, B 1795; March A 2007 (+1.60), B 1790 (-5.00), C 1603.
    # After the draw: Feb A 1995 (-5.20), B 1805 (+5.20); March: A 1995 + 1.60 -> 1997,
    # B 1805 vs C: D = 205, PD .76: -5.20 -> 1800; C -1.60 + 5.20 = 3.60 -> 1604.
    assert before == {"A": 2007, "B": 1790, "C": 1603}
    assert after == {"A": 1997, "B": 1800, "C": 1604}
    assert PlayerRating.objects.get(player=club["c"]).rating == 1604
    assert list(
        RatingChange.objects.filter(period=march, player=club["c"])
        .order_by("game__round__number")
        .values_list("expected", "change")
    ) == [(Decimal("0.08"), Decimal("-1.60")), (Decimal("0.24"), Decimal("5.20"))]


def test_record_result_clearing_a_result_removes_its_ledger_rows(club):
    game = add_game(
        round=club["jan"], board=1, white=club["a"], black=club["b"], result="01", actor=SYSTEM
    )

    record_result(game=game, result="", correction=True, actor=SYSTEM)

    assert RatingChange.objects.count() == 0
    assert _live(club["a"]) == Decimal("2000.00")


def test_forfeit_and_unrated_short_game_are_not_rated(club):
    add_game(
        round=club["jan"], board=1, white=club["a"], black=club["b"], result="+-", actor=SYSTEM
    )
    add_game(round=club["jan"], board=2, white=club["c"], result="F", actor=SYSTEM)
    add_game(
        round=club["feb"], board=1, white=club["a"], black=club["b"], result="WL", actor=SYSTEM
    )

    assert RatingChange.objects.count() == 0


def test_delete_game_replays(club):
    game = add_game(
        round=club["jan"], board=1, white=club["a"], black=club["b"], result="10", actor=SYSTEM
    )

    delete_game(game=game, actor=SYSTEM)

    assert RatingChange.objects.count() == 0
    assert _live(club["b"]) == Decimal("1800.00")


def test_update_tournament_moving_it_to_another_period_replays(club):
    add_game(
        round=club["jan"], board=1, white=club["a"], black=club["b"], result="10", actor=SYSTEM
    )
    close_rating_period(rating_list=club["list"], date=D(2025, 2, 1), actor=SYSTEM)
    tournament = club["jan"].tournament

    update_tournament(
        tournament=tournament,
        actor=SYSTEM,
        changes={"start_date": D(2025, 2, 2), "end_date": D(2025, 2, 3)},
    )

    assert set(PublishedRating.objects.values_list("rating", flat=True)) == {2000, 1800, 1600}
    assert RatingChange.objects.get(player=club["a"]).period is None
    assert _live(club["a"]) == Decimal("2004.80")


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"white": "a", "black": "a", "result": "10"}, "black", "against themselves"),
        ({"white": "a", "black": "outsider", "result": "10"}, "black", "not entered"),
        ({"white": "a", "black": "b", "result": "2-0"}, "result", "Unknown result code"),
        ({"white": "a", "black": "b", "result": "F"}, "result", "bye result cannot"),
        ({"white": "a", "black": None, "result": "10"}, "result", "bye needs"),
        ({"white": "a", "black": "b", "result": "10", "board": 0}, "board", "from 1"),
    ],
)
def test_add_game_refusals_write_nothing(club, kwargs, field, message):
    club["outsider"] = make_player("Outsider")
    add_game(round=club["jan"], board=2, white=club["c"], black=None, result="F", actor=SYSTEM)
    before = _db_state()
    kwargs = dict(kwargs)
    arguments = {
        "round": club["jan"],
        "board": kwargs.pop("board", 1),
        "white": club[kwargs.pop("white")],
        "black": None if kwargs["black"] is None else club[kwargs["black"]],
        "result": kwargs["result"],
    }

    with pytest.raises(ValidationError) as refused:
        add_game(**arguments, actor=SYSTEM)

    assert list(refused.value.message_dict) == [field]
    assert message in refused.value.message_dict[field][0]
    assert _db_state() == before


def test_add_game_refuses_a_busy_board_and_a_busy_player(club):
    add_game(
        round=club["jan"], board=1, white=club["a"], black=club["b"], result="10", actor=SYSTEM
    )
    before = _db_state()

    with pytest.raises(ValidationError) as busy_board:
        add_game(round=club["jan"], board=1, white=club["c"], black=None, result="F", actor=SYSTEM)
    with pytest.raises(ValidationError) as busy_player:
        add_game(
            round=club["jan"], board=2, white=club["c"], black=club["a"], result="10", actor=SYSTEM
        )

    assert list(busy_board.value.message_dict) == ["board"]
    assert list(busy_player.value.message_dict) == ["black"]
    assert _db_state() == before


def test_record_result_refuses_unknown_code_and_player_not_entered(club):
    game = add_game(
        round=club["jan"], board=1, white=club["a"], black=club["b"], result="10", actor=SYSTEM
    )
    before = _db_state()

    with pytest.raises(ValidationError) as unknown:
        record_result(game=game, result="1-0", actor=SYSTEM)
    Registration.objects.filter(player=club["b"], tournament=club["jan"].tournament).delete()
    after_withdrawal = _db_state()
    with pytest.raises(ValidationError) as not_entered:
        record_result(game=game, result="01", actor=SYSTEM)

    assert unknown.value.message_dict == {"result": ["Unknown result code “1-0”."]}
    assert list(not_entered.value.message_dict) == ["black"]
    assert before["ledger"] == after_withdrawal["ledger"] == _db_state()["ledger"]
    assert _db_state() == after_withdrawal


def test_register_player_refusals(club):
    before = _db_state()

    with pytest.raises(ValidationError) as twice:
        register_player(tournament=club["jan"].tournament, player=club["a"], actor=SYSTEM)
    with pytest.raises(ValidationError) as taken:
        register_player(
            tournament=club["jan"].tournament, player=make_player(), pairing_number=1, actor=SYSTEM
        )
    with pytest.raises(ValidationError) as bad:
        register_player(
            tournament=club["jan"].tournament, player=club["a"], pairing_number=0, actor=SYSTEM
        )

    assert list(twice.value.message_dict) == ["player"]
    assert list(taken.value.message_dict) == ["pairing_number"]
    assert list(bad.value.message_dict) == ["pairing_number"]
    assert _db_state() == before


def test_update_tournament_refuses_end_before_start(club):
    before = _db_state()

    with pytest.raises(ValidationError) as refused:
        update_tournament(
            tournament=club["jan"].tournament, actor=SYSTEM, changes={"end_date": D(2025, 1, 1)}
        )
    with pytest.raises(ValidationError) as unknown:
        update_tournament(
            tournament=club["jan"].tournament, actor=SYSTEM, changes={"created_at": None}
        )

    assert list(refused.value.message_dict) == ["end_date"]
    assert list(unknown.value.message_dict) == ["created_at"]
    assert _db_state() == before

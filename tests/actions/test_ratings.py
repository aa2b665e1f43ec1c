"""Rating services and commands: starting ratings, closing periods, full replays."""

from __future__ import annotations

import datetime
from decimal import Decimal
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from actions.boards import add_game
from actions.players import create_player, update_player
from actions.ratings import (
    close_rating_period,
    recompute_ratings,
    reopen_rating_period,
    replay_rating_list,
    set_starting_rating,
)
from core.roles import SYSTEM
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange
from tests.factories import make_player, make_round, make_tournament, register, standard_list

pytestmark = pytest.mark.django_db

D = datetime.date


def _db_state() -> dict[str, list]:
    return {
        "ratings": list(PlayerRating.objects.order_by("pk").values_list()),
        "ledger": list(RatingChange.objects.order_by("pk").values_list()),
        "lists": list(PublishedList.objects.order_by("pk").values_list()),
        "published": list(PublishedRating.objects.order_by("pk").values_list()),
    }


def _derived() -> dict[str, list]:
    """Derived rows without primary keys (a full replay renumbers them)."""
    return {
        "ratings": sorted(
            PlayerRating.objects.values_list(
                "player_id", "rating", "live_rating", "period_change", "period_games", "k",
                "games", "peak", "last_played",
            )
        ),
        "ledger": sorted(RatingChange.objects.values_list(*RatingChange.COLUMNS), key=repr),
        "published": sorted(
            PublishedRating.objects.values_list(
                "published_list_id", "player_id", "rating", "games", "k", "change"
            )
        ),
    }  # fmt: skip


@pytest.fixture
def history():
    """A (2000) beats B (1800) in January; the February list is published."""
    rating_list = standard_list()
    a, b = make_player("A"), make_player("B")
    set_starting_rating(player=a, rating_list=rating_list, rating=2000, games=40, actor=SYSTEM)
    set_starting_rating(player=b, rating_list=rating_list, rating=1800, games=40, actor=SYSTEM)
    tournament = make_tournament(start_date=D(2025, 1, 5), end_date=D(2025, 1, 10))
    register(tournament, a, b)
    add_game(round=make_round(tournament), board=1, white=a, black=b, result="10", actor=SYSTEM)
    close_rating_period(rating_list=rating_list, date=D(2025, 2, 1), actor=SYSTEM)
    return {"list": rating_list, "a": a, "b": b}


def test_close_rating_period_publishes_a_frozen_list(history):
    published = PublishedList.objects.get()

    assert sorted(published.entries.values_list("player__last_name", "rating", "change", "k")) == [
        ("A", 2005, 5, 20),
        ("B", 1795, -5, 20),
    ]
    assert set(RatingChange.objects.values_list("period_id", flat=True)) == {published.pk}
    assert PlayerRating.objects.get(player=history["a"]).live_rating == Decimal("2005.00")


def test_close_rating_period_refuses_a_date_not_after_the_last_list(history):
    before = _db_state()

    with pytest.raises(ValidationError) as same:
        close_rating_period(rating_list=history["list"], date=D(2025, 2, 1), actor=SYSTEM)
    with pytest.raises(ValidationError) as earlier:
        close_rating_period(rating_list=history["list"], date=D(2025, 1, 1), actor=SYSTEM)

    assert list(same.value.message_dict) == ["date"]
    assert "2025-02-01" in earlier.value.message_dict["date"][0]
    assert _db_state() == before


@pytest.mark.parametrize("rating", [3501, -1, "2000", 1800.5, True])
def test_set_starting_rating_refuses_a_rating_outside_0_3500(history, rating):
    before = _db_state()

    with pytest.raises(ValidationError) as refused:
        set_starting_rating(
            player=history["a"], rating_list=history["list"], rating=rating, games=10, actor=SYSTEM
        )

    assert list(refused.value.message_dict) == ["starting_rating"]
    assert "0 to 3500" in refused.value.message_dict["starting_rating"][0]
    assert _db_state() == before


def test_set_starting_rating_refuses_negative_games(history):
    before = _db_state()

    with pytest.raises(ValidationError) as refused:
        set_starting_rating(
            player=history["a"], rating_list=history["list"], rating=2000, games=-1, actor=SYSTEM
        )

    assert list(refused.value.message_dict) == ["starting_games"]
    assert _db_state() == before


def test_set_starting_rating_change_replays_the_published_list(history):
    set_starting_rating(
        player=history["b"], rating_list=history["list"], rating=2000, games=40, actor=SYSTEM
    )

    # A 2000 beats B 2000: D = 0, PD .50: +10.00 / -10.00.
    assert sorted(PublishedRating.objects.values_list("player__last_name", "rating")) == [
        ("A", 2010),
        ("B", 1990),
    ]


def test_replay_is_idempotent_and_a_full_recompute_changes_nothing(history):
    before = _derived()

    replay_rating_list(rating_list=history["list"], from_date=D(2025, 1, 10), actor=SYSTEM)
    middle = _derived()
    stats = recompute_ratings(rating_list=history["list"], actor=SYSTEM)

    assert middle == before
    assert _derived() == before
    assert (stats[0].games, stats[0].ledger_rows, stats[0].published_rows) == (1, 2, 2)


def test_recompute_ratings_command_replays_a_list_or_all(history):
    RatingChange.objects.all().delete()
    out = StringIO()

    call_command("recompute_ratings", "--list", "Chess standard", stdout=out)
    call_command("recompute_ratings", stdout=out)

    assert RatingChange.objects.count() == 2
    assert "Chess standard: 1 games, 2 ledger rows, 2 published rows" in out.getvalue()
    assert "Chess rapid: 0 games" in out.getvalue()


def test_recompute_ratings_command_refuses_an_unknown_list():
    with pytest.raises(CommandError, match="No rating list named 'go'"):
        call_command("recompute_ratings", "--list", "go")


def test_close_period_command(history):
    out = StringIO()

    call_command("close_period", "--list", "chess-standard", "--date", "2025-03-01", stdout=out)

    assert out.getvalue() == "Published Chess standard 2025-03-01: 2 rated players.\n"
    with pytest.raises(CommandError, match="already been published"):
        call_command("close_period", "--list", "chess-standard", "--date", "2025-03-01")
    with pytest.raises(CommandError, match="Not a date"):
        call_command("close_period", "--list", "chess-standard", "--date", "March")


def test_update_player_birth_date_replays_with_the_junior_k(history):
    # B born in 2010 is a junior in 2025 (never rated 2300): K 40 from the start.
    # A 2000 beats B 1800: B 40 x (0 - .24) = -9.60 -> 1790.
    update_player(player=history["b"], actor=SYSTEM, changes={"birth_date": D(2010, 6, 1)})

    assert PublishedRating.objects.get(player=history["b"]).rating == 1790
    assert PublishedRating.objects.get(player=history["b"]).k == 40


def test_create_and_update_player_refuse_bad_input():
    with pytest.raises(ValidationError) as bad_federation:
        create_player(last_name="X", sex="m", federation="england", actor=SYSTEM)
    player = create_player(last_name="X", sex="f", actor=SYSTEM)
    with pytest.raises(ValidationError) as unknown:
        update_player(player=player, actor=SYSTEM, changes={"created_at": None})

    assert list(bad_federation.value.message_dict) == ["federation"]
    assert list(unknown.value.message_dict) == ["created_at"]


def test_replay_from_checkpoint_uses_the_list_in_force_at_tournament_start(history):
    # A tournament starting under the February list, ending after the March list: adding
    # its game replays only the open period, from the checkpoint stored on the March list,
    # with the February ratings (A 2005, B 1795).
    close_rating_period(rating_list=history["list"], date=D(2025, 3, 1), actor=SYSTEM)
    tournament = make_tournament(start_date=D(2025, 2, 20), end_date=D(2025, 3, 5))
    register(tournament, history["a"], history["b"])

    stats = replay_rating_list(rating_list=history["list"], from_date=D(2025, 3, 5), actor=SYSTEM)
    add_game(
        round=make_round(tournament),
        board=1,
        white=history["b"],
        black=history["a"],
        result="10",
        actor=SYSTEM,
    )

    row = RatingChange.objects.get(player=history["b"], period=None)
    # D = -210 (row 207-215: .77): PD .23; B wins: 20 x (1 - .23) = +15.40.
    assert (row.rating_used, row.expected, row.change) == (1795, Decimal("0.23"), Decimal("15.4"))
    assert stats.games == 0  # nothing before the checkpoint was read
    assert PublishedList.objects.get(date=D(2025, 3, 1)).replay_state["players"] != {}
    before = _derived()
    recompute_ratings(rating_list=history["list"], actor=SYSTEM)
    assert _derived() == before


def test_reopen_rating_period_withdraws_the_latest_list(history):
    before = _derived()
    close_rating_period(rating_list=history["list"], date=D(2025, 3, 1), actor=SYSTEM)

    withdrawn = reopen_rating_period(rating_list=history["list"], actor=SYSTEM)

    assert withdrawn == D(2025, 3, 1)
    assert list(PublishedList.objects.values_list("date", flat=True)) == [D(2025, 2, 1)]
    assert _derived() == before


def test_reopen_rating_period_puts_the_games_back_in_the_open_period(history):
    reopen_rating_period(rating_list=history["list"], actor=SYSTEM)

    assert PublishedList.objects.count() == 0
    assert list(RatingChange.objects.values_list("period_id", flat=True)) == [None, None]
    assert PlayerRating.objects.get(player=history["a"]).live_rating == Decimal("2004.80")
    with pytest.raises(ValidationError) as refused:
        reopen_rating_period(rating_list=history["list"], actor=SYSTEM)
    assert list(refused.value.message_dict) == ["rating_list"]

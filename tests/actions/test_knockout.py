"""Knockout cups: bracket rounds, tie-break games added to a tied match, each game rated in
the list of its time control, refusals that write nothing."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from actions.knockout import swap_armageddon_colours
from actions.ratings import recompute_ratings, set_starting_rating
from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import change_round_date, pair_next_round, publish_round
from actions.tournaments import update_tournament
from core.roles import SYSTEM
from ratings.models import PlayerRating, RatingChange, RatingList
from rules.ratings.fide import rating_change
from tests.factories import make_player, make_tournament, standard_list
from tests.helpers import snapshot
from tournaments.enums import GameStage, PairingSystem
from tournaments.models import Game, Round
from tournaments.queries.knockout import bracket, champion, round_matches

pytestmark = pytest.mark.django_db

D = datetime.date
STANDARD = (2350, 2300, 2250, 2200, 2150, 2100, 2050, 2000)


def _list(slug: str) -> RatingList:
    return RatingList.objects.get(slug=slug)


@pytest.fixture
def cup():
    """Eight players rated 2350..2000 (40 games: K 20) in a 2-game knockout; seeds 4 and 5
    also hold rapid and blitz ratings 2000 and 1900."""
    tournament = make_tournament(
        pairing_system=PairingSystem.KNOCKOUT,
        start_date=D(2026, 4, 1),
        end_date=D(2026, 4, 5),
        knockout_games=2,
    )
    players = []
    for index, rating in enumerate(STANDARD, start=1):
        player = make_player(f"P{index}")
        set_starting_rating(
            player=player, rating_list=standard_list(), rating=rating, games=40, actor=SYSTEM
        )
        register_player(tournament=tournament, player=player, actor=SYSTEM)
        players.append(player)
    for slug in ("chess-rapid", "chess-blitz"):
        for player, rating in ((players[3], 2000), (players[4], 1900)):
            set_starting_rating(
                player=player, rating_list=_list(slug), rating=rating, games=40, actor=SYSTEM
            )
    return tournament, players


def _games(round_: Round, match: int) -> list[tuple[str, str, str, str]]:
    return [
        (g.stage, g.white.last_name, g.black.last_name, g.result)
        for g in Game.objects.filter(round=round_, match=match)
        .select_related("white", "black")
        .order_by("match_game")
    ]


def _enter(round_: Round, match: int, *results: str) -> None:
    pending = Game.objects.filter(round=round_, match=match, result="").order_by("match_game")
    for game, result in zip(pending, results, strict=True):
        record_result(game=game, result=result, actor=SYSTEM)


def _live(player, slug: str) -> Decimal:
    return PlayerRating.objects.get(player=player, rating_list=_list(slug)).live_rating


def test_round_one_pairs_the_seeds_by_rating_higher_seed_white_first(cup):
    tournament, _players = cup
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 3
    assert [_games(round_, m)[0][1:3] for m in (1, 2, 3, 4)] == [
        ("P1", "P8"),
        ("P4", "P5"),
        ("P3", "P6"),
        ("P2", "P7"),
    ]
    assert _games(round_, 2) == [
        (GameStage.CLASSICAL, "P4", "P5", ""),
        (GameStage.CLASSICAL, "P5", "P4", ""),
    ]


def test_five_players_give_the_top_three_seeds_byes():
    tournament = make_tournament(pairing_system=PairingSystem.KNOCKOUT, rating_list=None)
    for index, rating in enumerate((2000, 1900, 1800, 1700, 1600), start=1):
        register_player(
            tournament=tournament,
            player=make_player(f"Q{index}"),
            rating_at_start=rating,
            actor=SYSTEM,
        )
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    rows = [
        (g.match, g.white.last_name, g.black.last_name if g.black else None, g.result)
        for g in round_.games.select_related("white", "black").order_by("board")
    ]
    assert rows == [
        (1, "Q1", None, "U"),
        (2, "Q4", "Q5", ""),
        (2, "Q5", "Q4", ""),
        (3, "Q3", None, "U"),
        (4, "Q2", None, "U"),
    ]


def test_a_tied_match_goes_to_rapid_blitz_and_armageddon_each_rated_in_its_list(cup):
    tournament, players = cup
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    for match in (1, 3, 4):
        _enter(round_, match, "10", "01")  # the higher seed wins 2-0
    _enter(round_, 2, "10", "10")  # 1-1
    assert _games(round_, 2)[2:] == [
        (GameStage.RAPID, "P4", "P5", ""),
        (GameStage.RAPID, "P5", "P4", ""),
    ]
    refused_state = list(Round.objects.values_list()), list(Game.objects.values_list())
    with pytest.raises(ValidationError, match="not complete"):
        pair_next_round(tournament=tournament, actor=SYSTEM)
    assert (list(Round.objects.values_list()), list(Game.objects.values_list())) == refused_state

    _enter(round_, 2, "10", "10")  # rapid 1-1
    assert [g[0] for g in _games(round_, 2)[4:]] == [GameStage.BLITZ, GameStage.BLITZ]
    _enter(round_, 2, "==", "==")  # blitz 1-1
    assert _games(round_, 2)[6:] == [(GameStage.ARMAGEDDON, "P4", "P5", "")]
    _enter(round_, 2, "==")  # a draw: Black (P5) advances
    assert [m.winner.last_name for m in round_matches(round_)] == ["P1", "P5", "P3", "P2"]

    rapid, blitz = _list("chess-rapid"), _list("chess-blitz")
    assert set(Game.objects.filter(round=round_, match=2).values_list("stage", "rating_list")) == {
        (GameStage.CLASSICAL, None),
        (GameStage.RAPID, rapid.pk),
        (GameStage.BLITZ, blitz.pk),
        (GameStage.ARMAGEDDON, blitz.pk),
    }
    # Rapid: two games 2000 v 1900, each won by White: 20 x (1 - .64 + 0 - .64) = -5.60.
    rapid_change = rating_change(2000, 20, [(1900, 1), (1900, 0)], time_control="rapid")
    assert rapid_change == Decimal("-5.60")
    assert _live(players[3], "chess-rapid") == 2000 + rapid_change
    assert _live(players[4], "chess-rapid") == 1900 - rapid_change
    # Blitz: two draws and the armageddon draw, rated as a draw: 20 x (1.5 - 3 x .64).
    blitz_change = rating_change(2000, 20, [(1900, "0.5")] * 3, time_control="blitz")
    assert blitz_change == Decimal("-8.40")
    assert _live(players[3], "chess-blitz") == 2000 + blitz_change
    assert _live(players[4], "chess-blitz") == 1900 - blitz_change
    # The classical games only in the standard list: P4 2200 v P5 2150, 1-1.
    standard_change = rating_change(2200, 20, [(2150, 1), (2150, 0)])
    assert standard_change == Decimal("-2.80")
    assert _live(players[3], "chess-standard") == 2200 + standard_change
    assert RatingChange.objects.filter(rating_list=rapid).count() == 4
    assert RatingChange.objects.filter(rating_list=blitz).count() == 6
    assert RatingChange.objects.filter(rating_list=standard_list()).count() == 16


def _snapshot(rating_list):
    ratings = list(
        PlayerRating.objects.filter(rating_list=rating_list)
        .order_by("player_id")
        .values_list("player_id", *PlayerRating.DERIVED_FIELDS[:-1])
    )
    ledger = list(
        RatingChange.objects.filter(rating_list=rating_list)
        .order_by("game_id", "player_id")
        .values_list(
            "game_id", "player_id", "rating_used", "opponent_rating", "expected", "k", "change"
        )
    )
    return ratings, ledger


def test_the_cup_to_its_champion_and_a_replay_equals_the_incremental_ratings(cup):
    tournament, _players = cup
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    for match in (1, 3, 4):
        _enter(first, match, "10", "01")
    _enter(first, 2, "10", "10")
    _enter(first, 2, "10", "10")
    _enter(first, 2, "==", "==")
    _enter(first, 2, "==")
    second = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert [_games(second, m)[0][1:3] for m in (1, 2)] == [("P1", "P5"), ("P2", "P3")]
    publish_round(round=second, actor=SYSTEM)
    _enter(second, 1, "01", "10")  # P5 wins both
    _enter(second, 2, "10", "01")
    final = pair_next_round(tournament=tournament, actor=SYSTEM)
    assert _games(final, 1)[0][1:3] == ("P2", "P5")
    publish_round(round=final, actor=SYSTEM)
    _enter(final, 1, "==", "10")  # P5 (White in game 2): ½ + 1
    rounds = bracket(tournament)
    assert [len(r.matches) for r in rounds] == [4, 2, 1]
    assert champion(rounds).last_name == "P5"
    with pytest.raises(ValidationError, match="All 3 rounds"):
        pair_next_round(tournament=tournament, actor=SYSTEM)

    lists = [standard_list(), _list("chess-rapid"), _list("chess-blitz")]
    incremental = [_snapshot(item) for item in lists]
    for item in lists:
        recompute_ratings(actor=SYSTEM, rating_list=item)
    assert [_snapshot(item) for item in lists] == incremental
    assert all(ledger for _ratings, ledger in incremental)


def test_a_tiebreak_game_without_a_list_of_its_kind_is_not_rated(cup):
    tournament, players = cup
    RatingList.objects.filter(slug="chess-rapid").update(system="egf")  # no FIDE rapid list
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    _enter(round_, 2, "10", "10")
    rapid_games = Game.objects.filter(round=round_, match=2, stage=GameStage.RAPID)
    assert list(rapid_games.values_list("rating_list", flat=True)) == [None, None]
    _enter(round_, 2, "10", "01")  # P4 wins the rapid pair: the match is his
    assert round_matches(round_)[1].winner == players[3]
    assert not RatingChange.objects.filter(game__in=rapid_games).exists()
    assert RatingChange.objects.filter(rating_list=standard_list()).count() == 4


def test_a_round_date_moves_the_tiebreak_ledger_and_the_list_cannot_change(cup):
    tournament, _players = cup
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    _enter(round_, 2, "10", "10")
    _enter(round_, 2, "10", "01")  # rapid: P4 wins
    rapid = _list("chess-rapid")
    change_round_date(round=round_, date=D(2026, 4, 3), actor=SYSTEM)
    assert set(RatingChange.objects.filter(rating_list=rapid).values_list("date", flat=True)) == {
        D(2026, 4, 3)
    }

    before = snapshot()
    with pytest.raises(ValidationError, match="cannot change"):
        update_tournament(tournament=tournament, changes={"rating_list": None}, actor=SYSTEM)
    with pytest.raises(ValidationError, match="once a round has been paired"):
        update_tournament(tournament=tournament, changes={"knockout_games": 4}, actor=SYSTEM)
    assert snapshot() == before


def test_the_higher_seed_may_take_black_in_the_armageddon(cup):
    tournament, players = cup
    tournament.knockout_rapid_pairs = tournament.knockout_blitz_pairs = 0
    tournament.save()
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    classical = Game.objects.get(round=round_, match=2, match_game=1)
    before = snapshot()
    with pytest.raises(ValidationError, match="Only an armageddon"):
        swap_armageddon_colours(game=classical, actor=SYSTEM)
    assert snapshot() == before
    _enter(round_, 2, "==", "==")
    armageddon = Game.objects.get(round=round_, match=2, stage=GameStage.ARMAGEDDON)
    assert (armageddon.white, armageddon.black) == (players[3], players[4])
    swap_armageddon_colours(game=armageddon, actor=SYSTEM)
    _enter(round_, 2, "==")  # a draw: Black, the higher seed P4 now, goes through
    assert round_matches(round_)[1].winner == players[3]
    with pytest.raises(ValidationError, match="has a result"):
        swap_armageddon_colours(game=armageddon, actor=SYSTEM)

"""The pure replay with EGF (go) and FESA (shogi) semantics: hand-computed numbers, no database.

EGF numbers come from the vectors of the rating notes (ratings.md §3.4) and the 2021 formulas
written out in the comments (con = ((3300 - r)/200)^1.6, bonus = ln(1 + e^((2300 - r)/80))/5,
Se = 1/(1 + ((3300 - r1)/(3300 - r2))^7)). FESA numbers are the fixed point iterated by hand
in the comments. Ledger expected scores and changes are in ten-thousandths.
"""

from __future__ import annotations

import datetime

import pytest

from rules.ratings import egf, fesa
from rules.ratings.egf_periods import EgfOldPeriodSystem, EgfPeriodSystem
from rules.ratings.fesa_periods import FesaPeriodSystem
from rules.ratings.registry import get_system
from rules.ratings.replay import (
    GameInput,
    LiveRow,
    PlayerInput,
    PublishedRow,
    TournamentInput,
    period_index,
    replay,
)

D = datetime.date
FEB, MAR, APR = D(2025, 2, 1), D(2025, 3, 1), D(2025, 4, 1)
A, B, C, N, M = 1, 2, 3, 8, 9


def _tournaments(rating_class: str = "A") -> dict[int, TournamentInput]:
    return {
        10: TournamentInput(10, D(2025, 1, 5), D(2025, 1, 6), rating_class),
        11: TournamentInput(11, D(2025, 2, 5), D(2025, 2, 6), rating_class),
    }


def _run(system, games, players, *, tournaments=None, lists=(FEB,)):
    return replay(
        system,
        players={p.id: p for p in players},
        tournaments=tournaments or _tournaments(),
        list_dates=list(lists),
        games=games,
    )


def test_registry_gives_the_go_and_shogi_systems():
    assert isinstance(get_system("egf"), EgfPeriodSystem)
    assert isinstance(get_system("egf_old"), EgfOldPeriodSystem)
    assert isinstance(get_system("fesa"), FesaPeriodSystem)


# --------------------------------------------------------------------------- EGF


def test_egf_two_1d_players_start_at_2100_and_the_winner_gains_9_306():
    # ratings.md §3.4: 2100 beats 2100 -> 2109.306; the loser 2091.725.
    # con(2100) = 6^1.6 = 17.580936, bonus(2100) = ln(1 + e^2.5)/5 = 0.515778, Se = 0.5:
    # win 17.580936 x 0.5 + 0.515778 = +9.306246, loss -8.790468 + 0.515778 = -8.274690.
    players = [PlayerInput(A, declared_grade="1d"), PlayerInput(B, declared_grade="1 dan")]
    result = _run(EgfPeriodSystem(), [GameInput(100, 10, D(2025, 1, 5), A, B, 2)], players)

    a_row, b_row = result.ledger
    assert a_row[:14] == (0, 100, 10, A, B, D(2025, 1, 5), 2100, 2100, 2100, False, 2, 5000,
                          None, 93062)  # fmt: skip
    assert a_row.details == {
        "se": 0.5, "con": 17.5809, "bonus": 0.5158, "handicap": 0, "adjustment": 0.0,
        "weight": 1.0,
    }  # fmt: skip
    assert (b_row.player, b_row.score, b_row.expected, b_row.change) == (B, 0, 5000, -82747)
    # The February list: 2109 (1d) and 2092 (1d), changes since entry +9 / -8.
    assert result.published == [
        PublishedRow(0, A, 2109, 1, None, 9, "1d"),
        PublishedRow(0, B, 2092, 1, None, -8, "1d"),
    ]
    # After the list the live rating keeps the decimals; the period change starts again.
    assert result.live[A] == LiveRow(A, 2109, 210931, 31, 0, None, 1, 2109, D(2025, 1, 5), "1d")
    assert result.ledger_scale == 10_000


def test_egf_class_b_weights_the_change_by_three_quarters():
    # ratings.md §3.4: 1000 beats 1300 -> 1039.43 in class A (Se 0.273223; con(1000) =
    # 11.5^1.6 = 49.787, bonus(1000) = 3.250: 49.787 x 0.726777 + 3.250 = 39.434117).
    # Class B: 0.75 x 39.434117 = 29.575588. The loser: con(1300) = 10^1.6 = 39.810717,
    # bonus(1300) = 2.500; 39.810717 x -0.726777 + 2.5 = -26.433530, x 0.75 = -19.825148.
    players = [PlayerInput(A, declared_grade="11k"), PlayerInput(B, declared_grade="8k")]
    result = _run(
        EgfPeriodSystem(),
        [GameInput(100, 10, D(2025, 1, 5), A, B, 2)],
        players,
        tournaments=_tournaments("B"),
        lists=(),
    )

    assert [(r.player, r.expected, r.change) for r in result.ledger] == [
        (A, 2732, 295756),
        (B, 7268, -198251),
    ]
    assert result.live[A].live == 102958  # 1000 + 29.575588
    assert result.live[B].live == 128017  # 1300 - 19.825148
    assert (result.live[A].grade, result.live[B].grade) == ("11k", "8k")


def test_egf_handicap_stone_counts_100_times_h_minus_half_in_se_only():
    # ratings.md §3.4: 1000 receiving one stone from 1300 has Se 0.304813 (1000 + 50 v 1300);
    # white's Se is 0.695187. Black (1000) wins: 49.787 x 0.695187 + 3.25 = +37.861310;
    # white (1300) loses: 39.810717 x -0.695187 + 2.5 = -25.175883. con and bonus use the
    # real ratings.
    players = [PlayerInput(A, declared_grade="8k"), PlayerInput(B, declared_grade="11k")]
    game = GameInput(100, 10, D(2025, 1, 5), A, B, 0, 1)  # A white, B black with 1 stone
    result = _run(EgfPeriodSystem(), [game], players, lists=())

    white, black = result.ledger
    assert (white.expected, white.change) == (6952, -251759)
    assert (black.expected, black.change) == (3048, 378613)
    assert white.details["handicap"] == -1
    assert black.details["handicap"] == 1
    assert black.details["adjustment"] == 50.0
    assert result.live[B].live == 103786  # 1000 + 37.861310


def test_egf_ratings_are_frozen_for_the_tournament_and_the_changes_summed():
    # ratings.md §3.4 ([SKR] test_egf_rating_period): a 0-rated player (21k) beats 20, draws
    # 40, loses to 10 and beats -40 in one tournament: 68.79.
    players = [
        PlayerInput(A, declared_grade="21k"),
        PlayerInput(2, starting_rating=20),
        PlayerInput(3, starting_rating=40),
        PlayerInput(4, starting_rating=10),
        PlayerInput(5, starting_rating=-40),
    ]
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, 2, 2),
        GameInput(101, 10, D(2025, 1, 5), A, 3, 1),
        GameInput(102, 10, D(2025, 1, 6), 4, A, 2),
        GameInput(103, 10, D(2025, 1, 6), A, 5, 2),
    ]
    result = _run(EgfPeriodSystem(), games, players, lists=())

    assert [r.rating_used for r in result.ledger if r.player == A] == [0, 0, 0, 0]
    assert result.live[A].live == 6879  # 68.792664
    assert result.live[A].grade == "20k"  # 68.79 is nearest to 100 (20k)


def test_egf_second_tournament_starts_from_the_first_ones_result_and_matches_rate_tournament():
    players = [PlayerInput(A, declared_grade="1d"), PlayerInput(B, declared_grade="1d")]
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, B, 2),
        GameInput(101, 11, D(2025, 2, 5), B, A, 2),
    ]
    result = _run(EgfPeriodSystem(), games, players, lists=())

    second = [r for r in result.ledger if r.game == 101]
    # The second tournament uses 2109.306 and 2091.725 (rounded 2109 / 2092 on the ledger).
    assert [(r.player, r.rating_used, r.opponent_rating) for r in second] == [
        (B, 2092, 2109),
        (A, 2109, 2092),
    ]
    after_first = egf.rate_tournament({A: 2100.0, B: 2100.0}, [(A, B, 1.0)])
    after_second = egf.rate_tournament(after_first, [(B, A, 1.0)])
    assert result.live[A].live == round(after_second[A] * 100)
    assert result.live[B].live == round(after_second[B] * 100)


def test_egf_floor_is_minus_900_and_the_old_system_floor_100():
    # A 30k (-900) loses to a 25k (-400): the change is negative but the floor holds.
    players = [PlayerInput(A, declared_grade="30k"), PlayerInput(B, declared_grade="25k")]
    result = _run(EgfPeriodSystem(), [GameInput(100, 10, D(2025, 1, 5), A, B, 0)], players)
    assert result.ledger[0].change < 0
    assert result.published[0] == PublishedRow(0, A, -900, 1, None, 0, "30k")


def test_egf_old_system_vector():
    # Old system (docs/ratings.md, EGF): 1800 beats 2000: a = 205 - 1800/20 = 115,
    # Se(1800) = 1/(e^(200/115) + 1) = 0.149423, Se(2000) = 1 - 0.149423 - 0.016 = 0.834577;
    # con 35 and 27: +35 x 0.850577 = +29.770, 27 x -0.834577 = -22.534.
    players = [PlayerInput(A, starting_rating=1800), PlayerInput(B, starting_rating=2000)]
    result = _run(EgfOldPeriodSystem(), [GameInput(100, 10, D(2025, 1, 5), A, B, 2)], players)

    assert [(r.expected, r.change) for r in result.ledger] == [(1494, 297702), (8346, -225336)]
    assert result.ledger[0].details["bonus"] == 0.0
    assert result.published == [
        PublishedRow(0, A, 1830, 1, None, 30, "3k"),  # nearest grade: 3k = 1800
        PublishedRow(0, B, 1977, 1, None, -23, "1k"),
    ]


def test_egf_a_player_without_grade_or_rating_is_not_rated_and_nor_is_the_game():
    players = [PlayerInput(A, declared_grade="1d"), PlayerInput(B)]
    result = _run(EgfPeriodSystem(), [GameInput(100, 10, D(2025, 1, 5), A, B, 2)], players)

    assert result.ledger == []
    assert result.live[A] == LiveRow(A, None, None, 0, 0, None, 0, None, None, None)
    assert result.live[B].live is None


# --------------------------------------------------------------------------- FESA


def test_fesa_game_is_rated_against_the_opponents_final_rating_with_the_win_bonus():
    # 1700 (K 24) beats 1900 (K 24), both established (30 games). By hand, iterating
    # FA = 1700 + max(24 (1 - f(1700, FB)), 24 (FB - 1700)/160) and
    # FB = 1900 - 24 f(1900, FA) from (1700, 1900): FB = 1882.484256, FA = 1727.372638.
    # A: f = 1/(1 + 10^((1882.484 - 1700)/400)) = 0.259136, d = 17.78 < d' = 27.372638 (the
    # win bonus); B: f = 0.729823 against 1727.37, change -17.515744. Totals rounded:
    # 1727 and 1882.
    players = [
        PlayerInput(A, starting_rating=1700, starting_games=30),
        PlayerInput(B, starting_rating=1900, starting_games=30),
    ]
    result = _run(FesaPeriodSystem(), [GameInput(100, 10, D(2025, 1, 5), A, B, 2)], players)

    a_row, b_row = result.ledger
    assert a_row[:14] == (0, 100, 10, A, B, D(2025, 1, 5), 1700, 1900, 1882, False, 2, 2591,
                          24, 273726)  # fmt: skip
    assert a_row.details == {
        "rating_before": 1700.0, "opponent_final": 1882.4843, "win_bonus": True,
    }  # fmt: skip
    assert (b_row.rating_used, b_row.opponent_used, b_row.expected, b_row.k) == (
        1900,
        1727,
        7298,
        24,
    )
    assert b_row.change == -175157
    assert b_row.details["win_bonus"] is False
    # Grades by promotion with 31 games: 1727 >= 1680 (1d LB, 14 games), 1882 >= 1800 (2d).
    assert result.published == [
        PublishedRow(0, A, 1727, 1, 24, 27, "1d"),
        PublishedRow(0, B, 1882, 1, 24, -18, "2d"),
    ]
    assert result.live[A].status == "established"


def test_fesa_statuses_grades_and_newcomers():
    # N declares 5 kyu (midpoint 1240) and plays 3 games against established players; with 3
    # rated games N is unrated: not on the list, status "unrated", grade still 5k (declared).
    # M has neither rating nor grade and only loses: unrated too, rated from a solved start.
    players = [
        PlayerInput(A, starting_rating=1700, starting_games=30),
        PlayerInput(B, starting_rating=1900, starting_games=30),
        PlayerInput(N, declared_grade="5 kyu"),
        PlayerInput(M),
    ]
    games = [
        GameInput(100, 10, D(2025, 1, 5), N, A, 2),
        GameInput(101, 10, D(2025, 1, 5), M, B, 0),
        GameInput(102, 10, D(2025, 1, 6), N, B, 0),
        GameInput(103, 10, D(2025, 1, 6), M, A, 0),
        GameInput(104, 10, D(2025, 1, 6), N, M, 1),
    ]
    result = _run(FesaPeriodSystem(), games, players)

    assert [r.player for r in result.published] == [A, B]
    assert result.live[N].status == "unrated"
    assert result.live[N].live is None
    assert result.live[N].grade == "5k"
    assert result.live[M].status == "unrated"
    # N's first game starts from the 5 kyu midpoint 1240, K 32 (1040 <= 1240 < 1280).
    first = next(r for r in result.ledger if r.game == 100 and r.player == N)
    assert (first.rating_used, first.k) == (1240, 32)
    # A declared no grade and earns 1 dan: rating 1680 (1d LB) with 32 >= 14 games.
    assert (result.live[A].live, result.live[A].grade) == (168000, "1d")
    assert result.live[B].grade == "2d"  # B: at least 1800 (2d LB) with 32 games


def test_fesa_grade_promotion_is_kept_when_the_rating_falls():
    # A, declared 2d, at 2085 with 40 games earns 4 dan (LB 2080, 16 games) after a draw
    # with an equal (no change). Then A loses to B, both 2085, K 20: by hand the fixed point
    # is FA = 2085 - 20 f(2085, FB), FB = 2085 + 20 (1 - f(2085, FA)) -> FA = 2075.2797,
    # FB = 2094.7203; A -> 2085 - 9.7203 -> 2075, below the 4d LB; the grade stays 4d.
    players = [
        PlayerInput(A, starting_rating=2085, starting_games=40, declared_grade="2d"),
        PlayerInput(B, starting_rating=2085, starting_games=40),
    ]
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, B, 1),
        GameInput(101, 11, D(2025, 2, 5), A, B, 0),
    ]
    result = _run(FesaPeriodSystem(), games, players, lists=())
    assert [r.change for r in result.ledger if r.player == A] == [0, -97203]
    assert result.live[A].live == 207500
    assert result.live[A].grade == "4d"
    assert fesa.rating_to_grade(2075) == "3d"  # the grade of the rating alone


def test_fesa_newcomers_without_any_rated_opponent_are_not_rated():
    players = [PlayerInput(N), PlayerInput(M)]
    result = _run(FesaPeriodSystem(), [GameInput(100, 10, D(2025, 1, 5), N, M, 2)], players)

    assert result.ledger == []
    assert result.live[N].live is None


# --------------------------------------------------------------------------- checkpoints


def _tail_inputs(full_games, tournaments, list_dates, first):
    kept = {
        tid: t for tid, t in tournaments.items() if period_index(list_dates, t.end_date) >= first
    }
    games = [g for g in full_games if g.tournament in kept]
    needed = {period_index(list_dates, t.start_date) - 1 for t in kept.values()}
    return kept, games, needed & set(range(first))


@pytest.mark.parametrize("system", [EgfPeriodSystem, EgfOldPeriodSystem, FesaPeriodSystem])
@pytest.mark.parametrize("first", [1, 2])
def test_replay_from_a_checkpoint_equals_the_tail_of_a_full_replay(system, first):
    # N (declared grade) enters in period 1; C has a starting rating valid from March.
    tournaments = {
        10: TournamentInput(10, D(2025, 1, 5), D(2025, 1, 10), "A"),
        11: TournamentInput(11, D(2025, 2, 5), D(2025, 2, 10), "B"),
        12: TournamentInput(12, D(2025, 2, 20), D(2025, 3, 5), "A"),
        13: TournamentInput(13, D(2025, 3, 10), D(2025, 3, 12), "C"),
    }
    players = {
        A: PlayerInput(A, starting_rating=1800, starting_games=20),
        B: PlayerInput(B, starting_rating=1600, starting_games=20, declared_grade="3k"),
        C: PlayerInput(C, starting_rating=1400, starting_games=20, starting_date=D(2025, 3, 1)),
        N: PlayerInput(N, declared_grade="2k"),
    }
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, B, 2),
        GameInput(101, 10, D(2025, 1, 6), B, A, 1),
        GameInput(102, 11, D(2025, 2, 5), A, N, 0, 2),
        GameInput(103, 11, D(2025, 2, 6), N, B, 1),
        GameInput(104, 12, D(2025, 2, 20), B, A, 0),
        GameInput(105, 12, D(2025, 3, 2), N, A, 2),
        GameInput(106, 13, D(2025, 3, 10), C, N, 2, 1),
        GameInput(107, 13, D(2025, 3, 11), A, C, 0),
    ]
    lists = [FEB, MAR, APR]
    full = replay(system(), players=players, tournaments=tournaments, list_dates=lists,
                  games=games)  # fmt: skip
    kept, tail_games, needed = _tail_inputs(games, tournaments, lists, first)

    partial = replay(
        system(),
        players=players,
        tournaments=kept,
        list_dates=lists,
        games=tail_games,
        first_period=first,
        checkpoint=full.checkpoints[first - 1],
        earlier_published=[row for row in full.published if row.period in needed],
    )

    assert len(full.ledger) == 16
    assert partial.ledger == [row for row in full.ledger if row.period >= first]
    assert partial.published == [row for row in full.published if row.period >= first]
    assert partial.live == full.live
    assert partial.checkpoints == {i: c for i, c in full.checkpoints.items() if i >= first}


def test_a_checkpoint_of_another_system_is_refused():
    players = {A: PlayerInput(A, declared_grade="1d"), B: PlayerInput(B, declared_grade="1d")}
    games = [GameInput(100, 10, D(2025, 1, 5), A, B, 2)]
    egf_run = replay(EgfPeriodSystem(), players=players, tournaments=_tournaments(),
                     list_dates=[FEB], games=games)  # fmt: skip

    with pytest.raises(ValueError, match="not a checkpoint of this system"):
        replay(FesaPeriodSystem(), players=players, tournaments={}, list_dates=[FEB],
               games=[], first_period=1, checkpoint=egf_run.checkpoints[0])  # fmt: skip

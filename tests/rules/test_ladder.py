"""The club ladder's moves, without a database."""

from __future__ import annotations

from rules.ladder import after_game, can_challenge, challengeable

ORDER = [1, 2, 3, 4, 5, 6]


def test_the_challenger_who_wins_takes_the_place_and_the_others_move_down():
    assert after_game(ORDER, 5, 2, 1.0, 3) == [1, 5, 2, 3, 4, 6]
    assert after_game(ORDER, 2, 5, 0.0, 3) == [1, 5, 2, 3, 4, 6]  # challenger with black


def test_one_place_up_is_a_swap():
    assert after_game(ORDER, 2, 1, 1.0, 3) == [2, 1, 3, 4, 5, 6]


def test_a_draw_or_a_loss_changes_nothing():
    assert after_game(ORDER, 5, 2, 0.5, 3) == ORDER
    assert after_game(ORDER, 5, 2, 0.0, 3) == ORDER
    assert after_game(ORDER, 2, 5, 1.0, 3) == ORDER  # the higher player won


def test_out_of_reach_or_off_the_ladder_changes_nothing():
    assert after_game(ORDER, 6, 2, 1.0, 3) == ORDER  # 4 places above
    assert after_game(ORDER, 6, 2, 1.0, 4) == [1, 6, 2, 3, 4, 5]
    assert after_game(ORDER, 7, 1, 1.0, 3) == ORDER


def test_who_may_be_challenged():
    assert challengeable(ORDER, 5, 3) == [2, 3, 4]
    assert challengeable(ORDER, 2, 3) == [1]
    assert challengeable(ORDER, 1, 3) == []
    assert challengeable(ORDER, 9, 3) == []
    assert can_challenge(ORDER, 4, 1, 3)
    assert not can_challenge(ORDER, 5, 1, 3)
    assert not can_challenge(ORDER, 1, 2, 3)

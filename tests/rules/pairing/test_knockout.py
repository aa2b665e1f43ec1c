"""The knockout bracket and match rules (no database)."""

import pytest

from rules.pairing.knockout import (
    ARMAGEDDON,
    BLITZ,
    CLASSICAL,
    RAPID,
    MatchGame,
    MatchRules,
    bracket_size,
    first_round,
    match_games,
    match_status,
    next_round,
    round_count,
    seed_order,
)

HIGH, LOW = 11, 22


def test_seed_order_of_sixteen_is_the_world_cup_bracket():
    assert seed_order(16) == [1, 16, 9, 8, 5, 12, 13, 4, 3, 14, 11, 6, 7, 10, 15, 2]


def test_eight_players():
    assert first_round(8) == [(1, 8), (4, 5), (3, 6), (2, 7)]
    assert round_count(8) == 3


def test_five_players_top_three_seeds_get_byes():
    assert bracket_size(5) == 8
    assert first_round(5) == [(1, None), (4, 5), (3, None), (2, None)]


def test_twelve_players_top_four_seeds_get_byes():
    assert first_round(12) == [
        (1, None),
        (8, 9),
        (5, 12),
        (4, None),
        (3, None),
        (6, 11),
        (7, 10),
        (2, None),
    ]
    assert round_count(12) == 4


def test_sixteen_players():
    assert first_round(16) == [
        (1, 16),
        (8, 9),
        (5, 12),
        (4, 13),
        (3, 14),
        (6, 11),
        (7, 10),
        (2, 15),
    ]


def test_next_round_when_the_favourites_win_meets_one_and_two_in_the_final():
    quarter = next_round([1, 8, 5, 4, 3, 6, 7, 2])
    assert quarter == [(1, 8), (4, 5), (3, 6), (2, 7)]
    semi = next_round([1, 4, 3, 2])
    assert semi == [(1, 4), (2, 3)]
    assert next_round([1, 2]) == [(1, 2)]


def test_next_round_with_upsets_puts_the_better_seed_first():
    assert next_round([9, 12, 13, 3]) == [(9, 12), (3, 13)]


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        bracket_size(1)
    with pytest.raises(ValueError):
        seed_order(12)
    with pytest.raises(ValueError):
        next_round([1, 2, 3])


def test_classical_colours_alternate_the_higher_seed_white_first():
    assert match_games(HIGH, LOW, MatchRules(games=4)) == [
        (CLASSICAL, HIGH, LOW),
        (CLASSICAL, LOW, HIGH),
        (CLASSICAL, HIGH, LOW),
        (CLASSICAL, LOW, HIGH),
    ]


def _game(kind, white, result):
    return MatchGame(kind, white, LOW if white == HIGH else HIGH, result)


def test_a_match_in_progress_has_no_winner_and_nothing_to_add():
    games = [_game(CLASSICAL, HIGH, "10"), _game(CLASSICAL, LOW, "")]
    status = match_status(HIGH, LOW, games, MatchRules())
    assert status.winner is None
    assert status.next_games == ()
    assert status.score == (1.0, 0.0)


def test_a_won_classical_match():
    games = [_game(CLASSICAL, HIGH, "=="), _game(CLASSICAL, LOW, "10")]
    status = match_status(HIGH, LOW, games, MatchRules())
    assert (status.winner, status.score, status.stage) == (LOW, (0.5, 1.5), CLASSICAL)


def test_a_forfeit_counts_as_a_win():
    games = [_game(CLASSICAL, HIGH, "-+")]
    assert match_status(HIGH, LOW, games, MatchRules(games=1)).winner == LOW


def test_a_tied_match_goes_to_a_rapid_pair():
    games = [_game(CLASSICAL, HIGH, "10"), _game(CLASSICAL, LOW, "10")]
    status = match_status(HIGH, LOW, games, MatchRules())
    assert status.winner is None
    assert status.next_games == ((RAPID, HIGH, LOW), (RAPID, LOW, HIGH))
    assert status.score == (1.0, 1.0)


def test_rapid_then_blitz_then_armageddon_draw_gives_black_the_match():
    rules = MatchRules(games=2, rapid_pairs=1, blitz_pairs=1)
    games = [
        _game(CLASSICAL, HIGH, "=="),
        _game(CLASSICAL, LOW, "=="),
        _game(RAPID, HIGH, "10"),
        _game(RAPID, LOW, "10"),
    ]
    status = match_status(HIGH, LOW, games, rules)
    assert status.next_games == ((BLITZ, HIGH, LOW), (BLITZ, LOW, HIGH))
    games += [_game(BLITZ, HIGH, "=="), _game(BLITZ, LOW, "==")]
    status = match_status(HIGH, LOW, games, rules)
    assert status.next_games == ((ARMAGEDDON, HIGH, LOW),)
    games.append(_game(ARMAGEDDON, HIGH, "=="))
    status = match_status(HIGH, LOW, games, rules)
    assert (status.winner, status.stage) == (LOW, ARMAGEDDON)


def test_the_higher_seed_may_choose_black_in_the_armageddon():
    rules = MatchRules(games=1, rapid_pairs=0, blitz_pairs=0)
    games = [_game(CLASSICAL, HIGH, "==")]
    status = match_status(HIGH, LOW, games, rules, armageddon_white=LOW)
    assert status.next_games == ((ARMAGEDDON, LOW, HIGH),)
    games.append(_game(ARMAGEDDON, LOW, "=="))
    assert match_status(HIGH, LOW, games, rules).winner == HIGH


def test_a_won_armageddon_goes_to_the_winner():
    rules = MatchRules(games=1, rapid_pairs=0, blitz_pairs=0)
    games = [_game(CLASSICAL, HIGH, "=="), _game(ARMAGEDDON, HIGH, "10")]
    assert match_status(HIGH, LOW, games, rules).winner == HIGH


def test_a_second_rapid_pair_decides():
    rules = MatchRules(games=2, rapid_pairs=2, blitz_pairs=1)
    games = [
        _game(CLASSICAL, HIGH, "=="),
        _game(CLASSICAL, LOW, "=="),
        _game(RAPID, HIGH, "=="),
        _game(RAPID, LOW, "=="),
    ]
    assert match_status(HIGH, LOW, games, rules).next_games == (
        (RAPID, HIGH, LOW),
        (RAPID, LOW, HIGH),
    )
    games += [_game(RAPID, HIGH, "01"), _game(RAPID, LOW, "==")]
    status = match_status(HIGH, LOW, games, rules)
    assert (status.winner, status.score, status.stage) == (LOW, (0.5, 1.5), RAPID)


def test_without_armageddon_blitz_pairs_go_on_until_one_is_won():
    rules = MatchRules(games=1, rapid_pairs=0, blitz_pairs=1, armageddon=False)
    games = [_game(CLASSICAL, HIGH, "=="), _game(BLITZ, HIGH, "=="), _game(BLITZ, LOW, "==")]
    assert match_status(HIGH, LOW, games, rules).next_games == (
        (BLITZ, HIGH, LOW),
        (BLITZ, LOW, HIGH),
    )
    games += [_game(BLITZ, HIGH, "10"), _game(BLITZ, LOW, "==")]
    assert match_status(HIGH, LOW, games, rules).winner == HIGH


def test_a_game_of_the_wrong_kind_is_refused():
    games = [_game(CLASSICAL, HIGH, "=="), _game(BLITZ, LOW, "==")]
    with pytest.raises(ValueError):
        match_status(HIGH, LOW, games, MatchRules())


def test_no_games_yet_gives_the_classical_games():
    status = match_status(HIGH, LOW, [], MatchRules(games=2))
    assert status.next_games == ((CLASSICAL, HIGH, LOW), (CLASSICAL, LOW, HIGH))

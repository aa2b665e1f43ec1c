"""The pure McMahon / go-shogi Swiss engine: hand-worked small cases and properties."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.pairing.mcmahon import (
    McMahonBoard,
    McMahonPlayer,
    McMahonState,
    grade_rank,
    handicap,
    initial_mms,
    pair_round,
    rank_grade,
)

P = McMahonPlayer
B = McMahonBoard


@pytest.mark.parametrize(
    ("grade", "rank"), [("30k", -30), ("5k", -5), ("1k", -1), ("1d", 0), ("7d", 6), ("1p", 7)]
)
def test_grade_rank(grade, rank):
    assert grade_rank(grade) == rank


def test_rank_grade_inverts_amateur_grades():
    assert [rank_grade(grade_rank(g)) for g in ("20k", "1k", "1d", "4d")] == [
        "20k",
        "1k",
        "1d",
        "4d",
    ]


def test_initial_mms_with_bars():
    # 30k = 0, 1d = 30; top bar 1d: 3d starts like 1d; floor bar 20k: 25k starts like 20k.
    assert initial_mms(grade_rank("1d")) == 30
    assert initial_mms(grade_rank("5k")) == 25
    assert initial_mms(grade_rank("3d"), top_bar=0) == 30
    assert initial_mms(grade_rank("25k"), floor_bar=-20) == 10
    assert initial_mms(grade_rank("10k"), top_bar=0, floor_bar=-20) == 20


def test_handicap_policies():
    five_dan, one_dan, three_kyu = 4, 0, -3
    assert handicap(five_dan, one_dan, policy="none") == 0
    assert handicap(five_dan, one_dan, policy="minus_one") == 3
    assert handicap(one_dan, three_kyu, policy="minus_one") == 2
    assert handicap(five_dan, three_kyu, policy="capped", cap=4) == 4
    assert handicap(grade_rank("25k"), five_dan, policy="minus_one") == 9  # at most 9 stones
    assert handicap(one_dan, -1, policy="minus_one") == 0  # one grade apart: even
    # Above the top bar (1d) everybody plays even.
    assert handicap(five_dan, one_dan, policy="minus_one", top_bar=0) == 0
    with pytest.raises(ValueError, match="unknown handicap policy"):
        handicap(1, 2, policy="half")


def test_round_one_pairs_neighbouring_groups():
    # 2d, 1d, 1k, 2k: MMS 31, 30, 29, 28. AB + CD costs 1 + 1; AC + BD 4 + 4; AD + BC 9 + 1.
    state = McMahonState(
        players=(P(1, 1), P(2, 0), P(3, -1), P(4, -2)), handicap_policy="minus_one"
    )
    result = pair_round(state)
    # Even games (one grade apart); board 1: the higher-placed takes White, board 2 the lower.
    assert result.boards == (B(1, 2, 0), B(4, 3, 0))
    assert result.bye is None


def test_handicap_game_gives_white_to_the_stronger():
    # 5d (rank 4) and 1d (rank 0), only two players: 3 stones, 1d (weaker) takes Black.
    state = McMahonState(players=(P(1, 0), P(2, 4)), handicap_policy="minus_one")
    assert pair_round(state).boards == (B(2, 1, 3),)


def test_split_and_slip_inside_a_group():
    # Swiss (everybody MMS 0), ordered by rating: 1 meets 3, 2 meets 4 (i meets i + s/2).
    players = tuple(P(i, 0, rating=2500 - 100 * i) for i in range(1, 5))
    result = pair_round(McMahonState(players=players, mcmahon=False))
    assert result.boards == (B(1, 3), B(4, 2))


def test_odd_field_bye_to_the_lowest_then_the_next_up():
    players = tuple(P(i, 0, rating=2500 - 100 * i) for i in range(1, 6))
    result = pair_round(McMahonState(players=players, mcmahon=False))
    assert result.bye == 5
    assert result.boards == (B(1, 3), B(4, 2))
    had_bye = (*players[:4], P(5, 0, rating=2000, byes=1))
    result = pair_round(McMahonState(players=had_bye, mcmahon=False))
    assert result.bye == 4
    # Left: 1, 2, 3, 5 (one group of four): 1-3, 2-5.
    assert result.boards == (B(1, 3), B(5, 2))


def test_round_two_avoids_rematches_and_balances_colours():
    # Round 1: 1 (White) beat 3, 2 (Black) beat 4. Groups {1, 2} and {3, 4}.
    players = (
        P(1, 0, Fraction(1), frozenset({3}), ("w",)),
        P(2, 0, Fraction(1), frozenset({4}), ("b",)),
        P(3, 0, Fraction(0), frozenset({1}), ("b",)),
        P(4, 0, Fraction(0), frozenset({2}), ("w",)),
    )
    result = pair_round(McMahonState(players=players, mcmahon=False))
    # 2 has had Black: White now; 3 has had Black: White now.
    assert result.boards == (B(2, 1), B(3, 4))


def test_top_bar_makes_a_swiss_at_the_top():
    # 3d 2d 1d | 1k | 2k | 3k with the bar at 1d: MMS 30 30 30 29 28 27.
    ranks = [2, 1, 0, -1, -2, -3]
    state = McMahonState(
        players=tuple(P(i, r) for i, r in enumerate(ranks, 1)),
        top_bar=0,
        handicap_policy="minus_one",
    )
    result = pair_round(state)
    # 3d-2d inside the top group, its lowest (1d) floats down to 1k, then 2k-3k.
    assert result.boards == (B(1, 2, 0), B(4, 3, 0), B(5, 6, 0))


def test_no_pairing_without_a_rematch_is_refused():
    players = (P(1, 0, opponents=frozenset({2})), P(2, 0, opponents=frozenset({1})))
    result = pair_round(McMahonState(players=players))
    assert not result.ok
    assert result.message == "no pairing avoids rematches and forbidden pairs"


def test_forbidden_pair_is_never_paired():
    players = tuple(P(i, 0, rating=2500 - 100 * i) for i in range(1, 5))
    state = McMahonState(
        players=players, mcmahon=False, forbidden_pairs=frozenset({frozenset({1, 3})})
    )
    # Without it 1-3, 2-4 (placement 0 + 0). With it, deviations weighted by (4 - position of
    # the upper player): 1-2 + 3-4 costs 1·4 + 1·2 = 6, 1-4 + 2-3 costs 1·4 + 1·3 = 7.
    assert pair_round(state).boards == (B(1, 2), B(4, 3))


def test_absent_players_are_not_paired():
    players = (P(1, 0), P(2, 0), P(3, 0, absent=True))
    result = pair_round(McMahonState(players=players, mcmahon=False))
    assert result.boards == (B(1, 2),)
    assert result.bye is None


def test_shogi_ignores_colour_history():
    """The Dutch engine (and go mode) would give player 2 White after two Blacks; shogi
    lists the higher-placed player first whatever the colours were."""
    # R1: 1-3 1-0, 4-2 0-1, 5-6 1-0; R2: 1-5 1-0, 6-2 0-1, 3-4 0-1 (White first).
    base = [
        P(1, 0, Fraction(2), frozenset({3, 5}), ("w", "w")),
        P(2, 0, Fraction(2), frozenset({4, 6}), ("b", "b")),
        P(3, 0, Fraction(0), frozenset({1, 4}), ("b", "w")),
        P(4, 0, Fraction(1), frozenset({2, 3}), ("w", "b")),
        P(5, 0, Fraction(1), frozenset({6, 1}), ("w", "b")),
        P(6, 0, Fraction(0), frozenset({5, 2}), ("b", "w")),
    ]
    flipped = [
        P(
            p.number,
            p.rank,
            p.points,
            p.opponents,
            tuple({"w": "b", "b": "w"}[c] for c in p.colours),
        )
        for p in base
    ]
    shogi = pair_round(McMahonState(players=tuple(base), mcmahon=False, colour_balance=False))
    shogi_flipped = pair_round(
        McMahonState(players=tuple(flipped), mcmahon=False, colour_balance=False)
    )
    go = pair_round(McMahonState(players=tuple(base), mcmahon=False))
    assert shogi == shogi_flipped
    assert shogi.boards == (B(1, 2), B(4, 5), B(3, 6))
    # Go balances: 2 (two Blacks) takes White; 4 and 5 both had Black last, so board 2
    # (even) gives White to the lower-placed; 3 and 6 both had White last: board 3 (odd)
    # gives it to the higher-placed.
    assert go.boards == (B(2, 1), B(5, 4), B(3, 6))


def test_same_input_same_output():
    rng = random.Random(7)
    players = tuple(P(i, rng.randint(-20, 5), rating=rng.randint(0, 2500)) for i in range(1, 31))
    state = McMahonState(players=players, top_bar=2, floor_bar=-15, handicap_policy="minus_one")
    assert pair_round(state) == pair_round(state)


# --------------------------------------------------------------------------- properties


def _play(state: McMahonState, result, rng: random.Random) -> McMahonState:
    """Apply random results of ``result`` to ``state`` (winner +1, bye +1)."""
    players = {p.number: p for p in state.players}
    updates = dict(players)
    for board in result.boards:
        white, black = players[board.white], players[board.black]
        white_wins = rng.random() < 0.5
        for me, other, colour, won in (
            (white, black, "w", white_wins),
            (black, white, "b", not white_wins),
        ):
            updates[me.number] = McMahonPlayer(
                number=me.number,
                rank=me.rank,
                points=me.points + (1 if won else 0),
                opponents=me.opponents | {other.number},
                colours=me.colours + ((colour,) if board.handicap == 0 else ()),
                byes=me.byes,
                rating=me.rating,
            )
    if result.bye is not None:
        p = players[result.bye]
        updates[p.number] = McMahonPlayer(
            number=p.number,
            rank=p.rank,
            points=p.points + 1,
            opponents=p.opponents,
            colours=p.colours,
            byes=p.byes + 1,
            rating=p.rating,
        )
    return McMahonState(
        players=tuple(updates[n] for n in sorted(updates)),
        mcmahon=state.mcmahon,
        top_bar=state.top_bar,
        floor_bar=state.floor_bar,
        colour_balance=state.colour_balance,
        handicap_policy=state.handicap_policy,
    )


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(min_value=5, max_value=21),
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=10**6),
    mcmahon=st.booleans(),
    shogi=st.booleans(),
)
def test_properties_over_random_tournaments(n, rounds, seed, mcmahon, shogi):
    rng = random.Random(seed)
    players = tuple(
        McMahonPlayer(number=i, rank=rng.randint(-20, 4), rating=rng.randint(0, 2400))
        for i in range(1, n + 1)
    )
    state = McMahonState(
        players=players,
        mcmahon=mcmahon,
        top_bar=1 if mcmahon else None,
        floor_bar=-15 if mcmahon else None,
        colour_balance=not shogi,
        handicap_policy="none" if shogi else "minus_one",
    )
    for _ in range(rounds):
        result = pair_round(state)
        if not result.ok:
            break
        by_number = {p.number: p for p in state.players}
        seen = [x for b in result.boards for x in (b.white, b.black)]
        if result.bye is not None:
            seen.append(result.bye)
        # Everyone paired exactly once.
        assert sorted(seen) == sorted(by_number)
        for board in result.boards:
            # No rematch.
            assert board.black not in by_number[board.white].opponents
            # White is the stronger player in a handicap game.
            if board.handicap:
                assert by_number[board.white].rank > by_number[board.black].rank
        assert (result.bye is not None) == (n % 2 == 1)
        if result.bye is not None:
            # The bye goes to the lowest player (fewest byes first) that leaves a pairing.
            fewest = min(p.byes for p in state.players)
            bye_player = by_number[result.bye]
            assert bye_player.byes == fewest
            lower = [
                p
                for p in state.players
                if p.byes == fewest
                and p.number != result.bye
                and (state.mms(p), p.rank, p.rating, -p.number)
                < (state.mms(bye_player), bye_player.rank, bye_player.rating, -bye_player.number)
            ]
            for p in lower:
                without = McMahonState(
                    players=tuple(
                        McMahonPlayer(**{**q.__dict__, "absent": q.number == p.number})
                        for q in state.players
                    ),
                    mcmahon=state.mcmahon,
                    top_bar=state.top_bar,
                    floor_bar=state.floor_bar,
                )
                assert not pair_round(without).ok
        state = _play(state, result, rng)

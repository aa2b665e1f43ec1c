"""The McMahon engine's explanation: groups, the bye, floats, split and slip, colour rules."""

from __future__ import annotations

from fractions import Fraction

from rules.pairing.mcmahon import McMahonPlayer, McMahonState, pair_round

P = McMahonPlayer


def test_explaining_changes_no_pairing_and_names_the_forbidden_pair():
    players = tuple(P(i, 0, rating=2500 - 100 * i) for i in range(1, 6))
    state = McMahonState(
        players=players, mcmahon=False, forbidden_pairs=frozenset({frozenset({1, 3})})
    )

    plain, explained = pair_round(state), pair_round(state, explain=True)

    assert explained.boards == plain.boards and explained.bye == plain.bye == 5
    why = explained.explanation
    assert why["groups"] == [{"mms": 0.0, "players": [1, 2, 3, 4, 5]}]
    assert why["bye"] == {"player": 5, "byes": 0, "mms": 0.0, "passed_over": []}
    # Split and slip would pair 1 with 3, which the arbiter forbade.
    assert why["boards"][0]["choice"] == {"player": 1, "first": 3, "criterion": "forbidden"}
    assert [b["colour_rule"] for b in why["boards"]] == ["board", "board"]


def test_rematch_float_and_colour_rules():
    # Round 2: 1 beat 3 (1 White), 2 beat 4 (2 Black).
    players = (
        P(1, 0, Fraction(1), frozenset({3}), ("w",)),
        P(2, 0, Fraction(1), frozenset({4}), ("b",)),
        P(3, 0, Fraction(0), frozenset({1}), ("b",)),
        P(4, 0, Fraction(0), frozenset({2}), ("w",)),
    )
    why = pair_round(McMahonState(players=players, mcmahon=False), explain=True).explanation

    assert why["groups"] == [
        {"mms": 1.0, "players": [1, 2]},
        {"mms": 0.0, "players": [3, 4]},
    ]
    # 2 had Black, 3 had Black: each gets White by the colour balance.
    assert [(b["upper"], b["lower"], b["colour_rule"]) for b in why["boards"]] == [
        (1, 2, "balance"),
        (3, 4, "balance"),
    ]
    assert all(not b["floated"] and b["choice"] is None for b in why["boards"])


def test_a_rematch_sends_a_player_to_the_next_group():
    # 1 and 2 (1 point) have met: each floats down to a 0-point player.
    players = (
        P(1, 0, Fraction(1), frozenset({2}), ("w",)),
        P(2, 0, Fraction(1), frozenset({1}), ("b",)),
        P(3, 0, Fraction(0), frozenset({4}), ("b",)),
        P(4, 0, Fraction(0), frozenset({3}), ("w",)),
    )
    why = pair_round(McMahonState(players=players, mcmahon=False), explain=True).explanation

    first = why["boards"][0]
    assert first["floated"] and first["mms"] == [1.0, 0.0]
    assert first["choice"] == {"player": 1, "first": 2, "criterion": "rematch"}


def test_handicap_and_shogi_colour_rules():
    go = McMahonState(players=(P(1, 0), P(2, 4)), handicap_policy="minus_one")
    assert pair_round(go, explain=True).explanation["boards"][0]["colour_rule"] == "handicap"
    shogi = McMahonState(players=(P(1, 0), P(2, 4)), colour_balance=False)
    assert pair_round(shogi, explain=True).explanation["boards"][0]["colour_rule"] == "furigoma"

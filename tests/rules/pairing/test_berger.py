"""Berger schedules against the published FIDE tables (C.05 Annex 1, pairings.md §1.1)."""

import random

import pytest

from rules.pairing.berger import (
    Game,
    berger_pairs,
    berger_schedule,
    numbers_by_lot,
    numbers_by_rating,
    round_count,
)

# The published tables, White first, one string per round (for 2k - 1 players use the table
# for 2k; number 2k is the bye).
PUBLISHED = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
    12: [
        "1-12 2-11 3-10 4-9 5-8 6-7",
        "12-7 8-6 9-5 10-4 11-3 1-2",
        "2-12 3-1 4-11 5-10 6-9 7-8",
        "12-8 9-7 10-6 11-5 1-4 2-3",
        "3-12 4-2 5-1 6-11 7-10 8-9",
        "12-9 10-8 11-7 1-6 2-5 3-4",
        "4-12 5-3 6-2 7-1 8-11 9-10",
        "12-10 11-9 1-8 2-7 3-6 4-5",
        "5-12 6-4 7-3 8-2 9-1 10-11",
        "12-11 1-10 2-9 3-8 4-7 5-6",
        "6-12 7-5 8-4 9-3 10-2 11-1",
    ],
    14: [
        "1-14 2-13 3-12 4-11 5-10 6-9 7-8",
        "14-8 9-7 10-6 11-5 12-4 13-3 1-2",
        "2-14 3-1 4-13 5-12 6-11 7-10 8-9",
        "14-9 10-8 11-7 12-6 13-5 1-4 2-3",
        "3-14 4-2 5-1 6-13 7-12 8-11 9-10",
        "14-10 11-9 12-8 13-7 1-6 2-5 3-4",
        "4-14 5-3 6-2 7-1 8-13 9-12 10-11",
        "14-11 12-10 13-9 1-8 2-7 3-6 4-5",
        "5-14 6-4 7-3 8-2 9-1 10-13 11-12",
        "14-12 13-11 1-10 2-9 3-8 4-7 5-6",
        "6-14 7-5 8-4 9-3 10-2 11-1 12-13",
        "14-13 1-12 2-11 3-10 4-9 5-8 6-7",
        "7-14 8-6 9-5 10-4 11-3 12-2 13-1",
    ],
    16: [
        "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9",
        "16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2",
        "2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10",
        "16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3",
        "3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11",
        "16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4",
        "4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12",
        "16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5",
        "5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13",
        "16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6",
        "6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14",
        "16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7",
        "7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15",
        "16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8",
        "8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
    ],
}


def parse(row: str) -> list[tuple[int, int]]:
    return [(int(w), int(b)) for w, b in (pair.split("-") for pair in row.split())]


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_table_matches_published(size):
    assert [list(berger_pairs(size, r)) for r in range(1, size)] == [
        parse(row) for row in PUBLISHED[size]
    ]


@pytest.mark.parametrize("players", range(3, 17))
def test_schedule_matches_published(players):
    size = players + players % 2
    schedule = berger_schedule(players)
    assert len(schedule) == round_count(players) == size - 1
    for round_, row in zip(schedule, PUBLISHED[size], strict=True):
        expected = parse(row)
        if players % 2:
            # Odd field: the game against the highest number is the bye.
            (bye_pair,) = [p for p in expected if size in p]
            expected.remove(bye_pair)
            assert round_.bye == (bye_pair[1] if bye_pair[0] == size else bye_pair[0])
        else:
            assert round_.bye is None
        assert [(g.white, g.black) for g in round_.games] == expected
        assert round_.cycle == 1


@pytest.mark.parametrize("players", range(2, 21))
def test_every_pair_meets_once(players):
    schedule = berger_schedule(players)
    pairs = [frozenset((g.white, g.black)) for r in schedule for g in r.games]
    assert len(pairs) == len(set(pairs)) == players * (players - 1) // 2
    for round_ in schedule:
        seen = [p for g in round_.games for p in (g.white, g.black)]
        seen += [round_.bye] if round_.bye else []
        assert sorted(seen) == list(range(1, players + 1))


@pytest.mark.parametrize("players", range(3, 17))
def test_double_round_robin(players):
    single = berger_schedule(players)
    double = berger_schedule(players, double=True)
    m = len(single)
    assert len(double) == round_count(players, double=True) == 2 * m
    assert [r.number for r in double] == list(range(1, 2 * m + 1))
    assert [r.cycle for r in double] == [1] * m + [2] * m
    # First cycle: the published rounds with the last two swapped.
    first = [single[i].games for i in range(m - 2)] + [single[m - 1].games, single[m - 2].games]
    assert [r.games for r in double[:m]] == first
    # Second cycle: the published order with colours reversed.
    for table, again in zip(single, double[m:], strict=True):
        assert again.games == tuple(Game(g.black, g.white) for g in table.games)
        assert again.bye == table.bye
    # The swap prevents three equal colours in a row around the cycle boundary.
    for player in range(1, players + 1):
        colours = []
        for r in double[m - 3 : m + 3]:
            for g in r.games:
                if player in (g.white, g.black):
                    colours.append("w" if g.white == player else "b")
        assert "www" not in "".join(colours) and "bbb" not in "".join(colours)


def test_double_round_robin_of_four_literally():
    rounds = [[(g.white, g.black) for g in r.games] for r in berger_schedule(4, double=True)]
    assert rounds == [
        [(1, 4), (2, 3)],
        [(2, 4), (3, 1)],  # table round 3 played second ...
        [(4, 3), (1, 2)],  # ... and table round 2 third
        [(4, 1), (3, 2)],
        [(3, 4), (2, 1)],
        [(4, 2), (1, 3)],
    ]


def test_two_players():
    assert berger_schedule(2, double=True)[1].games == (Game(2, 1),)


@pytest.mark.parametrize("bad", [0, 1, -4])
def test_rejects_too_few_players(bad):
    with pytest.raises(ValueError, match="at least"):
        berger_schedule(bad)


def test_rejects_odd_table_and_bad_round():
    with pytest.raises(ValueError, match="even"):
        berger_pairs(5, 1)
    with pytest.raises(ValueError, match="round"):
        berger_pairs(6, 6)


def test_numbers_by_lot_is_a_reproducible_permutation():
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    first = numbers_by_lot(names, rng=random.Random(7))
    assert first == numbers_by_lot(names, rng=random.Random(7))
    assert sorted(first.values()) == [1, 2, 3, 4, 5]
    assert set(first) == set(names)
    with pytest.raises(ValueError, match="distinct"):
        numbers_by_lot(["Ann", "Ann"])


def test_numbers_by_rating_seeds_highest_first_unrated_last():
    ratings = {"Ann": 1800, "Bob": None, "Cid": 2100, "Dee": 1800, "Abe": 1800}
    numbers = numbers_by_rating(list(ratings), ratings.get, name=str)
    assert numbers == {"Cid": 1, "Abe": 2, "Ann": 3, "Dee": 4, "Bob": 5}

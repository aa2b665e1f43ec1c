"""The prize list's rules (:mod:`rules.prizes`), without a database."""

from decimal import Decimal
from fractions import Fraction

import pytest

from rules import prizes as rp
from rules.prizes import Contender, Prize

YEAR = 2026


def field(*scores, **attributes):
    """Players "A", "B"… ranked in the given order with these scores; ``attributes`` maps a
    key to the Contender fields it overrides."""
    return [
        Contender(
            key=chr(ord("A") + i),
            rank=i + 1,
            score=Fraction(score),
            **attributes.get(chr(ord("A") + i), {}),
        )
        for i, score in enumerate(scores)
    ]


def places(*amounts):
    return [Prize(rp.PLACE, amount, place=n) for n, amount in enumerate(amounts, start=1)]


def paid(allocation):
    return {p.key: p.amount for p in allocation.payouts}


def test_the_worked_hort_example_of_the_german_wikipedia():
    """The worked example of "Hort-System", German Wikipedia (de.wikipedia.org/wiki/Hort-System,
    section "Beispiel"): prizes 1000, 500, 350, 200, 150, 100 €; A and B 8 points (Buchholz
    71.0 and 70.5), C 7.5, D, E and F 7 points (Buchholz 73.5, 71.0, 68.5). Each keeps 50 %
    of the prize of their place, the other 50 % is pooled by the players on equal points:

    - A and B: pool 500 + 250 = 750, 375 each: A 500 + 375 = 875 €, B 250 + 375 = 625 €;
    - C alone on 7.5: 350 €;
    - D, E, F: pool 100 + 75 + 50 = 225, 75 each: D 175 €, E 150 €, F 125 €.
    """
    table = places(1000, 500, 350, 200, 150, 100)
    allocation = rp.allocate(field(8, 8, "7.5", 7, 7, 7), table, method=rp.HORT, year=YEAR)
    assert paid(allocation) == {"A": 875, "B": 625, "C": 350, "D": 175, "E": 150, "F": 125}
    assert allocation.awarded == allocation.paid == 2300
    assert [(s.pool, s.each, s.remainder) for s in allocation.splits] == [
        (750, 375, 0),
        (225, 75, 0),
    ]
    assert allocation.splits[0].players == ("A", "B")


def test_shared_and_tiebreak_on_the_same_standings():
    table = places(1000, 500, 350, 200, 150, 100)
    standings = field(8, 8, "7.5", 7, 7, 7)
    shared = rp.allocate(standings, table, method=rp.SHARED, year=YEAR)
    assert paid(shared) == {"A": 750, "B": 750, "C": 350, "D": 150, "E": 150, "F": 150}
    by_tiebreak = rp.allocate(standings, table, method=rp.TIEBREAK, year=YEAR)
    assert paid(by_tiebreak) == {"A": 1000, "B": 500, "C": 350, "D": 200, "E": 150, "F": 100}
    assert by_tiebreak.splits == ()


def test_a_junior_with_a_place_prize_leaves_the_junior_prize_to_the_next_junior():
    young = {"birth_year": YEAR - 12}
    table = [*places(300, 200, 100), Prize(rp.JUNIOR, 50, age=14)]
    standings = field(5, 4, 3, 2, 1, B=young, E=young)
    allocation = rp.allocate(standings, table, method=rp.TIEBREAK, year=YEAR)
    assert allocation.winners == {0: "A", 1: "B", 2: "C", 3: "E"}
    assert paid(allocation) == {"A": 300, "B": 200, "C": 100, "E": 50}


def test_a_category_prize_worth_more_than_the_place_moves_the_place_down():
    table = [*places(300, 200, 100), Prize(rp.WOMEN, 150)]
    standings = field(5, 4, 3, 2, 1, C={"sex": "f"})
    allocation = rp.allocate(standings, table, method=rp.TIEBREAK, year=YEAR)
    assert allocation.winners == {0: "A", 1: "B", 2: "D", 3: "C"}


def test_a_place_prize_goes_before_a_category_prize_of_the_same_amount():
    table = [Prize(rp.UNRATED, 100), *places(100)]
    standings = field(5, 4, A={"rating": None}, B={"rating": 1800})
    allocation = rp.allocate(standings, table, method=rp.TIEBREAK, year=YEAR)
    assert allocation.winners == {0: None, 1: "A"}
    assert allocation.unclaimed == (0,)
    assert allocation.awarded == allocation.paid == 100


@pytest.mark.parametrize(
    ("prize", "attributes", "eligible"),
    [
        (Prize(rp.JUNIOR, 1, age=14), {"birth_year": YEAR - 13}, True),
        (Prize(rp.JUNIOR, 1, age=14), {"birth_year": YEAR - 14}, False),
        (Prize(rp.JUNIOR, 1, age=14), {}, False),
        (Prize(rp.SENIOR, 1, age=65), {"birth_year": YEAR - 65}, True),
        (Prize(rp.SENIOR, 1, age=65), {"birth_year": YEAR - 64}, False),
        (Prize(rp.RATING, 1, rating_min=1600, rating_max=1799), {"rating": 1799}, True),
        (Prize(rp.RATING, 1, rating_min=1600, rating_max=1799), {"rating": 1800}, False),
        (Prize(rp.RATING, 1, rating_max=1599), {"rating": None}, False),
        (Prize(rp.UNRATED, 1), {"rating": None}, True),
        (Prize(rp.UNRATED, 1), {"rating": 1500}, False),
        (Prize(rp.WOMEN, 1), {"sex": "m"}, False),
        (Prize(rp.CLUB, 1, club=7), {"club": 7}, True),
        (Prize(rp.CLUB, 1, club=7), {"club": None}, False),
    ],
)
def test_who_a_category_admits(prize, attributes, eligible):
    player = Contender(key="A", rank=1, score=Fraction(1), **attributes)
    assert prize.eligible(player, YEAR) is eligible


def test_shares_are_rounded_to_the_minor_unit_with_the_remainder_to_the_best_placed():
    """100.00 shared by three: 33.34 for the best-placed by tie-breaks, 33.33 for the
    others (remainder: 1 cent); Hort 100.01 + 50.00 by two: each keeps 50.01 and 25.00, the
    pool of 50.00 + 25.00 = 75.00 gives 37.50 each."""
    three = rp.allocate(field(3, 3, 3), places(5000, 3000, 2000), method=rp.SHARED, year=YEAR)
    assert paid(three) == {"A": 3334, "B": 3333, "C": 3333}
    assert three.splits[0].remainder == 1
    assert three.paid == three.awarded == 10000
    hort = rp.allocate(field(3, 3), places(10001, 5000), method=rp.HORT, year=YEAR)
    assert paid(hort) == {"A": 5001 + 3750, "B": 2500 + 3750}
    assert hort.paid == hort.awarded == 15001


def test_a_tie_across_the_last_paid_place_shares_its_pool():
    """Two prizes, 100 and 60; B and C tie on 4 points for the second: shared, they split 60;
    Hort, B keeps 30 and the other 30 is shared."""
    standings = field(5, 4, 4, 3)
    shared = rp.allocate(standings, places(100, 60), method=rp.SHARED, year=YEAR)
    assert paid(shared) == {"A": 100, "B": 30, "C": 30}
    assert shared.splits[0].players == ("B", "C")
    assert next(p for p in shared.payouts if p.key == "C").prize is None
    hort = rp.allocate(standings, places(100, 60), method=rp.HORT, year=YEAR)
    assert paid(hort) == {"A": 100, "B": 45, "C": 15}
    assert hort.paid == hort.awarded == 160


def test_category_winners_tied_on_points_share_within_their_category_only():
    women = {"sex": "f"}
    table = [*places(300), Prize(rp.WOMEN, 100), Prize(rp.WOMEN, 50)]
    standings = field(5, 3, 3, 3, B=women, C=women)
    allocation = rp.allocate(standings, table, method=rp.SHARED, year=YEAR)
    assert paid(allocation) == {"A": 300, "B": 75, "C": 75}
    assert allocation.awarded == allocation.paid == 450


def test_an_unclaimed_prize_is_not_paid():
    table = [*places(100), Prize(rp.SENIOR, 40, age=65)]
    allocation = rp.allocate(field(2, 1), table, method=rp.HORT, year=YEAR)
    assert allocation.unclaimed == (1,)
    assert allocation.paid == allocation.awarded == 100


def test_an_unknown_method_is_refused():
    with pytest.raises(ValueError, match="unknown method"):
        rp.allocate(field(1), places(1), method="lottery", year=YEAR)


def test_minor_units_round_trip():
    assert rp.minor_units(Decimal("12.5"), 2) == 1250
    assert rp.major_units(1250, 2) == Decimal("12.50")
    assert rp.minor_units(Decimal("300"), 0) == 300
    assert str(rp.major_units(300, 0)) == "300"

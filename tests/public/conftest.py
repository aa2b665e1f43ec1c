"""Fixtures of the public pages' tests."""

import datetime

import pytest

from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_published_list,
    make_rating,
    make_round,
    make_tournament,
    register,
)


@pytest.fixture
def calculation():
    """Ann (1500, K 40) in two tournaments: one rated in the February list, one still open.

    Open period: beats Bob (1900): PD 0.08, 40 × 0.92 = +36.80; draws Cy (2000, counted as
    1900 by the 400-point rule): 40 × (0.5 − 0.08) = +16.80. Σ 1.34, K × Σ 53.60, rounded +54.
    February period: loses to Dee (1500): 40 × (0 − 0.50) = −20.00.
    """
    ann = make_player("Ames", "Ann", sex="f", federation="ENG", club=make_club("Riverside"))
    bob = make_player("Bell", "Bob", title="FM")
    cy = make_player("Cole", "Cy")
    dee = make_player("Dale", "Dee")
    make_rating(
        ann,
        "1553.60",
        rating=1500,
        games=4,
        k=40,
        peak=1520,
        period_change="53.60",
        last_played=datetime.date(2026, 3, 2),
    )
    february = make_published_list(datetime.date(2026, 2, 1))
    winter = make_tournament("Winter Cup", start_date=datetime.date(2026, 1, 10))
    w1 = make_game(make_round(winter, 1), dee, ann, "10")
    make_change(
        w1,
        ann,
        dee,
        period=february,
        rating_used=1520,
        opponent_rating=1500,
        opponent_rating_used=1500,
        score=0,
        expected="0.50",
        k=40,
        change="-20.00",
    )
    make_change(
        w1,
        dee,
        ann,
        period=february,
        rating_used=1500,
        opponent_rating=1520,
        opponent_rating_used=1520,
        score=1,
        expected="0.47",
        k=40,
        change="21.20",
    )
    spring = make_tournament(
        "Spring Open",
        slug="spring-open",
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 2),
        city="York",
    )
    register(spring, ann, bob, cy)
    r1 = make_round(spring, 1, date=datetime.date(2026, 3, 1))
    r2 = make_round(spring, 2, date=datetime.date(2026, 3, 2))
    g1 = make_game(r1, ann, bob, "10", board=1)
    make_game(r1, cy, None, "F", board=2)
    g2 = make_game(r2, cy, ann, "==", board=1)
    make_game(r2, bob, None, "H", board=2)
    make_change(
        g1,
        ann,
        bob,
        rating_used=1500,
        opponent_rating=1900,
        opponent_rating_used=1900,
        score=1,
        expected="0.08",
        k=40,
        change="36.80",
    )
    make_change(
        g1,
        bob,
        ann,
        rating_used=1900,
        opponent_rating=1500,
        opponent_rating_used=1500,
        score=0,
        expected="0.92",
        k=20,
        change="-18.40",
    )
    make_change(
        g2,
        ann,
        cy,
        rating_used=1500,
        opponent_rating=2000,
        opponent_rating_used=1900,
        capped=True,
        score="0.5",
        expected="0.08",
        k=40,
        change="16.80",
    )
    make_change(
        g2,
        cy,
        ann,
        rating_used=2000,
        opponent_rating=1500,
        opponent_rating_used=1600,
        capped=True,
        score="0.5",
        expected="0.92",
        k=20,
        change="-8.40",
    )
    return {"ann": ann, "bob": bob, "cy": cy, "dee": dee, "spring": spring, "winter": winter}

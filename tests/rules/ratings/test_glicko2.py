"""Glicko-2 against Mark E. Glickman's worked example ("Example of the Glicko-2 system",
glicko.net/glicko/glicko2.pdf): a player rated 1500, RD 200, volatility 0.06, tau 0.5, beats
a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300).

The paper prints its intermediate values rounded to four decimals and computes v and Delta
from the *rounded* g and E, so our exact v (1.77898) and Delta (-0.48393) differ from its 1.7785
and -0.4834 in the fourth decimal; every other printed value agrees to the paper's precision.
"""

from __future__ import annotations

import pytest

from rules.ratings import glicko2
from rules.ratings.glicko2 import Glicko, Outcome

PLAYER = Glicko(1500, 200, 0.06)
GAMES = [
    Outcome(Glicko(1400, 30), 1.0),
    Outcome(Glicko(1550, 100), 0.0),
    Outcome(Glicko(1700, 300), 0.0),
]


def test_step_2_converts_to_the_glicko2_scale():
    mu, phi = glicko2.to_glicko2(PLAYER)
    assert mu == 0
    assert round(phi, 4) == 1.1513
    opponents = [glicko2.to_glicko2(game.opponent) for game in GAMES]
    assert [round(mu_j, 4) for mu_j, _ in opponents] == [-0.5756, 0.2878, 1.1513]
    assert [round(phi_j, 4) for _, phi_j in opponents] == [0.1727, 0.5756, 1.7269]


def test_step_3_g_and_expected_scores_are_the_papers():
    opponents = [glicko2.to_glicko2(game.opponent) for game in GAMES]
    assert [round(glicko2.g(phi_j), 4) for _, phi_j in opponents] == [0.9955, 0.9531, 0.7242]
    assert [round(glicko2.expected(0, mu_j, phi_j), 3) for mu_j, phi_j in opponents] == [
        0.639,
        0.432,
        0.303,
    ]


def test_step_3_and_4_variance_and_improvement_within_the_papers_rounding():
    assert glicko2.variance(0, GAMES) == pytest.approx(1.7785, abs=0.0006)
    assert round(glicko2.variance(0, GAMES), 5) == 1.77898
    assert glicko2.improvement(0, GAMES) == pytest.approx(-0.4834, abs=0.0006)
    assert round(glicko2.improvement(0, GAMES), 5) == -0.48393


def test_step_5_illinois_iteration_gives_the_new_volatility():
    _, phi = glicko2.to_glicko2(PLAYER)
    v = glicko2.variance(0, GAMES)
    delta = glicko2.improvement(0, GAMES)
    sigma = glicko2.new_volatility(0.06, phi, v, delta, tau=0.5)
    # The paper prints 0.05999 (five decimals, cut): 0.059996.
    assert round(sigma, 6) == 0.059996
    assert sigma == pytest.approx(0.05999, abs=0.00001)
    # The paper's own inputs (v and Delta rounded) converge to the same value.
    paper = glicko2.new_volatility(0.06, 1.1513, 1.7785, -0.4834, tau=0.5)
    assert paper == pytest.approx(0.05999, abs=0.00001)


def test_steps_6_to_8_give_the_papers_new_rating_and_rd():
    after = glicko2.rate(PLAYER, GAMES, tau=0.5)
    mu, phi = glicko2.to_glicko2(after)
    assert round(mu, 4) == -0.2069
    assert round(phi, 4) == 0.8722
    # The paper converts its rounded mu' = -0.2069: 173.7178 x -0.2069 + 1500 = 1464.06.
    assert round(173.7178 * round(mu, 4) + 1500, 2) == 1464.06
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.rd, 2) == 151.52
    assert round(after.volatility, 6) == 0.059996


def test_the_games_shares_add_up_to_the_period_change():
    after = glicko2.rate(PLAYER, GAMES)
    shares = [glicko2.game_change(PLAYER, after, o.opponent, o.score) for o in GAMES]
    assert sum(shares) == pytest.approx(after.rating - 1500, abs=1e-9)
    assert [round(s, 2) for s in shares] == [
        round(173.7178 * 0.8721991881307342**2 * g * (s - e), 2)
        for g, e, s in [
            (glicko2.g(30 / 173.7178), glicko2.expected(0, -100 / 173.7178, 30 / 173.7178), 1),
            (glicko2.g(100 / 173.7178), glicko2.expected(0, 50 / 173.7178, 100 / 173.7178), 0),
            (glicko2.g(300 / 173.7178), glicko2.expected(0, 200 / 173.7178, 300 / 173.7178), 0),
        ]
    ]


def test_a_player_without_games_keeps_rating_and_volatility_and_rd_grows():
    after = glicko2.rate(PLAYER, [])
    assert after.rating == 1500
    assert after.volatility == 0.06
    # sqrt(1.1513^2 + 0.06^2) x 173.7178 = 200.27
    assert round(after.rd, 2) == 200.27
    assert glicko2.idle(Glicko(1500, 349.9, 0.06)).rd == 350


def test_the_bracket_search_when_delta_squared_is_small():
    # Delta^2 <= phi^2 + v: step 5.2 steps down by tau until f is negative.
    sigma = glicko2.new_volatility(0.06, 1.1513, 1.7785, 0.0, tau=0.5)
    assert 0 < sigma < 0.06

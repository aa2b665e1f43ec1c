"""Glicko-2, as described in Mark E. Glickman, "Example of the Glicko-2 system" (Boston
University; glicko.net/glicko/glicko2.pdf). Pure module: the mathematics of one rating period.

Every player has a rating ``r``, a rating deviation ``RD`` and a volatility ``sigma``. The
games of a *rating period* are treated as played at the same time: every player is rated from
everyone's pre-period values (steps 2-8 of the paper). A player without games in the period
keeps rating and volatility; their RD grows to ``sqrt(phi^2 + sigma^2)`` (step 6 alone).

The functions follow the paper's steps and names, so that a test can check each intermediate
value the paper prints: :func:`to_glicko2` (step 2), :func:`g` and :func:`expected` (step 3),
:func:`variance` (step 3, ``v``), :func:`improvement` (step 4, ``Delta``),
:func:`new_volatility` (step 5, the Illinois algorithm), :func:`rate` (steps 6-8).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "DEFAULT_RATING",
    "DEFAULT_RD",
    "DEFAULT_VOLATILITY",
    "EPSILON",
    "SCALE",
    "TAU",
    "Glicko",
    "Outcome",
    "expected",
    "from_glicko2",
    "g",
    "game_change",
    "idle",
    "improvement",
    "new_volatility",
    "rate",
    "to_glicko2",
    "variance",
]

SCALE = 173.7178
"""Step 2: the Glicko-2 scale is the Glicko scale divided by 173.7178 (and centred on 1500)."""

DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
"""Step 1: an unrated player starts at 1500, RD 350, volatility 0.06."""

TAU = 0.5
"""The system constant tau (the paper: "between 0.3 and 1.2"; its example uses 0.5)."""

EPSILON = 0.000001
"""Step 5: the convergence tolerance of the volatility iteration (the paper's value)."""


@dataclass(frozen=True, slots=True)
class Glicko:
    """A player's rating, RD and volatility on the Glicko scale (1500-centred)."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True, slots=True)
class Outcome:
    """A game of the period: the opponent's pre-period values and the player's score (1,
    0.5 or 0)."""

    opponent: Glicko
    score: float


def to_glicko2(player: Glicko) -> tuple[float, float]:
    """Step 2: ``(mu, phi)`` of a player."""
    return (player.rating - DEFAULT_RATING) / SCALE, player.rd / SCALE


def from_glicko2(mu: float, phi: float) -> tuple[float, float]:
    """Step 8: ``(r, RD)`` back on the Glicko scale."""
    return SCALE * mu + DEFAULT_RATING, SCALE * phi


def g(phi: float) -> float:
    """Step 3: ``g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)``."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3: ``E(mu, mu_j, phi_j) = 1 / (1 + exp(-g(phi_j) (mu - mu_j)))``."""
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def _terms(mu: float, outcomes: Sequence[Outcome]) -> list[tuple[float, float, float]]:
    """``(g_j, E_j, s_j)`` of each game."""
    terms = []
    for outcome in outcomes:
        mu_j, phi_j = to_glicko2(outcome.opponent)
        terms.append((g(phi_j), expected(mu, mu_j, phi_j), outcome.score))
    return terms


def variance(mu: float, outcomes: Sequence[Outcome]) -> float:
    """Step 3: ``v``, the estimated variance of the rating from the game outcomes alone."""
    return 1.0 / sum(g_j * g_j * e_j * (1.0 - e_j) for g_j, e_j, _ in _terms(mu, outcomes))


def improvement(mu: float, outcomes: Sequence[Outcome]) -> float:
    """Step 4: ``Delta``, the estimated improvement over the pre-period rating."""
    v = variance(mu, outcomes)
    return v * sum(g_j * (s_j - e_j) for g_j, e_j, s_j in _terms(mu, outcomes))


def new_volatility(sigma: float, phi: float, v: float, delta: float, *, tau: float = TAU) -> float:
    """Step 5: the new volatility ``sigma'`` by the Illinois algorithm (5.1-5.5)."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    # 5.2: the initial bracket [A, B]
    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    # 5.3, 5.4: regula falsi with the Illinois halving
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    # 5.5
    return math.exp(big_a / 2.0)


def idle(player: Glicko) -> Glicko:
    """A player without games in the period: rating and volatility kept, RD increased to
    ``sqrt(phi^2 + sigma^2)`` (step 6), at most the unrated RD (350)."""
    _, phi = to_glicko2(player)
    phi_star = math.sqrt(phi * phi + player.volatility**2)
    return Glicko(player.rating, min(SCALE * phi_star, DEFAULT_RD), player.volatility)


def rate(player: Glicko, outcomes: Sequence[Outcome], *, tau: float = TAU) -> Glicko:
    """Steps 2-8: the player's values after a period with these games (:func:`idle` if none)."""
    if not outcomes:
        return idle(player)
    mu, phi = to_glicko2(player)
    terms = _terms(mu, outcomes)
    v = 1.0 / sum(g_j * g_j * e_j * (1.0 - e_j) for g_j, e_j, _ in terms)
    total = sum(g_j * (s_j - e_j) for g_j, e_j, s_j in terms)
    delta = v * total
    sigma = new_volatility(player.volatility, phi, v, delta, tau=tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * total
    rating, rd = from_glicko2(mu_new, phi_new)
    return Glicko(rating, rd, sigma)


def game_change(player: Glicko, after: Glicko, opponent: Glicko, score: float) -> float:
    """One game's share of the period's rating change: ``SCALE phi'^2 g_j (s_j - E_j)``
    (step 7); the shares of a period add up to ``r' - r``."""
    mu, _ = to_glicko2(player)
    mu_j, phi_j = to_glicko2(opponent)
    phi_new = after.rd / SCALE
    return SCALE * phi_new * phi_new * g(phi_j) * (score - expected(mu, mu_j, phi_j))

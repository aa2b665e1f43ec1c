"""Random team Swiss tournaments played round by round (for the differential tests)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from rules.pairing.team_swiss import (
    FULL_BYE,
    HALF_BYE,
    ZERO_BYE,
    TeamConfig,
    config_from_code,
    pair_team_round,
    team_codes,
)
from tests.rules.pairing.team_swiss_build import records


def random_config(rng: random.Random) -> TeamConfig:
    code = rng.choice(team_codes())
    return config_from_code(code, boards=rng.randint(2, 6), initial_colour=rng.choice("WB"))


def _result(rng, boards, draw_rate):
    points = [
        Fraction(rng.choice((0, 2)) if rng.random() > draw_rate else 1, 2) for _ in range(boards)
    ]
    w = sum(points)
    return f"{w}-{boards - w}"


def play(rng: random.Random, teams: int, total: int, config: TeamConfig, pair, on_round=None):
    """Play ``total`` rounds, each paired by ``pair(state)`` (-> (pairs, bye) or None); calls
    ``on_round(state)`` before each. Returns the rounds played."""
    from tests.rules.pairing.team_swiss_build import tournament

    rounds: list[dict] = []
    draw_rate = rng.random() * 0.6
    for _ in range(total):
        absent = {t for t in range(1, teams + 1) if rng.random() < 0.06}
        state = tournament(teams, rounds, total=total, config=config, absent=absent)
        if on_round is not None:
            on_round(state)
        got = pair(state)
        if got is None:
            break
        pairs, bye = got
        matches = []
        for white, black in pairs:
            roll = rng.random()
            result = (
                "+-"
                if roll < 0.03
                else "-+"
                if roll < 0.06
                else _result(rng, config.boards, draw_rate)
            )
            matches.append((white, black, result))
        byes = {t: rng.choice((ZERO_BYE, ZERO_BYE, HALF_BYE, FULL_BYE)) for t in absent}
        rounds.append({"matches": matches, "pab": bye, "byes": byes})
    return rounds


def engine(state):
    result = pair_team_round(state)
    return (list(result.pairs), result.bye) if result.ok else None


__all__ = ["engine", "play", "random_config", "records", "replace"]

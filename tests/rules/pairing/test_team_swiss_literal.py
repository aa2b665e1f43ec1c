"""The engine against a literal enumeration of C.04.6 Art. 3 on small random tournaments."""

import random

import pytest

from tests.rules.pairing.team_swiss_literal import literal_pairing
from tests.rules.pairing.team_swiss_random import engine, play, random_config


def _run(seed: int) -> int:
    rng = random.Random(seed)
    teams = rng.randint(3, 11)
    total = rng.randint(3, 7)
    config = random_config(rng)
    compared = 0

    def on_round(state):
        nonlocal compared
        assert engine(state) == literal_pairing(state), (seed, state.round_to_pair)
        compared += 1

    play(rng, teams, total, config, engine, on_round)
    return compared


@pytest.mark.parametrize("seed", range(12))
def test_engine_equals_the_literal_articles(seed):
    assert _run(seed) >= 1


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12, 312))
def test_engine_equals_the_literal_articles_slow(seed):
    assert _run(seed) >= 1

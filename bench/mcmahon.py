"""McMahon engine speed: median seconds to pair round 5 of a generated go tournament.

``make bench-mcmahon`` (or ``python -m bench.mcmahon [SIZES…]``). Players get grades from 5d
to 20k, a top bar at 2d, a floor bar at 15k and the "minus one" handicap; rounds 1-4 are
paired by the engine itself with random results (fixed seed), then round 5 is timed.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace
from fractions import Fraction

from rules.pairing.mcmahon import McMahonPlayer, McMahonState, pair_round


def _played(state: McMahonState, rng: random.Random) -> McMahonState:
    result = pair_round(state)
    players = {p.number: p for p in state.players}
    for board in result.boards:
        white, black = players[board.white], players[board.black]
        white_wins = rng.random() < 0.5
        players[white.number] = replace(
            white,
            points=white.points + (1 if white_wins else 0),
            opponents=white.opponents | {black.number},
            colours=white.colours + (("w",) if not board.handicap else ()),
        )
        players[black.number] = replace(
            black,
            points=black.points + (0 if white_wins else 1),
            opponents=black.opponents | {white.number},
            colours=black.colours + (("b",) if not board.handicap else ()),
        )
    if result.bye is not None:
        p = players[result.bye]
        players[p.number] = replace(p, points=p.points + 1, byes=p.byes + 1)
    return replace(state, players=tuple(players[n] for n in sorted(players)))


def tournament(size: int, seed: int = 1) -> McMahonState:
    rng = random.Random(seed)
    players = tuple(
        McMahonPlayer(number=i, rank=rng.randint(-20, 4), points=Fraction(0))
        for i in range(1, size + 1)
    )
    state = McMahonState(players=players, top_bar=1, floor_bar=-15, handicap_policy="minus_one")
    for _round in range(4):
        state = _played(state, rng)
    return state


def main(sizes: list[int]) -> None:
    for size in sizes:
        state = tournament(size)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            pair_round(state)
            times.append(time.perf_counter() - start)
        print(f"{size:5d} players: {statistics.median(times):.3f} s per round (median of 5)")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [40, 150, 400])

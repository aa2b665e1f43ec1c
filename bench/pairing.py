"""Pairing speed benchmark (``make bench-pairing``).

Generates one seeded tournament of 50, 150 and 300 players, nine rounds each, paired by our
Dutch engine, and prints per size the median seconds per round. caissify-pairings is timed on
the very same round states in the same run: every round at 50 players, a few rounds at 150
(``--caissify-rounds``, default 3, rounds 2 onwards: it needs about 20-30 s per round there),
never at 300. The ratio compares medians over the same rounds.

Then the engine's peak memory: round 1 of 1,000 and 2,000 players (``--memory-sizes``), each
paired in a fresh process whose peak resident set size (``ru_maxrss``, interpreter included)
is printed; the target is under 500 MB at 2,000 players.

Usage: ``python -m bench.pairing [--sizes 50 150 300] [--rounds 9] [--seed 1]
[--caissify-rounds 3] [--no-caissify] [--memory-sizes 1000 2000] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.generate import generate_tournament
from rules.pairing.dutch import pair_round
from rules.pairing.state import PairingResult, TournamentState

TARGET_RATIO = 20.0
TARGET_300 = 2.0
TARGET_MEMORY_MB = 500
MEMORY_TARGET_SIZE = 2000


def _round_one_state(players: int) -> TournamentState:
    """Round 1 of ``players`` players with distinct ratings (one big score group)."""
    from rules.pairing.state import PlayerState

    return TournamentState(
        players=tuple(PlayerState(tpn=i, rating=2800 - i // 4) for i in range(1, players + 1)),
        total_rounds=9,
        round_to_pair=1,
    )


def _memory_child(players: int) -> int:
    """Pair round 1 of ``players`` players; print seconds and peak resident size in MB."""
    t0 = time.perf_counter()
    result = pair_round(_round_one_state(players))
    seconds = time.perf_counter() - t0
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(json.dumps({"pairs": len(result.pairs), "seconds": seconds, "peak_mb": peak_mb}))
    return 0


def _measure_memory(players: int) -> dict:
    """Run :func:`_memory_child` in a fresh process (so the peak is this size's alone)."""
    out = subprocess.run(  # noqa: S603 -- fixed argv: this interpreter and this module
        [sys.executable, "-m", "bench.pairing", "--memory-child", str(players)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def _time_ours(players: int, rounds: int, seed: int) -> tuple[list[float], list[TournamentState]]:
    times: list[float] = []

    def engine(state: TournamentState) -> PairingResult:
        t0 = time.perf_counter()
        result = pair_round(state)
        times.append(time.perf_counter() - t0)
        return result

    t = generate_tournament(players, rounds, seed, engine, keep_states=True)
    return times, t.states


def _time_caissify(states: list[TournamentState]) -> list[float]:
    from bench.oracle import caissify_pair_round

    times = []
    for state in states:
        t0 = time.perf_counter()
        caissify_pair_round(state)
        times.append(time.perf_counter() - t0)
    return times


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line per tournament size."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[50, 150, 300])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--caissify-rounds", type=int, default=3)
    ap.add_argument("--no-caissify", action="store_true")
    ap.add_argument("--memory-sizes", type=int, nargs="*", default=[1000, MEMORY_TARGET_SIZE])
    ap.add_argument("--memory-child", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    if args.memory_child:
        return _memory_child(args.memory_child)

    have_caissify = not args.no_caissify
    if have_caissify:
        try:
            import caissify_pairings  # noqa: F401
        except ImportError:
            have_caissify = False
            print("caissify-pairings is not installed: timing our engine only")
    print(
        f"Dutch pairing benchmark: {args.rounds} rounds per tournament, seed {args.seed}; "
        f"caissify-pairings timed on every round at <= 50 players, on rounds 2-"
        f"{1 + args.caissify_rounds} at <= 150 players, not above (same states as ours)."
    )
    print(f"{'players':>7} {'ours median s/round':>20} {'caissify median':>16} {'ratio':>7}")
    rows = []
    for size in args.sizes:
        ours, states = _time_ours(size, args.rounds, args.seed)
        row: dict = {"players": size, "ours_rounds": ours, "ours_median": statistics.median(ours)}
        theirs_text = ratio_text = "-"
        if have_caissify and size <= 150:
            picked = range(len(states)) if size <= 50 else range(1, 1 + args.caissify_rounds)
            picked = [i for i in picked if i < len(states)]
            theirs = _time_caissify([states[i] for i in picked])
            same = statistics.median(ours[i] for i in picked)
            row.update(
                caissify_rounds=[i + 1 for i in picked],
                caissify=theirs,
                caissify_median=statistics.median(theirs),
                ours_median_same_rounds=same,
                ratio=statistics.median(theirs) / same,
            )
            theirs_text = f"{row['caissify_median']:.3f} ({len(picked)} r)"
            ratio_text = f"{row['ratio']:.0f}x"
        rows.append(row)
        print(f"{size:>7} {row['ours_median']:>20.3f} {theirs_text:>16} {ratio_text:>7}")
        sys.stdout.flush()
    for row in rows:
        if row["players"] == 150 and "ratio" in row:
            verdict = "met" if row["ratio"] >= TARGET_RATIO else "NOT met"
            print(f"target >= {TARGET_RATIO:.0f}x caissify at 150 players: {verdict}")
        if row["players"] == 300:
            verdict = "met" if row["ours_median"] < TARGET_300 else "NOT met"
            print(f"target < {TARGET_300:.0f} s per round at 300 players: {verdict}")
    if args.memory_sizes:
        print(f"{'players':>7} {'round 1 peak memory':>20} {'seconds':>8}")
    for size in args.memory_sizes:
        mem = _measure_memory(size)
        rows.append({"players": size, "memory_round1": mem})
        print(f"{size:>7} {mem['peak_mb']:>17.0f} MB {mem['seconds']:>8.1f}")
        sys.stdout.flush()
        if size == MEMORY_TARGET_SIZE:
            verdict = "met" if mem["peak_mb"] < TARGET_MEMORY_MB else "NOT met"
            print(f"target < {TARGET_MEMORY_MB} MB at {size} players: {verdict}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

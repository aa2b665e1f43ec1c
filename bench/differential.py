"""Differential run: our Dutch engine against caissify-pairings on generated tournaments.

Each round of a seeded tournament from :mod:`bench.generate` is given to both engines with the
same :class:`TournamentState`; the tournament continues with our pairing. A round agrees when
both give the same set of pairs (as unordered pairs) and the same pairing-allocated bye.
Colours are compared too: a colour difference is *explained* when it is the known caissify
deviation described in ``tests/rules/pairing/test_dutch_differential_text.py`` (caissify ranks
the two players by TPN alone when granting a colour preference, the 2026 text ranks by score
first), that is when the two players have different scores and the higher score has the higher
TPN. A second known difference is counted apart: when neither player has played a game yet
(round 1, or a later round for late entries), the colours follow the initial colour and the
parity of the higher player's number (Art. 5.2.5); with absent players in the field caissify
uses the TPN, bbpPairings (and our engine, checked against it) the player's rank among those
present.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from bench.generate import GeneratorConfig, generate_tournament
from bench.oracle import caissify_pair_round
from rules.pairing.state import PairingResult, TournamentState

__all__ = ["TournamentComparison", "compare_tournament"]


@dataclass
class TournamentComparison:
    """Outcome of one generated tournament."""

    players: int
    rounds: int
    seed: int
    rounds_compared: int = 0
    rounds_agreeing: int = 0
    disagreements: list[str] = field(default_factory=list)
    colour_differences: int = 0
    explained_colour_differences: int = 0
    first_game_colour_differences: int = 0
    ours_seconds: float = 0.0
    theirs_seconds: float = 0.0


def _score(state: TournamentState, tpn: int) -> float:
    ps = state.point_system
    player = next(p for p in state.players if p.tpn == tpn)
    return sum(ps.points(r.result) for r in player.history)


def _has_played(state: TournamentState, tpn: int) -> bool:
    player = next(p for p in state.players if p.tpn == tpn)
    return any(r.played for r in player.history)


def compare_tournament(
    players: int, rounds: int, seed: int, config: GeneratorConfig | None = None
) -> TournamentComparison:
    """Generate one tournament with our engine, comparing every round with caissify."""
    from rules.pairing.dutch import pair_round

    out = TournamentComparison(players, rounds, seed)

    def engine(state: TournamentState) -> PairingResult:
        t0 = time.perf_counter()
        ours = pair_round(state)
        t1 = time.perf_counter()
        theirs = caissify_pair_round(state)
        out.ours_seconds += t1 - t0
        out.theirs_seconds += time.perf_counter() - t1
        out.rounds_compared += 1
        ours_set = {frozenset(p) for p in ours.pairs}
        theirs_set = {frozenset(p) for p in theirs.pairs}
        if ours.ok and ours_set == theirs_set and ours.bye == theirs.bye:
            out.rounds_agreeing += 1
            theirs_colour = set(theirs.pairs)
            for white, black in ours.pairs:
                if (white, black) in theirs_colour:
                    continue
                out.colour_differences += 1
                sw, sb = _score(state, white), _score(state, black)
                high, low = (white, black) if sw > sb else (black, white)
                if sw != sb and high > low:
                    out.explained_colour_differences += 1
                elif not _has_played(state, white) and not _has_played(state, black):
                    out.first_game_colour_differences += 1
                else:
                    out.disagreements.append(
                        f"{players}p seed {seed} round {state.round_to_pair}: colours of "
                        f"{white}-{black} differ (caissify {black}-{white})"
                    )
        else:
            only_ours = sorted(tuple(sorted(p)) for p in ours_set - theirs_set)
            only_theirs = sorted(tuple(sorted(p)) for p in theirs_set - ours_set)
            out.disagreements.append(
                f"{players}p seed {seed} round {state.round_to_pair}: ours {only_ours} bye "
                f"{ours.bye}, caissify {only_theirs} bye {theirs.bye}"
                + ("" if ours.ok else f" (ours failed: {ours.message})")
            )
        return ours

    generate_tournament(players, rounds, seed, engine, config)
    return out

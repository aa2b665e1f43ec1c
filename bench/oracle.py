"""Adapter that lets caissify-pairings (test-only oracle) pair a :class:`TournamentState`.

Our engine never imports this module. It translates the engine state into caissify's
player dicts the way bbpPairings sees the same history:

* score = points of rounds already played under the state's point system;
* colour history = colours of games really played (forfeits and byes give no colour);
* float history, one entry per past round: an unplayed round that gave more points than a loss
  is a downfloat; a played game is a downfloat (upfloat) when the player's score before the
  round was higher (lower) than the opponent's;
* not eligible for the pairing-allocated bye: anyone who already scored a win's points
  without playing (``U``, ``F`` or ``+``);
* previous pairings = games really played (forfeited games may be paired again);
* pairing numbers are our TPNs (caissify would otherwise re-sort by rating and title).
"""

from __future__ import annotations

from rules.pairing.state import PairingResult, TournamentState

__all__ = ["caissify_pair_round"]


def caissify_inputs(state: TournamentState) -> tuple[list[dict], set[tuple[int, int]]]:
    """caissify's ``players`` and ``previous_pairings`` for ``state``."""
    ps = state.point_system
    past = state.round_to_pair - 1
    score_before: dict[int, list[float]] = {}
    for p in state.players:
        running = [0.0]
        for rec in p.history[:past]:
            running.append(running[-1] + ps.points(rec.result))
        score_before[p.tpn] = running
    previous: set[tuple[int, int]] = set()
    players: list[dict] = []
    for p in state.players:
        for rec in p.history:
            if rec.played:
                previous.add((min(p.tpn, rec.opponent), max(p.tpn, rec.opponent)))
        if p.absent:
            continue
        colours = ["white" if rec.colour == "w" else "black" for rec in p.history if rec.played]
        floats = []
        for k, rec in enumerate(p.history):
            if not rec.played:
                floats.append("down" if ps.points(rec.result) > ps.loss else "none")
                continue
            mine = score_before[p.tpn][k]
            theirs = score_before[rec.opponent][k]
            floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
        unplayed_wins = [
            rec.result for rec in p.history if not rec.played and ps.points(rec.result) >= ps.win
        ]
        players.append(
            {
                "id": p.tpn,
                "name": p.name,
                "score": score_before[p.tpn][-1],
                "rating": p.rating,
                "starting_number": p.tpn,
                "pairing_number": p.tpn,
                "color_hist": colours,
                "float_history": floats,
                "bye_count": sum(1 for r in unplayed_wins if r != "+"),
                "forfeit_win_count": sum(1 for r in unplayed_wins if r == "+"),
            }
        )
    return players, previous


def caissify_pair_round(state: TournamentState) -> PairingResult:
    """Pair ``state`` with caissify-pairings' Dutch engine."""
    from caissify_pairings.engines.dutch import DutchEngine

    players, previous = caissify_inputs(state)
    engine = DutchEngine(
        players=players,
        previous_pairings=previous,
        round_number=state.round_to_pair,
        total_rounds=state.total_rounds,
        initial_color="white" if state.initial_colour == "w" else "black",
    )
    output = engine.generate_pairings()
    pairs = []
    bye = None
    for row in output:
        if row.get("black_id") is None or row.get("bye"):
            if bye is not None:
                return PairingResult(ok=False, message="caissify gave two byes")
            bye = row["white_id"]
        else:
            pairs.append((row["white_id"], row["black_id"]))
    return PairingResult(pairs=tuple(pairs), bye=bye)

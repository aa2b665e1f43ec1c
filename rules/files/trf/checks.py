"""Checks of a whole TRF file once read: mirrored pairings and declared points.

Every opponent reference must be mirrored by the opponent's record (opponent, colour, result),
and the declared points of each player must add up under the file's point system.
"""

from __future__ import annotations

from rules.files.trf.records import PlayerRecord, TrfError, TrfFile, computed_points

#: Result code of the opponent for each code of a game with an opponent.
_MIRROR = {
    "1": {"0"},
    "0": {"1"},
    "=": {"="},
    "W": {"L"},
    "L": {"W"},
    "D": {"D"},
    "+": {"-"},
    "-": {"+", "-"},
}


def _round_col(round_no: int) -> int:
    return 92 + 10 * (round_no - 1)


def _check_references(players: list[PlayerRecord], by_tpn: dict[int, PlayerRecord]) -> None:
    """Every opponent reference must be mirrored by the opponent's record."""
    for p in players:
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is None:
                continue
            col = _round_col(r)
            opp = by_tpn.get(e.opponent)
            if opp is None:
                raise TrfError(
                    p.line, col, f"round {r}: opponent {e.opponent} has no player record"
                )
            oe = opp.entry(r)
            if oe.opponent != p.tpn:
                other = "no opponent" if oe.opponent is None else f"opponent {oe.opponent}"
                raise TrfError(
                    p.line,
                    col,
                    f"round {r}: player {p.tpn} is recorded against {e.opponent}, "
                    f"but player {e.opponent} has {other} in round {r} (line {opp.line})",
                )
            if e.colour == oe.colour and e.colour != "-":
                raise TrfError(
                    p.line,
                    col + 5,
                    f"round {r}: players {p.tpn} and {e.opponent} both have colour {e.colour!r}",
                )
            if (e.colour == "-") != (oe.colour == "-") and (e.played or oe.played):
                raise TrfError(
                    p.line,
                    col + 5,
                    f"round {r}: colours {e.colour!r} and {oe.colour!r} of players {p.tpn} and "
                    f"{e.opponent} do not match",
                )
            if oe.result not in _MIRROR[e.result]:
                raise TrfError(
                    p.line,
                    col + 7,
                    f"round {r}: result {e.result!r} of player {p.tpn} does not match result "
                    f"{oe.result!r} of player {e.opponent} (line {opp.line})",
                )


def _played_rounds(players: list[PlayerRecord]) -> int:
    """Highest round with a game, a forfeit or a pairing-allocated bye."""
    best = 0
    for p in players:
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is not None or e.result in ("U", "+"):
                best = max(best, r)
    return best


def _check_points(trf: TrfFile, players: list[PlayerRecord]) -> None:
    """Declared points must equal the results, as bbpPairings checks them.

    Accepted: the sum over the played rounds; that sum plus requested byes already written in
    the next round's column; either of them plus the player's acceleration for the next round.
    """
    ps = trf.point_system
    played = _played_rounds(players)
    for p in players:
        base = computed_points(p, ps, played)
        full = computed_points(p, ps)
        acc_list = trf.accelerations.get(p.tpn, [])
        acc = acc_list[played] if played < len(acc_list) else 0.0
        options = {round(float(x), 4) for x in (base, full, base + acc, full + acc)}
        if round(p.points, 4) not in options:
            raise TrfError(
                p.line,
                81,
                f"declared points {p.points:g} of player {p.tpn} do not add up: the results "
                f"give {float(full):g} ({ps.describe()})",
            )

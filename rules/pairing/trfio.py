"""Turn a parsed TRF file into the Dutch engine's input.

Pure Python: reads a :class:`rules.files.trf.TrfFile` and builds a
:class:`rules.pairing.state.TournamentState` for one round.
"""

from __future__ import annotations

from itertools import combinations

from rules.files.trf import PlayerRecord, RoundEntry, TrfError, TrfFile
from rules.pairing.state import BLACK, WHITE, PlayerState, RoundRecord, TournamentState

__all__ = ["played_rounds", "round_pairing", "state_for_round"]

#: Requested-bye codes that take a player out of the round to pair.
REQUESTED_BYES = frozenset("HZF")


def played_rounds(trf: TrfFile) -> int:
    """Highest round with a game, a forfeit or a ``U`` bye recorded.

    Rounds that hold only requested byes (``H``, ``Z``, ``F``) do not count.
    """
    best = 0
    for p in trf.players:
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is not None or e.result in ("U", "+"):
                best = max(best, r)
    return best


def _record(e: RoundEntry) -> RoundRecord:
    """One past round in the engine's vocabulary.

    A blank column becomes ``Z``; an unplayed round coded as a forfeit without an opponent
    (``0000 - +`` / ``0000 - -``, as old programs write byes and absences) becomes ``F`` / ``Z``.
    """
    result = e.result
    if e.opponent is None:
        result = {" ": "Z", "+": "F", "-": "Z"}.get(result, result)
    colour = e.colour if e.colour in (WHITE, BLACK) else None
    return RoundRecord(e.opponent, colour, result)


def _requested_bye(p: PlayerRecord, round_no: int) -> str | None:
    """The requested bye written in ``p``'s column for ``round_no``, if any."""
    e = p.entry(round_no)
    if e.opponent is not None:
        return None
    if e.result in REQUESTED_BYES:
        return e.result
    if e.result == "-":
        return "Z"
    return None


def state_for_round(trf: TrfFile, round_to_pair: int | None = None) -> TournamentState:
    """The engine's view of ``trf`` just before ``round_to_pair`` is paired.

    ``round_to_pair`` defaults to the round after the last played one. History is taken from
    the rounds before it; a requested bye in the round's own column (``0000 - H|Z|F``), a
    TRF-2026 ``240`` record for the round or an ``XXZ`` line (round after the last played one
    only) marks the player absent. Raises :class:`TrfError` when the total number of rounds is
    needed but missing, or is smaller than the round to pair, and when there are no players.
    """
    if not trf.players:
        raise TrfError(1, 1, "no player records (001 lines): this is not a tournament to pair")
    played = played_rounds(trf)
    rnd = played + 1 if round_to_pair is None else round_to_pair
    if rnd < 1:
        raise ValueError(f"round to pair must be at least 1, not {rnd}")
    total = trf.total_rounds
    if total is None:
        if rnd > 1:
            raise TrfError(1, 1, "number of rounds is missing (add an XXR or 142 record)")
        total = max(1, trf.rounds_in_file)
    if total < rnd:
        raise TrfError(1, 1, f"round {rnd} cannot be paired: the tournament has {total} rounds")

    extra_byes: dict[int, str] = {}
    for bye_type, bye_round, tpn in trf.byes:
        if bye_round == rnd:
            extra_byes[tpn] = bye_type
    if rnd == played + 1:
        for tpn in trf.absent_next_round:
            extra_byes.setdefault(tpn, "Z")

    players = []
    for p in sorted(trf.players, key=lambda q: q.tpn):
        history = tuple(_record(p.entry(r)) for r in range(1, rnd))
        bye = _requested_bye(p, rnd) or extra_byes.get(p.tpn)
        players.append(
            PlayerState(
                tpn=p.tpn,
                rating=p.rating,
                history=history,
                absent=bye is not None,
                requested_bye=bye,
                acceleration=tuple(trf.accelerations.get(p.tpn, ())),
                name=p.name,
            )
        )

    forbidden: set[frozenset[int]] = set()
    for first, last, tpns in trf.forbidden_pairs:
        if first <= rnd and (last is None or rnd <= last):
            forbidden.update(frozenset(pair) for pair in combinations(sorted(set(tpns)), 2))

    return TournamentState(
        players=tuple(players),
        total_rounds=total,
        round_to_pair=rnd,
        point_system=trf.point_system,
        forbidden_pairs=frozenset(forbidden),
        initial_colour=trf.initial_colour or WHITE,
    )


def round_pairing(trf: TrfFile, round_no: int) -> tuple[set[tuple[int, int]], int | None]:
    """The ``(white, black)`` pairs recorded for ``round_no`` and the TPN with the ``U`` bye.

    Forfeits count as pairs with their recorded colours; a pair recorded without colours
    (``-`` on both sides) is listed lower TPN first.
    """
    pairs: set[tuple[int, int]] = set()
    bye: int | None = None
    by_tpn = {p.tpn: p for p in trf.players}
    for p in trf.players:
        e = p.entry(round_no)
        if e.opponent is None:
            if e.result == "U":
                bye = p.tpn
            continue
        if p.tpn > e.opponent:
            continue  # each pair once, from its lower TPN
        other = by_tpn[e.opponent].entry(round_no).colour
        if e.colour == BLACK or other == WHITE:
            pairs.add((e.opponent, p.tpn))
        else:
            pairs.add((p.tpn, e.opponent))
    return pairs, bye

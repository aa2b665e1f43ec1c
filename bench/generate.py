"""Seeded random Swiss tournaments, paired round by round by any engine callable.

Pure Python (standard library plus ``rules.pairing.state`` and ``rules.files.trf``).
:func:`generate_tournament` plays a complete tournament of ``players`` players and ``rounds``
rounds: before each round it builds the engine's :class:`TournamentState` (requested byes,
withdrawals and late entries already marked), asks ``engine(state)`` for the pairing, then
draws results (rating-based wins, draws and losses, forfeits, double forfeits). The same seed
gives the same tournament whenever the engine gives the same pairings, so one generator drives
both our engine and the caissify-pairings oracle.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from rules.files.trf import PlayerRecord, RoundEntry, TrfFile
from rules.files.trf import PointSystem as TrfPointSystem
from rules.pairing.state import (
    BLACK,
    WHITE,
    PairingResult,
    PlayerState,
    PointSystem,
    RoundRecord,
    TournamentState,
)

__all__ = [
    "Engine",
    "GeneratedTournament",
    "GeneratorConfig",
    "generate_tournament",
    "to_trf",
]

Engine = Callable[[TournamentState], PairingResult]


class PairingFailed(RuntimeError):
    """The engine found no legal pairing for a generated round."""


@dataclass(frozen=True)
class GeneratorConfig:
    """Rates of the realistic features (per player and round unless said otherwise)."""

    half_bye_rate: float = 0.03
    zero_bye_rate: float = 0.015
    forfeit_rate: float = 0.03  # per game: one player does not show up
    double_forfeit_rate: float = 0.005  # per game: neither shows up
    withdrawal_rate: float = 0.03  # per player: withdraws after a random round
    late_entry_rate: float = 0.04  # per player: joins in round 2 or 3
    unrated_rate: float = 0.05
    draw_rate: float = 0.3
    no_bye_in_last_rounds: int = 1  # no requested byes in the last N rounds


@dataclass
class GeneratedTournament:
    """A finished tournament: players by TPN, each one's round records, and the pairings."""

    seed: int
    total_rounds: int
    initial_colour: str
    names: dict[int, str]
    ratings: dict[int, int]
    history: dict[int, list[RoundRecord]]
    pairings: list[PairingResult] = field(default_factory=list)
    states: list[TournamentState] = field(default_factory=list)
    point_system: PointSystem = field(default_factory=PointSystem)


def _elo_expectation(a: int, b: int) -> float:
    return 1.0 / (1.0 + 10 ** ((b - a) / 400.0))


def build_state(
    t: GeneratedTournament, round_no: int, requested: dict[int, str]
) -> TournamentState:
    """The engine input before ``round_no``; ``requested`` maps absent TPNs to H/Z/F."""
    players = tuple(
        PlayerState(
            tpn=tpn,
            rating=t.ratings[tpn],
            history=tuple(t.history[tpn][: round_no - 1]),
            absent=tpn in requested,
            requested_bye=requested.get(tpn),
            name=t.names[tpn],
        )
        for tpn in sorted(t.names)
    )
    return TournamentState(
        players=players,
        total_rounds=t.total_rounds,
        round_to_pair=round_no,
        point_system=t.point_system,
        initial_colour=t.initial_colour,
    )


def generate_tournament(
    players: int,
    rounds: int,
    seed: int,
    engine: Engine,
    config: GeneratorConfig | None = None,
    *,
    keep_states: bool = False,
) -> GeneratedTournament:
    """Play a whole tournament, pairing every round with ``engine``.

    Raises :class:`PairingFailed` if the engine reports that no legal pairing exists.
    """
    cfg = config or GeneratorConfig()
    rng = random.Random(seed)
    names, ratings = _draw_players(players, seed, rng, cfg)
    strength = {tpn: (r or 1400) + rng.gauss(0, 100) for tpn, r in ratings.items()}
    first_round, last_round = _draw_attendance(names, rounds, rng, cfg)

    t = GeneratedTournament(
        seed=seed,
        total_rounds=rounds,
        initial_colour=rng.choice((WHITE, BLACK)),
        names=names,
        ratings=ratings,
        history={tpn: [] for tpn in names},
    )
    for rnd in range(1, rounds + 1):
        requested: dict[int, str] = {}
        for tpn in names:
            if rnd < first_round[tpn] or rnd > last_round[tpn]:
                requested[tpn] = "Z"
            elif rnd <= rounds - cfg.no_bye_in_last_rounds:
                code = _draw_bye(rng, cfg)
                if code:
                    requested[tpn] = code
        state = build_state(t, rnd, requested)
        result = engine(state)
        if not result.ok:
            raise PairingFailed(f"seed {seed}, round {rnd}: {result.message}")
        if keep_states:
            t.states.append(state)
        t.pairings.append(result)
        records: dict[int, RoundRecord] = {
            tpn: RoundRecord(None, None, code) for tpn, code in requested.items()
        }
        if result.bye is not None:
            records[result.bye] = RoundRecord(None, None, "U")
        for white, black in result.pairs:
            rw, rb = _draw_result(strength[white], strength[black], rng, cfg)
            records[white] = RoundRecord(black, WHITE, rw)
            records[black] = RoundRecord(white, BLACK, rb)
        missing = set(names) - set(records)
        if missing:
            raise PairingFailed(f"seed {seed}, round {rnd}: engine left out {sorted(missing)}")
        for tpn in names:
            t.history[tpn].append(records[tpn])
    return t


def _draw_players(
    players: int, seed: int, rng: random.Random, cfg: GeneratorConfig
) -> tuple[dict[int, str], dict[int, int]]:
    """Names and ratings (0: unrated) by TPN, numbered in rating order."""
    raw = []
    for i in range(players):
        rating = 0 if rng.random() < cfg.unrated_rate else int(rng.gauss(1800, 300))
        rating = 0 if rating == 0 else max(1000, min(2800, rating))
        raw.append((rating, f"Player{i + 1:04d}, Seed{seed}"))
    raw.sort(key=lambda x: (-x[0], x[1]))
    names = {tpn: name for tpn, (_, name) in enumerate(raw, start=1)}
    ratings = {tpn: rating for tpn, (rating, _) in enumerate(raw, start=1)}
    return names, ratings


def _draw_attendance(
    names: dict[int, str], rounds: int, rng: random.Random, cfg: GeneratorConfig
) -> tuple[dict[int, int], dict[int, int]]:
    """Each player's first and last round (late entries and withdrawals)."""
    first_round = dict.fromkeys(names, 1)
    last_round = dict.fromkeys(names, rounds)
    for tpn in names:
        if rounds >= 4 and rng.random() < cfg.late_entry_rate:
            first_round[tpn] = rng.choice((2, 3))
        if rounds >= 4 and rng.random() < cfg.withdrawal_rate:
            last_round[tpn] = rng.randint(first_round[tpn] + 1, rounds - 1)
    return first_round, last_round


def _draw_bye(rng: random.Random, cfg: GeneratorConfig) -> str:
    """A requested bye for a player present in the round: ``"H"``, ``"Z"`` or none (``""``)."""
    x = rng.random()
    if x < cfg.half_bye_rate:
        return "H"
    if x < cfg.half_bye_rate + cfg.zero_bye_rate:
        return "Z"
    return ""


def _draw_result(
    white: float, black: float, rng: random.Random, cfg: GeneratorConfig
) -> tuple[str, str]:
    """The result codes of a game between players of strength ``white`` and ``black``."""
    x = rng.random()
    if x < cfg.double_forfeit_rate:
        return "-", "-"
    if x < cfg.double_forfeit_rate + cfg.forfeit_rate:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    expected = _elo_expectation(white + 35, black)
    draw = cfg.draw_rate * (1 - abs(expected - 0.5))
    y = rng.random()
    if y < draw:
        return "=", "="
    if y < draw + (1 - draw) * expected:
        return "1", "0"
    return "0", "1"


def to_trf(t: GeneratedTournament, upto_round: int | None = None) -> TrfFile:
    """The tournament (or its first ``upto_round`` rounds) as a :class:`TrfFile`."""
    n = t.total_rounds if upto_round is None else upto_round
    ps = t.point_system
    trf = TrfFile(
        headers={"012": f"Generated tournament {t.seed}"},
        total_rounds=t.total_rounds,
        initial_colour=t.initial_colour,
        point_system=TrfPointSystem(**{k: getattr(ps, k) for k in ps.__dataclass_fields__}),
    )
    for tpn in sorted(t.names):
        entries = [
            RoundEntry(rec.opponent, rec.colour or "-", rec.result) for rec in t.history[tpn][:n]
        ]
        points = sum(ps.points(rec.result) for rec in t.history[tpn][:n])
        trf.players.append(
            PlayerRecord(
                tpn=tpn,
                name=t.names[tpn],
                rating=t.ratings[tpn],
                points=points,
                rounds=entries,
            )
        )
    return trf

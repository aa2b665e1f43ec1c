"""Input and output types of the Dutch pairing engine.

Everything here is a frozen dataclass of plain Python values: no Django, no I/O. The TRF
conversion (``rules.pairing.trfio``) builds a :class:`TournamentState`; the engine
(``rules.pairing.dutch.pair_round``) returns a :class:`PairingResult`.

Scores are stored as floats in the file's own units (1/0.5/0 or 3/1/0); the engine converts
them to integer tenths internally, so any value with at most one decimal is exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import scoring
from rules.scoring import PointSystem

WHITE = "w"
BLACK = "b"

#: TRF result codes for a round without an opponent (blank: not paired, no points).
BYE_CODES = scoring.BYE_CODES | {" "}
#: Played games (the colour counts, the opponent counts as met) and forfeits, from the table.
PLAYED_CODES = scoring.PLAYED_CODES
FORFEIT_CODES = scoring.FORFEIT_CODES


@dataclass(frozen=True)
class RoundRecord:
    """What one player did in one past round.

    ``opponent`` is the opponent's TPN or ``None`` (bye, absence); ``colour`` is ``"w"``,
    ``"b"`` or ``None``; ``result`` is the TRF result code (``1 = 0 + - W D L H F U Z``,
    blank is stored as ``"Z"``).
    """

    opponent: int | None
    colour: str | None
    result: str

    @property
    def played(self) -> bool:
        """True if a game was really played over the board (it gives a colour)."""
        return self.opponent is not None and self.result in PLAYED_CODES


@dataclass(frozen=True)
class PlayerState:
    """One player as seen by the engine before pairing ``TournamentState.round_to_pair``.

    ``history`` holds rounds ``1 .. round_to_pair - 1`` (a late entry has ``Z`` records for the
    rounds missed). ``absent`` means the player is not paired this round (withdrawn, or known
    absent); ``requested_bye`` is ``"H"``, ``"Z"`` or ``"F"`` when the round column of the round
    to pair already holds ``0000 - H|Z|F`` (such a player is also ``absent``).
    ``acceleration`` holds fictitious points per round (index 0 = round 1), ``XXA``/``250``.
    """

    tpn: int
    rating: int = 0
    history: tuple[RoundRecord, ...] = ()
    absent: bool = False
    requested_bye: str | None = None
    acceleration: tuple[float, ...] = ()
    name: str = ""


@dataclass(frozen=True)
class TournamentState:
    """A tournament just before ``round_to_pair`` is paired.

    ``players`` is ordered by TPN. ``forbidden_pairs`` are unordered TPN pairs that must never
    meet (``XXP``; ``260`` entries valid for this round). ``initial_colour`` is the colour of the
    top player of S1 in round 1 (``XXC white1|black1``, ``152 W|B``); ``None`` defaults to white.
    ``baku`` asks the engine to add Baku acceleration (C.04.5.1; TRF-26 ``192 *_BAKU``) on top of
    the players' own ``acceleration``: the top half by TPN get a win's points in the first
    rounds of the first half of the tournament, then a draw's.
    """

    players: tuple[PlayerState, ...]
    total_rounds: int
    round_to_pair: int
    point_system: PointSystem = field(default_factory=PointSystem)
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    initial_colour: str = WHITE
    baku: bool = False


@dataclass(frozen=True)
class PairingResult:
    """The engine's answer for one round.

    ``pairs`` are ``(white_tpn, black_tpn)`` in board order; ``bye`` is the TPN receiving the
    pairing-allocated bye or ``None``. ``ok`` is False when no pairing satisfies the absolute
    criteria (then ``pairs`` is empty and ``message`` says why). ``explanation`` is what the
    engine recorded when asked to explain (``pair_round(state, explain=True)``): plain values
    only (see ``rules.pairing.dutch_why``), ``None`` otherwise.
    """

    pairs: tuple[tuple[int, int], ...] = ()
    bye: int | None = None
    ok: bool = True
    message: str = ""
    explanation: dict | None = field(default=None, compare=False)

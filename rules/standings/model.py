"""The input of the standings: players, their rounds and the tournament as the tie-breaks see it.

Plain frozen dataclasses (:class:`Entry`, :class:`Player`, :class:`Tournament`) with the TRF
result vocabulary, plus the shared constants of the package (the FIDE C.07 editions, the result
codes of games played over the board).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.scoring import PointSystem, normal_code

Value = Fraction | int | None
EDITIONS: tuple[str, ...] = ("2026", "2024", "2005")

_HALF = Fraction(1, 2)
_OTB_CODES = frozenset("1=0WDL")
_COLOURS = frozenset({"w", "b", None})


@dataclass(frozen=True)
class Entry:
    """One player's round: opponent's pairing number (or ``None``), colour, TRF result code.

    Byes have no opponent and no colour (``Entry(result="H")``); a forfeit keeps its
    scheduled opponent and colour (``Entry(7, "w", "+")``).
    """

    opponent: int | None = None
    colour: str | None = None
    result: str = "Z"

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", normal_code(self.result))
        colour = self.colour.lower() if self.colour and self.colour != "-" else None
        if colour not in _COLOURS:
            raise ValueError(f"colour must be 'w', 'b' or None, got {self.colour!r}")
        object.__setattr__(self, "colour", colour)
        if self.opponent is not None and self.opponent <= 0:
            object.__setattr__(self, "opponent", None)
        if self.opponent is None and self.result in _OTB_CODES:
            raise ValueError(f"result {self.result!r} needs an opponent")


@dataclass(frozen=True)
class Player:
    """A participant: tournament pairing number (TPN), name, rating (``None`` = unrated) and
    one :class:`Entry` per round played so far. ``k`` is the player's K factor for the
    rating-change column (``None``: no column)."""

    tpn: int
    name: str = ""
    rating: int | None = None
    entries: tuple[Entry, ...] = ()
    k: int | None = None
    initial_score: Fraction = Fraction(0)


@dataclass(frozen=True)
class Tournament:
    """An individual event as the tie-breaks see it.

    ``rounds`` is the number of rounds of the event (planned). ``round_robin`` selects Art. 15.2
    (pre-determined pairings) instead of Art. 16 (Swiss). ``unrated_rating`` is the rating the
    tournament rules give unrated players for rating-based tie-breaks; without it those
    tie-breaks are dropped (value ``None``) when an unrated player takes part (Art. 10).
    """

    players: tuple[Player, ...]
    rounds: int
    points: PointSystem = field(default_factory=PointSystem)
    round_robin: bool = False
    edition: str = "2026"
    unrated_rating: int | None = None
    time_control: str = "standard"

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(f"edition must be one of {EDITIONS}, got {self.edition!r}")
        numbers = [p.tpn for p in self.players]
        if len(set(numbers)) != len(numbers):
            raise ValueError("pairing numbers must be unique")
        known = set(numbers)
        for player in self.players:
            for entry in player.entries:
                if entry.opponent is not None and entry.opponent not in known:
                    raise ValueError(f"player {player.tpn} meets unknown player {entry.opponent}")

    @property
    def rounds_played(self) -> int:
        """The highest round with an entry for any player."""
        return max((len(p.entries) for p in self.players), default=0)

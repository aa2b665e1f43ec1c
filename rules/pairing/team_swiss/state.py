"""The state the team Swiss engine (FIDE C.04.6, effective 1 February 2026) pairs from.

Pure: standard library and :mod:`rules.pairing.teams` only, no Django, no I/O. Everything is a
frozen dataclass of plain values; points are exact :class:`~fractions.Fraction`.

A :class:`TeamTournament` holds the teams (:class:`TeamState`, by TPN, C.04.6 Art. 1.1), the
configuration the TRF-2026 record 192 code names (:class:`TeamConfig`) and, per team, one
:class:`MatchRecord` per round already paired. The engine reads from a record only:

* ``opponent`` — the opposing team's TPN, ``None`` for a PAB, a bye or an absence;
* ``kind`` — how the round went for this team (:data:`KINDS`): a match played over the board,
  a forfeit won or lost, a double forfeit, the PAB, a full/half/zero-point bye (record 240);
* ``colour`` — the team's colour in the round, that is the colour the player on its first board
  was scheduled to have, and only when the match was actually played (Art. 1.6.1: "A team is said
  to have (had) a colour ... in a match if the match was actually played and the player on the
  first board was scheduled to play with that colour"); ``None`` otherwise;
* ``match_points`` and ``game_points`` — what the team scored in the round, as the file or the
  club's results say (a PAB's draw, a forfeit's values, record 299 adjustments folded in).

Scores (Art. 1.2): the *primary* score is the sum of match points or of game points
(``TeamConfig.primary``), the other one is the *secondary* score, used only to choose the
first-team of a pair (Art. 4.2.2) when ``TeamConfig.secondary_for_colour``. The pairing score of
a round adds the acceleration of that round (record 250 fictitious points, or Baku, C.04.7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.pairing.teams import MatchPoints

WHITE = "W"
BLACK = "B"

MATCH_POINTS = "MP"
GAME_POINTS = "GP"

#: Colour preference types (Art. 1.7): Type A (the default), Type B, or none at all.
TYPE_A = "A"
TYPE_B = "B"
NO_PREFERENCE = "none"
COLOUR_TYPES = (TYPE_A, TYPE_B, NO_PREFERENCE)

#: How one round went for one team.
PLAYED = "played"  # the match was played (even if some boards were forfeited)
FORFEIT_WIN = "forfeit_win"  # the opponent did not come: a match won by forfeit (Art. 2.1.2)
FORFEIT_LOSS = "forfeit_loss"  # this team did not come
DOUBLE_FORFEIT = "double_forfeit"  # neither team came
PAB = "pab"  # the pairing-allocated bye (Art. 1.4)
FULL_BYE = "full_bye"  # a (FIDE-deprecated) full-point bye, record 240 F (Art. 2.1.2)
HALF_BYE = "half_bye"  # a half-point bye, record 240 H
ZERO_BYE = "zero_bye"  # absent, not paired (record 240 Z, or a blank round)
KINDS = (PLAYED, FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT, PAB, FULL_BYE, HALF_BYE, ZERO_BYE)
#: Kinds after which a team may not receive the PAB (Art. 2.1.2, criterion [C2]).
NO_PAB_KINDS = frozenset({PAB, FORFEIT_WIN, FULL_BYE})
#: Kinds with an opponent (paired in that round, played or not).
PAIRED_KINDS = frozenset({PLAYED, FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT})


@dataclass(frozen=True)
class MatchRecord:
    """What one team did in one past round (see the module docstring)."""

    kind: str
    opponent: int | None = None
    colour: str | None = None
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown round kind {self.kind!r}")
        if (self.kind in PAIRED_KINDS) != (self.opponent is not None):
            raise ValueError(f"a {self.kind} round has an opponent iff it is paired")
        if self.colour not in (None, WHITE, BLACK):
            raise ValueError(f"colour must be 'W', 'B' or None, got {self.colour!r}")
        if self.colour is not None and self.kind != PLAYED:
            raise ValueError("only a played match gives a colour (C.04.6 Art. 1.6.1)")
        object.__setattr__(self, "match_points", Fraction(self.match_points))
        object.__setattr__(self, "game_points", Fraction(self.game_points))

    @property
    def played(self) -> bool:
        """True when the match was actually played (it counts for [C1] and for colours)."""
        return self.kind == PLAYED


@dataclass(frozen=True)
class TeamState:
    """One team before ``TeamTournament.round_to_pair``.

    ``history`` holds rounds ``1 .. round_to_pair - 1`` (a late entry has ``ZERO_BYE`` records for
    the rounds it missed). ``absent`` means the team is not paired in the round to pair
    (withdrawn, or a record-240 bye for that round; then ``requested_bye`` is the kind it gets:
    ``FULL_BYE``, ``HALF_BYE`` or ``ZERO_BYE``). ``acceleration`` holds fictitious
    (match points, game points) per round, index 0 = round 1 (record 250); Baku acceleration,
    when ``TeamConfig.baku``, is added by the engine on top of it.
    """

    tpn: int
    history: tuple[MatchRecord, ...] = ()
    absent: bool = False
    requested_bye: str | None = None
    acceleration: tuple[tuple[Fraction, Fraction], ...] = ()
    name: str = ""


@dataclass(frozen=True)
class TeamConfig:
    """What record 192 (and 362, 320, 152, 142) set for the pairing.

    ``primary`` is ``"MP"`` or ``"GP"`` (Art. 1.2.1; default match points, Art. 1.2.2);
    ``secondary_for_colour`` says whether the other score chooses the first-team (Art. 4.2.2);
    ``colour_type`` is ``"A"``, ``"B"`` or ``"none"`` (Art. 1.7); ``baku`` adds Baku
    acceleration (C.04.7; defined with match points as the primary score only).
    ``match_points`` are the values of a won, drawn and lost match (record 362, default 2/1/0);
    ``pab_match_points`` / ``pab_game_points`` what a PAB scores (record 320; ``None``: a drawn
    match, Art. 1.4, that is ``match_points.draw`` and half the boards). ``initial_colour`` is the
    colour drawn by lot before round 1 (Art. 4.1, record 152), ``boards`` the boards per match.
    """

    primary: str = MATCH_POINTS
    secondary_for_colour: bool = True
    colour_type: str = TYPE_A
    baku: bool = False
    match_points: MatchPoints = field(default_factory=MatchPoints)
    boards: int = 4
    pab_match_points: Fraction | None = None
    pab_game_points: Fraction | None = None
    initial_colour: str = WHITE

    def __post_init__(self) -> None:
        if self.primary not in (MATCH_POINTS, GAME_POINTS):
            raise ValueError(f"primary score must be 'MP' or 'GP', got {self.primary!r}")
        if self.colour_type not in COLOUR_TYPES:
            raise ValueError(f"colour preference type must be A, B or none: {self.colour_type!r}")
        if self.initial_colour not in (WHITE, BLACK):
            raise ValueError(f"initial colour must be 'W' or 'B', got {self.initial_colour!r}")
        if self.baku and self.primary != MATCH_POINTS:
            # C.04.7 Art. 1.4.4 footnote: "if gamepoints were the primary score, the Baku
            # Acceleration could not be used".
            raise ValueError("Baku acceleration needs match points as the primary score")

    @property
    def pab_points(self) -> tuple[Fraction, Fraction]:
        """(match points, game points) of the PAB: a drawn match unless record 320 says else."""
        mp = self.match_points.draw if self.pab_match_points is None else self.pab_match_points
        gp = Fraction(self.boards, 2) if self.pab_game_points is None else self.pab_game_points
        return Fraction(mp), Fraction(gp)


@dataclass(frozen=True)
class TeamTournament:
    """A team Swiss just before ``round_to_pair`` is paired.

    ``teams`` is ordered by TPN (1..N, Art. 1.1.1). ``forbidden_pairs`` are unordered TPN pairs
    that must never meet (record 260 valid for this round), added to [C1].
    """

    teams: tuple[TeamState, ...]
    total_rounds: int
    round_to_pair: int
    config: TeamConfig = field(default_factory=TeamConfig)
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()

    def __post_init__(self) -> None:
        tpns = [team.tpn for team in self.teams]
        if tpns != list(range(1, len(tpns) + 1)):
            raise ValueError("teams must have the TPNs 1..N in order (C.04.6 Art. 1.1.1)")
        if not 1 <= self.round_to_pair <= self.total_rounds:
            raise ValueError(
                f"round {self.round_to_pair} is outside the tournament's 1..{self.total_rounds}"
            )
        for team in self.teams:
            if len(team.history) != self.round_to_pair - 1:
                raise ValueError(
                    f"team {team.tpn} has {len(team.history)} rounds of history, "
                    f"expected {self.round_to_pair - 1}"
                )

    def team(self, tpn: int) -> TeamState:
        """The team with pairing number ``tpn``."""
        return self.teams[tpn - 1]


@dataclass(frozen=True)
class TeamPairing:
    """The engine's answer for one round.

    ``pairs`` are ``(white_tpn, black_tpn)`` — the team named first has White on board 1 — in
    the order they are published (GHR 3.6: higher score first). ``bye`` is the team with the
    PAB or ``None``. ``ok`` is False when no pairing complies with the absolute criteria
    (Art. 3.3.3: the Chief Arbiter decides; ``pairs`` is then empty and ``message`` says why).
    """

    pairs: tuple[tuple[int, int], ...] = ()
    bye: int | None = None
    ok: bool = True
    message: str = ""

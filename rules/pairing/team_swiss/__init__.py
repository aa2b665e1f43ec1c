"""FIDE Swiss Team Pairing System C.04.6 (effective 1 February 2026): the pure engine.

Public API (no Django): build a :class:`TeamTournament` from :class:`TeamState` teams with
their :class:`MatchRecord` history and a :class:`TeamConfig`, then call
``pair_team_round(state) -> TeamPairing``. See ``docs/pairing.md``, "Team Swiss (C.04.6)".
"""

from rules.pairing.team_swiss.codes import config_from_code, is_team_code, team_codes
from rules.pairing.team_swiss.engine import pair_team_round
from rules.pairing.team_swiss.state import (
    BLACK,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    FULL_BYE,
    GAME_POINTS,
    HALF_BYE,
    MATCH_POINTS,
    NO_PREFERENCE,
    PAB,
    PLAYED,
    TYPE_A,
    TYPE_B,
    WHITE,
    ZERO_BYE,
    MatchRecord,
    TeamConfig,
    TeamPairing,
    TeamState,
    TeamTournament,
)

__all__ = [
    "BLACK",
    "DOUBLE_FORFEIT",
    "FORFEIT_LOSS",
    "FORFEIT_WIN",
    "FULL_BYE",
    "GAME_POINTS",
    "HALF_BYE",
    "MATCH_POINTS",
    "NO_PREFERENCE",
    "PAB",
    "PLAYED",
    "TYPE_A",
    "TYPE_B",
    "WHITE",
    "ZERO_BYE",
    "MatchRecord",
    "TeamConfig",
    "TeamPairing",
    "TeamState",
    "TeamTournament",
    "config_from_code",
    "is_team_code",
    "pair_team_round",
    "team_codes",
]

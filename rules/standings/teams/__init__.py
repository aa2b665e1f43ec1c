"""Team standings: match and game points, the team tie-breaks of FIDE C.07, board prizes.

Pure package (standard library and other rule modules; no Django). Modules:
:mod:`~rules.standings.teams.model` (the input: :class:`TeamTournament`, :class:`Team`,
:class:`TeamMatch` with its :class:`BoardGame` boards, :class:`TeamBye`, :class:`TeamScoring`),
:mod:`~rules.standings.teams.event` (how each team's round scores),
:mod:`~rules.standings.teams.codes` (the ``NAME[:MP|:GP][/modifier]`` codes),
:mod:`~rules.standings.teams.tiebreaks` and :mod:`~rules.standings.teams.encounter` (the
values), :mod:`~rules.standings.teams.ranking` (:func:`team_standings`) and
:mod:`~rules.standings.teams.prizes` (:func:`board_prizes`).

The values equal those of FIDE's reference checker (Gacrux, OttoMilvang/TieBreakServer) on
every stored team tournament (``tests/rules/standings/test_teams_gacrux.py``); docs/standings.md
("Teams") gives the rules and where the checker reads C.07 its own way.
"""

from rules.pairing.teams import MatchPoints
from rules.standings.teams.codes import (
    TEAM_PRESETS,
    TeamTieBreak,
    parse_team_tiebreak,
    parse_team_tiebreaks,
)
from rules.standings.teams.model import (
    BoardGame,
    Team,
    TeamBye,
    TeamMatch,
    TeamPlayer,
    TeamScoring,
    TeamTournament,
    forfeited_games,
)
from rules.standings.teams.prizes import PRIZE_ORDERS, BoardPrizeRow, board_prizes
from rules.standings.teams.ranking import (
    TeamRow,
    TeamStandings,
    team_standings,
    team_tiebreak_values,
)

__all__ = [
    "PRIZE_ORDERS",
    "TEAM_PRESETS",
    "BoardGame",
    "BoardPrizeRow",
    "MatchPoints",
    "Team",
    "TeamBye",
    "TeamMatch",
    "TeamPlayer",
    "TeamRow",
    "TeamScoring",
    "TeamStandings",
    "TeamTieBreak",
    "TeamTournament",
    "board_prizes",
    "forfeited_games",
    "parse_team_tiebreak",
    "parse_team_tiebreaks",
    "team_standings",
    "team_tiebreak_values",
]

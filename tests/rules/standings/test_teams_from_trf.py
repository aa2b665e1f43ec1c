"""A TRF-2026 team file read by the project's reader becomes the team tournament it was written
from (``rules.standings.teams.from_trf``), on the 24 stored Gacrux cases and small files."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.files.trf.teams import parse_team_trf
from rules.standings.teams import (
    BoardGame,
    TeamBye,
    TeamMatch,
    team_standings,
)
from rules.standings.teams.from_trf import team_tournament_from_trf
from tests.datafiles import DATA
from tests.rules.standings.team_data import SPECS, generated_cases

FOLDER = DATA / "gacrux-teams"


@pytest.mark.parametrize("name", [spec.name for spec in SPECS])
def test_a_stored_file_reads_back_as_the_tournament_it_was_written_from(name):
    written = generated_cases()[name]
    read = team_tournament_from_trf(parse_team_trf((FOLDER / f"{name}.trf").read_text()))

    def in_order(t):
        matches = tuple(sorted(t.matches, key=lambda m: (m.round, m.first)))
        byes = tuple(sorted(t.byes, key=lambda b: (b.round, b.team)))
        return replace(t, matches=matches, byes=byes, scoring=written.scoring)

    assert in_order(read) == in_order(written)
    assert read.scoring.pab(read.boards) == written.scoring.pab(written.boards)
    assert read.scoring.match == written.scoring.match


HEAD = """012 Small league
142 2
192 FIDE_TEAM_TYPEA_MP_GP
"""


def _player(number: int, rounds: str) -> str:
    return (
        f"001 {number:4d} m    {'Player ' + str(number):<33} 2000 {'':3} {'':11} {'':10}  0.0     "
        + rounds
    )


def test_a_whole_match_forfeit_a_lineup_with_an_empty_board_and_a_half_point_bye():
    # Round 1: team 1 (players 1, 2) forfeits the whole match to team 2 (330); team 3 has a
    # half-point bye (240 H). Round 2: team 3 (5, 6) meets team 1 with board 2 empty on
    # team 1's side (300 line-up 1 0000): player 6 wins it by forfeit against nobody.
    text = (
        HEAD
        + "\n".join(
            [
                _player(1, " " * 10 + "     5 b 1"),
                _player(2, ""),
                _player(3, ""),
                _player(4, ""),
                _player(5, " " * 10 + "     1 w 0"),
                _player(6, " " * 10 + "  0000 - +"),
                "310   1 Team 1                                                           1    2",
                "310   2 Team 2                                                           3    4",
                "310   3 Team 3                                                           5    6",
                "300   2   1   3 0001 0000",
                "240 H   1    3",
                "240 Z   2    2",
                "330 -+   1   1   2",
            ]
        )
        + "\n"
    )
    t = team_tournament_from_trf(parse_team_trf(text))
    assert t.boards == 2 and t.rounds == 2
    assert t.matches == (
        TeamMatch(1, 1, 2, (BoardGame(1, None, None, "-+"), BoardGame(2, None, None, "-+"))),
        TeamMatch(2, 3, 1, (BoardGame(1, 5, 1, "0-1"), BoardGame(2, 6, None, "+-"))),
    )
    assert set(t.byes) == {TeamBye(1, 3, "half"), TeamBye(2, 2, "absent")}
    rows = {row.team.number: row for row in team_standings(t, ()).rows}
    assert (rows[1].match_points, rows[1].game_points) == (1, 1)  # lost 0-2, drew 1-1
    assert (rows[2].match_points, rows[2].game_points) == (2, 2)
    assert (rows[3].match_points, rows[3].game_points) == (2, 2)  # half bye 1 + 1, drew 1-1
    assert rows[3].game_points == Fraction(1) + Fraction(1)


def test_a_blank_pab_value_is_a_drawn_match():
    # TRF-2026: blank 320 match and game points are the default, a drawn match (C.04.6 1.4).
    text = (
        HEAD
        + "\n".join(
            [
                _player(1, "     3 w 1"),
                _player(2, "     4 b ="),
                _player(3, "     1 b 0"),
                _player(4, "     2 w ="),
                "310   1 Team 1                                                           1    2",
                "310   2 Team 2                                                           3    4",
                "310   3 Team 3                                                           5    6",
                _player(5, ""),
                _player(6, ""),
                "320             3",
            ]
        )
        + "\n"
    )
    t = team_tournament_from_trf(parse_team_trf(text))
    assert t.byes == (TeamBye(1, 3, "PAB"),)
    rows = {row.team.number: row for row in team_standings(t, ()).rows}
    assert (rows[3].match_points, rows[3].game_points) == (1, 1)
    assert (rows[1].match_points, rows[1].game_points) == (2, Fraction(3, 2))

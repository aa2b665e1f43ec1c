"""The team file as it stood before a round: what the pairing program was given."""

from __future__ import annotations

from rules.files.trf.team_records import LineUp, TeamBye, TeamForfeit, TeamPab
from rules.files.trf.team_rounds import played_rounds, team_file_before
from rules.files.trf.teams import parse_team_trf, write_team_trf
from tests.datafiles import TEAM_FORK_TESTS


def _file():
    f = parse_team_trf((TEAM_FORK_TESTS / "team_round2.trf").read_text(encoding="utf-8"))
    f.byes = [TeamBye("Z", 2, 3), TeamBye("H", 3, 4)]
    f.forfeits = [TeamForfeit("+-", 1, 1, 2), TeamForfeit("-+", 2, 3, 4)]
    f.lineups = [LineUp(1, 1, 2, (2, 1)), LineUp(2, 1, 3, (1, 2))]
    f.pab = TeamPab(None, None, [None, 2])
    return f


def test_before_round_2_the_file_keeps_round_1_and_the_absences_declared_for_round_2():
    f = _file()
    cut = team_file_before(f, 2)

    assert [p.rounds for p in cut.members.players] == [p.rounds[:1] for p in f.members.players]
    assert [p.points for p in cut.members.players] == [1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0]
    assert cut.byes == [TeamBye("Z", 2, 3)]
    assert cut.forfeits == [TeamForfeit("+-", 1, 1, 2)]
    assert cut.lineups == [LineUp(1, 1, 2, (2, 1))]
    assert cut.pab == TeamPab(None, None, [None])
    assert cut.members.total_rounds == 3
    assert (cut.teams[0].match_points, cut.teams[0].rank) == (None, None)


def test_before_round_1_no_result_is_left_and_the_original_is_untouched():
    f = _file()
    cut = team_file_before(f, 1)

    assert all(p.rounds == [] for p in cut.members.players)
    assert (cut.byes, cut.forfeits, cut.lineups, cut.pab.teams) == ([], [], [], [])
    assert played_rounds(cut) == 0
    assert played_rounds(f) == 2  # the 330 of round 2 counts as a result
    assert len(f.members.players[0].rounds) == 1
    assert parse_team_trf(write_team_trf(cut)).teams == cut.teams

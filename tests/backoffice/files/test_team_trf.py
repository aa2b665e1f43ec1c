"""The TRF-2026 team export: read back by our team reader record by record (teams and
rosters, line-ups, 192/152/352/362, the PAB, whole-match forfeits, the member games), the
download for a team tournament, and the stored export that the reference fork read."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.teams.results import set_match_outcome
from backoffice.files.team_trf import export_team_trf
from core.roles import SYSTEM
from rules.files.trf.team_records import MatchPointSystem, TeamForfeit, TeamType
from rules.files.trf.teams import parse_team_trf
from tests.actions.teams_data import team_tournament
from tests.datafiles import DATA
from tests.factories import make_superuser
from tournaments.models import Game, TeamMatch
from tournaments.queries.team_event import standings_rows, team_event

pytestmark = pytest.mark.django_db

#: The stored export (``tests/data/team-trf/``) that the fork's ``--team FILE -c`` read.
STORED = DATA / "team-trf" / "team_swiss_5_teams.trf"


def _play(tournament, rounds: int, *, forfeit_round: int | None = None):
    """Pair, publish and play ``rounds`` rounds: on board b of match m White wins when
    (m + b) is odd and draws otherwise; ``forfeit_round``'s first match is forfeited by
    its second team."""
    for number in range(1, rounds + 1):
        round_ = pair_next_round(actor=SYSTEM, tournament=tournament)
        publish_round(actor=SYSTEM, round=round_)
        if number == forfeit_round:
            match = TeamMatch.objects.get(round=round_, number=1)
            set_match_outcome(actor=SYSTEM, match=match, outcome="second_absent")
        for game in Game.objects.filter(round=round_, result="").select_related("team_match"):
            odd = (game.team_match.number + game.team_board) % 2
            record_result(actor=SYSTEM, game=game, result="10" if odd else "==")


def _team_swiss(**fields):
    tournament, teams = team_tournament(
        teams=5,
        boards=4,
        reserves=1,
        system="team_swiss",
        name="Riverside Team Swiss",
        initial_colour="w",
        **fields,
    )
    return tournament, teams


def test_the_export_reads_back_record_by_record():
    tournament, _teams = _team_swiss()
    _play(tournament, 3, forfeit_round=2)

    read = parse_team_trf(export_team_trf(tournament=tournament))

    event = team_event(tournament)
    members = read.members
    rank_of = {p.name: p.tpn for p in members.players}
    assert read.team_type == TeamType("A", "MP", "GP", False)
    assert members.headers["192"] == "FIDE_TEAM_TYPEA_MP_GP"
    assert members.total_rounds == 5
    assert read.board_colours == "WBWB"
    assert read.match_point_system == MatchPointSystem()
    # 310: every team with its roster by start rank, board order then the reserve
    assert [(t.tpn, t.name) for t in read.teams] == [
        (number, team.name) for number, team in event.teams.items()
    ]
    for record in read.teams:
        roster = event.rosters[record.tpn]
        assert record.members == [
            rank_of[f"{m.player.last_name}, {m.player.first_name}"] for m in roster
        ]
    # 310's informative scores and ranks are the standings'
    rows = standings_rows(event, 3)
    assert {t.tpn: (t.match_points, t.game_points, t.rank) for t in read.teams} == {
        row.number: (row.match_points, row.game_points, rank)
        for rank, row in enumerate(rows, start=1)
    }
    # 300: both teams of every played match, board by board; the bye team has none
    for number, lines in event.rounds.items():
        for line in lines:
            if line.second is None:
                assert read.pab.teams[number - 1] == event.number_of(line.first)
                continue
            first, second = event.number_of(line.first), event.number_of(line.second)
            lineup = read.lineup(number, first)
            assert lineup.opponent == second
            assert lineup.players == tuple(
                rank_of[f"{b.first_player.last_name}, {b.first_player.first_name}"]
                for b in line.boards
            )
    # 320: one PAB a round (5 teams), a drawn match's value (blank)
    assert (read.pab.match_points, read.pab.game_points) == (None, None)
    assert all(read.pab.teams)
    # 330: round 2's first match forfeited by its second team
    forfeited = event.rounds[2][0]
    assert read.forfeits == [
        TeamForfeit("+-", 2, event.number_of(forfeited.first), event.number_of(forfeited.second))
    ]


def test_member_games_are_the_board_games():
    tournament, _teams = _team_swiss()
    _play(tournament, 1)

    members = parse_team_trf(export_team_trf(tournament=tournament)).members

    games = Game.objects.filter(round__tournament=tournament).select_related("white", "black")
    by_name = {p.name: p for p in members.players}
    for game in games:
        white = by_name[f"{game.white.last_name}, {game.white.first_name}"]
        black = by_name[f"{game.black.last_name}, {game.black.first_name}"]
        entry = white.rounds[0]
        assert (entry.opponent, entry.colour) == (black.tpn, "w")
        assert entry.result == ("1" if game.result == "10" else "=")


def test_settings_of_other_team_formats_and_scores():
    tournament, _teams = team_tournament(
        teams=4,
        boards=2,
        reserves=0,
        system="team_round_robin",
        team_match_win=3,
        team_primary_score="game",
    )
    _play(tournament, 1)

    read = parse_team_trf(export_team_trf(tournament=tournament))

    assert "192" not in read.members.headers  # no TRF-2026 code for a team round robin
    assert read.board_colours == "WB"
    assert read.match_point_system == MatchPointSystem(Fraction(3), Fraction(1), Fraction(0))
    assert read.pab is None and read.forfeits == []


def test_the_download_of_a_team_tournament_is_the_team_file(client):
    tournament, _teams = _team_swiss()
    _play(tournament, 1)
    client.force_login(make_superuser())

    response = client.get(reverse("tournaments:trf_export", args=[tournament.slug]))

    assert response.status_code == 200
    assert response.content.decode() == export_team_trf(tournament=tournament)
    assert "\n310 " in response.content.decode()


def test_the_stored_export_the_fork_read_is_what_we_write():
    """tests/data/team-trf/README.md: the fork's ``--team FILE -c`` found every round of
    this file paired as it pairs it."""
    tournament, _teams = _team_swiss()
    _play(tournament, 3, forfeit_round=2)

    assert export_team_trf(tournament=tournament) == STORED.read_text(encoding="utf-8")

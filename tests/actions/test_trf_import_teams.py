"""Import of a TRF-2026 team file as a new team tournament: an exported team Swiss comes
back with its teams, rosters, matches, boards, byes, forfeits and standings; a bad team file
is refused with the line and writes nothing."""

from __future__ import annotations

import pytest

from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.teams.results import set_match_outcome
from actions.trf_import import import_trf
from backoffice.files.team_trf import export_team_trf
from core.roles import SYSTEM
from tests.actions.teams_data import team_tournament
from tests.factories import standard_list
from tests.helpers import snapshot
from tournaments.models import Game, TeamMatch
from tournaments.queries.team_event import standings_rows, team_event

pytestmark = pytest.mark.django_db


def _played_team_swiss(rounds: int = 3):
    tournament, _teams = team_tournament(
        teams=5, boards=4, reserves=1, system="team_swiss", name="Exported", initial_colour="w"
    )
    for number in range(1, rounds + 1):
        round_ = pair_next_round(actor=SYSTEM, tournament=tournament)
        publish_round(actor=SYSTEM, round=round_)
        if number == 2:
            match = TeamMatch.objects.get(round=round_, number=1)
            set_match_outcome(actor=SYSTEM, match=match, outcome="second_absent")
        for game in Game.objects.filter(round=round_, result="").select_related("team_match"):
            odd = (game.team_match.number + game.team_board) % 2
            record_result(actor=SYSTEM, game=game, result="10" if odd else "==")
    return tournament


def _shape(tournament):
    """What the team pages show of a tournament: teams with rosters, each round's matches
    board by board, the standings."""
    event = team_event(tournament)
    name = lambda p: p and f"{p.last_name}, {p.first_name}"  # noqa: E731
    return {
        "teams": {
            n: (t.name, [(m.order, m.reserve, name(m.player)) for m in event.rosters[n]])
            for n, t in event.teams.items()
        },
        "rounds": {
            number: [
                (
                    line.first.name,
                    line.second and line.second.name,
                    line.match.outcome,
                    [
                        (
                            b.board,
                            name(b.first_player),
                            b.first_colour,
                            b.result,
                            name(b.second_player),
                        )
                        for b in line.boards
                    ],
                )
                for line in lines
            ]
            for number, lines in event.rounds.items()
        },
        "standings": [
            (r.place, r.team.name, r.match_points, r.game_points, r.tiebreaks)
            for r in standings_rows(event, event.completed)
        ],
    }


def test_an_exported_team_swiss_comes_back_as_it_was():
    original = _played_team_swiss()
    text = export_team_trf(tournament=original)

    report = import_trf(actor=SYSTEM, text=text, rating_list=standard_list())

    assert report.ok, report.errors
    imported = report.tournament
    assert (imported.pairing_system, imported.team_boards) == ("team_swiss", 4)
    assert (imported.team_colour_preference, imported.team_primary_score) == ("A", "match")
    assert _shape(imported) == _shape(original)
    # the board games of a round are numbered match by match, as a paired round's
    assert list(
        imported.rounds.get(number=1).games.order_by("board").values_list("board", "team_board")
    ) == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 1), (6, 2), (7, 3), (8, 4)]


def test_a_team_round_robin_with_three_one_zero():
    original, _teams = team_tournament(
        teams=4, boards=2, reserves=0, team_match_win=3, name="League"
    )
    round_ = pair_next_round(actor=SYSTEM, tournament=original)
    publish_round(actor=SYSTEM, round=round_)
    for game in round_.games.all():
        record_result(actor=SYSTEM, game=game, result="01")

    report = import_trf(actor=SYSTEM, text=export_team_trf(tournament=original))

    assert report.ok, report.errors
    imported = report.tournament
    assert (imported.pairing_system, imported.team_match_win) == ("team_round_robin", 3)
    assert _shape(imported) == _shape(original)


def _exported_lines():
    original = _played_team_swiss(rounds=1)
    return export_team_trf(tournament=original).splitlines()


def test_a_roster_with_an_unknown_player_is_refused_with_its_line_and_writes_nothing():
    lines = _exported_lines()
    index = next(i for i, line in enumerate(lines) if line.startswith("310   2"))
    lines[index] = lines[index][:-4] + "  99"
    before = snapshot()

    report = import_trf(actor=SYSTEM, text="\n".join(lines) + "\n")

    assert not report.ok and report.tournament is None
    assert [(p.line, p.column) for p in report.errors] == [(index + 1, 94)]
    assert "99" in report.errors[0].reason
    assert snapshot() == before


def test_two_players_of_one_team_meeting_are_refused_with_the_line():
    lines = _exported_lines()
    # Team C's first player (start rank 11) is put on Team A's roster for Team A's reserve
    # (5): round 1's first board, A1 against C1, is then a game within Team A
    rosters = {line[:7]: i for i, line in enumerate(lines) if line.startswith("310")}
    a, c = rosters["310   1"], rosters["310   3"]
    lines[a] = lines[a][:-4] + "  11"
    lines[c] = lines[c].replace("  11   12", "   5   12")
    text = "\n".join(line for line in lines if not line.startswith("300")) + "\n"
    before = snapshot()

    report = import_trf(actor=SYSTEM, text=text)

    assert [(p.line, p.reason) for p in report.errors] == [
        (11, "round 1: start ranks 1 and 11 of one team meet")
    ]
    assert snapshot() == before


def test_a_match_of_one_board_is_refused():
    lines = [line for line in _exported_lines() if not line.startswith(("352", "300"))]
    lines.append("352 W")
    before = snapshot()

    report = import_trf(actor=SYSTEM, text="\n".join(lines) + "\n")

    assert [p.reason for p in report.errors] == ["a team match has 2 to 10 boards: this file has 1"]
    assert report.errors[0].line == len(lines)
    assert snapshot() == before

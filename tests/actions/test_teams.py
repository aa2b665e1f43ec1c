"""Teams, rosters and line-ups (issue 22): what they write, and the refusals that write
nothing (a line-up with an ineligible player, out of roster order, of the wrong size)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from actions.registrations import withdraw_player
from actions.rounds import pair_next_round, publish_round
from actions.teams.line_ups import submit_line_up
from actions.teams.rosters import add_team, set_roster, update_team
from actions.tournaments import create_tournament, update_tournament
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from events.models import RoundStart
from tests.actions.teams_data import rated_player, roster, team_tournament
from tests.factories import make_player, make_tournament
from tests.helpers import snapshot
from tournaments.models import LineUp, Registration, Round, TeamMember

pytestmark = pytest.mark.django_db


def _names(line_up: LineUp) -> list[str]:
    return [b.player.last_name for b in line_up.boards.select_related("player").order_by("board")]


def test_a_roster_enters_its_players_and_marks_the_reserves():
    tournament, (a, *_rest) = team_tournament(teams=2, boards=4, reserves=2)

    members = list(a.members.select_related("player").order_by("order"))

    assert [(m.order, m.player.last_name, m.reserve) for m in members] == [
        (1, "A1", False),
        (2, "A2", False),
        (3, "A3", False),
        (4, "A4", False),
        (5, "A5", True),
        (6, "A6", True),
    ]
    entered = Registration.objects.filter(tournament=tournament)
    assert entered.count() == 12
    assert entered.get(player=members[0].player).rating_at_start == 2000
    assert AuditEntry.objects.filter(action=AuditAction.ROSTER_SET).count() == 2


def test_a_player_on_two_teams_or_twice_on_one_is_refused_and_nothing_is_written():
    _tournament, (a, b) = team_tournament(teams=2, boards=2, reserves=0)
    before = snapshot()

    with pytest.raises(ValidationError, match="already plays for Team A"):
        set_roster(actor=SYSTEM, team=b, players=[*roster(b), roster(a)[0]])
    with pytest.raises(ValidationError, match="on the roster twice"):
        set_roster(actor=SYSTEM, team=b, players=[*roster(b), roster(b)[0]])

    assert snapshot() == before


def test_a_team_needs_a_team_format_and_a_free_name():
    individual = make_tournament(pairing_system="swiss_dutch", rounds_planned=5)
    tournament, _teams = team_tournament(teams=2, boards=2)
    before = snapshot()

    with pytest.raises(ValidationError, match="is not a team competition"):
        add_team(actor=SYSTEM, tournament=individual, name="X")
    with pytest.raises(ValidationError, match="already in this tournament"):
        add_team(actor=SYSTEM, tournament=tournament, name="team a")

    assert snapshot() == before


def test_the_board_order_is_locked_once_round_1_is_paired_new_players_join_at_the_end():
    tournament, (a, _b) = team_tournament(teams=2, boards=2, reserves=1)
    pair_next_round(actor=SYSTEM, tournament=tournament)
    players = roster(a)
    before = snapshot()

    with pytest.raises(ValidationError, match="board order is locked"):
        set_roster(actor=SYSTEM, team=a, players=[players[1], players[0], players[2]])
    assert snapshot() == before

    newcomer = rated_player("A9", 1500)
    set_roster(actor=SYSTEM, team=a, players=[*players, newcomer])
    assert [p.last_name for p in roster(a)] == ["A1", "A2", "A3", "A9"]


def test_the_board_order_by_rating_allows_the_tolerance_only():
    _tournament, (a, _b) = team_tournament(
        teams=2, boards=2, reserves=1, team_board_order="rating", team_rating_tolerance=10
    )
    a1, a2, a3 = roster(a)  # 2000, 1990, 1980
    before = snapshot()

    with pytest.raises(
        ValidationError, match=r"A3, Player \(1980\) cannot stand above A1, Player \(2000\)"
    ):
        set_roster(actor=SYSTEM, team=a, players=[a3, a2, a1])
    assert snapshot() == before

    set_roster(actor=SYSTEM, team=a, players=[a2, a1, a3])  # 10 points: within the tolerance
    assert [p.last_name for p in roster(a)] == ["A2", "A1", "A3"]


def test_update_team_sets_the_captain_and_tells_the_fields():
    _tournament, (a, _b) = team_tournament(teams=2, boards=2)
    captain = roster(a)[0]

    update_team(actor=SYSTEM, team=a, changes={"captain": captain, "name": "Riverside A1"})

    a.refresh_from_db()
    assert (a.name, a.captain_id) == ("Riverside A1", captain.pk)
    entry = AuditEntry.objects.get(action=AuditAction.TEAM_CHANGED)
    assert entry.params["fields"] == ["name", "captain"]


# ----------------------------------------------------------------------------- line-ups


@pytest.fixture
def league():
    """Two teams of 3 boards, 2 reserves, a double round robin; Team A's captain is A1 with
    an account."""
    tournament, (a, b) = team_tournament(
        teams=2, boards=3, reserves=2, system="team_double_round_robin"
    )
    account = get_user_model().objects.create_user("captain-a", password="pw-" + "captain")
    captain = roster(a)[0]
    captain.account = account
    captain.save()
    update_team(actor=SYSTEM, team=a, changes={"captain": captain})
    a.refresh_from_db()
    return tournament, a, b, account


def test_the_captain_submits_a_line_up_in_roster_order(league):
    _tournament, a, _b, account = league
    a1, _a2, a3, _a4, a5 = roster(a)

    line_up = submit_line_up(actor=account, team=a, round_number=1, players=[a1, a3, a5])

    assert _names(line_up) == ["A1", "A3", "A5"]
    assert line_up.submitted_by == account
    entry = AuditEntry.objects.get(action=AuditAction.LINE_UP_SUBMITTED)
    assert entry.params == {
        "team": "Team A",
        "round": 1,
        "names": ["A1, Player", "A3, Player", "A5, Player"],
    }


@pytest.mark.parametrize(
    ("pick", "message"),
    [
        (
            (1, 0, 2),
            r"A2, Player \(roster place 2\) cannot play above A1, Player \(roster place 1\)",
        ),
        ((0, 1), "A line-up has exactly 3 players: 2 given"),
        ((0, 1, 2, 3), "A line-up has exactly 3 players: 4 given"),
        ((0, 0, 1), "A player cannot play two boards"),
    ],
)
def test_a_bad_line_up_is_refused_and_nothing_is_written(league, pick, message):
    _tournament, a, _b, account = league
    players = roster(a)
    before = snapshot()

    with pytest.raises(ValidationError, match=message):
        submit_line_up(actor=account, team=a, round_number=1, players=[players[i] for i in pick])

    assert snapshot() == before


def test_a_line_up_with_a_player_off_the_roster_or_withdrawn_is_refused(league):
    tournament, a, b, account = league
    a1, a2, a3, *_ = roster(a)
    stranger = make_player("Stranger")
    before = snapshot()

    with pytest.raises(ValidationError, match="B1, Player is not on the roster of Team A"):
        submit_line_up(actor=account, team=a, round_number=1, players=[a1, a2, roster(b)[0]])
    with pytest.raises(ValidationError, match="Stranger is not on the roster of Team A"):
        submit_line_up(actor=account, team=a, round_number=1, players=[a1, a2, stranger])
    assert snapshot() == before

    pair_next_round(actor=SYSTEM, tournament=tournament)
    publish_round(actor=SYSTEM, round=Round.objects.get(tournament=tournament, number=1))
    withdraw_player(
        actor=SYSTEM,
        registration=Registration.objects.get(tournament=tournament, player=a3),
        after_round=1,
    )
    before = snapshot()
    with pytest.raises(ValidationError, match="A3, Player may not play round 2"):
        submit_line_up(actor=account, team=a, round_number=2, players=[a1, a2, a3])
    assert snapshot() == before


def test_only_the_captain_or_the_arbiters_submit(league):
    tournament, a, b, account = league
    stranger = get_user_model().objects.create_user("other", password="pw-" + "other")
    before = snapshot()

    with pytest.raises(PermissionDenied):
        submit_line_up(actor=stranger, team=a, round_number=1, players=roster(a)[:3])
    with pytest.raises(PermissionDenied):
        submit_line_up(actor=account, team=b, round_number=1, players=roster(b)[:3])

    assert snapshot() == before
    tournament.arbiters.add(stranger)
    submit_line_up(actor=stranger, team=b, round_number=1, players=roster(b)[:3])


def test_line_ups_close_at_the_deadline_for_the_captain_not_the_arbiter(league):
    tournament, a, _b, account = league
    tournament.team_line_up_deadline = 60
    tournament.save()
    RoundStart.objects.create(
        tournament=tournament,
        number=1,
        starts_at=timezone.now() + datetime.timedelta(minutes=30),
        changed_at=timezone.now(),
    )
    before = snapshot()

    with pytest.raises(ValidationError, match="The line-ups for round 1 closed"):
        submit_line_up(actor=account, team=a, round_number=1, players=roster(a)[:3])

    assert snapshot() == before
    submit_line_up(actor=SYSTEM, team=a, round_number=1, players=roster(a)[:3])


def test_a_paired_round_takes_no_line_up(league):
    tournament, a, _b, account = league
    pair_next_round(actor=SYSTEM, tournament=tournament)
    before = snapshot()

    with pytest.raises(ValidationError, match="Round 1 is paired already"):
        submit_line_up(actor=account, team=a, round_number=1, players=roster(a)[:3])
    with pytest.raises(ValidationError, match="the next round, 2"):
        submit_line_up(actor=account, team=a, round_number=3, players=roster(a)[:3])

    assert snapshot() == before


def test_submitting_the_same_line_up_again_records_nothing(league):
    _tournament, a, _b, account = league
    submit_line_up(actor=account, team=a, round_number=1, players=roster(a)[:3])
    before = snapshot()

    submit_line_up(actor=account, team=a, round_number=1, players=roster(a)[:3])

    assert snapshot() == before
    assert TeamMember.objects.filter(team=a).count() == 5


def test_the_boards_per_match_cannot_change_once_a_round_is_paired():
    tournament, _teams = team_tournament(teams=2, boards=2, system="team_double_round_robin")
    pair_next_round(actor=SYSTEM, tournament=tournament)
    tournament.refresh_from_db()
    before = snapshot()

    with pytest.raises(ValidationError, match="cannot change once a round has been paired"):
        update_tournament(actor=SYSTEM, tournament=tournament, changes={"team_boards": 3})

    assert snapshot() == before
    # The rounds follow from the teams: a change of the points leaves them alone.
    update_tournament(actor=SYSTEM, tournament=tournament, changes={"team_match_win": 3})
    tournament.refresh_from_db()
    assert (tournament.team_match_win, tournament.rounds_planned) == (3, 2)


def test_a_team_format_needs_its_boards_and_an_individual_one_has_none():
    with pytest.raises(ValidationError, match="needs the number of boards per match"):
        create_tournament(
            actor=SYSTEM,
            name="No boards",
            start_date=datetime.date(2026, 3, 1),
            end_date=datetime.date(2026, 3, 1),
            pairing_system="team_swiss",
            rounds_planned=5,
        )
    with pytest.raises(ValidationError, match="for the team formats only"):
        create_tournament(
            actor=SYSTEM,
            name="Boards",
            start_date=datetime.date(2026, 3, 1),
            end_date=datetime.date(2026, 3, 1),
            pairing_system="swiss_dutch",
            rounds_planned=5,
            team_boards=4,
        )


def test_a_team_swiss_with_baku_needs_match_points_as_its_primary_score():
    with pytest.raises(ValidationError, match="needs match points as the primary score"):
        create_tournament(
            actor=SYSTEM,
            name="Baku by game points",
            start_date=datetime.date(2026, 3, 1),
            end_date=datetime.date(2026, 3, 1),
            pairing_system="team_swiss",
            rounds_planned=5,
            team_boards=4,
            accelerated=True,
            team_primary_score="game",
        )

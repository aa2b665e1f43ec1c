"""The team pages (issue 22): the organiser's teams and rosters, the captain's line-up form
(a refused line-up shown again with its error, nothing written) and the round page's
matches with their scores."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.teams.rosters import update_team
from core.roles import SYSTEM
from tests.actions.teams_data import roster, team_tournament
from tests.factories import make_player
from tests.helpers import snapshot
from tournaments.models import LineUp, Team

pytestmark = pytest.mark.django_db


def _user(name: str, **fields):
    return get_user_model().objects.create_user(name, password="pw-" + name, **fields)


@pytest.fixture
def organised():
    tournament, teams = team_tournament(teams=2, boards=2, reserves=1)
    organiser = _user("org")
    tournament.club.organisers.add(organiser)
    return tournament, teams, organiser


def test_the_organiser_adds_a_team_and_sets_its_roster(client, organised):
    tournament, _teams, organiser = organised
    client.force_login(organiser)
    # Players of the club, not entered yet: the roster offers them and enters them.
    players = [make_player(f"C{i}", club=tournament.club) for i in range(1, 4)]

    added = client.post(
        reverse("tournaments:organise_teams", args=[tournament.slug]),
        {"name": "Team C", "club": tournament.club.pk},
    )
    team = Team.objects.get(tournament=tournament, name="Team C")
    page = client.get(added["Location"]).content.decode()
    saved = client.post(
        reverse("tournaments:organise_team", args=[tournament.slug, team.pk]),
        {"form": "roster", **{f"place_{i}": p.pk for i, p in enumerate(players, start=1)}},
    )

    assert added.status_code == 302 and saved.status_code == 302
    assert "Board 1" in page and "Reserve 1" in page
    assert [p.last_name for p in roster(team)] == ["C1", "C2", "C3"]
    assert tournament.registrations.filter(player__in=players).count() == 3
    listing = client.get(reverse("tournaments:organise_teams", args=[tournament.slug]))
    assert "Team C" in listing.content.decode()


@pytest.fixture
def captain(organised):
    tournament, (a, _b), _organiser = organised
    account = _user("cap")
    player = roster(a)[0]
    player.account = account
    player.save()
    update_team(actor=SYSTEM, team=a, changes={"captain": player})
    return tournament, a, account


def test_the_captain_finds_the_team_under_my_teams_and_submits_the_line_up(client, captain):
    tournament, a, account = captain
    client.force_login(account)
    a1, _a2, a3 = roster(a)

    home = client.get(reverse("tournaments:my_teams")).content.decode()
    url = reverse("tournaments:line_up", args=[tournament.slug, a.pk])
    form = client.get(url).content.decode()
    response = client.post(url, {"board_1": a1.pk, "board_2": a3.pk})

    assert "Team A" in home and url in home and "My teams" in home
    assert "Line-up of Team A, round 1" in form
    assert response.status_code == 302
    line_up = LineUp.objects.get(team=a, round_number=1)
    assert [b.player_id for b in line_up.boards.order_by("board")] == [a1.pk, a3.pk]


def test_a_line_up_out_of_roster_order_is_shown_again_with_its_error(client, captain):
    tournament, a, account = captain
    client.force_login(account)
    a1, _a2, a3 = roster(a)
    before = snapshot()

    response = client.post(
        reverse("tournaments:line_up", args=[tournament.slug, a.pk]),
        {"board_1": a3.pk, "board_2": a1.pk},
    )

    assert response.status_code == 200
    assert "must follow the roster order" in response.content.decode()
    assert snapshot() == before


def test_the_round_page_shows_each_match_with_its_boards_and_score(client, organised):
    tournament, _teams, organiser = organised
    round_ = pair_next_round(actor=SYSTEM, tournament=tournament)
    publish_round(actor=SYSTEM, round=round_)
    for game in round_.games.all():
        record_result(actor=SYSTEM, game=game, result="10")
    client.force_login(organiser)

    page = client.get(
        reverse("tournaments:organise_round", args=[tournament.slug, 1])
    ).content.decode()
    dashboard = client.get(reverse("tournaments:organise", args=[tournament.slug])).content.decode()

    # Board 1: A1 (White) wins; board 2: B2 (White) wins: 1 – 1.
    assert "Match 1: Team A – Team B" in page and "1 – 1" in page
    assert "Whole-match forfeit" in page
    assert "Teams and rosters" in dashboard and "Match points" in dashboard

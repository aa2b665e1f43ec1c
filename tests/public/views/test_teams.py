"""The public pages of a team tournament: team standings, crosstable, a round's matches,
a team's card and the board prizes, their CSV downloads, the live fragments, the 404s and
a fixed number of queries."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_tournament, team_round_robin
from tests.helpers import body_rows, tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    tournament, made = team_round_robin(slug="league")
    return tournament, made


def _get(client, name, *args, query=""):
    return client.get(reverse(f"tournaments:{name}", args=["league", *args]) + query)


def test_team_standings(client, league):
    response = _get(client, "team_standings")

    assert response.status_code == 200
    # a team round robin's tie-breaks (C.07): the other score, direct encounter, opponents'
    # match points × own game points, board count
    assert tables(response.content)[0]["head"] == [
        ["Place", "No.", "Team", "Matches", "MP", "GP", "MPVGP", "DE", "EMGSB", "BC"]
    ]
    assert body_rows(response.content) == [
        ["1", "1", "Alpha", "3", "5", "4", "4.0", "0", "9.0", "5.0"],
        ["2", "3", "Charlie", "3", "3", "3½", "3.5", "0", "9.5", "5.5"],
        ["3", "2", "Bravo", "3", "3", "3", "3.0", "0", "7.0", "5.0"],
        ["4", "4", "Delta", "3", "1", "1½", "1.5", "0", "5.5", "2.5"],
    ]
    html = response.content.decode()
    assert 'href="/tournaments/league/teams/3/"' in html
    assert "Team standings after round 3" in html
    assert '<abbr title="Opponents&#x27; match points × own game points">EMGSB</abbr>' in html
    assert "every 5s" not in html  # every result is in: no polling


def test_team_standings_after_a_round_and_past_the_last(client, league):
    after_one = _get(client, "team_standings", query="?round=1")

    assert [row[:6] for row in body_rows(after_one.content)] == [
        ["1", "3", "Charlie", "1", "2", "2"],
        ["2", "1", "Alpha", "1", "2", "1½"],
        ["3", "4", "Delta", "1", "0", "½"],
        ["4", "2", "Bravo", "1", "0", "0"],
    ]
    assert _get(client, "team_standings", query="?round=4").status_code == 404


def test_team_standings_csv(client, league):
    response = _get(client, "team_standings_csv")

    assert response["Content-Disposition"] == 'attachment; filename="league-team-standings.csv"'
    assert response.content.decode().splitlines() == [
        "Place,No.,Team,Matches,MP,GP,MPVGP,DE,EMGSB,BC",
        "1,1,Alpha,3,5,4.0,4.0,0,9.0,5.0",
        "2,3,Charlie,3,3,3.5,3.5,0,9.5,5.5",
        "3,2,Bravo,3,3,3.0,3.0,0,7.0,5.0",
        "4,4,Delta,3,1,1.5,1.5,0,5.5,2.5",
    ]


def test_team_crosstable_and_csv(client, league):
    page = _get(client, "team_crosstable")
    download = _get(client, "team_crosstable_csv")

    assert body_rows(page.content) == [
        ["1", "Alpha", "×", "1½", "1", "1½", "5", "4", "1"],
        ["2", "Charlie", "½", "×", "2", "1", "3", "3½", "2"],
        ["3", "Bravo", "1", "0", "×", "2", "3", "3", "3"],
        ["4", "Delta", "½", "1", "0", "×", "1", "1½", "4"],
    ]
    assert download.content.decode().splitlines()[1] == "1,Alpha,×,1½,1,1½,5,4.0,1"


def test_team_swiss_crosstable_shows_rounds(client):
    team_round_robin(slug="swiss", pairing_system="team_swiss")

    response = client.get(reverse("tournaments:team_crosstable", args=["swiss"]))

    assert tables(response.content)[0]["head"] == [
        ["Rank", "Team", "1", "2", "3", "MP", "GP", "Place"]
    ]
    assert body_rows(response.content)[0] == ["1", "Alpha", "4w 1½", "2w 1", "3b 1½", "5", "4", "1"]


def test_a_rounds_matches_board_by_board(client, league):
    response = _get(client, "team_round", 2)

    html = response.content.decode()
    assert "Matches of round 2" in html
    assert [t["body"] for t in tables(response.content)] == [
        [
            ["1", "white Delta1", "1800", "½–½", "Charlie1", "2000"],
            ["2", "black Delta2", "1700", "½–½", "Charlie2", "1900"],
        ],
        [
            ["1", "white Alpha1", "2200", "1–0", "Bravo1", "2150"],
            ["2", "black Alpha3", "2000", "0–1", "Bravo2", "2050"],
        ],
    ]
    assert '<span class="match-score">1 : 1</span>' in html
    # without a number: the latest round
    assert "Matches of round 3" in _get(client, "team_rounds").content.decode()
    assert _get(client, "team_round", 4).status_code == 404


def test_a_rounds_csv_holds_every_board(client, league):
    response = _get(client, "team_round_csv", 1)

    assert response["Content-Disposition"] == 'attachment; filename="league-team-round-1.csv"'
    assert response.content.decode().splitlines() == [
        "Match,Board,Team,Title,Player,Rating,Colour,Result,Team,Title,Player,Rating",
        "1,1,Alpha,,Alpha1,2200,w,1–0,Delta,,Delta1,1800",
        "1,2,Alpha,,Alpha2,2100,b,½–½,Delta,,Delta2,1700",
        "2,1,Bravo,,Bravo1,2150,w,0–1,Charlie,,Charlie1,2000",
        "2,2,Bravo,,Bravo2,2050,b,0–1,Charlie,,Charlie2,1900",
    ]


def test_live_while_a_round_is_played(client):
    team_round_robin(slug="live", last_round_results=False)

    standings = client.get(reverse("tournaments:team_standings", args=["live"]))
    round_page = client.get(reverse("tournaments:team_round", args=["live", 3]))
    fragment = client.get(reverse("tournaments:team_round_live", args=["live", 3]))

    assert "Team standings after round 2" in standings.content.decode()
    assert 'hx-get="/tournaments/live/teams/live/"' in standings.content.decode()
    assert 'hx-get="/tournaments/live/teams/round/3/live/"' in round_page.content.decode()
    assert '<span class="match-score">0 : 0</span>' in fragment.content.decode()
    assert "<html" not in fragment.content.decode()
    assert body_rows(fragment.content)[0] == ["1", "white Bravo1", "2150", "", "Delta1", "1800"]


def test_team_card(client, league):
    response = _get(client, "team_card", 1)

    html = response.content.decode()
    assert "<h1>Alpha <small>" in html
    matches, roster = tables(response.content)
    assert matches["body"] == [
        ["1", "Delta", "white", "1½", "½", "2"],
        ["2", "Bravo", "white", "1", "1", "1"],
        ["3", "Charlie", "black", "1½", "½", "2"],
    ]
    # performance: 3/3 against 1800, 2150, 2000 (average 1983) is 1983 + 800
    assert roster["body"] == [
        ["1", "Alpha1", "2200", "1w 1", "1w 1", "1b 1", "3", "3", "2783"],
        ["2", "Alpha2", "2100", "2b ½", "", "2w ½", "1", "2", "1800"],
        ["3 res.", "Alpha3", "2000", "", "2b 0", "", "0", "1", "1250"],
    ]
    assert _get(client, "team_card", 9).status_code == 404


def test_board_prizes(client, league):
    by_performance = _get(client, "board_prizes")
    by_score = _get(client, "board_prizes", query="?by=score&min=3")

    # rated tournament: by performance, at least 2 games (two thirds of 3 rounds)
    first, second = (t["body"] for t in tables(by_performance.content))
    assert [row[1] for row in first] == ["Alpha1", "Charlie1", "Bravo1", "Delta1"]
    assert second == [
        ["1", "Charlie2", "Charlie", "2", "3", "67", "2075"],
        ["2", "Delta2", "Delta", "1", "3", "33", "2000"],
        ["3", "Bravo2", "Bravo", "2", "3", "67", "1950"],
        ["4", "Alpha2", "Alpha", "1", "2", "50", "1800"],
    ]
    # by score with 3 games: Alpha2 (2 games on board 2) is out
    # (Bravo2 and Charlie2 both 2/3: by name)
    assert [row[1] for row in tables(by_score.content)[1]["body"]] == [
        "Bravo2",
        "Charlie2",
        "Delta2",
    ]


def test_board_prizes_csv(client, league):
    response = _get(client, "board_prizes_csv", query="?by=score&min=3")

    lines = response.content.decode().splitlines()
    assert lines[0] == "Board,Place,Title,Player,Team,Points,Games,%,Performance"
    assert lines[1:2] == ["1,1,,Alpha1,Alpha,3.0,3,100,2783"]
    assert len(lines) == 1 + 4 + 3


def test_individual_tournaments_have_no_team_pages(client):
    make_tournament(slug="solo")

    for name in ("team_standings", "team_crosstable", "team_rounds", "board_prizes"):
        assert client.get(reverse(f"tournaments:{name}", args=["solo"])).status_code == 404
    assert client.get(reverse("tournaments:team_card", args=["solo", 1])).status_code == 404


def test_the_tabs_of_a_team_tournament(client, league):
    html = _get(client, "team_standings").content.decode()

    for url in ("/teams/rounds/", "/teams/", "/teams/crosstable/", "/teams/board-prizes/"):
        assert f'href="/tournaments/league{url}"' in html
    assert 'href="/tournaments/league/progress/"' not in html


@pytest.mark.parametrize("rounds", [1, 3])
@pytest.mark.parametrize(
    ("name", "args", "queries"),
    [
        ("team_standings", (), 6),
        ("team_crosstable", (), 6),
        ("team_rounds", (), 7),
        ("team_card", (1,), 7),
        ("board_prizes", (), 7),
    ],
)
def test_each_page_runs_a_fixed_number_of_queries(
    client, django_assert_num_queries, rounds, name, args, queries
):
    team_round_robin(slug="league", rounds=rounds)

    # the list versions (the page cache), the tournament, teams, rosters, matches, board
    # games; the pages with ratings: the registrations' ratings at the start (the ratings in
    # force of the others: none here, every player has one)
    with django_assert_num_queries(queries):
        response = _get(client, name, *args)

    assert response.status_code == 200

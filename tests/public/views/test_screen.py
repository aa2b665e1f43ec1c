"""The venue screen (150 players by name with board and colour, by board, standings, the
round clock, the QR code of the live round page) and the calendar of the rounds."""

from __future__ import annotations

import datetime
import re

import pytest
import segno
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from actions.schedule import set_schedule
from core.roles import SYSTEM
from events.models import RoundStart
from tests.factories import make_game, make_player, make_round, make_tournament, register
from tournaments.models import Game

pytestmark = pytest.mark.django_db

NAME_LINE = re.compile(
    r'<li><span class="who">([^<]*)</span> <span class="where">([^<]*)</span> '
    r'<span class="colour">([^<]*)</span></li>'
)


def _view(html: str, name: str) -> str:
    start = html.index(f'id="view-{name}"')
    return html[start : html.index("</section>", start)]


@pytest.fixture
def big():
    """150 players; round 1 published, 75 boards: player 2k-1 White against 2k on board k;
    board 1 played (1-0)."""
    tournament = make_tournament("Big Open", slug="big", rounds_planned=7, city="York")
    players = [make_player(f"Player{n:03d}", "Ann") for n in range(1, 151)]
    register(tournament, *players)
    one = make_round(tournament, 1)
    for board in range(1, 76):
        white, black = players[2 * board - 2], players[2 * board - 1]
        make_game(one, white, black, "10" if board == 1 else "", board=board)
    return tournament, players


def test_pairings_by_name_list_all_150_players_with_board_and_colour(client, big):
    _tournament, players = big

    response = client.get(reverse("tournaments:screen", args=["big"]))

    assert response.status_code == 200
    names = _view(response.content.decode(), "names")
    lines = NAME_LINE.findall(names)
    expected = sorted(
        (player.name, str((i // 2) + 1), "W" if i % 2 == 0 else "B")
        for i, player in enumerate(players)
    )
    assert lines == expected
    assert 'class="screen-list names rows-30 cols-5"' in names
    assert '<small class="legend">board, colour: W White, B Black</small>' in names


def test_pairings_by_board_standings_and_the_qr_code(client, big):
    response = client.get(reverse("tournaments:screen", args=["big"]))

    html = response.content.decode()
    boards = _view(html, "boards")
    assert boards.count("<li>") == 75
    assert (
        '<li><span class="where">1</span> <span class="who">Player001, Ann</span> '
        '<span class="result">1–0</span> <span class="who">Player002, Ann</span></li>'
    ) in boards
    assert 'class="screen-list boards rows-30 cols-3"' in boards
    assert "The standings appear when a round is complete." in _view(html, "standings")
    live = "http://testserver" + reverse("tournaments:rounds", args=["big"])
    expected_qr = segno.make(live, error="m").svg_inline(
        omitsize=True, svgclass="qr", lineclass="qr-line"
    )
    assert expected_qr.startswith("<svg")
    assert expected_qr in html
    assert html.count("<svg") == 1
    assert 'data-every="20"' in html
    assert 'src="/static/js/screen.js"' in html
    assert "<script>" not in html and "style=" not in html


def test_standings_show_the_top_after_the_last_complete_round(client):
    tournament = make_tournament("Small", slug="small")
    ann, bob = make_player("Ames", "Ann"), make_player("Bell", "Bob")
    register(tournament, ann, bob)
    make_game(make_round(tournament, 1), ann, bob, "01")

    html = client.get(reverse("tournaments:screen", args=["small"])).content.decode()

    standings = _view(html, "standings")
    assert "Standings after round 1" in standings
    items = re.findall(
        r'<span class="where">([^<]*)</span> <span class="who">([^<]*)</span> '
        r'<span class="points">([^<]*)</span>',
        standings,
    )
    assert items == [("1", "Bell, Bob", "1"), ("2", "Ames, Ann", "0")]
    assert "Round 1 in progress" not in html


def test_a_bye_shows_on_both_views_without_a_board(client):
    tournament = make_tournament("Odd", slug="odd")
    ann, bob, cy = make_player("Ames", "Ann"), make_player("Bell", "Bob"), make_player("Cole", "Cy")
    register(tournament, ann, bob, cy)
    one = make_round(tournament, 1)
    make_game(one, ann, bob, "", board=1)
    make_game(one, cy, None, "U", board=2)

    html = client.get(reverse("tournaments:screen", args=["odd"])).content.decode()

    assert NAME_LINE.findall(_view(html, "names")) == [
        ("Ames, Ann", "1", "W"),
        ("Bell, Bob", "1", "B"),
        ("Cole, Cy", "–", "bye"),
    ]
    assert (
        '<li><span class="where">2</span> <span class="who">Cole, Cy</span> '
        '<span class="result">pairing-allocated bye</span></li>'
    ) in _view(html, "boards")


@pytest.mark.parametrize(("every", "shown"), [("2", "2"), ("45", "45"), ("1", "20"), ("x", "20")])
def test_the_interval_comes_from_every(client, big, every, shown):
    html = client.get(reverse("tournaments:screen", args=["big"]), {"every": every}).content

    assert f'data-every="{shown}"'.encode() in html


def test_the_clock_counts_down_to_the_start_or_says_the_round_is_played(client, big):
    tournament, _players = big
    url = reverse("tournaments:screen", args=["big"])
    now = timezone.now()
    later, soon = now + datetime.timedelta(hours=2), now + datetime.timedelta(minutes=5)

    set_schedule(actor=SYSTEM, tournament=tournament, starts={1: soon})
    before_the_start = _view(client.get(url).content.decode(), "clock")
    set_schedule(
        actor=SYSTEM,
        tournament=tournament,
        starts={1: now - datetime.timedelta(hours=1), 2: later},
    )
    playing = _view(client.get(url).content.decode(), "clock")
    Game.objects.filter(round__tournament=tournament).update(result="10")
    cache.clear()  # results written directly, not by an action: the cached page is stale
    played = _view(client.get(url).content.decode(), "clock")

    assert f'data-starts="{soon.isoformat()}"' in before_the_start
    assert "Round 1 starts at" in before_the_start
    assert "Round 1 in progress" in playing and "data-starts" not in playing
    assert f'data-starts="{later.isoformat()}"' in played
    assert "Round 2 starts at" in played
    assert 'data-started="Round 2 in progress"' in played


def test_a_tournament_without_rounds_shows_the_clock_and_a_note(client):
    make_tournament("Empty", slug="empty")

    response = client.get(reverse("tournaments:screen", args=["empty"]))

    html = response.content.decode()
    assert response.status_code == 200
    assert "No round has been published yet." in html
    assert 'id="view-names"' not in html
    assert "No round start is announced." in _view(html, "clock")


def test_the_calendar_lists_the_scheduled_rounds_exactly(client):
    tournament = make_tournament("Spring, Open", slug="spring", rounds_planned=3, city="York")
    london = datetime.timezone(datetime.timedelta(hours=1))
    set_schedule(
        actor=SYSTEM,
        tournament=tournament,
        starts={
            1: datetime.datetime(2026, 5, 2, 10, 0, tzinfo=london),
            3: datetime.datetime(2026, 5, 3, 9, 30, tzinfo=london),
        },
    )
    stamp = datetime.datetime(2026, 4, 1, 12, 0, tzinfo=datetime.UTC)
    RoundStart.objects.update(changed_at=stamp)

    response = client.get(reverse("tournaments:rounds_ics", args=["spring"]))

    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert response.content.decode() == (
        "BEGIN:VCALENDAR\r\n"
        "VERSION:2.0\r\n"
        "PRODID:-//clubrating//Round schedule//EN\r\n"
        "CALSCALE:GREGORIAN\r\n"
        "X-WR-CALNAME:Spring\\, Open\r\n"
        "BEGIN:VEVENT\r\n"
        f"UID:tournament-{tournament.pk}-round-1@testserver\r\n"
        "DTSTAMP:20260401T120000Z\r\n"
        "DTSTART:20260502T090000Z\r\n"
        "SUMMARY:Spring\\, Open: round 1\r\n"
        "LOCATION:York\r\n"
        "URL:http://testserver/tournaments/spring/rounds/\r\n"
        "END:VEVENT\r\n"
        "BEGIN:VEVENT\r\n"
        f"UID:tournament-{tournament.pk}-round-3@testserver\r\n"
        "DTSTAMP:20260401T120000Z\r\n"
        "DTSTART:20260503T083000Z\r\n"
        "SUMMARY:Spring\\, Open: round 3\r\n"
        "LOCATION:York\r\n"
        "URL:http://testserver/tournaments/spring/rounds/\r\n"
        "END:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )


def test_the_public_pages_link_the_screen_and_the_calendar(client, big):
    detail = client.get(reverse("tournaments:detail", args=["big"])).content.decode()
    round_page = client.get(reverse("tournaments:round", args=["big", 1])).content.decode()

    assert 'href="/tournaments/big/screen/"' in detail
    assert 'href="/tournaments/big/rounds.ics"' in detail
    assert 'href="/tournaments/big/screen/"' in round_page


@pytest.mark.parametrize("boards", [2, 75])
def test_the_screen_runs_as_many_queries_for_4_as_for_150_players(
    client, django_assert_num_queries, boards
):
    tournament = make_tournament("Sized", slug="sized", rounds_planned=5)
    players = [make_player(f"Player{n:03d}", "Ann") for n in range(1, 2 * boards + 1)]
    register(tournament, *players)
    for number, result in ((1, "10"), (2, "")):
        played = make_round(tournament, number)
        for board in range(1, boards + 1):
            white, black = players[2 * board - 2], players[2 * board - 1]
            make_game(played, white, black, result, board=board)
    set_schedule(
        actor=SYSTEM, tournament=tournament, starts={3: timezone.now() + datetime.timedelta(1)}
    )
    url = reverse("tournaments:screen", args=["sized"])

    # the lists' versions (the cache key), the tournament, its published rounds; the boards:
    # entries, their ratings at the start, the round's games; the standings: rating changes,
    # entries, games, ratings at the start; the clock's starts
    with django_assert_num_queries(11):
        response = client.get(url)
    with django_assert_num_queries(1):  # the versions of the page cache's key only
        cached = client.get(url)

    assert cached.content == response.content
    assert response.content.decode().count('<span class="colour">') == 2 * boards

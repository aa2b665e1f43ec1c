"""Acceptance (issue 23): the venue screen at 1920×1080 shows 150 players' pairings without
scrolling and turns by itself; the organiser sets the round schedule on a phone, through the
login form, and the open screen's clock follows without a reload."""

from __future__ import annotations

import datetime

from django.db import connections

from actions.tournaments import create_tournament
from core.roles import SYSTEM
from events.models import RoundStart
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import log_in, user
from tests.factories import make_club, make_game, make_player, make_round, register
from tournaments.enums import PairingSystem

FULL_HD = {"width": 1920, "height": 1080}

#: Every name of a view's lines: inside the viewport, not cut short.
NAMES_SHOWN = """(view) => Array.from(document.querySelectorAll(`#view-${view} li .who`)).map(
  name => {
    const box = name.getBoundingClientRect();
    return {
      name: name.textContent,
      inside: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight
        && box.right <= innerWidth,
      whole: name.scrollWidth <= name.clientWidth,
    };
  })"""


def _big_open():
    """150 players entered; round 1 published: player 2k-1 White against 2k on board k."""
    club = make_club("Riverside")
    organiser = user("olga")
    club.organisers.add(organiser)
    tournament = create_tournament(
        name="Riverside Open",
        start_date=datetime.date(2026, 10, 3),
        end_date=datetime.date(2026, 10, 4),
        club=club,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=5,
        actor=SYSTEM,
    )
    players = [make_player(f"Player{n:03d}", "Anna") for n in range(1, 151)]
    register(tournament, *players)
    one = make_round(tournament, 1)
    for board in range(1, 76):
        make_game(one, players[2 * board - 2], players[2 * board - 1], board=board)
    return tournament, players


def test_the_screen_fits_150_players_turns_and_follows_the_schedule(
    live_server, chromium, screenshot
):
    tournament, players = _big_open()
    base = live_server.url
    screen_context = chromium.new_context(viewport=FULL_HD)
    phone_context = chromium.new_context(viewport=PHONE, has_touch=True)
    try:
        screen = screen_context.new_page()
        screen.goto(f"{base}/tournaments/{tournament.slug}/screen/?every=2")
        screen.wait_for_selector("#screen.rotating #view-names.is-current")

        heights = screen.evaluate(
            "() => [document.scrollingElement.scrollHeight, window.innerHeight]"
        )
        lines = screen.evaluate(NAMES_SHOWN, "names")
        assert heights[0] <= heights[1]
        assert sorted(line["name"] for line in lines) == sorted(p.name for p in players)
        assert [line for line in lines if not (line["inside"] and line["whole"])] == []
        assert screen.locator("#screen-content svg.qr").is_visible()
        screenshot(screen, "venue-screen-names-1920")

        # Two seconds later the next view (by board) fills the screen instead.
        screen.wait_for_selector("#view-boards.is-current", timeout=6000)
        assert not screen.locator("#view-names").is_visible()
        assert screen.locator("#view-boards li").count() == 75
        shown = screen.evaluate(NAMES_SHOWN, "boards")
        assert sorted(name["name"] for name in shown) == sorted(p.name for p in players)
        assert [name for name in shown if not (name["inside"] and name["whole"])] == []
        screenshot(screen, "venue-screen-boards-1920")

        # The organiser sets the schedule on a phone, signed in through the login form.
        phone = phone_context.new_page()
        schedule = f"/tournaments/{tournament.slug}/organise/schedule/"
        log_in(phone, base, "olga", schedule)
        assert_no_horizontal_scroll(phone)
        assert [phone.locator(f"#id_round_{n}").is_visible() for n in range(1, 6)] == [True] * 5
        phone.fill("#id_round_1", "2099-10-03T10:00")
        phone.fill("#id_round_2", "2099-10-03T09:00")
        phone.get_by_role("button", name="Save the schedule").tap()
        # Refused: round 2 before round 1, said next to round 2; nothing written.
        assert phone.locator("#id_round_2_error").inner_text() == (
            "Round 2 must start after round 1."
        )
        assert not RoundStart.objects.exists()
        phone.fill("#id_round_2", "2099-10-03T15:00")
        phone.get_by_role("button", name="Save the schedule").tap()
        phone.wait_for_url(f"{base}/tournaments/{tournament.slug}/organise/")
        assert phone.get_by_text("The round schedule is saved.").is_visible()
        assert list(RoundStart.objects.order_by("number").values_list("number", flat=True)) == [
            1,
            2,
        ]

        # The open screen fetches itself again: its clock now counts down to round 1.
        screen.wait_for_selector(
            "#view-clock.is-current .screen-countdown:not(:empty)", timeout=12000
        )
        assert (
            screen.locator("#view-clock .screen-clock").inner_text().startswith("Round 1 starts at")
        )
        assert screen.evaluate("() => document.scrollingElement.scrollHeight") <= FULL_HD["height"]
        screenshot(screen, "venue-screen-clock-1920")
    finally:
        screen_context.close()
        phone_context.close()
        connections.close_all()

"""Every control an organiser, an arbiter or a player uses is on the screen of a phone
(375×667) and of a laptop (1366×768): each input, select, textarea and button of every page
they work on lies inside the viewport and inside any box that scrolls, and no page scrolls
sideways. Each person signs in through the site's login form; a screenshot of every page at
each size goes to the test artifacts."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connections
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from tests.browser.conftest import PHONE
from tests.browser.event import club_with_members, log_in, ten_player_swiss, user
from tests.browser.walk import (
    arbiter_pages,
    build_club,
    off_screen,
    organiser_pages,
    player_pages,
    published,
    staff_pages,
    visitor_pages,
)
from tests.factories import make_superuser
from tournaments.models import Game, ResultReport

LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture
def new_page(chromium):
    contexts = []

    def open_page(**options):
        context = chromium.new_context(**options)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
    connections.close_all()


def walk(page, base: str, pages: dict[str, str], role: str, screenshot) -> list[str]:
    """Open each page in turn (signed in already) and list what is off screen."""
    problems = []
    width = page.viewport_size["width"]
    for name, url in pages.items():
        response = page.goto(f"{base}{url}")
        if response is None or response.status != 200:
            problems.append(f"{role} {name}: HTTP {response.status if response else '?'}")
            continue
        problems += [f"{role} {name}: {problem}" for problem in off_screen(page)]
        screenshot(page, f"controls-{role}-{name}-{width}")
    return problems


@pytest.mark.parametrize(
    "viewport",
    # The laptop walk runs in the slow stage (.ci/run runs it), as the layout's laptop walk
    # does: make test keeps the phone, where controls fall off the screen first.
    [PHONE, pytest.param(LAPTOP, marks=pytest.mark.slow)],
    ids=["phone", "laptop"],
)
def test_every_control_of_every_working_page_is_on_screen(
    live_server, new_page, screenshot, viewport
):
    data = build_club()
    base = live_server.url
    problems = []
    for role, username, pages in (
        ("organiser", "olga", organiser_pages(data)),
        ("arbiter", "arno", arbiter_pages(data)),
        ("player", "alan", player_pages()),
    ):
        page = new_page(viewport=viewport)
        first = next(iter(pages.values()))
        log_in(page, base, username, first.split("#")[0])
        problems += walk(page, base, pages, role, screenshot)
    # Staff's own page (the login is not the subject here: a forced one) and the pages of
    # somebody not signed in yet.
    staff = new_page(viewport=viewport)
    staff.context.add_cookies([signed_in("admin", base)])
    problems += walk(staff, base, staff_pages(), "staff", screenshot)
    visitor = new_page(viewport=viewport)
    problems += walk(visitor, base, visitor_pages(), "visitor", screenshot)

    assert problems == []


def signed_in(username: str, base: str) -> dict:
    """The session cookie of a staff account signed in with ``force_login``."""
    client = Client()
    client.force_login(make_superuser(username))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    return {"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": base}


def test_a_player_reports_and_an_arbiter_confirms_a_result_on_a_phone(
    live_server, new_page, screenshot
):
    """The acceptance of "every control is on a phone's screen": both sign in on a phone
    through the login form; every control of their pages is inside the viewport."""
    club = club_with_members()
    tournament = ten_player_swiss(club, players_report_results=True)
    tournament.arbiters.add(user("arno"))
    first = published(tournament)
    adams = tournament.registrations.get(player__last_name="Adams").player
    adams.account = user("alan")
    adams.save()
    game = first.games.get(Q(white=adams) | Q(black=adams))
    base = live_server.url

    player = new_page(viewport=PHONE, has_touch=True)
    log_in(player, base, "alan", reverse("tournaments:my_games"))
    assert off_screen(player) == []
    player.locator("table.cards select").first.select_option(label="1–0")
    player.get_by_role("button", name="Report").tap()
    player.locator(".message.success").wait_for()
    assert off_screen(player) == []
    screenshot(player, "phone-player-reported")
    assert ResultReport.objects.get(game=game).result == "10"
    assert Game.objects.get(pk=game.pk).result == ""

    arbiter = new_page(viewport=PHONE, has_touch=True)
    round_page = reverse("tournaments:organise_round", args=[tournament.slug, 1])
    log_in(arbiter, base, "arno", round_page)
    assert off_screen(arbiter) == []
    screenshot(arbiter, "phone-arbiter-report-waiting")
    arbiter.get_by_role("button", name="Confirm").tap()
    arbiter.locator(f"#board-{game.board} td.result", has_text="1–0").wait_for()

    assert Game.objects.get(pk=game.pk).result == "10"
    assert ResultReport.objects.filter(game=game).count() == 0
    assert off_screen(arbiter) == []
    screenshot(arbiter, "phone-arbiter-confirmed")


def test_a_go_round_shows_handicap_komi_and_mms_on_a_phone(live_server, new_page, screenshot):
    """The legend of a go McMahon round explains handicap, komi and MMS: a phone shows them
    (each board a card, with its link to why the board was paired so), inside the screen."""
    data = build_club()
    page = new_page(viewport=PHONE)
    page.goto(live_server.url + reverse("tournaments:round", args=[data.go.slug, 1]))

    fields = page.evaluate(
        """() => Array.from(document.querySelector('main table.table tbody tr').cells)
            .filter(cell => cell.getBoundingClientRect().width > 0
                    && cell.getBoundingClientRect().right <= window.innerWidth)
            .map(cell => cell.dataset.label)"""
    )
    screenshot(page, "phone-go-round")

    assert fields == [
        "Board", "No.", "White", "Rating", "MMS", "Result", "MMS", "Black", "Rating", "No.",
        "Handicap", "Komi", "Why?",
    ]  # fmt: skip
    assert off_screen(page) == []

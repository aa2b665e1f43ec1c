"""Every control an organiser, an arbiter or a player uses is on the screen of a phone
(375×667) and of a laptop (1366×768): each input, select, textarea and button of every page
they work on lies inside the viewport and inside any box that scrolls, and no page scrolls
sideways. Each person signs in through the site's login form; a screenshot of every page at
each size goes to the test artifacts."""

from __future__ import annotations

import pytest
from django.db import connections

from tests.browser.conftest import PHONE
from tests.browser.event import log_in
from tests.browser.walk import (
    arbiter_pages,
    build_club,
    off_screen,
    organiser_pages,
    player_pages,
)

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


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
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

    print("\n".join(problems))
    assert problems == []

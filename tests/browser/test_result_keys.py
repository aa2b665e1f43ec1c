"""Keyboard result entry in a real Chromium: a key that is no result keeps the cursor on its
board, and the message lists every key the field takes (issue 19).

The fixed ``site`` data: the organiser's "club-open", round 1 published, board 1 won by White
(1–0), board 2 without a result.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tournaments.models import Game

ROUND = reverse("tournaments:organise_round", args=["club-open", 1])
DESKTOP = {"width": 1366, "height": 768}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_key_that_is_no_result_keeps_the_cursor_on_its_board(site, page_at, viewport):
    page = page_at(ROUND, viewport=viewport, login=True)
    field = page.locator("#board-2 input.result-key")
    expect(field).to_be_focused()  # the first board without a result

    page.keyboard.type("7")
    page.keyboard.press("Enter")

    expect(page.locator("#board-2 .row-error")).to_have_text(
        "“7” is not a result: type 1, =, ½, 0, +, -, --."
    )
    expect(page.locator("#board-2 input.result-key")).to_be_focused()
    # The next key goes to the same board: "--" (a double forfeit) is one of the keys listed.
    page.keyboard.type("--")
    page.keyboard.press("Enter")
    expect(page.locator("#board-2 .saved")).to_be_visible()
    board_2 = Game.objects.get(round__tournament__slug="club-open", round__number=1, board=2)
    assert board_2.result == "--"


def test_a_correction_lists_x_and_keeps_the_cursor_on_its_board(site, page_at):
    page = page_at(ROUND, viewport=DESKTOP, login=True)
    page.locator("#board-1 input.result-key").focus()

    page.keyboard.type("q")
    page.keyboard.press("Enter")

    expect(page.locator("#board-1 .row-error")).to_have_text(
        "“q” is not a result: type 1, =, ½, 0, +, -, --, or x to clear the result."
    )
    expect(page.locator("#board-1 input.result-key")).to_be_focused()
    expect(page.locator("#board-2 input.result-key")).not_to_be_focused()

"""Acceptance: organisers and arbiters run a whole event in the browser, from any device.

Real Chromium, signing in through the site's login form with a password. Each test counts
the full page loads of the person running the event: results, entries and the next step are
saved and refreshed without reloading the page.
"""

from __future__ import annotations

import pytest
from django.db import connections
from django.urls import reverse

from core.enums import AuditAction
from core.models import AuditEntry
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import (
    KEYS,
    MEMBERS,
    PASTED,
    Loads,
    board_results,
    club_with_members,
    enter_round_from_the_keyboard,
    log_in,
    ten_player_swiss,
    user,
)
from tournaments.enums import TournamentStatus
from tournaments.models import Game, Registration, Tournament

MAX_LOADS = 25


@pytest.fixture
def new_page(chromium):
    """``new_page(**context_options)``: a page in a fresh context; at the end of the test
    every page waits until its requests are answered and its context is closed."""
    contexts = []

    def open_page(**options):
        context = chromium.new_context(**options)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        for page in context.pages:
            page.wait_for_load_state("networkidle")
        context.close()
    # These tests also read the database while Chromium runs (to check what was written):
    # close the connections they opened before the database is torn down.
    connections.close_all()


def _pair_and_publish(page, number: int) -> None:
    page.locator("#next-step").get_by_role("button", name=f"Pair round {number}").click()
    page.wait_for_url(f"**/rounds/{number}/")
    # The draft shows start numbers, ratings, points and colours; Publish is the primary button.
    assert page.locator("table.boards tbody tr").count() == 5
    page.get_by_role("button", name="Publish the pairings").click()
    page.wait_for_load_state()
    assert page.locator("input.result-key").count() == 5


def test_a_non_staff_organiser_runs_a_ten_player_five_round_swiss(live_server, new_page):
    club = club_with_members()
    organiser = user("olga")
    club.organisers.add(organiser)
    page = new_page(viewport={"width": 1366, "height": 768})
    loads = Loads(page)
    base = live_server.url

    log_in(page, base, "olga", "/tournaments/organise/")
    page.get_by_role("link", name="Create a tournament").click()
    page.fill("#id_name", "Autumn Swiss")
    page.select_option("#id_club", label="Riverside")
    page.fill("#id_start_date", "2026-10-03")
    page.fill("#id_end_date", "2026-10-04")
    page.select_option("#id_rating_list", label="Chess standard")
    page.fill("#id_rounds_planned", "5")
    assert page.locator("#id_komi").count() == 0  # a chess form: no go fields
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(f"{base}/tournaments/autumn-swiss/organise/")

    # The picker: search, check the candidate's line, enter with one click.
    for last, first, rating in MEMBERS:
        page.fill("#picker-q", last)
        row = page.locator("#candidates tbody tr", has_text=f"{last}, {first}")
        row.wait_for()
        assert str(rating) in row.inner_text()
        row.get_by_role("button", name="Enter").click()
        page.locator(
            "#registration table.table:not(.candidates)", has_text=f"{last}, {first}"
        ).wait_for()
    page.fill("#picker-q", "Honinbo")
    page.locator("#candidates", has_text="No player of this game matches").wait_for()
    # The paste: four newcomers with their ratings.
    page.locator("summary", has_text="Paste a list").click()
    page.fill("#entries-lines", "\n".join(PASTED))
    page.get_by_role("button", name="Enter these players").click()
    page.locator("#registration h2", has_text="10 players").wait_for()
    assert Registration.objects.filter(tournament__slug="autumn-swiss").count() == 10

    for number in range(1, 6):
        page.locator("#next-step", has_text=f"round {number} can be paired").wait_for()
        _pair_and_publish(page, number)
        following = f"Pair round {number + 1}" if number < 5 else "Finish the tournament"
        enter_round_from_the_keyboard(page, KEYS, following)
    assert Game.objects.filter(round__tournament__slug="autumn-swiss", result="").count() == 0

    # A correction of round 2 after rounds 3-5 were paired asks first, then is recorded.
    page.goto(f"{base}/tournaments/autumn-swiss/organise/rounds/2/")
    first = Game.objects.get(round__tournament__slug="autumn-swiss", round__number=2, board=1)
    page.locator("#board-1 input.result-key").fill("0" if first.result != "01" else "1")
    page.locator("#board-1 input.result-key").press("Enter")
    page.locator("#board-1 .row-error", has_text="Rounds 3, 4 and 5 were paired").wait_for()
    page.locator("#board-1").get_by_role("button", name="Correct anyway").click()
    page.locator("#board-1 .saved").wait_for()
    entry = AuditEntry.objects.filter(action=AuditAction.RESULT_CORRECTED).get()
    assert entry.after["later_rounds_paired"] == [3, 4, 5]

    page.get_by_role("link", name="Autumn Swiss").first.click()
    page.get_by_role("button", name="Finish the tournament").click()
    page.locator(".status-badge", has_text="finished").wait_for()
    assert Tournament.objects.get(slug="autumn-swiss").status == TournamentStatus.FINISHED
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the FIDE rating report (TRF)").click()
    trf = download.value.path().read_text(encoding="utf-8")
    assert trf.startswith("012 Autumn Swiss")
    assert trf.count("\n001 ") == 10

    assert loads.count <= MAX_LOADS, loads.count
    print(f"organiser: {loads.count} page loads for the whole event")


def test_an_appointed_arbiter_runs_the_rounds_and_a_player_reports_a_result(live_server, new_page):
    club = club_with_members()
    tournament = ten_player_swiss(club, players_report_results=True)
    arbiter = user("arno")
    tournament.arbiters.add(arbiter)
    reporter = Registration.objects.get(tournament=tournament, player__last_name="Adams").player
    reporter.account = user("alan")
    reporter.save()
    base = live_server.url
    arbiter_page = new_page(viewport={"width": 1366, "height": 768})
    arbiter_loads = Loads(arbiter_page)

    log_in(arbiter_page, base, "arno", "/tournaments/organise/")
    arbiter_page.get_by_role("link", name="Autumn Swiss").click()
    _pair_and_publish(arbiter_page, 1)

    # The player reports their result on their own phone; the arbiter confirms it.
    phone = new_page(viewport=PHONE, has_touch=True)
    player_loads = Loads(phone)
    log_in(phone, base, "alan", "/tournaments/my-games/")
    phone.locator("table.table select").first.select_option(label="1–0")
    phone.get_by_role("button", name="Report").click()
    phone.locator(".message.success").wait_for()
    assert player_loads.count <= MAX_LOADS, player_loads.count

    arbiter_page.reload()
    arbiter_page.get_by_role("button", name="Confirm").click()
    arbiter_page.wait_for_load_state()
    remaining = arbiter_page.locator("input.result-key")
    confirmed = Game.objects.filter(round__tournament=tournament).exclude(result="").count()
    assert confirmed == 1
    # The other boards from the keyboard: the reported one keeps its result.
    for number in range(1, 6):
        if number > 1:
            _pair_and_publish(arbiter_page, number)
        following = f"Pair round {number + 1}" if number < 5 else "Finish the tournament"
        fields = arbiter_page.locator("table.boards tr:not(.has-result) input.result-key")
        fields.first.focus()
        for _index in range(fields.count()):
            arbiter_page.keyboard.type("1")
            arbiter_page.keyboard.press("Enter")
        arbiter_page.locator("#next-step").get_by_role("button", name=following).wait_for()
    arbiter_page.get_by_role("button", name="Finish the tournament").click()
    arbiter_page.locator(".status-badge", has_text="finished").wait_for()

    assert remaining is not None
    assert arbiter_loads.count <= MAX_LOADS, arbiter_loads.count
    print(f"arbiter: {arbiter_loads.count} page loads; player: {player_loads.count}")


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1366, "height": 768}])
def test_every_result_control_is_inside_the_viewport(live_server, new_page, screenshot, viewport):
    club = club_with_members()
    tournament = ten_player_swiss(club)
    organiser = user("olga")
    club.organisers.add(organiser)
    page = new_page(viewport=viewport)
    url = reverse("tournaments:organise", args=[tournament.slug])
    log_in(page, live_server.url, "olga", url)
    _pair_and_publish(page, 1)

    width = viewport["width"]
    for control in page.locator("table.boards input.result-key, table.boards button").all():
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert_no_horizontal_scroll(page)
    screenshot(page, f"round-entry-{width}")
    assert board_results(page) == [""] * 5
    # A result field never starts on a result; saving it empty writes nothing.
    assert [f.input_value() for f in page.locator("input.result-key").all()] == [""] * 5
    page.locator("#board-1").get_by_role("button", name="Save").click()
    page.locator("#board-1 .row-error", has_text="nothing was saved").wait_for()
    assert Game.objects.filter(round__tournament=tournament).exclude(result="").count() == 0

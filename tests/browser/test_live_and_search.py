"""The live round page and the search box in a real Chromium.

Live: a visitor watches the public round page while the organiser, in another browser
context, enters a result; the visitor's table shows it within ten seconds, without reloading
the page (the round page polls its cached fragment with htmx). Search: the header box
suggests players while typing (name in any order, FIDE ID) and, without JavaScript, is a
plain form that opens the results page."""

from __future__ import annotations

from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.factories import make_player, make_rating

ROUND = reverse("tournaments:round", args=["club-open", 1])


def test_live_round_page_shows_a_result_entered_elsewhere(site, page_at, screenshot):
    visitor = page_at(ROUND)
    board_two = visitor.locator("#live-round table.table tbody tr").nth(1)
    expect(board_two.locator("td.result")).to_have_text("–")
    visitor.evaluate("() => { window.notReloaded = true; }")

    organiser = page_at(reverse("tournaments:organise_round", args=["club-open", 1]), login=True)
    organiser.locator("#board-2 input.result-key").fill("0")
    organiser.locator("#board-2 input.result-key").press("Enter")
    organiser.locator("#board-2 .saved").wait_for()

    expect(visitor.locator("#live-round tbody tr").nth(1).locator("td.result")).to_have_text(
        "0–1", timeout=10_000
    )
    assert visitor.evaluate("() => window.notReloaded") is True
    # Every board has its result: the fragment stops polling.
    expect(visitor.locator("#live-round")).not_to_have_attribute("hx-trigger", "every 5s")
    screenshot(visitor, "live-round-updated")


def test_live_standings_follow_the_round_when_it_completes(site, page_at):
    visitor = page_at(reverse("tournaments:standings", args=["club-open"]))
    expect(visitor.locator("#live-standings")).to_contain_text("No round is complete yet.")

    organiser = page_at(reverse("tournaments:organise_round", args=["club-open", 1]), login=True)
    organiser.locator("#board-2 input.result-key").fill("=")
    organiser.locator("#board-2 input.result-key").press("Enter")
    organiser.locator("#board-2 .saved").wait_for()

    expect(visitor.locator("#live-standings h2").first).to_have_text(
        "Standings after round 1", timeout=10_000
    )


def _spencer():
    lucy = make_player("Spencer", "Lucy", sex="f", federation="ENG", fide_id=4100018)
    make_rating(lucy, "1850")
    return lucy


def test_header_search_suggests_a_name_in_any_order(site, page_at, screenshot):
    lucy = _spencer()
    page = page_at(reverse("ratings:home"))

    for typed in ("Lucy Spencer", "Spencer Lucy", "spencer", "4100018"):
        page.fill("#site-search-q", typed)
        suggestion = page.locator("#site-search-suggestions a", has_text="Spencer, Lucy")
        expect(suggestion).to_be_visible()
    screenshot(page, "search-suggestions")

    page.locator("#site-search-suggestions a", has_text="Spencer, Lucy").click()
    page.wait_for_url(f"**{lucy.get_absolute_url()}")
    assert page.locator("h1").inner_text() == "Spencer, Lucy"


def test_search_without_javascript_is_a_results_page(site, chromium, live_server, screenshot):
    _spencer()
    context = chromium.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/")

    page.fill("#site-search-q", "Spencer Lucy")
    page.locator("form.site-search button[type=submit]").click()
    page.wait_for_url("**/search/?q=Spencer+Lucy")

    assert page.locator("main h2").all_inner_texts() == ["Chess standard"]
    assert page.locator("main table.table tbody td.key").first.inner_text() == "Spencer, Lucy"
    screenshot(page, "search-results-no-js-phone")
    context.close()

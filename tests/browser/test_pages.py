"""The public pages and the organiser's round page in a real Chromium.

Each test opens pages with ``page_at`` over the fixed ``site`` data (see ``conftest``); a test
for a new page is a few lines: open it, assert what it shows, call ``assert_no_horizontal_scroll``
on a phone and save a screenshot.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.conftest import PHONE, assert_no_horizontal_scroll, table_rows

LEADERBOARD = reverse("ratings:leaderboard", args=["chess-standard"])


# Run by CI in its slow stage (Chromium included), to keep `make test` under five minutes.
@pytest.mark.slow
def test_leaderboard_ranks_by_live_rating(site, page_at, screenshot):
    page = page_at(LEADERBOARD)

    assert table_rows(page, 6) == [
        ["1", "Carlsen, Magnus", "GM", "NOR", "Riverside", "2830.4"],
        ["2", "Ivanova, Olga", "Expert / candidate master", "RUS", "Hilltop", "2105.5"],
        ["3", "Smith, Anna", "Class A", "ENG", "Hilltop", "1850.25"],
        ["4", "Jones, Bob", "Class B", "ENG", "Riverside", "1790"],
        ["5", "Brown, Cara", "Class B", "SCO", "", "1612.2"],
    ]
    screenshot(page, "leaderboard")


def test_leaderboard_sorts_by_a_clicked_column_header(site, page_at):
    page = page_at(LEADERBOARD)

    page.locator("table.table thead th", has_text="Live rating").locator("a").click()
    page.wait_for_url("**sort=live_rating**")
    assert table_rows(page, 2) == [
        ["5", "Brown, Cara"],
        ["4", "Jones, Bob"],
        ["3", "Smith, Anna"],
        ["2", "Ivanova, Olga"],
        ["1", "Carlsen, Magnus"],
    ]

    page.locator("table.table thead th", has_text="Name").locator("a").click()
    page.wait_for_url("**sort=name**")
    assert table_rows(page, 2) == [
        ["5", "Brown, Cara"],
        ["1", "Carlsen, Magnus"],
        ["2", "Ivanova, Olga"],
        ["4", "Jones, Bob"],
        ["3", "Smith, Anna"],
    ]


def test_leaderboard_filter_ranks_within_the_filter(site, page_at):
    page = page_at(LEADERBOARD)

    page.select_option("#id_sex", "f")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url("**sex=f**")

    assert table_rows(page, 3) == [
        ["1", "Ivanova, Olga", "Expert / candidate master"],
        ["2", "Smith, Anna", "Class A"],
        ["3", "Brown, Cara", "Class B"],
    ]
    assert page.locator(".note").inner_text() == (
        "Ranks are counted within the filtered list, as on FIDE's top lists."
    )

    page.select_option("#id_club", label="Hilltop")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url("**club=**")
    assert table_rows(page, 2) == [["1", "Ivanova, Olga"], ["2", "Smith, Anna"]]


# Run by CI in its slow stage (Chromium included), to keep `make test` under five minutes.
@pytest.mark.slow
def test_player_page_shows_ratings_and_ledger(site, page_at, screenshot):
    carlsen = site.players["carlsen"]
    page = page_at(carlsen.get_absolute_url())

    assert page.locator("h1").inner_text().startswith("GM")
    assert "Carlsen, Magnus" in page.locator("h1").inner_text()
    ledger = page.locator("table.table", has_text="Smith, Anna").first
    assert ledger.is_visible()
    assert "+0.80" in ledger.inner_text()
    screenshot(page, "player")


def test_language_switch_to_russian_and_back(site, page_at):
    page = page_at(reverse("ratings:home"))
    nav = page.locator(".site-nav")
    assert "Tournaments" in nav.inner_text()

    page.select_option("#language-select", "ru")
    page.locator("form.language button").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "ru"
    assert "Турниры" in nav.inner_text()
    assert page.locator("h1").inner_text() == "Рейтинг-листы"

    page.select_option("#language-select", "en")
    page.locator("form.language button").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    assert "Tournaments" in nav.inner_text()


# Run by CI in its slow stage (Chromium included), to keep `make test` under five minutes.
@pytest.mark.slow
def test_russian_pages_write_decimal_commas(site, page_at):
    page = page_at(LEADERBOARD, language="ru")

    assert [row[5] for row in table_rows(page, 6)] == [
        "2830,4",
        "2105,5",
        "1850,25",
        "1790",
        "1612,2",
    ]


PUBLIC_PAGES = {
    "home": reverse("ratings:home"),
    "leaderboard": LEADERBOARD,
    "tournaments": reverse("tournaments:list"),
    "tournament": reverse("tournaments:detail", args=["club-open"]),
    "standings": reverse("tournaments:standings", args=["club-open"]),
    "progress": reverse("tournaments:progress", args=["club-open"]),
}


def test_phone_viewport_has_no_horizontal_scrolling(site, page_at, screenshot):
    """Every main page on a 375×667 phone: the document is exactly as wide as the screen."""
    pages = {**PUBLIC_PAGES, "player": site.players["carlsen"].get_absolute_url()}
    widths = {}
    for name, url in pages.items():
        page = page_at(url, viewport=PHONE)
        widths[name] = page.evaluate(
            "() => [document.documentElement.scrollWidth, window.innerWidth]"
        )
        screenshot(page, f"phone-{name}")

    assert widths == {name: [PHONE["width"], PHONE["width"]] for name in pages}


# Run by CI in its slow stage (Chromium included), to keep `make test` under five minutes.
@pytest.mark.slow
def test_tables_fit_a_phone_and_would_scroll_inside_their_own_box(site, page_at):
    """On a phone the leaderboard shows only the columns that fit (rank, name, rating and the
    badge): its box needs no sideways scroll, and a wider table would scroll in the box, not
    the page."""
    page = page_at(LEADERBOARD, viewport=PHONE)
    box = page.locator(".table-container").first

    assert box.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert box.evaluate("el => getComputedStyle(el).overflowX") == "auto"
    assert_no_horizontal_scroll(page)


# Run by CI in its slow stage (Chromium included), to keep `make test` under five minutes.
@pytest.mark.slow
def test_print_layout_hides_the_controls(site, page_at):
    page = page_at(LEADERBOARD)
    page.emulate_media(media="print")

    hidden = {
        selector: page.locator(selector).first.is_hidden()
        for selector in (".site-nav", "form.language", "form.filters")
    }
    assert hidden == {".site-nav": True, "form.language": True, "form.filters": True}
    table_width = page.locator("table.table").first.evaluate("el => el.offsetWidth")
    main_width = page.locator("main").evaluate("el => el.clientWidth")
    assert table_width == main_width


def test_organiser_enters_a_result_on_the_round_page(site, page_at, screenshot):
    url = reverse("tournaments:organise_round", args=["club-open", 1])
    page = page_at(url, login=True)

    results = page.locator("table.boards tbody td.result")
    assert results.all_inner_texts() == ["1–0", ""]
    # The cursor waits on the first board without a result: type the result, press Enter.
    assert page.locator("#board-2 input.result-key").evaluate("el => el === document.activeElement")
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    page.locator("#board-2 .saved").wait_for()

    assert page.url.endswith(url)
    assert results.all_inner_texts() == ["1–0", "0–1"]
    screenshot(page, "organiser-round")

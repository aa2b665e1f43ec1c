"""Acceptance (issue 22): a 6-team league division, double round robin, with a postponed
match, a captain's match card confirmed by the other captain, and the division table (real
Chromium; the organiser and each captain sign in through the site's login form)."""

from __future__ import annotations

from tests.browser.conftest import PHONE, assert_no_horizontal_scroll, table_rows
from tests.browser.event import PASSWORD, log_in, user
from tests.helpers import league_division


def _season_and_division():
    """Kingside's season with Division 1: six clubs' A teams of 4 boards and a reserve,
    double round robin, one promotion and one relegation place (made as the seed makes
    it); the organiser of Kingside and the captains can sign in with the test password."""
    made = league_division(teams=6, boards=4, promotion=1, relegation=1)
    organiser = user("organiser")
    made["season"].club.organisers.add(organiser)
    for captain in made["captains"]:
        captain.set_password(PASSWORD)
        captain.save()
    return made


def test_a_league_division_with_a_postponed_match_and_a_confirmed_match_card(
    live_server, chromium, screenshot
):
    made = _season_and_division()
    season, division = made["season"], made["division"]
    base = live_server.url
    organise_url = f"/leagues/organise/{season.slug}/{division.slug}/"

    # The organiser makes the calendar and postpones a match of round 1.
    desktop = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = desktop.new_page()
    log_in(page, base, "organiser", "/leagues/organise/")
    page.get_by_role("link", name=season.name).click()
    page.get_by_role("link", name=division.name).click()
    page.wait_for_url(f"**{organise_url}")
    page.get_by_role("button", name="Make the calendar").click()
    page.wait_for_url(f"**{organise_url}")
    assert page.get_by_text("The calendar is made.").is_visible()
    rows = table_rows(page)
    assert len(rows) == 30
    assert [row[:4] for row in rows[:3]] == [
        ["1", "2026-09-06", "Club 1 A", "Club 6 A"],
        ["1", "2026-09-06", "Club 2 A", "Club 5 A"],
        ["1", "2026-09-06", "Club 3 A", "Club 4 A"],
    ]
    third = page.locator("table.table tbody tr").nth(2)
    third.locator("input[type=date]").fill("2026-11-15")
    third.get_by_role("button", name="Postpone").click()
    page.wait_for_url(f"**{organise_url}")
    assert page.get_by_text("The match is postponed.").is_visible()
    assert table_rows(page)[2][1] == "2026-11-15 (postponed)"
    desktop.close()

    # Club 1 A's captain enters the card of round 1 on a phone.
    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "cap1", "/leagues/cards/")
    page.get_by_role("link", name="Club 1 A – Club 6 A").first.click()
    page.wait_for_url("**/leagues/cards/*/")
    assert_no_horizontal_scroll(page)
    # Board 1 and 3: Club 1 A has White; boards 2 and 4: Club 6 A.
    lines = [
        ("Club1A1, P", "Club6A1, P", "1–0"),
        ("Club6A2, P", "Club1A2, P", "½–½"),
        ("Club1A3, P", "Club6A3, P", "1–0"),
        ("Club6A4, P", "Club1A5, P", "0–1"),  # Club 1 A's reserve plays board 4
    ]
    for board, (white, black, result) in enumerate(lines, start=1):
        page.select_option(f"#id_white_{board}", label=white)
        page.select_option(f"#id_black_{board}", label=black)
        page.select_option(f"#id_result_{board}", label=result)
    screenshot(page, "league-card-phone")
    page.get_by_role("button", name="Send the card").click()
    page.wait_for_url("**/leagues/cards/*/")
    assert page.get_by_text("The card is entered: the other captain confirms it.").is_visible()
    assert page.locator("p.card-status").inner_text() == "waiting for the other captain"
    phone.close()

    # Club 6 A's captain confirms it on a phone.
    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "cap6", "/leagues/cards/")
    page.get_by_role("link", name="Club 1 A – Club 6 A").first.click()
    page.wait_for_url("**/leagues/cards/*/")
    assert table_rows(page) == [
        ["1", "Club1A1, P", "Club6A1, P", "1–0"],
        ["2", "Club6A2, P", "Club1A2, P", "½–½"],
        ["3", "Club1A3, P", "Club6A3, P", "1–0"],
        ["4", "Club6A4, P", "Club1A5, P", "0–1"],
    ]
    assert_no_horizontal_scroll(page)
    page.get_by_role("button", name="Confirm the card").click()
    page.wait_for_url("**/leagues/cards/*/")
    assert page.get_by_text("Confirmed: the results are recorded.").is_visible()
    assert page.locator("p.card-status").inner_text() == "confirmed"

    # The division's public page on the phone: the table and the calendar.
    page.goto(f"{base}{division.get_absolute_url()}")
    assert_no_horizontal_scroll(page)
    screenshot(page, "league-division-phone")
    table = table_rows(page)
    assert [row[:2] for row in table] == [
        ["1", "Club 1 A"],
        ["2", "Club 6 A"],  # lost with ½ game point: ahead of the teams yet to play
        ["3=", "Club 2 A"],
        ["3=", "Club 3 A"],
        ["3=", "Club 4 A"],
        ["3=", "Club 5 A"],
    ]
    assert [row[6:8] for row in table[:2]] == [["3½", "2"], ["½", "0"]]
    assert page.locator("tr.promotion").count() == 1
    assert page.locator("tr.relegation").count() == 1
    calendar = page.locator("table.league-calendar").first.locator("tbody tr")
    assert calendar.nth(0).inner_text().split("\t") == ["Club 1 A", "Club 6 A", "3½–½"]
    assert calendar.nth(2).inner_text().split("\t")[-1] == "postponed to 2026-11-15"
    assert page.get_by_text("Round 1: Club 3 A – Club 4 A, postponed to 2026-11-15").is_visible()
    phone.close()

    # And at desktop width, every column of the table.
    desktop = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = desktop.new_page()
    page.goto(f"{base}{division.get_absolute_url()}")
    assert table_rows(page)[0] == ["1", "Club 1 A", "1", "1", "0", "0", "3½", "2", "promotion"]
    assert table_rows(page)[1] == ["2", "Club 6 A", "1", "0", "0", "1", "½", "0", ""]
    assert table_rows(page)[-1] == ["3=", "Club 5 A", "0", "0", "0", "0", "0", "0", "relegation"]
    desktop.close()

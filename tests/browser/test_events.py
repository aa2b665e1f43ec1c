"""Acceptance: an organiser signs in on a phone, creates an event and adds a Swiss section
for players under 1800 with ten places and a round-robin section; the public event page
lists both with their restrictions and fees at desktop width, and nothing scrolls sideways
on the phone (real Chromium, the site's login form)."""

from __future__ import annotations

import datetime

from events.models import Section
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll, table_rows
from tests.browser.event import log_in, user
from tests.factories import make_club


def test_an_organiser_builds_an_event_on_a_phone_and_the_public_page_lists_its_sections(
    live_server, chromium, screenshot
):
    club = make_club("Riverside")
    club.organisers.add(user("olga"))
    start = datetime.date.today() + datetime.timedelta(days=14)
    base = live_server.url

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "olga", "/events/organise/")
    page.get_by_role("link", name="Create an event").click()
    page.wait_for_url("**/events/organise/new/")
    page.fill("#id_name", "Spring Weekend Open")
    page.fill("#id_start_date", start.isoformat())
    page.fill("#id_end_date", (start + datetime.timedelta(days=1)).isoformat())
    page.fill("#id_venue", "Town hall")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url("**/events/spring-weekend-open/organise/")
    assert page.get_by_text("Event “Spring Weekend Open” created: add its sections.").is_visible()

    new = page.locator("#new-section")
    new.locator("#id_new-name").fill("Open B")
    new.locator("#id_new-pairing_system").select_option("swiss_dutch")
    new.locator("#id_new-rounds_planned").fill("5")
    new.locator("#id_new-rating_list").select_option(label="Chess standard")
    new.get_by_role("button", name="Add the section").click()
    page.wait_for_url("**/events/spring-weekend-open/organise/#section-*")
    swiss = Section.objects.get(tournament__name="Open B")
    card = page.locator(f"#section-{swiss.pk}")
    card.get_by_text("Places, restrictions and fee").click()
    prefix = f"#id_section-{swiss.pk}"
    card.locator(f"{prefix}-cap").fill("10")
    card.locator(f"{prefix}-rating_max").fill("1799")
    card.locator(f"{prefix}-fee").fill("15")
    card.get_by_role("button", name="Save the section").click()
    page.wait_for_url("**/events/spring-weekend-open/organise/#section-*")
    assert page.get_by_text("Section “Open B” saved.").is_visible()
    assert page.locator(f"#section-{swiss.pk} .restrictions").inner_text() == "rating under 1800"

    new = page.locator("#new-section")
    new.get_by_text("Add a section").click()
    new.locator("#id_new-name").fill("Rapid")
    new.locator("#id_new-pairing_system").select_option("round_robin")
    new.get_by_role("button", name="Add the section").click()
    page.wait_for_url("**/events/spring-weekend-open/organise/#section-*")
    assert page.get_by_text("Section “Rapid” added").is_visible()
    assert page.locator("section.section-card").count() == 2
    assert_no_horizontal_scroll(page)
    screenshot(page, "event-organiser-phone")

    page.goto(f"{base}/events/spring-weekend-open/")
    assert page.get_by_role("heading", name="Spring Weekend Open").is_visible()
    assert_no_horizontal_scroll(page)
    screenshot(page, "event-public-phone")
    phone.close()

    desktop = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = desktop.new_page()
    page.goto(f"{base}/events/")
    page.get_by_role("link", name="Spring Weekend Open").click()
    page.wait_for_url("**/events/spring-weekend-open/")
    rows = table_rows(page)
    assert [row[:6] for row in rows] == [
        ["Open B", "Swiss (FIDE Dutch)", "Chess standard", "rating under 1800", "15 EUR", "0 / 10"],
        ["Rapid", "round robin", "unrated", "open to all", "free", "0"],
    ]
    assert_no_horizontal_scroll(page)
    screenshot(page, "event-public-desktop")
    page.get_by_role("link", name="Open B").click()
    page.wait_for_url("**/tournaments/open-b/")
    assert page.get_by_text("Section of Spring Weekend Open").is_visible()
    desktop.close()

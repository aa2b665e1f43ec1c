"""Acceptance: an organiser sets the worked Hort example's prize table on a phone, and the
public prize list pays it at desktop width (real Chromium, the site's login form)."""

from __future__ import annotations

from tests.browser.conftest import PHONE, assert_no_horizontal_scroll, table_rows
from tests.browser.event import log_in, user
from tests.factories import hort_tournament, make_club
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament

AMOUNTS = ("1000", "500", "350", "200", "150", "100")
PAID = ["875.00", "625.00", "350.00", "175.00", "150.00", "125.00"]


def test_an_organiser_sets_the_prizes_on_a_phone_and_the_public_list_pays_them(
    live_server, chromium
):
    club = make_club("Riverside")
    club.organisers.add(user("olga"))
    tournament, _players = hort_tournament(club=club, slug="hort-open")
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.FINISHED)
    base = live_server.url

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "olga", "/tournaments/hort-open/organise/")
    page.get_by_role("link", name="Prizes", exact=True).click()
    page.wait_for_url("**/organise/prizes/")
    page.get_by_role("link", name="More blank lines").click()
    page.wait_for_url("**/organise/prizes/?rows=8*")
    assert page.locator("fieldset.prize-row").count() == 8
    for index, amount in enumerate(AMOUNTS):
        page.select_option(f"#id_prizes-{index}-kind", "place")
        page.fill(f"#id_prizes-{index}-place", str(index + 1))
        page.fill(f"#id_prizes-{index}-amount", amount)
    assert page.locator("#id_method").input_value() == "hort"
    page.get_by_role("button", name="Save the prize table").click()
    page.wait_for_url("**/organise/prizes/")
    assert page.get_by_text("The prize table was saved.").is_visible()
    preview = page.locator("#preview")
    preview.scroll_into_view_if_needed()
    assert preview.get_by_text("875.00").is_visible()
    assert_no_horizontal_scroll(page)
    phone.close()

    desktop = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = desktop.new_page()
    page.goto(f"{base}/tournaments/hort-open/")
    page.get_by_role("link", name="Prizes", exact=True).click()
    page.wait_for_url("**/tournaments/hort-open/prizes/")
    assert page.get_by_role("heading", name="Prize list").is_visible()
    rows = table_rows(page)
    assert [row[4] for row in rows] == PAID
    assert [row[1].split(",")[0] for row in rows[:3]] == ["Alpha A", "Alpha B", "Alpha C"]
    assert page.get_by_text("Paid in all: 2300.00 EUR.").is_visible()
    desktop.close()

"""Acceptance: a player follows their title norm on a phone during the event and opens the
norm report at desktop width after it (real Chromium, the site's login form)."""

from __future__ import annotations

from tests.browser.conftest import PHONE, assert_no_horizontal_scroll, table_rows
from tests.browser.event import log_in, user
from tests.factories import make_game, make_round, norm_tournament
from tournaments.models import Tournament


def test_a_player_follows_the_norm_on_a_phone_and_prints_the_report(
    live_server, chromium, screenshot
):
    tournament, hero = norm_tournament(played=7, slug="norm-open")
    hero.account = user("hero")
    hero.save()
    base = live_server.url

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "hero", "/tournaments/my-games/")
    page.goto(f"{base}/tournaments/norm-open/standings/")
    page.get_by_role("link", name="Title norms").click()
    page.wait_for_url("**/tournaments/norm-open/norms/")
    first = table_rows(page)[0]
    assert first[0] == "1"
    assert "Needs 2 of 2" in first
    assert_no_horizontal_scroll(page)
    screenshot(page, "norms-phone")
    page.get_by_role("link", name="Norm report").first.click()
    page.wait_for_url("**/tournaments/norm-open/norms/1/")
    assert page.get_by_text("Points still needed: 2 of the 2 rounds left.").is_visible()
    assert_no_horizontal_scroll(page)
    phone.close()

    # Rounds 8 and 9 won, as the forecast asked: 7 of 9, the GM norm exactly at its limits.
    opponents = [r.player for r in tournament.registrations.order_by("pairing_number")]
    make_game(make_round(tournament, 8), hero, opponents[8], "10")
    make_game(make_round(tournament, 9), hero, opponents[9], "10")
    Tournament.objects.filter(pk=tournament.pk).update(status="finished")

    desktop = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = desktop.new_page()
    page.goto(f"{base}/tournaments/norm-open/norms/1/")
    assert page.get_by_role("heading", name="GM norm: achieved", exact=True).is_visible()
    gm = page.locator("section.norm").first.locator("tbody tr")
    assert gm.count() == 9
    screenshot(page, "norm-report-desktop")
    assert " ".join(gm.nth(8).inner_text().split()).startswith(
        "Performance rating (Rp = Ra + dp) 1.4.8 2600 ≥ 2600 met"
    )
    desktop.close()

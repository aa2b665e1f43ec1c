"""Acceptance (issue 23): an organiser publishes a round's pairings through the site, and each
paired player's mailbox (a real SMTP server) receives their board and colour; a player stops
the pairings mails by the link at the foot of one (real Chromium, the site's login form)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from core.models import MailPreference
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import log_in
from tests.mailing import paired_round, wait_for_mail

#: What each paired player's mail says (round 1 of tests.mailing.paired_round); Cole, Cy
#: has no address.
EXPECTED = {
    "ann@example.org": "Round 1: board 1, White against Bell, Bob (1720).",
    "bob@example.org": "Round 1: board 1, Black against Ames, Ann (1850).",
    "Dan@example.org": "Round 1: board 2, Black against Cole, Cy (1600).",
    "eve@example.org": "Round 1: you have a bye (1 point).",
}


def test_published_pairings_reach_each_players_mailbox_with_board_and_colour(
    live_server, chromium, smtp_server, settings
):
    settings.SITE_URL = live_server.url
    paired_round()
    base = live_server.url

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "olga", "/tournaments/spring/organise/rounds/1/")
    assert_no_horizontal_scroll(page)
    page.get_by_role("button", name="Publish the pairings").click()
    expect(page.locator(".messages")).to_contain_text("published")

    for address, line in EXPECTED.items():
        (received,) = wait_for_mail(smtp_server, address)
        assert received.subject == "Spring Open: round 1 pairings"
        assert line in received.body.splitlines()
        assert f"The round: {base}/tournaments/spring/round/1/" in received.body
    assert sorted(a for m in smtp_server.messages for a in m.recipients) == sorted(EXPECTED)
    phone.close()

    # Bob (desktop) follows the unsubscribe link of his mail: a button, then done.
    (bobs,) = smtp_server.to("bob@example.org")
    link = re.search(r"Stop these mails: (\S+)", bobs.body).group(1)
    desktop = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = desktop.new_page()
    page.goto(link)
    expect(page.locator("main")).to_contain_text(
        "Stop sending bob@example.org mail about: my pairing when a round is published?"
    )
    page.get_by_role("button", name="Unsubscribe").click()
    expect(page.locator("#unsubscribed")).to_have_text(
        "bob@example.org no longer receives: my pairing when a round is published."
    )
    assert_no_horizontal_scroll(page)
    assert MailPreference.objects.get(address="bob@example.org").kinds_off == {"pairings"}
    desktop.close()


def test_a_player_switches_the_pairings_mails_off_on_a_phone(live_server, chromium):
    paired_round()
    base = live_server.url

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "ann", "/accounts/")
    page.get_by_role("link", name="Choose which mails I receive").click()
    page.wait_for_url("**/accounts/mail/")
    pairings = page.get_by_label("my pairing when a round is published")
    expect(pairings).to_be_checked()
    assert_no_horizontal_scroll(page)
    pairings.uncheck()
    page.select_option("#id_language", "ru")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_have_text("Your mail preferences were saved.")
    expect(page.get_by_label("my pairing when a round is published")).not_to_be_checked()
    expect(page.get_by_label("a result recorded or corrected on my game")).to_be_checked()
    preference = MailPreference.objects.get()
    assert (preference.address, preference.kinds_off, preference.language) == (
        "ann@example.org",
        {"pairings"},
        "ru",
    )
    phone.close()

"""Acceptance of online entries in a real Chromium, with the mail a real SMTP server receives
(aiosmtpd, the ``smtp_server`` fixture; the live server's mail goes to it after each commit).

A guest enters on a phone and confirms through the link in the mail, then appears in the
public entry list; a player signs in on the login form and enters two sections at once; a
section with 10 places puts the 11th entry on the waiting list, and the organiser's withdrawal
of an accepted entry moves it up, which its player is told by mail; the treasurer's list on
the organiser's phone records a payment.
"""

from __future__ import annotations

import re
import time

from django.contrib.auth.models import AnonymousUser
from playwright.sync_api import expect

from actions import online_entries as oe
from ratings.models import RatingList
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import PASSWORD, log_in, user
from tests.factories import make_club, make_entry_section, make_open_event, make_player

LINK = re.compile(r"https?://\S+/events/entry/[\w:-]+/(?:withdraw/)?")
#: The most seconds a mail may take to arrive (it is sent after the commit, in the background).
MAIL_WAIT = 30


def mail_to(smtp_server, address: str, subject: str):
    """The mail to ``address`` with ``subject``, waiting for it to arrive."""
    deadline = time.monotonic() + MAIL_WAIT
    while True:
        found = [m for m in smtp_server.to(address) if m.subject == subject]
        if found:
            (mail,) = found
            return mail
        assert time.monotonic() < deadline, f"no mail “{subject}” to {address}"
        time.sleep(0.1)


def link_in(mail) -> str:
    (link,) = LINK.findall(mail.body)
    return link


def weekend(**fields):
    club = make_club("Riverside")
    event = make_open_event("Riverside Weekend", slug="riverside", club=club, **fields)
    return club, event


def test_a_guest_enters_on_a_phone_confirms_by_mail_and_is_listed(
    live_server, chromium, smtp_server
):
    _club, event = weekend()
    make_entry_section(event, name="Riverside Open")
    make_entry_section(event, name="Riverside U12", age_max=12)
    base = live_server.url

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    page.goto(f"{base}/events/riverside/enter/")
    assert_no_horizontal_scroll(page)
    page.fill("#id_last_name", "Guest")
    page.fill("#id_first_name", "Gina")
    page.select_option("#id_sex", "f")
    page.fill("#id_birth_year", "1991")
    page.fill("#id_federation", "ENG")
    page.fill("#id_email", "gina@example.org")
    page.get_by_role("button", name="Enter", exact=True).click()
    expect(page.locator("#suggestion")).to_contain_text("We suggest Riverside Open.")
    assert page.locator("#id_section option:checked").inner_text() == "Riverside Open"
    page.get_by_role("button", name="Enter", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("we sent a link to gina@example.org")

    mail = mail_to(smtp_server, "gina@example.org", "Confirm your entry to Riverside Open")
    page.goto(link_in(mail))
    assert_no_horizontal_scroll(page)
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator(".messages")).to_have_text("Your entry is confirmed: accepted.")
    expect(page.locator("#entry-status")).to_have_text("accepted")
    mail_to(smtp_server, "gina@example.org", "Your entry to Riverside Open is accepted")

    page.get_by_role("link", name="Who has entered").click()
    page.wait_for_url("**/events/riverside/entries/")
    rows = page.locator(".entry-list table.entries tbody tr")
    expect(rows.first).to_contain_text("Guest, Gina")
    assert "gina@example.org" not in page.content()
    assert_no_horizontal_scroll(page)
    phone.close()


def test_a_player_signs_in_and_enters_two_sections_at_once(live_server, chromium, smtp_server):
    _club, event = weekend()
    make_entry_section(
        event, name="Saturday Rapid", rating_list=RatingList.objects.get(slug="chess-rapid")
    )
    make_entry_section(
        event, name="Sunday Blitz", rating_list=RatingList.objects.get(slug="chess-blitz")
    )
    account = user("ann", email="ann@example.org")
    make_player("Archer", "Ann", account=account, sex="f")
    base = live_server.url

    desktop = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = desktop.new_page()
    page.goto(f"{base}/events/riverside/enter/")
    page.get_by_role("link", name="Sign in", exact=True).click()
    page.fill("#id_username", "ann")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/events/riverside/enter/")
    expect(page.get_by_text("You enter as Archer, Ann.")).to_be_visible()
    page.get_by_label("Saturday Rapid").check()
    page.get_by_label("Sunday Blitz").check()
    page.get_by_role("button", name="Enter the ticked sections").click()
    page.wait_for_url("**/events/riverside/enter/")
    expect(page.locator(".messages li")).to_have_text(
        ["Saturday Rapid: accepted.", "Sunday Blitz: accepted."]
    )
    assert page.locator(".entry-choice .status").all_inner_texts() == ["accepted", "accepted"]
    mail_to(smtp_server, "ann@example.org", "Your entry to Saturday Rapid is accepted")
    mail_to(smtp_server, "ann@example.org", "Your entry to Sunday Blitz is accepted")
    desktop.close()


def test_the_eleventh_entry_waits_and_moves_up_when_a_place_is_freed(
    live_server, chromium, smtp_server
):
    club, event = weekend()
    club.organisers.add(user("olga"))
    section = make_entry_section(event, name="Riverside Open", cap=10, fee=15)
    links = oe.Links.of(lambda path: live_server.url + path)
    first = None
    for number in range(1, 11):
        entry = oe.enter_as_guest(
            actor=AnonymousUser(),
            section=section,
            last_name=f"Player{number:02d}",
            sex="m",
            birth_year=1980,
            email=f"p{number}@example.org",
            links=links,
        )
        token = link_in(
            mail_to(smtp_server, f"p{number}@example.org", "Confirm your entry to Riverside Open")
        )
        confirmed = oe.confirm(
            actor=AnonymousUser(), token=token.rstrip("/").rsplit("/", 1)[1], links=links
        )
        assert confirmed.status == "accepted"
        first = first or entry
    base = live_server.url

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    page.goto(f"{base}/events/riverside/enter/")
    page.fill("#id_last_name", "Eleventh")
    page.select_option("#id_sex", "f")
    page.fill("#id_email", "eleven@example.org")
    page.select_option("#id_section", label="Riverside Open")
    page.get_by_role("button", name="Enter", exact=True).click()
    mail = mail_to(smtp_server, "eleven@example.org", "Confirm your entry to Riverside Open")
    page.goto(link_in(mail))
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#entry-status")).to_have_text("on the waiting list (number 1 in line)")
    waiting = mail_to(smtp_server, "eleven@example.org", "On the waiting list of Riverside Open")
    assert "you are number 1 on its waiting list" in waiting.body
    phone.close()

    organiser = chromium.new_context(viewport=PHONE, has_touch=True)
    page = organiser.new_page()
    log_in(page, base, "olga", "/events/riverside/organise/entries/")
    expect(page.locator("#waiting .entry-card")).to_contain_text("Eleventh")
    page.locator(f'#accepted .entry-card[data-entry="{first.pk}"]').get_by_role(
        "button", name="Withdraw"
    ).click()
    expect(page.locator(".messages")).to_have_text("Player01: withdrawn.")
    expect(page.locator("#accepted .entry-card").filter(has_text="Eleventh")).to_have_count(1)
    assert_no_horizontal_scroll(page)

    page.get_by_role("link", name="Fees").click()
    page.wait_for_url("**/events/riverside/organise/fees/")
    expect(page.locator("#fee-totals")).to_have_text(
        "Owed 150.00 EUR, paid 0.00 EUR, balance 150.00 EUR."
    )
    page.get_by_label("Paid by Eleventh").fill("15")
    page.get_by_label("Paid by Eleventh").press("Enter")
    expect(page.locator(".messages")).to_have_text("Eleventh: payment recorded.")
    expect(page.locator("#fee-totals")).to_have_text(
        "Owed 150.00 EUR, paid 15.00 EUR, balance 135.00 EUR."
    )
    assert_no_horizontal_scroll(page)
    organiser.close()

    moved = mail_to(smtp_server, "eleven@example.org", "A place for you in Riverside Open")
    assert "you moved up from the waiting list and are now entered" in moved.body
    mail_to(smtp_server, "p1@example.org", "Your entry to Riverside Open is withdrawn")

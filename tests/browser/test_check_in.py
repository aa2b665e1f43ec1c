"""Acceptance: the arbiter checks in 9 of 10 players on a phone (375×667) by tapping, and
pairing round 1 leaves the 10th out after asking; a player checks in with their code (real
Chromium, the site's login form)."""

from __future__ import annotations

from actions.check_in import set_check_in_rule
from core.roles import SYSTEM
from events.models import CheckIn, CheckInRule
from events.queries.check_in import code_of
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import club_with_members, log_in, ten_player_swiss, user
from tournaments.models import Game, RequestedBye

ABSENT = "Jones, Jack"


def _tap(page, name: str) -> None:
    row = page.locator("li.check-in-row", has_text=name)
    row.get_by_role("button").tap()
    row.locator('button[aria-pressed="true"]').wait_for()


def test_the_arbiter_checks_in_nine_of_ten_on_a_phone_and_pairing_leaves_the_tenth_out(
    live_server, chromium
):
    club = club_with_members()
    tournament = ten_player_swiss(club)
    tournament.arbiters.add(user("arno"))
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    names = sorted(str(r.player) for r in tournament.registrations.select_related("player"))
    base = live_server.url

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "arno", "/tournaments/autumn-swiss/organise/")
    page.get_by_role("link", name="Check-in", exact=True).click()
    page.wait_for_url("**/organise/check-in/")
    assert page.get_by_role("heading", name="Check-in for round 1").is_visible()
    assert page.locator("#check-in-count").inner_text() == "0 of 10 checked in"
    assert page.locator("li.check-in-row").count() == 10
    heights = [box["height"] for box in _boxes(page, "li.check-in-row button.check-in-tap")]
    assert min(heights) >= 44
    assert_no_horizontal_scroll(page)

    # One through the filter box, the others straight from the list.
    page.fill("#check-in-q", "hug")
    page.wait_for_function("() => document.querySelectorAll('li.check-in-row').length === 1")
    _tap(page, "Hughes, Hal")
    page.fill("#check-in-q", "")
    page.wait_for_function("() => document.querySelectorAll('li.check-in-row').length === 10")
    for name in names:
        if name not in (ABSENT, "Hughes, Hal"):
            _tap(page, name)
    page.get_by_text("9 of 10 checked in").wait_for()
    assert CheckIn.objects.count() == 9
    assert_no_horizontal_scroll(page)

    page.get_by_role("button", name="Pair round 1").click()
    page.wait_for_url("**/organise/pair/")
    question = page.locator(".check-in-question")
    assert question.inner_text().startswith(
        f"1 player has not checked in: {ABSENT}. They will not be paired in round 1"
    )
    assert not Game.objects.exists()
    assert_no_horizontal_scroll(page)
    page.get_by_role("button", name="Pair without them").tap()
    page.wait_for_url("**/organise/rounds/1/")
    assert page.get_by_text("Round 1 is paired: review it, then publish.").is_visible()
    assert_no_horizontal_scroll(page)
    phone.close()

    games = list(Game.objects.filter(round__tournament=tournament).select_related("white", "black"))
    played = [g for g in games if g.black_id is not None]
    byes = sorted((str(g.white), g.result) for g in games if g.black_id is None)
    assert len(played) == 4
    assert byes == [("Irwin, Ida", "U"), (ABSENT, "Z")]  # the lowest-rated present: U
    assert ABSENT not in {str(g.white) for g in played} | {str(g.black) for g in played}
    bye = RequestedBye.objects.select_related("registration__player").get()
    assert (str(bye.registration.player), bye.round_number, bye.kind) == (ABSENT, 1, "Z")


def _boxes(page, selector: str) -> list[dict]:
    locator = page.locator(selector)
    return [locator.nth(i).bounding_box() for i in range(locator.count())]


def test_a_player_checks_in_with_the_code_from_the_venues_qr_code(live_server, chromium):
    club = club_with_members()
    tournament = ten_player_swiss(club)
    tournament.arbiters.add(user("arno"))
    set_check_in_rule(actor=SYSTEM, tournament=tournament, rule=CheckInRule.FIRST)
    grant = tournament.registrations.get(player__last_name="Grant")
    base = live_server.url

    desktop = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = desktop.new_page()
    log_in(page, base, "arno", "/tournaments/autumn-swiss/organise/check-in/qr/")
    assert page.locator("svg.qr").is_visible()
    link = page.locator(".check-in-poster .url").inner_text()
    assert link == f"{base}/tournaments/autumn-swiss/check-in/"
    desktop.close()

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    page.goto(link)
    page.fill("#id_code", "AAAAAA" if code_of(grant) != "AAAAAA" else "BBBBBB")
    page.get_by_role("button", name="Check in").tap()
    page.get_by_text("This is not a check-in code of this tournament.").wait_for()
    page.fill("#id_code", code_of(grant).lower())
    page.get_by_role("button", name="Check in").tap()
    page.get_by_text("Grant, Gina is checked in for round 1.").wait_for()
    assert_no_horizontal_scroll(page)
    phone.close()

    assert list(CheckIn.objects.values_list("registration", "round_number", "way")) == [
        (grant.pk, 1, "self")
    ]

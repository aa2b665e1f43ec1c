"""Acceptance: a challenge on the club ladder reported on a phone and confirmed by the
opponent; the ladder moves and the club's Glicko-2 list rates both players (real Chromium,
the site's login form)."""

from __future__ import annotations

import datetime

from actions.club_games import join_ladder, set_club_games
from core.roles import SYSTEM
from rules.ratings import glicko2
from rules.ratings.glicko2 import Glicko, Outcome
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll, table_rows
from tests.browser.event import log_in, user
from tests.factories import make_club, make_player


def test_a_challenge_reported_on_a_phone_and_confirmed_moves_the_ladder_and_rates_both(
    live_server, chromium
):
    club = make_club("Riverside")
    settings = set_club_games(actor=SYSTEM, club=club, system="glicko2", reach=3)
    players = {}
    for last, first in (("Adams", "Ann"), ("Brown", "Bob"), ("Clark", "Cat"), ("Dale", "Dan")):
        account = user(first.lower())
        players[first] = make_player(last, first, club=club, account=account)
        join_ladder(actor=account, club=club)
    base = live_server.url
    ladder_url = f"/tournaments/clubs/{club.pk}/ladder/"
    winner = glicko2.rate(Glicko(), [Outcome(Glicko(), 1.0)])
    loser = glicko2.rate(Glicko(), [Outcome(Glicko(), 0.0)])
    won, lost = f"{winner.rating:.0f}", f"{loser.rating:.0f}"
    assert (won, lost) == ("1662", "1338")

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "dan", "/tournaments/my-games/")
    page.get_by_role("link", name="My club's ladder").click()
    page.wait_for_url(f"**{ladder_url}")
    challenges = page.locator("a.challenge")
    assert challenges.count() == 3  # Ann, Bob, Cat: up to 3 places above
    page.locator(f"tr[data-player='{players['Bob'].pk}'] a.challenge").click()
    page.wait_for_url("**/games/report/?opponent=*")
    assert page.locator("#id_opponent").input_value() == str(players["Bob"].pk)
    page.select_option("#id_colour", "white")
    page.select_option("#id_result", "1")
    page.fill("#id_date", datetime.date.today().isoformat())
    page.fill("#id_time_control", "15+10")
    assert_no_horizontal_scroll(page)
    page.get_by_role("button", name="Report the game").click()
    page.wait_for_url("**/tournaments/my-games/")
    assert page.get_by_text("Reported: your opponent will confirm it.").is_visible()
    assert page.locator("#club-games-reported").get_by_text("Dale, Dan – Brown, Bob").is_visible()
    phone.close()

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, "bob", "/tournaments/my-games/")
    pending = page.locator("#club-games-to-confirm")
    assert pending.get_by_text("Dale, Dan – Brown, Bob 1–0").is_visible()
    assert_no_horizontal_scroll(page)
    pending.get_by_role("button", name="Confirm").click()
    page.wait_for_url("**/tournaments/my-games/")
    assert page.get_by_text("Confirmed: the game is rated.").is_visible()
    page.goto(f"{base}{ladder_url}")
    rows = table_rows(page)
    assert [row[:3] for row in rows] == [
        ["1", "Adams, Ann", "–"],
        ["2", "Dale, Dan", won],
        ["3", "Brown, Bob", lost],
        ["4", "Clark, Cat", "–"],
    ]
    assert_no_horizontal_scroll(page)
    phone.close()

    desktop = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = desktop.new_page()
    page.goto(f"{base}{ladder_url}")
    page.get_by_role("link", name="The club's rating list").click()
    page.wait_for_url(f"**/lists/{settings.rating_list.slug}/")
    text = page.locator("main").inner_text()
    assert "Riverside club games" in text
    rows = table_rows(page)
    # Live rating (the open period, computed by rules.ratings.glicko2), the rating at the
    # start of the period (1500: both new), the change, the games.
    assert [row[1] for row in rows] == ["Dale, Dan", "Brown, Bob"]
    assert rows[0][5:9] == [f"{winner.rating:.2f}", "1500", "+162", "1"]
    assert rows[1][5:9] == [f"{loser.rating:.2f}", "1500", "-162", "1"]
    assert (rows[0][5], rows[1][5]) == ("1662.31", "1337.69")
    desktop.close()

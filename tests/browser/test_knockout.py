"""Acceptance: an organiser creates an 8-player cup of 2-game matches from the create form,
pairs and enters every round on the round page; one match is tied 1-1 and goes to rapid
(tied), blitz (tied) and an armageddon drawn (Black advances); the public bracket shows the
winners through to the champion on a desktop and scrolls in its own box on a phone; the
tie-break games changed the two players' rapid and blitz ratings exactly as FIDE's rules do."""

from __future__ import annotations

from decimal import Decimal

from django.db import connections

from actions.ratings import set_starting_rating
from core.roles import SYSTEM
from ratings.models import PlayerRating, RatingList
from rules.ratings.fide import rating_change
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import club_with_members, log_in, user
from tests.browser.formats import create
from tests.factories import make_player, make_rating

DESKTOP = {"width": 1366, "height": 768}
#: Seeds 1..8 by rating: the six club members and two more.
SEEDS = ["Adams", "Baker", "Clark", "Davis", "Evans", "Foster", "Gale", "Hill"]


def _club():
    club = club_with_members()
    standard = RatingList.objects.get(slug="chess-standard")
    for last, first, rating in (("Gale", "Gus", 1800), ("Hill", "Hana", 1700)):
        make_rating(make_player(last, first, club=club), rating, rating_list=standard, k=20)
    club.organisers.add(user("olga"))
    for slug in ("chess-rapid", "chess-blitz"):
        rating_list = RatingList.objects.get(slug=slug)
        for last, rating in (("Davis", 2000), ("Evans", 1900)):
            set_starting_rating(
                player=club.players.get(last_name=last),
                rating_list=rating_list,
                rating=rating,
                games=40,
                actor=SYSTEM,
            )
    return club


def _results(page) -> list[str]:
    return [
        " ".join(text.split())
        for text in page.locator("table.boards tbody td.result").all_inner_texts()
    ]


def _enter(page, keys: dict[int, str]) -> None:
    """Type each board's key (by board index on the page) and wait for its row to come back
    with the result, then reload (a tied match's new games are on the page)."""
    rows = page.locator("table.boards tbody tr")
    for index, key in keys.items():
        field = rows.nth(index).locator("input.result-key")
        field.fill(key)
        field.press("Enter")
        rows.nth(index).locator("td.result", has_text="–").wait_for()
    page.wait_for_load_state("networkidle")
    page.reload()


def _pair(page, number: int) -> None:
    page.locator("#next-step").get_by_role("button", name=f"Pair round {number}").click()
    page.wait_for_url(f"**/rounds/{number}/")
    page.get_by_role("button", name="Publish the pairings").click()
    page.locator("input.result-key").first.wait_for()


def _white(text: str) -> str:
    """The player written first on a board's line (White)."""
    return min((text.index(name), name) for name in SEEDS if name in text)[1]


def _live(last: str, slug: str) -> Decimal:
    return PlayerRating.objects.get(player__last_name=last, rating_list__slug=slug).live_rating


def test_an_eight_player_cup_with_a_match_decided_by_armageddon(live_server, chromium):
    _club()
    base = live_server.url
    desktop = chromium.new_context(viewport=DESKTOP)
    page = desktop.new_page()
    log_in(page, base, "olga", "/tournaments/organise/")
    create(
        page,
        base,
        game="chess",
        name="Club Cup",
        slug="club-cup",
        pairing_system="knockout cup",
        rating_list="Chess standard",
        knockout_games="2",
    )
    for last in SEEDS:
        page.fill("#picker-q", last)
        page.locator("#candidates tbody tr", has_text=last).get_by_role(
            "button", name="Enter"
        ).click()
        page.locator("#registration table.table:not(.candidates)", has_text=last).wait_for()
    page.reload()

    _pair(page, 1)
    # Boards: 1-8 (two games), 4-5, 3-6, 2-7; the higher seed White in game 1.
    whos = page.locator("table.boards tbody .who").all_inner_texts()
    assert [_white(w) for w in whos] == [
        "Adams", "Hill", "Davis", "Evans", "Clark", "Foster", "Baker", "Gale",
    ]  # fmt: skip
    _enter(page, {0: "1", 1: "0", 2: "1", 3: "1", 4: "1", 5: "0", 6: "1", 7: "0"})
    assert len(_results(page)) == 10  # Davis-Evans 1-1: a rapid pair added
    _enter(page, {8: "1", 9: "1"})  # rapid 1-1: a blitz pair
    assert len(_results(page)) == 12
    _enter(page, {10: "=", 11: "="})  # blitz 1-1: the armageddon, Davis White
    assert len(_results(page)) == 13
    assert _white(page.locator("table.boards tbody .who").nth(12).inner_text()) == "Davis"
    armageddon = page.locator("table.boards tbody tr").nth(12).locator(".match-label")
    assert armageddon.inner_text() == "Match 2, game 7 · armageddon"
    _enter(page, {12: "="})  # drawn: Black (Evans) goes through

    _pair(page, 2)  # Adams-Evans, Baker-Clark
    _enter(page, {0: "0", 1: "1", 2: "1", 3: "0"})
    _pair(page, 3)  # the final: Baker-Evans
    _enter(page, {0: "=", 1: "1"})

    page.goto(f"{base}/tournaments/club-cup/")
    page.get_by_role("link", name="Bracket", exact=True).click()
    page.wait_for_url("**/tournaments/club-cup/bracket/")
    assert page.get_by_text("Winner of the cup: Evans, Eric").is_visible()
    rounds = page.locator(".bracket-round")
    winners = [
        [" ".join(t.split()) for t in rounds.nth(i).locator("tr.winner td.name").all_inner_texts()]
        for i in range(3)
    ]
    assert winners == [
        ["Adams, Alan", "Evans, Eric", "Clark, Chris", "Baker, Beth"],
        ["Evans, Eric", "Baker, Beth"],
        ["Evans, Eric"],
    ]
    tied = rounds.nth(0).locator(".bracket-match").nth(1)
    assert tied.locator(".match-games li").count() == 7
    assert tied.locator(".stage").all_inner_texts()[-1] == "armageddon"
    desktop.close()

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    page.goto(f"{base}/tournaments/club-cup/bracket/")
    assert_no_horizontal_scroll(page)
    box = page.locator(".bracket-box")
    assert box.evaluate("el => el.scrollWidth > el.clientWidth")
    phone.close()
    connections.close_all()

    rapid = rating_change(2000, 20, [(1900, 1), (1900, 0)], time_control="rapid")
    blitz = rating_change(2000, 20, [(1900, "0.5")] * 3, time_control="blitz")
    assert (rapid, blitz) == (Decimal("-5.60"), Decimal("-8.40"))
    assert _live("Davis", "chess-rapid") == Decimal("1994.40")
    assert _live("Evans", "chess-rapid") == Decimal("1905.60")
    assert _live("Davis", "chess-blitz") == Decimal("1991.60")
    assert _live("Evans", "chess-blitz") == Decimal("1908.40")

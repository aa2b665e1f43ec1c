"""Acceptance: every format is created, filled, paired, played and finished from the
organiser pages, in a real Chromium, by a club organiser who signs in through the login form.

Each event is lean (four players; three McMahon rounds) to keep the suite short. Results
follow a fixed order of strength (the stronger player wins, a named pair draws), so the final
standings are known whatever the colours.
"""

from __future__ import annotations

import pytest
from django.db import connections

from tests.browser.conftest import PHONE
from tests.browser.event import club_with_members, enter_round_from_the_keyboard, log_in, user
from tests.browser.formats import (
    create,
    finish,
    keys_by_strength,
    pair_publish_and_play,
    paste_players,
    public_standings,
)
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament

DESKTOP = {"width": 1366, "height": 768}


@pytest.fixture
def organiser_page(request, chromium, live_server):
    """A page of the club's organiser ``olga``, signed in through the login form; desktop
    sized, or phone sized for a test marked ``@pytest.mark.parametrize("organiser_page",
    [PHONE], indirect=True)``."""
    club = club_with_members()
    club.organisers.add(user("olga"))
    viewport = getattr(request, "param", DESKTOP)
    context = chromium.new_context(viewport=viewport, has_touch=viewport == PHONE)
    page = context.new_page()
    log_in(page, live_server.url, "olga", "/tournaments/organise/")
    yield page
    page.wait_for_load_state("networkidle")
    context.close()
    connections.close_all()


def test_a_chess_round_robin_from_the_picker_to_the_final_standings(live_server, organiser_page):
    page, base = organiser_page, live_server.url
    page.get_by_role("link", name="Create a tournament").click()
    # The organiser's only club is chosen already; a round robin needs no number of rounds.
    assert page.locator("#id_club option:checked").inner_text() == "Riverside"
    page.go_back()
    create(
        page,
        base,
        game="chess",
        name="Club Round Robin",
        slug="club-round-robin",
        pairing_system="round robin",
        rating_list="Chess standard",
    )
    page.locator("#next-step", has_text="enter at least two players first").wait_for()
    for last in ("Adams", "Baker", "Clark", "Davis"):
        page.fill("#picker-q", last)
        row = page.locator("#candidates tbody tr", has_text=last)
        row.get_by_role("button", name="Enter").click()
        page.locator("#registration table.table:not(.candidates)", has_text=last).wait_for()
    page.reload()
    page.locator("#next-step", has_text="round 1 can be paired").wait_for()

    order = ["Adams", "Baker", "Clark", "Davis"]
    for number in (1, 2, 3):
        pair_publish_and_play(page, number, 3, order, draws={frozenset(("Adams", "Davis"))})
    finish(page)

    assert Tournament.objects.get(slug="club-round-robin").status == TournamentStatus.FINISHED
    assert public_standings(page, base, "club-round-robin") == [
        ("1", "Adams, Alan", "2½"),
        ("2", "Baker, Beth", "2"),
        ("3", "Clark, Chris", "1"),
        ("4", "Davis, Dana", "½"),
    ]


#: Four players new to the club: name, sex, birth year, federation, FIDE ID, rating.
NEWCOMERS = [
    "Grant, Gina\tf\t2004\tENG\t\t1805",
    "Hughes, Hal\tm\t1999\tENG\t\t1760",
    "Irwin, Ida\tf\t2010\tSCO\t\t1655",
    "Jones, Jack\tm\t1987\tWLS\t\t1590",
]
NEWCOMER_ORDER = ["Grant", "Hughes", "Irwin", "Jones"]
NEWCOMERS_NAMES = [line.split("\t")[0] for line in NEWCOMERS]


def test_a_chess_double_round_robin_of_pasted_players(live_server, organiser_page):
    page, base = organiser_page, live_server.url
    create(
        page,
        base,
        game="chess",
        name="Double Blitz",
        slug="double-blitz",
        pairing_system="double round robin",
        rating_list="Chess blitz",
    )
    paste_players(page, NEWCOMERS, 4)
    page.reload()

    for number in range(1, 7):
        pair_publish_and_play(
            page, number, 6, NEWCOMER_ORDER, draws={frozenset(("Grant", "Jones"))}
        )
    finish(page)

    # Grant: 4 wins and 2 draws with Jones; Hughes: 4 wins; Irwin: 2; Jones: the 2 draws.
    assert public_standings(page, base, "double-blitz") == [
        ("1", "Grant, Gina", "5"),
        ("2", "Hughes, Hal", "4"),
        ("3", "Irwin, Ida", "2"),
        ("4", "Jones, Jack", "1"),
    ]


SHOGI_PLAYERS = [
    "Habu, Yoshi\tm\t1970\tJPN\t\t1900",
    "Fujii, Sota\tm\t2002\tJPN\t\t1850",
    "Watanabe, Aki\tm\t1984\tJPN\t\t1700",
    "Sato, Amahiko\tm\t1988\tJPN\t\t1600",
]


@pytest.mark.parametrize("organiser_page", [PHONE], indirect=True)
def test_a_shogi_round_robin_on_a_phone(live_server, organiser_page):
    page, base = organiser_page, live_server.url
    create(
        page,
        base,
        game="shogi",
        name="Keima Round Robin",
        slug="keima-round-robin",
        pairing_system="round robin",
        rating_list="Shogi (FESA)",
    )
    # A shogi dashboard offers FESA's file, not the FIDE rating report.
    assert page.get_by_role("link", name="FESA results (turnering.txt)").count() == 1
    assert page.get_by_role("link", name="Download the FIDE rating report (TRF)").count() == 0
    paste_players(page, SHOGI_PLAYERS, 4)
    page.reload()

    order = ["Habu", "Fujii", "Watanabe", "Sato"]
    for number in (1, 2, 3):
        pair_publish_and_play(page, number, 3, order)
    finish(page)

    assert public_standings(page, base, "keima-round-robin") == [
        ("1", "Habu, Yoshi", "3"),
        ("2", "Fujii, Sota", "2"),
        ("3", "Watanabe, Aki", "1"),
        ("4", "Sato, Amahiko", "0"),
    ]
    page.goto(f"{base}/tournaments/keima-round-robin/")
    assert page.locator("table.table thead", has_text="Sente").count() >= 1


GO_PLAYERS = [
    "Kato, Kenji\tm\t1980\tENG\t\t2300",
    "Lee, Lin\tf\t1995\tENG\t\t2100",
    "Mori, Mika\tf\t2001\tENG\t\t1900",
    "Nash, Neil\tm\t1975\tENG\t\t1700",
]


def test_a_go_mcmahon(live_server, organiser_page):
    page, base = organiser_page, live_server.url
    create(
        page,
        base,
        game="go",
        name="Four Stones Cup",
        slug="four-stones-cup",
        pairing_system="McMahon (go)",
        rating_list="Go (EGF)",
        rounds_planned="3",
    )
    assert page.get_by_role("link", name="EGD results (.h9)").count() == 1
    assert page.get_by_role("link", name="Download the FIDE rating report (TRF)").count() == 0
    paste_players(page, GO_PLAYERS, 4)
    page.reload()

    order = ["Kato", "Lee", "Mori", "Nash"]
    for number in (1, 2, 3):
        pair_publish_and_play(page, number, 3, order)
    finish(page)

    assert public_standings(page, base, "four-stones-cup") == [
        ("1", "Kato, Kenji", "3"),
        ("2", "Lee, Lin", "2"),
        ("3", "Mori, Mika", "1"),
        ("4", "Nash, Neil", "0"),
    ]


def test_a_manual_event_with_boards_set_by_hand(live_server, organiser_page):
    page, base = organiser_page, live_server.url
    create(
        page,
        base,
        game="chess",
        name="Friday Games",
        slug="friday-games",
        pairing_system="manual pairings",
        rating_list="Chess rapid",
        rounds_planned="2",
    )
    paste_players(page, NEWCOMERS, 4)
    page.reload()

    boards = {
        1: (("Grant", "Jones"), ("Hughes", "Irwin")),
        2: (("Irwin", "Grant"), ("Jones", "Hughes")),
    }
    for number, pairs in boards.items():
        page.locator("#next-step").get_by_role("button", name=f"Add round {number}").click()
        page.wait_for_url(f"**/rounds/{number}/")
        for white, black in pairs:
            page.select_option("#id_white", label=next(n for n in NEWCOMERS_NAMES if white in n))
            page.select_option("#id_black", label=next(n for n in NEWCOMERS_NAMES if black in n))
            page.get_by_role("button", name="Add the board").click()
            page.locator("table.boards .who", has_text=f"{white}").wait_for()
        following = "Add round 2" if number == 1 else "Finish the tournament"
        keys = tuple(keys_by_strength(page, NEWCOMER_ORDER, {frozenset(("Hughes", "Irwin"))}))
        page.locator("input.result-key").first.focus()
        enter_round_from_the_keyboard(page, keys, following)
    finish(page)

    # Grant beat Jones and Irwin; Hughes drew Irwin and beat Jones; Irwin drew Hughes.
    assert public_standings(page, base, "friday-games") == [
        ("1", "Grant, Gina", "2"),
        ("2", "Hughes, Hal", "1½"),
        ("3", "Irwin, Ida", "½"),
        ("4", "Jones, Jack", "0"),
    ]

"""Helpers of the whole-event browser tests: the data, the login, counting page loads, and
entering a round's results from the keyboard."""

from __future__ import annotations

import datetime
import re

from django.contrib.auth import get_user_model

from actions.registrations import register_player
from actions.tournaments import create_tournament
from core.roles import SYSTEM
from players.models import Club
from ratings.models import RatingList
from tests.factories import make_player, make_rating
from tournaments.enums import PairingSystem

PASSWORD = "an-organiser-password-1"  # noqa: S105 -- a throwaway test user
#: Six club members rated in the chess standard list (the picker finds them) and a go player
#: (the picker of a chess tournament never shows them).
MEMBERS = (
    ("Adams", "Alan", 2310),
    ("Baker", "Beth", 2205),
    ("Clark", "Chris", 2150),
    ("Davis", "Dana", 2040),
    ("Evans", "Eric", 1985),
    ("Foster", "Fay", 1890),
)
#: Four players new to the club, pasted from a spreadsheet (tabs): name, sex, born, fed, ID, rating.
PASTED = (
    "Grant, Gina\tf\t2004\tENG\t\t1805",
    "Hughes, Hal\tm\t1999\tENG\t\t1760",
    "Irwin, Ida\tf\t2010\tSCO\t\t1655",
    "Jones, Jack\tm\t1987\tWLS\t\t1590",
)
#: The results typed round by round (board order), one key each; ½ for draws.
KEYS = ("1", "0", "½", "1", "=")


def user(name: str, **fields):
    return get_user_model().objects.create_user(name, password=PASSWORD, **fields)


def club_with_members():
    club = Club.objects.create(name="Riverside")
    standard = RatingList.objects.get(slug="chess-standard")
    for last, first, rating in MEMBERS:
        make_rating(make_player(last, first, club=club), rating, rating_list=standard, k=20)
    go_player = make_player("Honinbo", "Ann", club=club)
    make_rating(go_player, 1500, rating_list=RatingList.objects.get(slug="go-egf"))
    return club


def ten_player_swiss(club, *, players_report_results: bool = False):
    """The event of the arbiter's and the player's test, set up by the organiser's services."""
    tournament = create_tournament(
        name="Autumn Swiss",
        slug="autumn-swiss",
        club=club,
        start_date=datetime.date(2026, 10, 3),
        end_date=datetime.date(2026, 10, 4),
        rating_list=RatingList.objects.get(slug="chess-standard"),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=5,
        initial_colour="w",
        players_report_results=players_report_results,
        actor=SYSTEM,
    )
    for index, line in enumerate(PASTED):
        name, sex, born, federation, _id, rating = line.split("\t")
        last, first = name.split(", ")
        player = make_player(
            last, first, sex=sex, federation=federation, birth_date=datetime.date(int(born), 1, 1)
        )
        register_player(
            tournament=tournament, player=player, rating_at_start=int(rating), actor=SYSTEM
        )
        assert index < 4
    for player in club.players.exclude(last_name="Honinbo"):
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    return tournament


class Loads:
    """Counts the full page loads of one browser page (htmx requests are not page loads)."""

    def __init__(self, page) -> None:
        self.count = 0
        page.on("load", self._loaded)

    def _loaded(self, _page) -> None:
        self.count += 1


def log_in(page, base: str, username: str, path: str) -> None:
    """Through the site's login form, with a password (no forced login)."""
    page.goto(f"{base}{path}")
    assert "/accounts/login/" in page.url
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}{path}")


def enter_round_from_the_keyboard(page, keys: tuple[str, ...], next_label: str) -> None:
    """Type each board's result and Enter (the cursor moves down by itself), then wait until
    the page offers ``next_label`` (the next step, refreshed without a reload)."""
    fields = page.locator("input.result-key")
    assert fields.first.evaluate("el => el === document.activeElement")
    for index in range(fields.count()):
        page.keyboard.type(keys[index % len(keys)])
        page.keyboard.press("Enter")
    try:
        page.locator("#next-step").get_by_role("button", name=next_label).wait_for()
    except Exception:
        page.screenshot(path="/tmp/fail.png", full_page=True)  # noqa: S108
        raise
    assert page.locator("table.boards .row-error").count() == 0


def board_results(page) -> list[str]:
    cells = page.locator("table.boards tbody td.result").all_inner_texts()
    return [re.sub(r"\s+", " ", cell).strip() for cell in cells]

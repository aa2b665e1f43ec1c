"""Why this pairing: an arbiter changes a draft Swiss board by hand and sees the engine's
warning (desktop and phone); once published, a player opens a board's "Why?" page and reads
the float and the deciding criterion (phone and desktop, English and Russian)."""

from __future__ import annotations

import datetime

from django.conf import settings

from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from core.roles import SYSTEM
from players.models import Player
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import log_in, user
from tests.factories import make_player, make_tournament
from tournaments.enums import PairingSystem
from tournaments.models import Round

DESKTOP = {"width": 1366, "height": 768}
RATINGS = (2400, 2300, 2200, 2100, 2000, 1900)


def _swiss(slug: str = "why-open"):
    """Round 1 played (1-4, 5-2, 3-6, White won); round 2 a draft: 3-1, 4-5, 2-6."""
    tournament = make_tournament(
        name=f"Why Open {slug}",
        slug=slug,
        rating_list=None,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        initial_colour="w",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 9),
    )
    for index, rating in enumerate(RATINGS):
        player = make_player(f"P{index + 1}", "Ann")
        register_player(tournament=tournament, player=player, rating_at_start=rating, actor=SYSTEM)
    first = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=first, actor=SYSTEM)
    for game in first.games.all():
        record_result(game=game, result="10", actor=SYSTEM)
    return pair_next_round(tournament=tournament, actor=SYSTEM)


def _change_board_one(page, slug: str) -> None:
    """P6 against P1 on board 1 (P3 goes to board 3 against P2)."""
    row = page.locator("#board-1")
    row.locator("details.edit summary").click()
    form = row.locator("details.edit form")
    white = Player.objects.get(last_name="P6", registrations__tournament__slug=slug)
    black = Player.objects.get(last_name="P1", registrations__tournament__slug=slug)
    form.locator("select").nth(0).select_option(value=str(white.pk))
    form.locator("select").nth(1).select_option(value=str(black.pk))
    form.get_by_role("button", name="Change").click()
    page.wait_for_load_state()


def test_manual_change_warning_on_desktop_and_phone(chromium, live_server):
    user("olga", is_staff=True, is_superuser=True)
    for viewport, slug in ((DESKTOP, "why-desk"), (PHONE, "why-phone")):
        _swiss(slug)
        path = f"/tournaments/{slug}/organise/rounds/2/"
        context = chromium.new_context(viewport=viewport)
        page = context.new_page()
        log_in(page, live_server.url, "olga", path)
        _change_board_one(page, slug)
        warnings = page.locator("li.message.warning")
        warnings.first.wait_for()
        first = warnings.first.inner_text()
        assert first.startswith("Boards 1, 3 differ from the program's pairing")
        assert "paired P2, Ann – P6, Ann; P3, Ann – P1, Ann." in first
        texts = warnings.all_inner_texts()
        assert any(text.startswith("The change worsens C6") for text in texts)
        for index in range(warnings.count()):
            assert warnings.nth(index).is_visible()
        assert_no_horizontal_scroll(page)
        context.close()


def test_why_page_on_phone_and_desktop(chromium, live_server):
    second = _swiss()
    publish_round(round=Round.objects.get(pk=second.pk), actor=SYSTEM)
    for viewport, language in ((PHONE, "en"), (DESKTOP, "ru")):
        context = chromium.new_context(viewport=viewport, locale=language)
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
        )
        page = context.new_page()
        page.goto(f"{live_server.url}/tournaments/why-open/round/2/")
        link = page.locator("a.why-link").nth(1)
        link.scroll_into_view_if_needed()
        assert link.is_visible()
        link.click()
        page.wait_for_url(f"{live_server.url}/tournaments/why-open/rounds/2/why/2/")
        heading = page.locator("h1")
        if language == "en":
            assert heading.inner_text() == "Why this pairing"
            float_line = page.get_by_text("floated down to meet P4, Ann")
            assert float_line.is_visible()
            assert page.get_by_text("because of C1: two players do not meet twice").is_visible()
        else:
            assert heading.inner_text() == "Почему такая пара"
            assert page.get_by_text("Решающий критерий").is_visible()
        assert_no_horizontal_scroll(page)
        context.close()

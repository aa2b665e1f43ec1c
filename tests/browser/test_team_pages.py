"""The public pages of a team tournament in Chromium, on a desktop (1366 px) and a phone
(375 px): team standings with their tie-breaks, the matches of a round being played, a
team's card and the board prizes, what matters on screen without sideways scrolling; the
club's organiser, signed in through the login form, downloads the TRF-2026 team file."""

from __future__ import annotations

from pathlib import Path

from players.models import Club
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import log_in, user
from tests.factories import team_round_robin

DESKTOP = {"width": 1366, "height": 768}


def _league():
    club = Club.objects.create(name="Riverside")
    club.organisers.add(user("olga"))
    team_round_robin(slug="league", name="Riverside League", club=club, last_round_results=False)


def _cells(table) -> list[list[str]]:
    rows = table.locator("tbody tr")
    return [
        [" ".join(t.split()) for t in rows.nth(i).locator("td").all_inner_texts()]
        for i in range(rows.count())
    ]


def _visible(page, texts: list[str]) -> None:
    for text in texts:
        locator = page.get_by_text(text, exact=True).first
        assert locator.is_visible(), text
        box = locator.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], text


def test_team_pages_on_a_desktop_and_a_phone(live_server, chromium):
    _league()
    base = live_server.url

    desktop = chromium.new_context(viewport=DESKTOP)
    page = desktop.new_page()
    page.goto(f"{base}/tournaments/league/")
    page.get_by_role("link", name="Team standings", exact=True).click()
    page.wait_for_url("**/tournaments/league/teams/")
    assert page.get_by_role("heading", name="Team standings after round 2").is_visible()
    assert page.get_by_text("A round is in progress").is_visible()
    # after round 2: Charlie and Alpha 3 MP, Charlie ahead on game points (MPVGP)
    assert [row[:6] for row in _cells(page.locator("#live-team-standings table"))] == [
        ["1", "3", "Charlie", "2", "3", "3"],
        ["2", "1", "Alpha", "2", "3", "2½"],
        ["3", "4", "Delta", "2", "1", "1½"],
        ["4", "2", "Bravo", "2", "1", "1"],
    ]
    headers = page.locator("#live-team-standings thead th").all_inner_texts()
    assert headers == ["Place", "No.", "Team", "Matches", "MP", "GP", "MPVGP", "DE", "EMGSB", "BC"]

    page.get_by_role("link", name="Matches", exact=True).click()
    page.wait_for_url("**/tournaments/league/teams/rounds/")
    assert page.get_by_role("heading", name="Matches of round 3").is_visible()
    assert page.locator(".team-match h3").all_inner_texts() == [
        "1. Bravo – Delta 0 : 0",
        "2. Charlie – Alpha 0 : 0",
    ]
    page.get_by_role("link", name="Alpha", exact=True).first.click()
    page.wait_for_url("**/tournaments/league/teams/1/")
    roster = _cells(page.locator("table.table").nth(1))
    assert [row[:3] for row in roster] == [
        ["1", "Alpha1", "2200"],
        ["2", "Alpha2", "2100"],
        ["3 res.", "Alpha3", "2000"],
    ]
    page.goto(f"{base}/tournaments/league/teams/board-prizes/?by=score&min=1")
    assert page.get_by_role("heading", name="Board 2").is_visible()
    desktop.close()

    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    page.goto(f"{base}/tournaments/league/teams/")
    assert_no_horizontal_scroll(page)
    _visible(page, ["Alpha", "Charlie", "Bravo", "Delta", "MP", "GP"])
    page.goto(f"{base}/tournaments/league/teams/round/3/")
    assert_no_horizontal_scroll(page)
    _visible(page, ["Bravo1", "Delta1", "Charlie2", "Alpha2"])
    page.goto(f"{base}/tournaments/league/teams/1/")
    assert_no_horizontal_scroll(page)
    _visible(page, ["Alpha1", "Alpha3", "Delta", "Bravo"])
    page.goto(f"{base}/tournaments/league/teams/crosstable/")
    assert_no_horizontal_scroll(page)
    _visible(page, ["Alpha", "Delta"])
    phone.close()


def test_the_organiser_downloads_the_team_file(live_server, chromium, tmp_path: Path):
    _league()
    base = live_server.url
    context = chromium.new_context(viewport=DESKTOP, accept_downloads=True)
    page = context.new_page()
    log_in(page, base, "olga", "/tournaments/organise/")

    page.goto(f"{base}/tournaments/league/teams/")
    with page.expect_download() as download:
        page.get_by_role("link", name="TRF file", exact=True).click()
    path = tmp_path / "league.trf"
    download.value.save_as(path)
    context.close()

    lines = path.read_text(encoding="utf-8").splitlines()
    assert [line[:40].rstrip() for line in lines if line.startswith("310")] == [
        "310   1 Alpha",
        "310   2 Bravo",
        "310   3 Charlie",
        "310   4 Delta",
    ]
    assert sum(line.startswith("300") for line in lines) == 12

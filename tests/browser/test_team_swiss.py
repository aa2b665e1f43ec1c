"""Acceptance (issue 22): a non-staff organiser signs in on the site and creates an 8-team,
4-board, 5-round team Swiss from the create form, adds the teams and their rosters; two
captains submit their line-ups on a phone (375×667); an arbiter pairs, publishes and enters
every board from the keyboard, round by round; the organiser's team standings are right.

Every player of a team is rated above every player of the next one and the stronger player
wins each board, so each match is won 4–0 by the team with the better roster: a team's match
points are twice the matches it played against a weaker team, its game points twice that."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.urls import reverse

from players.models import Club
from ratings.models import RatingList
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll
from tests.browser.event import log_in, user
from tests.browser.formats import create
from tests.factories import make_player, make_rating
from tournaments.models import Team, TeamMatch, Tournament

DESKTOP = {"width": 1366, "height": 768}
TEAMS = [
    "Riverside A",
    "Riverside B",
    "Hillside",
    "Lakeside",
    "Castle",
    "Bishops",
    "Knights",
    "Rooks",
]
#: Players per team: 4 boards, and a reserve for the two teams whose captains play.
SIZES = [5, 5, 4, 4, 4, 4, 4, 4]


def _name(team: int, place: int) -> str:
    return f"{'ABCDEFGH'[team]}{'abcdefgh'[team]}{place}"


def _data():
    """The club's 34 players, strongest team first; the organiser, the arbiter, the captains
    (the first player of the first two teams, with accounts)."""
    club = Club.objects.create(name="Riverside")
    standard = RatingList.objects.get(slug="chess-standard")
    for team, size in enumerate(SIZES):
        for place in range(1, size + 1):
            player = make_player(_name(team, place), "Player", club=club)
            make_rating(player, 2400 - 60 * team - 10 * place, rating_list=standard, k=20)
    club.organisers.add(user("olga"))
    user("arno")
    for team in (0, 1):
        player = club.players.get(last_name=_name(team, 1))
        player.account = user(f"captain{team + 1}")
        player.save()
    return club


def _set_up_teams(page, base: str) -> None:
    page.get_by_role("link", name="Teams and rosters").click()
    page.wait_for_url("**/organise/teams/")
    for team, name in enumerate(TEAMS):
        page.fill("#team-name", name)
        page.select_option("#team-club", label="Riverside")
        page.get_by_role("button", name="Add the team").click()
        page.wait_for_url("**/organise/teams/*/")
        for place in range(1, SIZES[team] + 1):
            page.select_option(f"#roster-place_{place}", label=f"{_name(team, place)}, Player")
        page.get_by_role("button", name="Save the roster").click()
        page.locator(".messages", has_text="is saved").wait_for()
        if team < 2:
            page.select_option("#team-captain", label=f"{_name(team, 1)}, Player")
            page.get_by_role("button", name="Save the team").click()
            page.locator(".messages", has_text="is saved").wait_for()
        page.get_by_role("link", name="All teams").click()
        page.wait_for_url("**/organise/teams/")


def _captain_submits(chromium, base: str, team: int, board_4: str) -> None:
    phone = chromium.new_context(viewport=PHONE, has_touch=True)
    page = phone.new_page()
    log_in(page, base, f"captain{team + 1}", "/tournaments/my-teams/")
    page.get_by_role("link", name="Line-up for round 1").click()
    page.wait_for_url("**/line-up/")
    page.select_option("#line-up-board_4", label=f"{board_4}, Player")
    button = page.get_by_role("button", name="Submit the line-up")
    assert button.is_visible() and page.locator("#line-up-board_1").is_visible()
    assert_no_horizontal_scroll(page)
    button.tap()
    page.locator(".messages", has_text="is submitted").wait_for()
    assert_no_horizontal_scroll(page)
    phone.close()


def _keys(page) -> list[str]:
    """One key per board row: the player of the stronger team (its letter earlier) wins."""
    keys = []
    rows = page.locator("table.boards tbody tr:has(.who)")
    for index in range(rows.count()):
        text = rows.nth(index).locator(".who").inner_text()
        found = sorted(
            (text.index(_name(t, p)), t)
            for t in range(8)
            for p in range(1, 6)
            if _name(t, p) in text
        )
        (_at, white), (_at2, black) = found
        keys.append("1" if white < black else "0")
    return keys


def _play(page, number: int) -> None:
    page.locator("#next-step").get_by_role("button", name=f"Pair round {number}").click()
    page.wait_for_url(f"**/rounds/{number}/")
    assert page.locator("ol.team-matches li").count() == 4
    page.get_by_role("button", name="Publish the pairings").click()
    page.locator("input.result-key").first.wait_for()
    assert page.locator("tr.match-head").count() == 4
    keys = _keys(page)
    assert len(keys) == 16
    for key in keys:
        page.keyboard.type(key)
        page.keyboard.press("Enter")
    following = f"Pair round {number + 1}" if number < 5 else "Finish the tournament"
    page.locator("#next-step").get_by_role("button", name=following).wait_for()
    page.reload()
    assert (
        page.locator(".match-score", has_text="4 – 0").count()
        + page.locator(".match-score", has_text="0 – 4").count()
        == 4
    )


def test_an_eight_team_swiss_with_captains_line_ups_and_keyboard_results(live_server, chromium):
    _data()
    base = live_server.url
    desktop = chromium.new_context(viewport=DESKTOP)
    page = desktop.new_page()
    log_in(page, base, "olga", "/tournaments/organise/")
    create(
        page,
        base,
        game="chess",
        name="Club Team Swiss",
        slug="club-team-swiss",
        pairing_system="team Swiss (FIDE C.04.6)",
        rating_list="Chess standard",
        rounds_planned="5",
        team_boards="4",
    )
    _set_up_teams(page, base)
    tournament = Tournament.objects.get(slug="club-team-swiss")
    assert tournament.team_boards == 4 and tournament.registrations.count() == 34
    tournament.arbiters.add(get_user_model().objects.get(username="arno"))

    _captain_submits(chromium, base, 0, _name(0, 5))  # the reserve plays board 4
    _captain_submits(chromium, base, 1, _name(1, 4))
    page.goto(f"{base}{reverse('tournaments:organise', args=[tournament.slug])}")
    missing = page.locator("#teams .next-step").inner_text()
    assert "Riverside A" not in missing and "Riverside B" not in missing and "Rooks" in missing

    arbiter = chromium.new_context(viewport=DESKTOP).new_page()
    log_in(arbiter, base, "arno", f"/tournaments/{tournament.slug}/organise/")
    for number in range(1, 6):
        _play(arbiter, number)

    # The round page on a phone: every match's heading and score on screen, nothing sideways.
    phone = chromium.new_context(viewport=PHONE).new_page()
    log_in(phone, base, "arno", f"/tournaments/{tournament.slug}/organise/rounds/5/")
    heads = phone.locator("tr.match-head")
    assert heads.count() == 4 and heads.first.locator(".match-score").is_visible()
    assert_no_horizontal_scroll(phone)

    expected = {}
    for team in Team.objects.filter(tournament=tournament):
        wins = sum(
            1
            for m in TeamMatch.objects.filter(round__tournament=tournament)
            if team.pk in (m.first_id, m.second_id)
            and TEAMS.index(team.name)
            < TEAMS.index((m.second if m.first_id == team.pk else m.first).name)
        )
        expected[team.name] = (str(2 * wins), str(4 * wins))
    page.goto(f"{base}{reverse('tournaments:organise', args=[tournament.slug])}")
    rows = page.locator("table.team-standings tbody tr")
    shown = {}
    for index in range(rows.count()):
        cells = [c.strip() for c in rows.nth(index).locator("td").all_inner_texts()]
        shown[cells[1]] = (cells[3], cells[4])
        assert cells[2] == "5"
    assert shown == expected
    assert shown["Riverside A"] == ("10", "20")  # the strongest team won every match
    first_row = [c.strip() for c in rows.nth(0).locator("td").all_inner_texts()]
    assert first_row[:2] == ["1", "Riverside A"]
    # The reserve the captain put on board 4 played round 1.
    assert (
        tournament.rounds.get(number=1).games.filter(white__last_name=_name(0, 5)).exists()
        or tournament.rounds.get(number=1).games.filter(black__last_name=_name(0, 5)).exists()
    )

    # The public team card of the winners: 10 match points and 20 game points, five matches.
    strongest = Team.objects.get(tournament=tournament, name="Riverside A")
    card_url = reverse("tournaments:team_card", args=[tournament.slug, strongest.pairing_number])
    page.goto(f"{base}{card_url}")
    card = page.locator("main").inner_text()
    assert "Riverside A" in card
    matches = page.locator("table.table").first.locator("tbody tr")
    assert matches.count() == 5
    assert [
        [c.strip() for c in matches.nth(i).locator("td").all_inner_texts()][-1] for i in range(5)
    ] == ["2"] * 5

    # The organiser's TRF-2026 team file: eight 310 rosters, a line-up per team and round.
    page.goto(f"{base}/tournaments/{tournament.slug}/teams/")
    with page.expect_download() as download:
        page.get_by_role("link", name="TRF file", exact=True).click()
    lines = Path(download.value.path()).read_text(encoding="utf-8").splitlines()
    assert sum(line.startswith("310") for line in lines) == 8
    assert sum(line.startswith("300") for line in lines) == 8 * 5
    assert next(line for line in lines if line.startswith("192")).split() == [
        "192", "FIDE_TEAM_TYPEA_MP_GP",
    ]  # fmt: skip


def user_named(name: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)

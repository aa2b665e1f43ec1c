"""A club set up from nothing through the site, in a real Chromium, never opening ``/admin/``.

Staff log in on the site's login form and create a club, inviting its organiser; the
organiser follows the link of the mail a real SMTP server received (aiosmtpd, the
``smtp_server`` fixture; Django's SMTP backend), sets a password, logs in, adds a player,
and invites an arbiter, that player and a second organiser; each follows their own link,
sets a password and logs in on the login form. The organiser appoints the arbiter to a
tournament of the club with the account picker; the player's account page shows the player.
The invitees' pages are used at phone width (375×667), the organiser's at desktop width.
Every wait is on a selector, an address or an ``expect``; nothing sleeps.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from actions.tournaments import create_tournament
from core.models import Invitation
from core.roles import SYSTEM
from players.models import Club, Player
from tests.browser.conftest import PHONE, assert_no_horizontal_scroll

PASSWORDS = {
    "boss": "staff pass phrase 1",
    "olga": "olga's own pass phrase",
    "arthur": "arthur's own pass phrase",
    "anna": "anna's own pass phrase",
    "oscar": "oscar's own pass phrase",
}


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user(
        "boss", email="boss@example.org", password=PASSWORDS["boss"], is_staff=True
    )


class Browser:
    """One person's browser (their own cookies), recording every address it requested."""

    def __init__(self, chromium, live_server, viewport=None):
        self.context = chromium.new_context(viewport=viewport or {"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.base = live_server.url
        self.requested: list[str] = []
        self.page.on("request", lambda request: self.requested.append(request.url))

    def go(self, path: str) -> None:
        response = self.page.goto(path if path.startswith("http") else self.base + path)
        assert response is not None and response.status == 200, path

    def log_in(self, username: str) -> None:
        """The site's login form, as everybody signs in."""
        self.go(reverse("login"))
        self.page.fill("#id_username", username)
        self.page.fill("#id_password", PASSWORDS[username])
        self.page.click("form.styled button[type=submit]")
        self.page.wait_for_url(f"{self.base}{reverse('account')}")

    def accept(self, link: str, username: str, first: str, last: str) -> None:
        """Open the mailed link, choose a user name and the password, then log in."""
        self.go(link)
        assert_no_horizontal_scroll(self.page)
        self.page.fill("#id_username", username)
        self.page.fill("#id_first_name", first)
        self.page.fill("#id_last_name", last)
        self.page.fill("#id_password1", PASSWORDS[username])
        self.page.fill("#id_password2", PASSWORDS[username])
        self.page.get_by_role("button", name="Set the password and accept").click()
        self.page.wait_for_url(f"{self.base}{reverse('login')}")
        expect(self.page.locator(".messages")).to_have_text(
            "Your account is ready: log in with your new password."
        )
        self.log_in(username)

    def roles(self) -> list[str]:
        return [" ".join(t.split()) for t in self.page.locator("ul.roles li").all_inner_texts()]


def link_to(smtp_server, address: str) -> str:
    (mail,) = smtp_server.to(address)
    return mail.link


def invite(page, email: str, role: str, player: str = "") -> None:
    page.locator("#invite summary").click()
    page.fill("#invite-email", email)
    page.select_option("#invite-role", role)
    if player:
        page.select_option("#invite-player", label=player)
    page.get_by_role("button", name="Send the invitation").click()
    expect(page.locator(".messages")).to_have_text(f"Invitation sent to {email}.")


def test_a_club_is_set_up_from_nothing_through_the_site(
    staff, smtp_server, chromium, live_server, screenshot
):
    people = []

    # Staff: log in, create the club, invite its organiser.
    boss = Browser(chromium, live_server)
    people.append(boss)
    boss.log_in("boss")
    boss.go(reverse("tournaments:organise_clubs"))
    boss.page.get_by_role("link", name="New club").click()
    boss.page.fill("#id_name", "Riverside Chess")
    boss.page.fill("#id_short_name", "RCC")
    boss.page.fill("#id_city", "Leeds")
    boss.page.fill("#id_federation", "ENG")
    boss.page.fill("#id_organiser_email", "olga@example.org")
    boss.page.get_by_role("button", name="Create the club").click()
    club = Club.objects.get(name="Riverside Chess")
    boss.page.wait_for_url(
        f"{live_server.url}{reverse('tournaments:organise_club', args=[club.pk])}"
    )
    expect(boss.page.locator(".messages li")).to_have_text(
        ["Club Riverside Chess created.", "Invitation sent to olga@example.org."]
    )

    # The organiser: the mailed link, a password, the login form, the club page.
    olga = Browser(chromium, live_server, PHONE)
    people.append(olga)
    olga.accept(link_to(smtp_server, "olga@example.org"), "olga", "Olga", "Owen")
    assert olga.roles() == ["Organiser of Riverside Chess · club page"]
    olga = Browser(chromium, live_server)  # the organiser's own work at desktop width
    people.append(olga)
    olga.log_in("olga")
    olga.page.get_by_role("link", name="club page").click()
    page = olga.page
    page.locator("#add-player summary").click()
    page.fill("#id_last_name", "Petrova")
    page.fill("#id_first_name", "Anna")
    page.select_option("#id_sex", "f")
    page.get_by_role("button", name="Add the player").click()
    expect(page.locator(".messages")).to_have_text("Petrova, Anna added.")
    invite(page, "arthur@example.org", "arbiter")
    invite(page, "anna@example.org", "player", player="Petrova, Anna")
    invite(page, "oscar@example.org", "organiser")
    expect(page.locator(".invitation-list li")).to_have_count(3)
    screenshot(page, "club-setup-invitations")
    page.set_viewport_size(PHONE)  # every invitation's buttons on a phone's screen
    assert_no_horizontal_scroll(page)
    for button in page.locator(".invitation-list button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert page.locator(".invitation-list button").count() == 6
    screenshot(page, "club-setup-invitations-phone")
    page.set_viewport_size({"width": 1280, "height": 900})

    # Each invitee: their link, a password, the login form (on a phone).
    arthur = Browser(chromium, live_server, PHONE)
    arthur.accept(link_to(smtp_server, "arthur@example.org"), "arthur", "Arthur", "Abbot")
    anna = Browser(chromium, live_server, PHONE)
    anna.accept(link_to(smtp_server, "anna@example.org"), "anna", "Anna", "Petrova")
    oscar = Browser(chromium, live_server, PHONE)
    oscar.accept(link_to(smtp_server, "oscar@example.org"), "oscar", "Oscar", "Olsen")
    people += [arthur, anna, oscar]
    assert anna.roles() == ["Player: Petrova, Anna · my page"]
    assert oscar.roles() == ["Organiser of Riverside Chess · club page"]
    assert arthur.roles() == [
        "Arbiter of the club Riverside Chess: its organisers appoint you to its tournaments"
    ]

    # The organiser appoints the arbiter to a tournament of the club with the picker.
    tournament = create_tournament(
        name="Riverside Open",
        start_date=datetime.date(2026, 6, 1),
        end_date=datetime.date(2026, 6, 3),
        club=club,
        rounds_planned=5,
        actor=SYSTEM,
    )  # the create form is another page's test: here only the arbiter's appointment
    olga.go(reverse("tournaments:organise_club", args=[club.pk]))
    members = page.locator(".member-list li")
    expect(members).to_have_count(4)
    assert [" ".join(m.split()) for m in members.all_inner_texts()] == [
        "Anna Petrova anna · anna@example.org player Petrova, Anna",
        "Arthur Abbot arthur · arthur@example.org arbiter",
        "Olga Owen olga · olga@example.org organiser",
        "Oscar Olsen oscar · oscar@example.org organiser",
    ]
    assert page.locator(".member-list .roles").all_inner_texts() == [
        "player",
        "arbiter",
        "organiser",
        "organiser",
    ]
    olga.go(reverse("tournaments:organise", args=[tournament.slug]))
    page.locator("#arbiters summary").click()
    page.fill("#arbiter-q", "abb")  # Arthur Abbot's last name
    candidates = page.locator("#arbiter-candidates li")
    expect(candidates).to_have_count(1)
    expect(candidates).to_contain_text("Arthur Abbot arthur · arthur@example.org")
    screenshot(page, "club-setup-arbiter-picker")
    candidates.get_by_role("button", name="Appoint").click()
    expect(page.locator(".messages")).to_have_text("Arbiters: Arthur Abbot (arthur).")
    expect(page.locator("#arbiters summary")).to_have_text("Arbiters: Arthur Abbot (arthur)")
    arthur.go(reverse("account"))
    assert arthur.roles() == [
        "Arbiter of the club Riverside Chess: its organisers appoint you to its tournaments",
        "Arbiter of Riverside Open · organise",
    ]
    anna.page.get_by_role("link", name="my page").click()
    expect(anna.page.locator("h1")).to_contain_text("Petrova, Anna")
    screenshot(anna.page, "club-setup-player-page")

    users = get_user_model().objects
    assert sorted(club.organisers.values_list("username", flat=True)) == ["olga", "oscar"]
    assert list(tournament.arbiters.values_list("username", flat=True)) == ["arthur"]
    assert Player.objects.get(last_name="Petrova").account == users.get(username="anna")
    assert sorted(
        Invitation.objects.values_list("email", "role", "accepted_by__username", "revoked_at")
    ) == [
        ("anna@example.org", "player", "anna", None),
        ("arthur@example.org", "arbiter", "arthur", None),
        ("olga@example.org", "organiser", "olga", None),
        ("oscar@example.org", "organiser", "oscar", None),
    ]
    assert [url for person in people for url in person.requested if "/admin/" in url] == []
    for person in people:
        person.context.close()

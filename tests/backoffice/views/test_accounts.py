"""Accounts for everyone: the site's login, logout, password change and reset, my account.

Before: ``LOGIN_URL`` was the admin's login, which refuses accounts without ``is_staff``:
organisers, arbiters and players could not log in at all.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from events.enums import EntryStatus
from events.models import Entry
from players.models import Club
from tests.factories import make_entry_section, make_open_event, make_player, make_tournament

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"  # noqa: S105 -- a throwaway test user


@pytest.fixture
def organiser():
    user = get_user_model().objects.create_user("orga", email="orga@example.org", password=PASSWORD)
    Club.objects.create(name="Riverside").organisers.add(user)
    return user


def test_the_login_url_is_the_sites_own_login_page():
    assert reverse(settings.LOGIN_URL) == "/accounts/login/"


def test_a_non_staff_organiser_logs_in_with_a_password_and_reaches_the_organiser_pages(
    client, organiser
):
    target = reverse("tournaments:organise_list")
    response = client.get(target)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={target}"

    response = client.post(
        "/accounts/login/", {"username": "orga", "password": PASSWORD, "next": target}
    )

    assert response.status_code == 302
    assert response["Location"] == target
    assert client.get(target).status_code == 200


def test_the_admin_login_stays_staff_only(client, organiser):
    response = client.post(
        reverse("admin:login"), {"username": "orga", "password": PASSWORD, "next": "/admin/"}
    )

    assert response.status_code == 200  # the admin's form again: not a staff account
    assert client.get("/admin/").status_code == 302


def test_a_wrong_password_shows_the_error_summary_and_logs_nobody_in(client, organiser):
    response = client.post("/accounts/login/", {"username": "orga", "password": "wrong"})

    page = response.content.decode()
    assert response.status_code == 200
    assert 'class="error-summary"' in page
    assert "_auth_user_id" not in client.session


def test_the_header_shows_log_in_to_visitors_and_the_account_with_roles_when_logged_in(
    client, organiser
):
    page = client.get("/").content.decode()
    assert '<a href="/accounts/login/?next=/">Log in</a>' in page

    client.force_login(organiser)
    page = client.get(reverse("tournaments:list")).content.decode()

    assert '<a href="/accounts/" title="My account">orga</a>' in page
    assert '<small class="roles-summary">(organiser)</small>' in page
    assert 'action="/accounts/logout/"' in page


def test_my_account_lists_the_roles_with_their_links(client, organiser):
    tournament = make_tournament(slug="spring-open", name="Spring Open")
    tournament.arbiters.add(organiser)
    player = make_player("Orga", "Olga")
    player.account = organiser
    player.save()
    client.force_login(organiser)

    page = client.get("/accounts/").content.decode()

    assert "Organiser of Riverside" in page
    assert "Arbiter of Spring Open" in page
    assert "Player: Orga, Olga" in page
    assert 'href="/tournaments/spring-open/organise/"' in page


def test_logout_is_a_post_and_ends_the_session(client, organiser):
    client.force_login(organiser)

    response = client.post("/accounts/logout/")

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "_auth_user_id" not in client.session


def test_password_change_needs_the_old_password(client, organiser):
    client.force_login(organiser)

    refused = client.post(
        "/accounts/password/",
        {"old_password": "nope", "new_password1": "x9-new-pass", "new_password2": "x9-new-pass"},
    )
    changed = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "another-long-secret-9",
            "new_password2": "another-long-secret-9",
        },
    )

    assert refused.status_code == 200
    assert 'href="#id_old_password"' in refused.content.decode()
    assert changed.status_code == 302
    organiser.refresh_from_db()
    assert organiser.check_password("another-long-secret-9")


def test_password_reset_mails_a_link_that_sets_a_new_password(client, organiser):
    response = client.post("/accounts/password/reset/", {"email": "orga@example.org"})

    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["orga@example.org"]
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200
    set_url = form.redirect_chain[-1][0]
    done = client.post(
        set_url, {"new_password1": "fresh-password-42", "new_password2": "fresh-password-42"}
    )
    assert done.status_code == 302
    organiser.refresh_from_db()
    assert organiser.check_password("fresh-password-42")


def test_the_site_login_is_throttled_too(client, organiser, settings):
    settings.AXES_FAILURE_LIMIT = 3
    for _attempt in range(3):
        client.post("/accounts/login/", {"username": "orga", "password": "wrong"})

    refused = client.post("/accounts/login/", {"username": "orga", "password": PASSWORD})

    assert refused.status_code == 429
    assert "Too many failed logins" in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_my_account_lists_my_live_entries_to_events_not_yet_over(client):
    user = get_user_model().objects.create_user("ann", email="ann@example.org")
    ann = make_player("Archer", "Ann", account=user, sex="f")
    soon = make_open_event(
        "Spring Weekend",
        slug="spring",
        start_date=datetime.date(2099, 4, 4),
        end_date=datetime.date(2099, 4, 5),
    )
    over = make_open_event("Old Open", slug="old", start_date=datetime.date(2020, 1, 4))
    for event, name, status in (
        (soon, "Spring Rapid", EntryStatus.WAITING),
        (soon, "Spring Blitz", EntryStatus.WITHDRAWN),
        (over, "Old Rapid", EntryStatus.ACCEPTED),
    ):
        Entry.objects.create(
            section=make_entry_section(event, name=name),
            player=ann,
            last_name="Archer",
            sex="f",
            email="ann@example.org",
            status=status,
        )
    client.force_login(user)

    html = client.get(reverse("account")).content.decode()

    items = re.findall(r'<ul class="my-entries">(.*?)</ul>', html, re.S)[0]
    assert re.findall(r"<li>(.*?)</li>", items) == [
        '<a href="/events/spring/enter/">Spring Weekend</a>: Spring Rapid · on the waiting list'
    ]

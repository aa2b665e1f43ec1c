"""The "Staff" group (core migration 0005) gives staff accounts the admin pages
docs/roles.md says staff use; without it a staff account got 403 on every one (issue 15,
defect 9)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

#: The admin pages of docs/roles.md ("Administration": clubs and organisers, players and
#: their accounts, rating lists, starting ratings, tournaments, entries, rounds and games,
#: published lists, the audit trail).
PAGES = [
    "admin:index",
    "admin:players_club_changelist",
    "admin:players_club_add",
    "admin:players_player_changelist",
    "admin:players_player_add",
    "admin:tournaments_tournament_changelist",
    "admin:tournaments_tournament_add",
    "admin:tournaments_registration_changelist",
    "admin:tournaments_round_changelist",
    "admin:tournaments_game_changelist",
    "admin:tournaments_requestedbye_changelist",
    "admin:ratings_ratinglist_changelist",
    "admin:ratings_playerrating_changelist",
    "admin:ratings_publishedlist_changelist",
    "admin:core_auditentry_changelist",
]


def _staff(name: str, *, in_group: bool) -> Client:
    user = get_user_model().objects.create_user(name, is_staff=True)
    if in_group:
        user.groups.add(Group.objects.get(name="Staff"))
    client = Client()
    client.force_login(user)
    return client


def test_a_staff_account_in_the_staff_group_opens_every_admin_page_staff_use():
    client = _staff("stella", in_group=True)

    codes = {page: client.get(reverse(page)).status_code for page in PAGES}

    assert codes == dict.fromkeys(PAGES, 200)


def test_the_staff_group_cannot_change_accounts_or_groups():
    client = _staff("stella", in_group=True)
    codenames = set(Group.objects.get(name="Staff").permissions.values_list("codename", flat=True))

    assert client.get(reverse("admin:auth_user_changelist")).status_code == 403
    assert {"change_user", "add_group", "change_group"} & codenames == set()
    assert {"add_tournament", "change_player", "view_auditentry"} <= codenames


def test_a_staff_account_outside_the_group_has_no_admin_model_pages():
    client = _staff("sam", in_group=False)

    assert client.get(reverse("admin:players_player_changelist")).status_code == 403

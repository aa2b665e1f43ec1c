"""Linking an account to a player in the admin (a 500 in the first layout)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from players.models import Player
from tests.factories import (
    make_player,
    make_superuser,
)

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- 4. admin


def test_admin_links_an_account_to_a_player(client):
    """Staff link a player to an existing account in the admin's player form.

    The player's login was a field named ``user``, which the admin passed to the player
    service as a keyword argument next to ``user=request.user`` (the acting user): a changed
    account made that "multiple values for keyword argument 'user'" (a 500). The account is
    ``Player.account`` now and the actor ``actor=``; the changes go as one ``changes`` dict.
    Expected: saved, redirect.
    """
    account = get_user_model().objects.create_user(username="ann", password="pw-ann-12345")  # noqa: S106
    ann = make_player("Ames", "Ann", sex="f")
    client.force_login(make_superuser())

    response = client.post(
        reverse("admin:players_player_change", args=[ann.pk]),
        {
            "last_name": "Ames",
            "first_name": "Ann",
            "sex": "f",
            "birth_date": "",
            "federation": "",
            "club": "",
            "fide_id": "",
            "title": "",
            "account": str(account.pk),
            "ratings-TOTAL_FORMS": "0",
            "ratings-INITIAL_FORMS": "0",
            "ratings-MIN_NUM_FORMS": "0",
            "ratings-MAX_NUM_FORMS": "1000",
        },
    )

    assert response.status_code == 302
    assert Player.objects.get(pk=ann.pk).account_id == account.pk

"""A change refused as busy (:class:`core.busy.Busy`) is answered by every page in one place
(:class:`web.busy.BusyMiddleware`): 503 with ``Retry-After`` and a readable message, in the
reader's language, with a link back to the page the form was on; never a 500.

Here the unit of work is made to refuse at its start, on any database; the refusal of a real
held lock is tests/safety/test_busy.py (PostgreSQL).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from core import unit_of_work
from core.busy import Busy
from core.models import AuditEntry
from tests.factories import (
    make_game,
    make_player,
    make_round,
    make_superuser,
    make_tournament,
    register,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def busy_post(client, monkeypatch):
    """Post a board's result while every unit of work is refused as busy."""

    def refuse() -> None:
        raise Busy

    monkeypatch.setattr(unit_of_work, "bound_lock_waits", refuse)
    tournament = make_tournament(slug="club-open")
    white, black = make_player("White"), make_player("Black")
    register(tournament, white, black)
    game = make_game(make_round(tournament), white, black, "")
    client.force_login(make_superuser())
    url = reverse("tournaments:organise_result", args=["club-open", 1, 1])

    def post(**headers: str):
        response = client.post(url, {"b1-result": "10"}, **headers)
        game.refresh_from_db()
        assert (game.result, AuditEntry.objects.count()) == ("", 0)
        return response

    return post


def test_a_busy_refusal_is_503_with_retry_after_and_the_message(busy_post):
    page = reverse("tournaments:organise_round", args=["club-open", 1])

    response = busy_post(HTTP_REFERER=f"http://testserver{page}")

    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert "Someone else is changing this right now; please try again in a moment." in (
        response.text
    )
    assert f'<a href="http://testserver{page}">Back to the page</a>' in response.text


def test_the_link_back_never_leaves_the_site(busy_post):
    response = busy_post(HTTP_REFERER="https://elsewhere.example/phish")

    assert response.status_code == 503
    assert f'<a href="{reverse("ratings:home")}">Back to the page</a>' in response.text


def test_the_busy_page_speaks_russian(client, busy_post):
    client.cookies["django_language"] = "ru"

    response = busy_post()

    assert response.status_code == 503
    assert "Сейчас это изменяет кто-то другой" in response.text
    assert "Вернуться на страницу" in response.text

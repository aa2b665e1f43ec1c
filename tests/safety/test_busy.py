"""A writer waits a bounded time for a row another writer holds (PostgreSQL's
``lock_timeout``, ``LOCK_TIMEOUT_SECONDS``), then is refused as busy: the action raises
``core.busy.Busy``, a page answers 503 with ``Retry-After`` and the message, nothing is
written; once the holder lets go, the same change goes through.

A session of the test's own holds the row (``FOR UPDATE`` in a transaction it keeps open),
as a stuck request would. PostgreSQL only (like test_concurrency.py): SQLite has no row
locks, and there the setting does nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.db import connection
from django.urls import reverse

from actions.results import record_result
from core.busy import Busy
from core.models import AuditEntry
from core.roles import SYSTEM
from ratings.models import PublishedList, RatingList
from tests.factories import (
    make_game,
    make_player,
    make_round,
    make_superuser,
    make_tournament,
    register,
    standard_list,
)
from tournaments.models import Game, Tournament

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="a second session holds a row lock (PostgreSQL)",
    ),
]

MESSAGE = "Someone else is changing this right now; please try again in a moment."


@pytest.fixture(autouse=True)
def _short_lock_waits(settings) -> None:
    settings.LOCK_TIMEOUT_SECONDS = 0.2


@contextmanager
def held(model, pk: int) -> Iterator[None]:
    """Another session holds ``model``'s row ``pk`` (``FOR UPDATE``) until the block ends.

    Should the writer wait without a bound after all, the server ends the holder's session
    after half a minute: the test then fails (the change went through) instead of hanging."""
    db = connection.settings_dict
    table = connection.ops.quote_name(model._meta.db_table)
    with psycopg.connect(
        dbname=db["NAME"], user=db["USER"], password=db["PASSWORD"] or None,
        host=db["HOST"], port=db["PORT"] or 5432,
    ) as holder:  # fmt: skip
        holder.execute("SET idle_in_transaction_session_timeout = '30s'")
        holder.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE", [pk])  # noqa: S608
        yield
        holder.rollback()


@pytest.fixture
def board() -> Game:
    tournament = make_tournament(slug="club-open", start_date=datetime.date(2026, 3, 1))
    white, black = make_player("White"), make_player("Black")
    register(tournament, white, black)
    return make_game(make_round(tournament), white, black, "")


def test_a_result_waiting_too_long_for_the_tournament_is_refused_busy(board):
    with held(Tournament, board.round.tournament_id), pytest.raises(Busy):
        record_result(game=board, result="10", actor=SYSTEM)

    board.refresh_from_db()
    assert (board.result, AuditEntry.objects.count()) == ("", 0)
    record_result(game=board, result="10", actor=SYSTEM)  # the holder let go: it goes through
    board.refresh_from_db()
    assert (board.result, AuditEntry.objects.count()) == ("10", 1)


def test_a_result_waiting_too_long_for_the_rating_list_is_refused_busy(board):
    with held(RatingList, standard_list().pk), pytest.raises(Busy):
        record_result(game=board, result="10", actor=SYSTEM)

    board.refresh_from_db()
    assert (board.result, AuditEntry.objects.count()) == ("", 0)


def test_the_organisers_result_page_answers_503_and_writes_nothing(client, board):
    client.force_login(make_superuser())
    url = reverse("tournaments:organise_result", args=["club-open", 1, 1])
    page = reverse("tournaments:organise_round", args=["club-open", 1])

    with held(Tournament, board.round.tournament_id):
        response = client.post(url, {"b1-result": "10"}, HTTP_REFERER=f"http://testserver{page}")

    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert MESSAGE in response.text
    assert f'href="http://testserver{page}"' in response.text
    board.refresh_from_db()
    assert (board.result, AuditEntry.objects.count()) == ("", 0)

    again = client.post(url, {"b1-result": "10"})
    assert again.status_code == 302
    board.refresh_from_db()
    assert board.result == "10"


def test_the_organisers_htmx_row_reloads_its_page_with_the_message(client, board):
    client.force_login(make_superuser())
    url = reverse("tournaments:organise_result", args=["club-open", 1, 1])

    with held(Tournament, board.round.tournament_id):
        response = client.post(url, {"b1-result": "10"}, HTTP_HX_REQUEST="true")

    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert (response["HX-Refresh"], response.text) == ("true", MESSAGE)
    reloaded = client.get(reverse("tournaments:organise_round", args=["club-open", 1]))
    assert [str(message) for message in reloaded.context["messages"]] == [MESSAGE]
    board.refresh_from_db()
    assert (board.result, AuditEntry.objects.count()) == ("", 0)


def test_the_admin_answers_503_and_writes_nothing(client):
    client.force_login(make_superuser())
    rating_list = standard_list()
    url = reverse("admin:ratings_publishedlist_add")

    with held(RatingList, rating_list.pk):
        response = client.post(url, {"rating_list": rating_list.pk, "date": "2026-04-01"})

    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert MESSAGE in response.text
    assert (PublishedList.objects.count(), AuditEntry.objects.count()) == (0, 0)

"""Bursts of identical create posts at once, on PostgreSQL (issue 15, defects 4 and 7).

Ten threads (each its own connection) send one create form with one token at the same
moment, for every create form and the TRF import: exactly one object is created, nobody
gets a 500, and every repeat is sent where the first post was. Five adds of one FIDE ID
with different tokens make one player; the others get the form error on the FIDE ID.

SQLite's test database cannot run writers side by side (see test_concurrency.py): skipped
there.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from players.models import Player
from tests.safety.concurrency import run_threads
from tests.safety.create_forms import CASES, ONE, make_world, with_token
from tournaments.models import Tournament

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the threads need a database server with row locks (PostgreSQL)",
    ),
]

BURST = 10


def _clients(user, count: int) -> list[Client]:
    first = Client()
    first.force_login(user)
    clients = []
    for _ in range(count):
        client = Client()
        client.cookies = first.cookies  # one session, like one browser sending twice
        clients.append(client)
    return clients


def _burst(clients: list[Client], url: str, posts: list[dict]) -> list:
    responses: list = [None] * len(clients)

    def job(number: int) -> Callable[[], None]:
        def send() -> None:
            responses[number] = clients[number].post(url, posts[number])

        return send

    errors = run_threads([job(n) for n in range(len(clients))])
    assert errors == []
    return responses


@pytest.mark.parametrize("name", sorted(CASES))
def test_ten_identical_posts_at_once_create_one_object(name):
    world = make_world()
    url, data, count = CASES[name](world)
    token = uuid.uuid4()

    responses = _burst(
        _clients(world.staff, BURST), url, [with_token(data(), token) for _ in range(BURST)]
    )

    assert [r.status_code for r in responses] == [302] * BURST
    assert len({r["Location"] for r in responses}) == 1
    assert count() == ONE[name]


def test_five_adds_of_one_fide_id_at_once_make_one_player_and_four_form_errors():
    world = make_world()
    url = reverse("tournaments:organise_add_player", args=[world.club.pk])
    posts = [
        {"last_name": f"Racer{n}", "sex": "m", "fide_id": "4200042", "submission": uuid.uuid4()}
        for n in range(5)
    ]

    responses = _burst(_clients(world.staff, 5), url, posts)

    assert sorted(r.status_code for r in responses) == [200, 200, 200, 200, 302]
    refused = [r for r in responses if r.status_code == 200]
    assert [list(r.context["form"].errors) for r in refused] == [["fide_id"]] * 4
    assert Player.objects.filter(fide_id=4200042).count() == 1


def test_five_creates_of_one_tournament_name_at_once_never_answer_500():
    world = make_world()
    url, data, _count = CASES["create tournament"](world)

    responses = _burst(
        _clients(world.staff, 5), url, [with_token(data(), uuid.uuid4()) for _ in range(5)]
    )

    codes = sorted(r.status_code for r in responses)
    created = Tournament.objects.filter(name="Burst Open")
    assert 500 not in codes
    assert codes.count(302) == created.count() >= 1
    assert len(set(created.values_list("slug", flat=True))) == created.count()


def test_five_imports_of_one_file_at_once_never_answer_500():
    world = make_world()
    url, data, _count = CASES["import a TRF file"](world)

    responses = _burst(
        _clients(world.staff, 5), url, [with_token(data(), uuid.uuid4()) for _ in range(5)]
    )

    codes = sorted(r.status_code for r in responses)
    created = Tournament.objects.filter(name="Club Open")
    assert 500 not in codes
    assert codes.count(302) == created.count() >= 1

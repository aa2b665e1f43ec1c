"""A create form sent twice (or more) with its one-time token creates one object; the repeat
is sent to the first post's page and told so (issue 15, defect 4). A unique column taken
meanwhile is a form error, not a crash (defect 7)."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from actions.players import create_player
from core.models import SubmissionToken
from ratings.models import RatingChange
from tests.helpers import full_state
from tests.safety.create_forms import CASES, ONE, make_world, with_token

pytestmark = pytest.mark.django_db

REPEAT = "This form was sent already: nothing was added again."


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]] if response.context else []


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_create_form_sent_three_times_creates_one_object(name):
    world = make_world()
    url, data, count = CASES[name](world)
    client = Client(raise_request_exception=True)
    client.force_login(world.staff)
    token = uuid.uuid4()

    first = client.post(url, with_token(data(), token))
    after_first = full_state()
    repeats = [client.post(url, with_token(data(), token)) for _ in range(2)]

    assert count() == ONE[name]
    assert full_state() == after_first
    assert first.status_code == 302
    assert [r.status_code for r in repeats] == [302, 302]
    assert {r["Location"] for r in repeats} == {first["Location"]}
    assert SubmissionToken.objects.get(token=token).result_url == first["Location"]
    followed = client.get(repeats[-1]["Location"])
    assert REPEAT in _messages(followed)


def _changes() -> list[tuple[str, str]]:
    return sorted(
        (player, str(change))
        for player, change in RatingChange.objects.values_list("player__last_name", "change")
    )


def test_a_rated_trf_import_sent_twice_rates_each_game_once():
    world = make_world()
    url, data, _count = CASES["import a TRF file"](world)
    client = Client(raise_request_exception=True)
    client.force_login(world.staff)
    token = uuid.uuid4()
    client.post(url, with_token(data(), token))
    changes = _changes()

    client.post(url, with_token(data(), token))

    assert _changes() == changes
    assert len(changes) == 2  # one rated game (Alpha 1-0 Gamma): one change for each player


def test_a_form_drawn_twice_gets_two_tokens_and_creates_twice():
    world = make_world()
    client = Client()
    client.force_login(world.staff)
    page = reverse("tournaments:organise_club", args=[world.club.pk])
    tokens = [client.get(page).context["form"]["submission"].value() for _ in range(2)]

    assert tokens[0] != tokens[1]


def test_a_fide_id_taken_meanwhile_is_a_form_error_on_the_field():
    world = make_world()
    create_player(actor=world.staff, last_name="First", sex="m", fide_id=4100001, club=world.club)
    client = Client(raise_request_exception=True)
    client.force_login(world.staff)
    # The form's own check (full_clean) sees the first player; the constraint is the same
    # answer when the two posts race (tests/safety/test_concurrent_creates.py).
    response = client.post(
        reverse("tournaments:organise_add_player", args=[world.club.pk]),
        {"last_name": "Second", "sex": "m", "fide_id": "4100001", "submission": str(uuid.uuid4())},
    )

    assert response.status_code == 200
    assert list(response.context["form"].errors) == ["fide_id"]

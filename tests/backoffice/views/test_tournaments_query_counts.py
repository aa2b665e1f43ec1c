"""N+1 guard for the organiser's tournament list: the same queries for 1 and 3 tournaments."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import make_player, make_round, make_tournament, register
from tests.helpers import body_rows

pytestmark = pytest.mark.django_db


def _queries(admin_client, count: int) -> tuple[int, int]:
    for _number in range(count):
        tournament = make_tournament()
        register(tournament, make_player(), make_player())
        make_round(tournament)
    with CaptureQueriesContext(connection) as context:
        response = admin_client.get(reverse("tournaments:organise_list"))
    return len(context.captured_queries), len(body_rows(response.content))


def test_organiser_list_query_count_does_not_grow(admin_client):
    one, rows_one = _queries(admin_client, 1)
    three, rows_three = _queries(admin_client, 2)

    assert (rows_one, rows_three) == (1, 3)
    assert one == three

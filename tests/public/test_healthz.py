"""``/healthz``: a trivial view (the floor of ``make bench-web``) that never reads the database."""

import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_healthz_answers_ok_without_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("healthz"))

    assert (response.status_code, response.content, response["Content-Type"]) == (
        200,
        b"ok",
        "text/plain",
    )


def test_healthz_refuses_writes(client):
    assert client.post(reverse("healthz")).status_code == 405

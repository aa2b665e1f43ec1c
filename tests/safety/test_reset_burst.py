"""A burst of password reset requests for one address, all at once: the throttle counts in
the database without a lock, and still at most ``PASSWORD_RESET_LIMIT`` mails go out
(:mod:`core.throttle`: each request's count is committed before it counts).

PostgreSQL only: the threads each need their own connection to a database server (SQLite's
test database is one in-memory database shared by the threads)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection
from django.test import Client

from tests.safety.concurrency import run_threads

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the threads need a database server of their own (PostgreSQL)",
    ),
]

BURST = 12


def test_a_burst_of_resets_for_one_address_sends_the_limit_of_mails(settings):
    settings.PASSWORD_RESET_LIMIT = 3
    settings.PASSWORD_RESET_WINDOW_MINUTES = 1_000_000  # no window ends during the test
    get_user_model().objects.create_user(
        "member",
        email="member@example.org",
        password="a-long-test-password",  # noqa: S106 -- a throwaway test user
    )
    answers: list[int] = []

    def ask(number: int):
        def request() -> None:
            response = Client().post(
                "/accounts/password/reset/",
                {"email": "member@example.org"},
                REMOTE_ADDR=f"198.51.100.{number}",
            )
            answers.append(response.status_code)

        return request

    errors = run_threads([ask(number) for number in range(BURST)])

    assert errors == []
    assert sorted(answers) == [302] * 3 + [429] * (BURST - 3)
    assert [message.to for message in mail.outbox] == [["member@example.org"]] * 3

"""The password reset is throttled like the login: at most ``PASSWORD_RESET_LIMIT`` mails per
e-mail address and ``PASSWORD_RESET_ADDRESS_LIMIT`` requests per client address within the
window; a request beyond either sends nothing and says so (429). The counts are in the
database, so the throttle holds with Redis down.

Before: 30 requests in 1.4 s sent 30 mails to one user."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from core.models import ThrottleHit
from core.redis_fallback import breaker
from tests import servers

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"  # noqa: S105 -- a throwaway test user
RESET = "/accounts/password/reset/"
REFUSED = (
    "Too many password reset requests for this e-mail address or from your network: no e-mail "
    "was sent. Try again in 1000000 minutes at the latest."
)


@pytest.fixture(autouse=True)
def _long_window(settings):
    """Windows of about two years: no test runs across the end of one."""
    settings.PASSWORD_RESET_WINDOW_MINUTES = 1_000_000


@pytest.fixture
def member():
    return get_user_model().objects.create_user(
        "member",
        email="member@example.org",
        password="a-long-test-password",  # noqa: S106
    )


def _ask(client, email: str, address: str = "203.0.113.5"):
    return client.post(RESET, {"email": email}, REMOTE_ADDR=address)


def test_the_request_after_the_limit_sends_no_mail_and_says_so(client, member, settings):
    settings.PASSWORD_RESET_LIMIT = 3
    taken = [_ask(client, "member@example.org", f"198.51.100.{n}").status_code for n in range(3)]
    mails_before = len(mail.outbox)

    refused = _ask(client, "Member@Example.org ", "198.51.100.99")

    assert (taken, mails_before) == ([302, 302, 302], 3)
    assert refused.status_code == 429
    assert REFUSED in refused.content.decode()
    assert len(mail.outbox) == 3


def test_thirty_requests_for_one_user_send_the_limit_of_mails(client, member, settings):
    settings.PASSWORD_RESET_LIMIT = 3
    answers = [_ask(client, "member@example.org").status_code for _ in range(30)]

    assert answers == [302] * 3 + [429] * 27
    assert [message.to for message in mail.outbox] == [["member@example.org"]] * 3
    # The refused requests took no place: the three taken are the e-mail's and the address's.
    assert ThrottleHit.objects.filter(scope="password-reset").count() == 3 * 2


def test_one_client_address_is_limited_across_e_mail_addresses(client, member, settings):
    settings.PASSWORD_RESET_ADDRESS_LIMIT = 2
    answers = [
        _ask(client, email).status_code
        for email in ("a@example.org", "b@example.org", "member@example.org")
    ]
    other_address = _ask(client, "member@example.org", "192.0.2.77")

    assert answers == [302, 302, 429]
    assert other_address.status_code == 302
    assert [message.to for message in mail.outbox] == [["member@example.org"]]


def test_no_e_mail_address_is_stored(client, member):
    _ask(client, "member@example.org")

    stored = list(ThrottleHit.objects.values_list("scope", "key"))
    assert len(stored) == 2
    assert all(len(key) == 64 and "@" not in key for _scope, key in stored)


def test_the_throttle_holds_with_redis_down(client, member, settings):
    url = f"redis://127.0.0.1:{servers.free_port()}/0"
    settings.REDIS_URL = url
    settings.CACHES = {
        "default": {"BACKEND": "core.redis_fallback.ResilientRedisCache", "LOCATION": url}
    }
    settings.PASSWORD_RESET_LIMIT = 2
    try:
        answers = [_ask(client, "member@example.org").status_code for _ in range(3)]
    finally:
        breaker.recovered()

    assert answers == [302, 302, 429]
    assert len(mail.outbox) == 2

"""Mail about online entries when the mail server is down: delayed, never lost, sent once."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from actions import online_entries as oe
from core import mail
from core.models import OutgoingMail
from tests.factories import make_entry_section, make_open_event
from tests.mailserver import free_port, smtp_server

pytestmark = pytest.mark.django_db

LINKS = oe.Links(
    confirm=lambda t: f"http://testserver/events/entry/{t}/",
    withdraw=lambda t: f"http://testserver/events/entry/{t}/withdraw/",
)


def test_a_mail_server_that_is_down_delays_the_mail_and_loses_none(settings, tmp_path):
    port = free_port()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    with smtp_server(tmp_path, port) as server:
        assert server.messages == []
    # The server is stopped: the entry is made all the same, its mail waits.
    section = make_entry_section(make_open_event("Spring"), name="Open")
    oe.enter_as_guest(
        actor=AnonymousUser(),
        section=section,
        last_name="Guest",
        sex="f",
        email="gina@example.org",
        links=LINKS,
    )

    assert mail.deliver_due() == (0, 1)

    (waiting,) = OutgoingMail.objects.all()
    assert (waiting.sent_at, waiting.attempts) == (None, 1)
    assert "Connection refused" in waiting.last_error
    with smtp_server(tmp_path, port) as server:
        later = timezone.now() + datetime.timedelta(seconds=mail.RETRY_PAUSES[0] + 1)

        assert mail.deliver_due(now=later) == (1, 0)
        assert mail.deliver_due(now=later) == (0, 0)

        (received,) = server.messages
        assert received.recipients == ["gina@example.org"]
        assert received.subject == "Confirm your entry to Open"
        assert "http://testserver/events/entry/" in received.body
    waiting.refresh_from_db()
    assert (waiting.sent_at is not None, waiting.attempts, waiting.last_error) == (True, 2, "")

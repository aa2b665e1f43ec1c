"""Delivery of mail to players (core.mail) through a real SMTP server: sent once, kept and
retried while the server is down, never sent twice by two deliverers; written only when the
address wants its kind; sent after the commit, never inside a test's transaction."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction
from django.test import TestCase
from django.utils import timezone

from core import mail
from core.enums import MailKind
from core.models import MailPreference, OutgoingMail
from tests.core import reentrant_backend
from tests.mailserver import free_port

pytestmark = pytest.mark.django_db


def _letter(to: str = "ann@example.org", kind: str = MailKind.PAIRINGS, n: int = 1):
    return mail.Letter(to=to, kind=kind, subject=f"Round {n}", body=f"Board {n}.")


def test_a_due_mail_is_sent_once_with_its_footer_and_one_click_headers(smtp_server, settings):
    settings.SITE_URL = "https://club.example"
    mail.write([_letter()])

    assert mail.deliver_due() == (1, 0)
    assert mail.deliver_due() == (0, 0)

    (received,) = smtp_server.to("ann@example.org")
    token = mail.unsubscribe_token("ann@example.org", MailKind.PAIRINGS)
    link = f"https://club.example/mail/unsubscribe/{token}/"
    assert received.subject == "Round 1"
    assert received.body.startswith("Board 1.\n\n-- \n")
    assert f"Stop these mails: {link}" in received.body
    assert str(received.message["List-Unsubscribe"]).strip() == f"<{link}>"
    assert received.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    row = OutgoingMail.objects.get()
    assert (row.attempts, row.last_error) == (1, "")
    assert row.sent_at is not None


def test_every_due_mail_is_sent_in_the_order_written(smtp_server):
    mail.write([_letter(n=1), _letter("bob@example.org", n=2), _letter(n=3)])

    assert mail.deliver_due() == (3, 0)

    assert [(m.recipients, m.subject) for m in smtp_server.messages] == [
        (["ann@example.org"], "Round 1"),
        (["bob@example.org"], "Round 2"),
        (["ann@example.org"], "Round 3"),
    ]


def test_account_mail_has_no_unsubscribe_link(smtp_server):
    mail.write([_letter(kind=MailKind.ACCOUNT)])

    mail.deliver_due()

    (received,) = smtp_server.to("ann@example.org")
    assert received.message["List-Unsubscribe"] is None
    assert "Stop these mails" not in received.body
    assert "Choose which mails you receive: " in received.body


def test_a_server_that_is_down_delays_the_mail_and_loses_none(smtp_server, settings):
    port = settings.EMAIL_PORT
    settings.EMAIL_PORT = free_port()  # nothing listens there: the server is down
    mail.write([_letter()])
    before = timezone.now()

    assert mail.deliver_due() == (0, 1)

    row = OutgoingMail.objects.get()
    assert row.sent_at is None
    assert row.attempts == 1
    assert "refused" in row.last_error.lower()
    assert row.next_attempt_at >= before + datetime.timedelta(seconds=mail.RETRY_PAUSES[0])
    assert mail.deliver_due() == (0, 0)  # its pause is not over

    settings.EMAIL_PORT = port  # the server is back
    later = row.next_attempt_at + datetime.timedelta(seconds=1)
    assert mail.deliver_due(now=later) == (1, 0)
    assert mail.deliver_due(now=later) == (0, 0)

    assert len(smtp_server.to("ann@example.org")) == 1
    row.refresh_from_db()
    assert (row.attempts, row.last_error) == (2, "")


def test_the_pauses_grow_with_each_failure(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()
    mail.write([_letter()])
    row = OutgoingMail.objects.get()

    pauses = []
    for _attempt in range(3):
        now = row.next_attempt_at
        mail.deliver_due(now=now)
        row.refresh_from_db()
        pauses.append(row.next_attempt_at - now)

    assert [p.total_seconds() for p in pauses] == [30, 120, 600]
    assert row.attempts == 3


def test_two_deliverers_never_send_one_mail_twice(smtp_server, settings):
    settings.EMAIL_BACKEND = "tests.core.reentrant_backend.SecondDelivererBackend"
    reentrant_backend.second.clear()
    mail.write([_letter(n=1), _letter(n=2), _letter(n=3)])

    first = mail.deliver_due()

    # The first deliverer claimed mail 1; the second, started while mail 1 was being sent,
    # sent 2 and 3; the first then found them claimed and left them.
    assert reentrant_backend.second == [(2, 0)]
    assert first == (1, 0)
    subjects = sorted(m.subject for m in smtp_server.to("ann@example.org"))
    assert subjects == ["Round 1", "Round 2", "Round 3"]
    assert OutgoingMail.objects.filter(sent_at__isnull=True).count() == 0


def test_a_mail_claimed_by_another_deliverer_is_left_to_it(smtp_server):
    (row,) = mail.write([_letter()])

    assert mail._claim(row, timezone.now())  # another deliverer took it
    assert mail.deliver_due() == (0, 0)
    assert smtp_server.messages == []


def test_a_switched_off_kind_is_not_written_account_mail_always_is():
    MailPreference.objects.create(address="ann@example.org", off="pairings,results")

    written = mail.write(
        [
            _letter("Ann@Example.org", MailKind.PAIRINGS),
            _letter("ann@example.org", MailKind.ACCOUNT),
            _letter("ann@example.org", MailKind.ENTRY),
            _letter("bob@example.org", MailKind.PAIRINGS),
        ]
    )

    assert sorted((row.to, row.kind) for row in written) == [
        ("ann@example.org", "account"),
        ("ann@example.org", "entry"),
        ("bob@example.org", "pairings"),
    ]


def test_no_delivery_starts_inside_a_transaction_that_is_not_committed(settings, smtp_server):
    """The test's own transaction is never committed: the delivery is left to it."""
    settings.MAIL_DELIVERY = "thread"
    mail.write([_letter()])

    with TestCase.captureOnCommitCallbacks() as callbacks:
        mail.deliver_soon()

    assert [c.__name__ for c in callbacks] == ["_dispatch"]
    assert OutgoingMail.objects.get().sent_at is None


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_after_the_commit_a_thread_sends_the_mail(settings, smtp_server):
    from tests.mailing import wait_for_mail

    settings.MAIL_DELIVERY = "thread"
    with transaction.atomic():
        mail.write([_letter()])
        mail.deliver_soon()
        assert OutgoingMail.objects.get().sent_at is None

    assert len(wait_for_mail(smtp_server, "ann@example.org")) == 1


def test_worker_mode_leaves_the_mail_to_the_worker(settings, smtp_server):
    settings.MAIL_DELIVERY = "worker"
    mail.write([_letter()])

    with TestCase.captureOnCommitCallbacks(execute=True):
        mail.deliver_soon()

    assert smtp_server.messages == []
    from django.core.management import call_command

    call_command("mail_worker", "--once")
    assert len(smtp_server.to("ann@example.org")) == 1

"""Mail delivery through the job queue (``MAIL_DELIVERY=queue``): a job on Redis's ``mail``
queue after the commit, run by any RQ worker or taken by the mail worker; when Redis does
not answer, the thread sends the mail instead."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import transaction
from django.test import TestCase

from backoffice.management.commands.mail_worker import Command
from core import jobs, mail
from core.enums import MailKind
from core.redis_fallback import breaker
from tests import servers
from tests.mailing import wait_for_mail

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _breaker_closed() -> Iterator[None]:
    breaker.recovered()
    yield
    breaker.recovered()


@pytest.fixture
def queue(settings, redis_url):
    settings.REDIS_URL, settings.MAIL_DELIVERY = redis_url, "queue"
    queue = jobs._queue(mail.QUEUE)
    queue.empty()
    yield queue
    queue.empty()


def _letter():
    return mail.Letter(to="ann@example.org", kind=MailKind.RESULTS, subject="Result", body="1-0")


def test_after_the_commit_a_job_goes_on_the_mail_queue_and_sends_the_mail(queue, smtp_server):
    mail.write([_letter()])

    with TestCase.captureOnCommitCallbacks(execute=True):
        mail.deliver_soon()

    (job,) = queue.jobs
    assert job.func_name == "core.mail.deliver_job"
    assert smtp_server.messages == []  # nothing sent in the caller's time

    assert job.perform() == (1, 0)  # as an RQ worker runs it
    assert len(smtp_server.to("ann@example.org")) == 1


def test_the_mail_worker_takes_the_job_as_its_signal(queue):
    queue.enqueue(mail.JOB)

    Command()._wait(queue, 1)

    assert queue.count == 0


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_without_redis_the_thread_sends_the_mail(settings, smtp_server):
    settings.REDIS_URL = f"redis://127.0.0.1:{servers.free_port()}/0"
    settings.MAIL_DELIVERY = "queue"

    with transaction.atomic():
        mail.write([_letter()])
        mail.deliver_soon()

    assert len(wait_for_mail(smtp_server, "ann@example.org")) == 1
    assert breaker.down is True

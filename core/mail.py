"""Mail to players: written in the unit of work, sent after its commit, retried until sent.

An action says what to send with :meth:`core.unit_of_work.Unit.mail`; the unit writes each
mail as an :class:`core.models.OutgoingMail` row in its own transaction (so a mail exists
exactly when the change that caused it was committed) and, after the commit, asks for the
due mail to be sent (:func:`deliver_soon`) — never inside the request: a slow or dead mail
server never blocks the organiser.

:func:`deliver_due` sends every due mail through Django's e-mail backend (SMTP from the
environment in production, the console locally). Each mail is claimed first by one
conditional UPDATE (its next attempt moved past a lease), so two deliverers never send one
mail twice; a mail the server refuses keeps its error and is tried again later, with a
growing pause (:data:`RETRY_PAUSES`), by the next delivery (any later mail, or the mail
worker, ``manage.py mail_worker``). Nothing is ever dropped.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
import threading
from dataclasses import dataclass

from django.core.mail import EmailMessage
from django.db import close_old_connections, transaction
from django.utils import timezone

from core.models import OutgoingMail

logger = logging.getLogger(__name__)

#: Seconds to wait before the n-th retry of a mail the server refused (the last repeats).
RETRY_PAUSES = (30, 120, 600, 1800, 3600)
#: Seconds a deliverer holds the mail it claimed (another may take it after that).
LEASE = 300


@dataclass(frozen=True)
class Letter:
    """A mail an action asked for: written by the unit at its end (:meth:`Unit.mail`)."""

    to: str
    kind: str
    subject: str
    body: str
    player_id: int | None = None
    tournament_id: int | None = None


def write(letters: list[Letter]) -> list[OutgoingMail]:
    """Write ``letters`` as outgoing mail (inside the unit's transaction)."""
    now = timezone.now()
    return OutgoingMail.objects.bulk_create(
        OutgoingMail(
            to=letter.to,
            kind=letter.kind,
            subject=" ".join(letter.subject.split())[:300],
            body=letter.body,
            player_id=letter.player_id,
            tournament_id=letter.tournament_id,
            created_at=now,
            next_attempt_at=now,
        )
        for letter in letters
    )


def deliver_soon() -> None:
    """Send the due mail in the background (after the unit's commit)."""
    thread = threading.Thread(target=_deliver_in_thread, name="mail", daemon=True)
    thread.start()


def _deliver_in_thread() -> None:
    try:
        deliver_due()
    except Exception:  # a background thread has nobody to tell but the log
        logger.exception("mail delivery failed")
    finally:
        close_old_connections()


def _claim(mail: OutgoingMail, now: datetime.datetime) -> bool:
    return bool(
        OutgoingMail.objects.filter(
            pk=mail.pk, sent_at__isnull=True, next_attempt_at=mail.next_attempt_at
        ).update(next_attempt_at=now + datetime.timedelta(seconds=LEASE))
    )


def deliver_due(*, now: datetime.datetime | None = None) -> tuple[int, int]:
    """Send every mail due at ``now``; answers (sent, failed)."""
    now = now or timezone.now()
    sent = failed = 0
    due = list(OutgoingMail.objects.filter(sent_at__isnull=True, next_attempt_at__lte=now))
    for mail in due:
        if not _claim(mail, now):
            continue
        try:
            EmailMessage(mail.subject, mail.body, None, [mail.to]).send()
        except (smtplib.SMTPException, OSError) as error:
            failed += 1
            pause = RETRY_PAUSES[min(mail.attempts, len(RETRY_PAUSES) - 1)]
            OutgoingMail.objects.filter(pk=mail.pk).update(
                attempts=mail.attempts + 1,
                last_error=str(error)[:1000],
                next_attempt_at=timezone.now() + datetime.timedelta(seconds=pause),
            )
            logger.warning("mail %s to %s not sent: %s", mail.pk, mail.to, error)
            continue
        sent += 1
        with transaction.atomic():
            OutgoingMail.objects.filter(pk=mail.pk).update(
                sent_at=timezone.now(), attempts=mail.attempts + 1, last_error=""
            )
    return sent, failed

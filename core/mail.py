"""Mail to players: written in the unit of work, sent after its commit, retried until sent.

An action says what to send with :meth:`core.unit_of_work.Unit.mail`; the unit writes each
mail as an :class:`core.models.OutgoingMail` row in its own transaction (so a mail exists
exactly when the change that caused it was committed), leaving out the mail whose kind its
address switched off (:class:`core.models.MailPreference`; ``ACCOUNT`` mail is always sent),
and ends each with a footer: why it was sent, a link that unsubscribes the address from that
kind (:func:`unsubscribe_url`, also in the RFC 8058 one-click ``List-Unsubscribe`` headers)
and a link to the preferences. After the commit it asks for the due mail to be sent
(:func:`deliver_soon`), never inside the request: a slow or dead mail server never blocks
the organiser. Who sends it is ``settings.MAIL_DELIVERY``:

- ``thread`` (the embedded default): a background thread of the process, started once the
  transaction is committed (``transaction.on_commit``: inside a test's transaction, which
  is never committed, no thread starts; the test calls :func:`deliver_due` itself);
- ``queue`` (the default with ``REDIS_URL``): a job (:data:`JOB`) on the ``mail`` queue, run
  by the mail worker; when Redis does not answer (:data:`core.redis_fallback.breaker`), the
  thread, as without a broker;
- ``worker``: nobody at once; the mail worker sends it within a few seconds.

:func:`deliver_due` sends every due mail through Django's e-mail backend (SMTP from the
environment in production, the console locally). Each mail is claimed first by one
conditional UPDATE (its next attempt moved past a lease), so two deliverers never send one
mail twice; a mail the server refuses keeps its error and is tried again later, with a
growing pause (:data:`RETRY_PAUSES`), by the next delivery (any later mail, or the mail
worker, ``manage.py mail_worker``, which also runs the queue's jobs). Nothing is ever
dropped: a row stays until it is sent.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
import threading
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage, get_connection
from django.db import close_old_connections, connections, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.enums import MailKind
from core.models import MailPreference, OutgoingMail
from core.redis_fallback import ERRORS, breaker

logger = logging.getLogger(__name__)

#: Seconds to wait before the n-th retry of a mail the server refused (the last repeats).
RETRY_PAUSES = (30, 120, 600, 1800, 3600)
#: Seconds a deliverer holds the mail it claimed (another may take it after that).
LEASE = 300
#: The queue of mail jobs (``MAIL_DELIVERY=queue``) and the job the mail worker runs.
QUEUE = "mail"
JOB = "core.mail.deliver_job"
#: The salt of the unsubscribe links' signatures (an address and a kind of mail).
UNSUBSCRIBE_SALT = "clubrating.mail.unsubscribe"


@dataclass(frozen=True)
class Letter:
    """A mail an action asked for: written by the unit at its end (:meth:`Unit.mail`)."""

    to: str
    kind: str
    subject: str
    body: str
    player_id: int | None = None
    tournament_id: int | None = None
    #: The language the letter is written in (its footer too); empty: the site's.
    language: str = ""
    #: The caller already left out the addresses that switched this kind off
    #: (:func:`core.recipients.recipients` reads the preferences with the addresses).
    checked: bool = False


def normal(address: str) -> str:
    """An address as the preferences key it: lower case, no spaces around."""
    return address.strip().lower()


def unsubscribe_token(address: str, kind: str) -> str:
    """The signed token of the link that switches ``kind`` off for ``address``."""
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object([normal(address), kind])


def read_unsubscribe_token(token: str) -> tuple[str, str] | None:
    """(address, kind) of a token of :func:`unsubscribe_token`; ``None`` when it was not
    signed by this site (tampered with, or made up) or names no kind that can be switched
    off."""
    try:
        address, kind = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object(token)
    except (signing.BadSignature, TypeError, ValueError):
        return None
    if kind not in MailKind.values or kind == MailKind.ACCOUNT or not isinstance(address, str):
        return None
    return address, kind


def unsubscribe_url(address: str, kind: str) -> str:
    """The absolute unsubscribe link of mail of ``kind`` to ``address`` (``SITE_URL``)."""
    path = reverse("mail_unsubscribe", args=[unsubscribe_token(address, kind)])
    return settings.SITE_URL + path


def site_url(path: str) -> str:
    """An absolute link to ``path`` of the site, for a mail (``SITE_URL``)."""
    return settings.SITE_URL + path


def _reason(kind: str) -> str:
    """Why the address receives mail of ``kind`` (the first line of the footer)."""
    playing = _("You receive this mail because you play in this tournament.")
    return {
        MailKind.ACCOUNT: _("You receive this mail because it was asked for with this address."),
        MailKind.ENTRY: _("You receive this mail because this address entered a tournament."),
        MailKind.PAIRINGS: playing,
        MailKind.RESULTS: playing,
        MailKind.REPORTS: _(
            "You receive this mail because you are an arbiter or an organiser of this tournament."
        ),
    }[kind]


def footer(address: str, kind: str) -> str:
    """The end of every mail: why it was sent, the unsubscribe link of its kind (none for
    ``ACCOUNT`` mail) and the preferences, in the active language."""
    lines = ["", "-- ", _reason(kind)]
    if kind != MailKind.ACCOUNT:
        lines.append(_("Stop these mails: %(url)s") % {"url": unsubscribe_url(address, kind)})
    lines.append(
        _("Choose which mails you receive: %(url)s")
        % {"url": site_url(reverse("mail_preferences"))}
    )
    return "\n".join(lines) + "\n"


def _wanted(letters: list[Letter]) -> list[Letter]:
    """``letters`` without those whose kind their address switched off (one query, only for
    the letters whose caller did not read the preferences already)."""
    unread = {normal(x.to) for x in letters if not x.checked and x.kind != MailKind.ACCOUNT}
    off = {}
    if unread:
        off = {
            pref.address: pref.kinds_off
            for pref in MailPreference.objects.filter(address__in=unread)
        }
    return [
        x
        for x in letters
        if x.checked or x.kind == MailKind.ACCOUNT or x.kind not in off.get(normal(x.to), ())
    ]


def write(letters: list[Letter]) -> list[OutgoingMail]:
    """Write ``letters`` as outgoing mail (inside the unit's transaction), each with its
    footer, except those their address does not want."""
    now = timezone.now()
    rows = []
    for letter in _wanted(letters):
        with translation.override(letter.language or settings.LANGUAGE_CODE):
            body = letter.body.rstrip("\n") + "\n" + footer(letter.to, letter.kind)
        rows.append(
            OutgoingMail(
                to=letter.to,
                kind=letter.kind,
                subject=" ".join(letter.subject.split())[:300],
                body=body,
                player_id=letter.player_id,
                tournament_id=letter.tournament_id,
                created_at=now,
                next_attempt_at=now,
            )
        )
    return OutgoingMail.objects.bulk_create(rows) if rows else []


def deliver_soon() -> None:
    """Have the due mail sent once the current transaction is committed (at once outside
    one), as ``settings.MAIL_DELIVERY`` says; never in the caller's time."""
    transaction.on_commit(_dispatch)


def _dispatch() -> None:
    if settings.MAIL_DELIVERY == "worker":
        return
    if settings.MAIL_DELIVERY == "queue" and enqueue():
        return
    thread = threading.Thread(target=_deliver_in_thread, name="mail", daemon=True)
    thread.start()


def enqueue() -> bool:
    """Put a delivery job on the ``mail`` queue; ``False`` when Redis does not take it or
    failed a moment ago (:data:`core.redis_fallback.breaker`)."""
    from core import jobs

    if not breaker.allows():
        return False
    try:
        jobs._queue(QUEUE, fail_fast=True).enqueue(JOB, job_timeout=LEASE)
    except ERRORS as error:
        breaker.failed(error)
        return False
    return True


def deliver_job() -> tuple[int, int]:
    """The job of the ``mail`` queue: send what is due (any RQ worker of the queue runs it;
    the mail worker takes it as its signal to send at once)."""
    try:
        return deliver_due()
    finally:
        close_old_connections()


def _deliver_in_thread() -> None:
    try:
        deliver_due()
    except Exception:  # a background thread has nobody to tell but the log
        logger.exception("mail delivery failed")
    finally:
        connections.close_all()  # the thread's own: it ends here


def _claim(mail: OutgoingMail, now: datetime.datetime) -> bool:
    return bool(
        OutgoingMail.objects.filter(
            pk=mail.pk, sent_at__isnull=True, next_attempt_at=mail.next_attempt_at
        ).update(next_attempt_at=now + datetime.timedelta(seconds=LEASE))
    )


def message(mail: OutgoingMail, connection: Any = None) -> EmailMessage:
    """The e-mail of ``mail``: with the RFC 8058 one-click unsubscribe headers (a POST to
    the unsubscribe link switches its kind off), except for ``ACCOUNT`` mail."""
    headers = {}
    if mail.kind != MailKind.ACCOUNT:
        headers = {
            "List-Unsubscribe": f"<{unsubscribe_url(mail.to, mail.kind)}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
    return EmailMessage(
        mail.subject, mail.body, None, [mail.to], headers=headers, connection=connection
    )


def _close(connection: Any) -> None:
    """Close the mail server's connection, whatever state it is in."""
    try:
        connection.close()
    except (smtplib.SMTPException, OSError):
        logger.info("the mail server's connection was already broken")


def deliver_due(*, now: datetime.datetime | None = None) -> tuple[int, int]:
    """Send every mail due at ``now``, over one connection to the mail server (a new one
    after a failure); answers (sent, failed)."""
    now = now or timezone.now()
    sent = failed = 0
    due = list(OutgoingMail.objects.filter(sent_at__isnull=True, next_attempt_at__lte=now))
    if not due:
        return 0, 0
    connection = get_connection()
    try:
        for mail in due:
            if not _claim(mail, now):
                continue
            if _send(mail, connection, now):
                sent += 1
            else:
                failed += 1
    finally:
        _close(connection)
    return sent, failed


def _send(mail: OutgoingMail, connection: Any, now: datetime.datetime) -> bool:
    """Send one claimed mail and record how it went: sent, or its error and next attempt."""
    try:
        connection.open()  # kept open for the next mails (the backend opens it once)
        message(mail, connection).send()
    except (smtplib.SMTPException, OSError) as error:
        _close(connection)  # the next mail opens a fresh one
        pause = RETRY_PAUSES[min(mail.attempts, len(RETRY_PAUSES) - 1)]
        OutgoingMail.objects.filter(pk=mail.pk).update(
            attempts=mail.attempts + 1,
            last_error=str(error)[:1000],
            next_attempt_at=now + datetime.timedelta(seconds=pause),
        )
        logger.warning("mail %s to %s not sent: %s", mail.pk, mail.to, error)
        return False
    OutgoingMail.objects.filter(pk=mail.pk).update(
        sent_at=timezone.now(), attempts=mail.attempts + 1, last_error=""
    )
    return True

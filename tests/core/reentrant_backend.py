"""A mail backend for the tests of two deliverers: Django's SMTP backend that, while it sends
its first mail, lets a second deliverer (:func:`core.mail.deliver_due`) run to the end, as
another process that read the due mail at the same moment would."""

from __future__ import annotations

from django.core.mail.backends.smtp import EmailBackend

#: What the second deliverer answered (sent, failed), for the test to read.
second: list[tuple[int, int]] = []


class SecondDelivererBackend(EmailBackend):
    def send_messages(self, email_messages):
        if not second:
            from core.mail import deliver_due

            second.append((0, 0))  # no third deliverer
            second[0] = deliver_due()
        return super().send_messages(email_messages)

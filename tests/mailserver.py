"""A real SMTP server for the tests that send mail: aiosmtpd, run as its own process.

``smtp_server`` (a pytest fixture, ``tests/conftest.py``) starts ``python -m aiosmtpd`` on a
free local port with its ``Mailbox`` handler (a Maildir in the test's temporary folder) and
points Django's SMTP backend at it (``EMAIL_BACKEND``, ``EMAIL_HOST``, ``EMAIL_PORT``): the
mails go through ``smtplib`` and the SMTP protocol as in production, and the test reads what
the server stored (:meth:`MailServer.to`, :attr:`MailServer.messages`).

It runs in a process of its own, started outside the repository, because aiosmtpd's
dependency ``atpublic`` is a top-level package named ``public``, which the project's own
``public`` package (first on the tests' path) hides.
"""

from __future__ import annotations

import email
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from pathlib import Path

LINK = re.compile(r"https?://\S+/accounts/invitation/[\w-]+/")


@dataclass
class Received:
    sender: str
    recipients: list[str]
    message: EmailMessage

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    @property
    def body(self) -> str:
        return self.message.get_body(preferencelist=("plain",)).get_content()

    @property
    def link(self) -> str:
        """The invitation link in the body (the only one)."""
        (found,) = LINK.findall(self.body)
        return found


@dataclass
class MailServer:
    port: int
    maildir: Path

    @property
    def messages(self) -> list[Received]:
        """What the server received, oldest first (the SMTP client returned only after the
        server stored the message, so a mail sent is here)."""
        files = sorted((self.maildir / "new").iterdir(), key=lambda f: f.stat().st_mtime_ns)
        found = []
        for path in files:
            message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            recipients = [a.strip() for a in str(message["X-RcptTo"]).split(",")]
            found.append(Received(str(message["X-MailFrom"]), recipients, message))
        return found

    def to(self, address: str) -> list[Received]:
        return [m for m in self.messages if address in m.recipients]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for(port: int, process: subprocess.Popen) -> None:
    for _ in range(200):
        if process.poll() is not None:
            raise RuntimeError(f"aiosmtpd stopped: {process.stderr.read().decode()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("aiosmtpd did not start listening")


@contextmanager
def smtp_server(folder: Path, port: int | None = None) -> Iterator[MailServer]:
    """An aiosmtpd process listening on ``port`` (default: a free one) of 127.0.0.1, storing
    into a Maildir (a server started again on the same port is the same server restarted)."""
    server = MailServer(port or free_port(), folder / "maildir")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    process = subprocess.Popen(  # noqa: S603 -- our own interpreter and fixed arguments
        [sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{server.port}",
         "-c", "aiosmtpd.handlers.Mailbox", str(server.maildir)],
        cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        _wait_for(server.port, process)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stderr.close()

"""The HTTP side of ``bench/users.py``: a browser-like client of its own (cookies, the CSRF
token taken from the page, htmx's headers) and the gunicorn it talks to.

The client stands behind the TLS proxy of ``docs/deploy.md``: it sends
``X-Forwarded-Proto: https`` (the production settings trust it, and redirect plain HTTP), so
its session and CSRF cookies, marked ``Secure``, are sent back as a browser's would be.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from bench.ratings import ROOT

INPUT = re.compile(r"<input\b[^>]*>")
ATTRIBUTE = re.compile(r'(\w[\w-]*)="([^"]*)"')


@dataclass
class Answer:
    status: int
    text: str
    seconds: float
    location: str = ""


class Session:
    """One browser: its own connection and cookies; one request at a time."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"https://127.0.0.1:{port}"
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, data: dict | None = None, headers: dict | None = None
    ) -> Answer:
        sent = {
            "Host": f"127.0.0.1:{self.port}",
            "X-Forwarded-Proto": "https",
            "User-Agent": "bench-users",
            "Accept": "text/html,application/xhtml+xml",
            "Accept-Encoding": "identity",
            **(headers or {}),
        }
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent.setdefault("Origin", self.origin)
            sent.setdefault("Referer", self.origin + path)
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
            raw = response.read()
        except (http.client.HTTPException, OSError):
            # The server closed the kept connection (gunicorn's sync workers do): once more.
            self.connection.close()
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
            raw = response.read()
        seconds = time.perf_counter() - started
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel.value and morsel["max-age"] != "0":
                    self.cookies[name] = morsel.value
                else:
                    self.cookies.pop(name, None)
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
        return Answer(
            response.status, raw.decode("utf-8", "replace"), seconds,
            response.getheader("Location", ""),
        )  # fmt: skip

    def get(self, path: str, *, expect: int = 200) -> Answer:
        answer = self.request("GET", path)
        if answer.status != expect:
            raise SystemExit(f"GET {path} answered {answer.status}, not {expect}")
        return answer

    def login(self, username: str, password: str) -> None:
        """Through the login form, as a person does: the page, then the form's post."""
        page = self.get("/accounts/login/")
        fields = form_fields(page.text, "/accounts/login/")
        fields.update(username=username, password=password)
        answer = self.request("POST", "/accounts/login/", fields)
        if answer.status != 302 or "sessionid" not in self.cookies:
            raise SystemExit(f"{username} could not log in: {answer.status}")


def form_fields(html: str, action: str) -> dict[str, str]:
    """The inputs of the first form posting to ``action`` (hidden ones with their values)."""
    start = html.find(f'action="{action}"')
    if start < 0:
        raise SystemExit(f"no form posting to {action}")
    end = html.find("</form>", start)
    fields = {}
    for tag in INPUT.findall(html[start:end]):
        attributes = dict(ATTRIBUTE.findall(tag))
        if "name" in attributes:
            fields[attributes["name"]] = attributes.get("value", "")
    return fields


def result_post(session: Session, page: str, html: str, board: int, result: str) -> Answer:
    """Post board ``board``'s result form of the round page ``page`` (its HTML ``html``) as
    the page's htmx does: the form's fields (CSRF token, ``correction``, ``based_on``) with
    the typed result, and htmx's request headers."""
    action = f"{page}boards/{board}/result/"
    fields = form_fields(html, action)
    fields[f"b{board}-result"] = result
    answer = session.request(
        "POST",
        action,
        fields,
        {
            "HX-Request": "true",
            "HX-Current-URL": session.origin + page,
            "HX-Target": f"board-{board}",
            "Referer": session.origin + page,
        },
    )
    if answer.status != 200 or 'class="saved"' not in answer.text:
        raise SystemExit(f"POST {action} answered {answer.status}:\n{answer.text[:600]}")
    return answer


def round_page(slug: str, number: int) -> str:
    return f"/tournaments/{slug}/organise/rounds/{number}/"


class Server:
    """gunicorn as ``make serve`` runs it, and the ratings worker beside it."""

    def __init__(self, env: dict[str, str], port: int, workers: int) -> None:
        self.env, self.port, self.workers = env, port, workers
        self.gunicorn: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None

    def start(self) -> None:
        gunicorn = Path(sys.executable).with_name("gunicorn")
        self.gunicorn = subprocess.Popen(  # noqa: S603 - our own venv's gunicorn
            [
                str(gunicorn), "clubrating.wsgi:application",
                "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers),
                "--access-logfile", "-", "--forwarded-allow-ips", "127.0.0.1",
                "--no-control-socket", "--log-level", "warning",
            ],
            cwd=ROOT, env=self.env, start_new_session=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        if self.worker is None:
            self.worker = subprocess.Popen(
                [sys.executable, "manage.py", "ratings_worker"],
                cwd=ROOT, env=self.env, start_new_session=True,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
        deadline = time.monotonic() + 120
        probe = Session(self.port)
        while time.monotonic() < deadline:
            if self.gunicorn.poll() is not None:
                raise SystemExit("gunicorn exited before serving")
            try:
                if probe.request("GET", "/healthz").status == 200:
                    self._settle()
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise SystemExit("gunicorn did not answer /healthz")

    def _settle(self) -> None:
        """One worker answered: give the others the time to load the app (and its warm-up,
        ``clubrating.warmup``) too, so that no measured request waits for a worker's boot."""
        assert self.gunicorn is not None  # noqa: S101
        children = Path(f"/proc/{self.gunicorn.pid}/task/{self.gunicorn.pid}/children")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and children.exists():
            if len(children.read_text().split()) >= self.workers:
                break
            time.sleep(0.1)
        time.sleep(1.5)  # a worker forked loads the app in about half a second here

    def stop_gunicorn(self) -> None:
        if self.gunicorn is not None:
            os.killpg(self.gunicorn.pid, signal.SIGTERM)
            self.gunicorn.wait(timeout=60)
            self.gunicorn = None

    def restart(self) -> None:
        """New gunicorn workers: nothing a worker kept in memory survives."""
        self.stop_gunicorn()
        self.start()

    def stop(self) -> None:
        self.stop_gunicorn()
        if self.worker is not None:
            os.killpg(self.worker.pid, signal.SIGTERM)
            self.worker.wait(timeout=60)
            self.worker = None

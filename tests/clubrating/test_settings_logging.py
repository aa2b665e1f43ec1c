"""Production logging: a server error writes its traceback to stderr, once, with the id of
the request; a refused request (403, CSRF failure, 404) writes one line, no traceback; the
response carries the id too. Run in a fresh interpreter with the production settings."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository
SCRIPT = """
import django
from django.test import Client, override_settings
django.setup()
with override_settings(ROOT_URLCONF="tests.clubrating.failing_urls"):
    client = Client(raise_request_exception=False)
    response = client.get("/boom/", secure=True, headers={"X-Request-ID": "req-0042"})
    print(response.status_code, response.headers["X-Request-ID"])
"""


def run_production(script: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "ADMINS", "REDIS_URL"}}
    env.update(
        DJANGO_SETTINGS_MODULE="clubrating.settings",
        DJANGO_ENV="production",
        SECRET_KEY="a-long-random-test-value-" + "x" * 30,
        ALLOWED_HOSTS="testserver",
        DATABASE_URL="sqlite:///:memory:",
    )
    return subprocess.run(  # noqa: S603 (our own interpreter and a constant script)
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_server_error_writes_one_traceback_with_the_request_id_to_stderr():
    completed = run_production(SCRIPT)

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "500 req-0042"
    lines = completed.stderr.splitlines()
    errors = [line for line in lines if " ERROR " in line]
    assert len(errors) == 1, completed.stderr
    assert errors[0].endswith("ERROR [req-0042] django.request: Internal Server Error: /boom/")
    assert completed.stderr.count("Traceback (most recent call last):") == 1
    assert lines[-1] == "RuntimeError: boom: a bug in a view"


REFUSALS = """
import django
from django.test import Client, override_settings
django.setup()
static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}  # no manifest
with override_settings(
    ROOT_URLCONF="tests.clubrating.failing_urls",
    STORAGES={"default": static, "staticfiles": static},
):
    client = Client(raise_request_exception=False, enforce_csrf_checks=True)
    for method, path, request_id in (
        ("get", "/denied/", "req-0403"),
        ("post", "/posted/", "req-csrf"),
        ("get", "/missing/", "req-0404"),
    ):
        response = getattr(client, method)(path, secure=True, headers={"X-Request-ID": request_id})
        print(response.status_code)
"""


def test_refused_requests_are_logged_in_one_line_each_without_a_traceback():
    completed = run_production(REFUSALS)

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == ["403", "403", "404"]
    logged = [line.split(" ", 2)[2] for line in completed.stderr.splitlines() if " [" in line]
    assert "Traceback" not in completed.stderr
    assert logged == [
        "WARNING [req-0403] django.request: Forbidden (Permission denied): /denied/",
        "WARNING [req-csrf] django.security.csrf: Forbidden (Referer checking failed - no "
        "Referer.): /posted/",
        "WARNING [req-0404] django.request: Not Found: /missing/",
    ]


def test_each_response_carries_its_request_id(client):
    given = client.get("/healthz", headers={"X-Request-ID": "abc-123"})
    made = client.get("/healthz", headers={"X-Request-ID": "not a valid id!"})

    assert given.headers["X-Request-ID"] == "abc-123"
    assert len(made.headers["X-Request-ID"]) == 16
    assert made.headers["X-Request-ID"] != "not a valid id!"

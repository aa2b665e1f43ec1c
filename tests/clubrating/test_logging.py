"""Production logging: a server error writes its traceback to stderr, once, with the id of
the request; the response carries the id too. Run in a fresh interpreter with the production
settings."""

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


def test_each_response_carries_its_request_id(client):
    given = client.get("/healthz", headers={"X-Request-ID": "abc-123"})
    made = client.get("/healthz", headers={"X-Request-ID": "not a valid id!"})

    assert given.headers["X-Request-ID"] == "abc-123"
    assert len(made.headers["X-Request-ID"]) == 16
    assert made.headers["X-Request-ID"] != "not a valid id!"

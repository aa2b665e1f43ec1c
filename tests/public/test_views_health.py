"""``/healthz`` (liveness: no database read, the floor of ``make bench-web``) and ``/readyz``
(readiness: the database too; 503 when it does not answer). Without Redis (the tests'
local-memory cache) the cache is ``local`` and corrections run ``inline``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_healthz_answers_without_reading_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("healthz"))

    assert (response.status_code, response["Content-Type"]) == (200, "application/json")
    assert json.loads(response.content) == {"status": "ok", "cache": "local", "queue": "inline"}


@pytest.mark.django_db
def test_readyz_reads_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get(reverse("readyz"))

    assert (response.status_code, json.loads(response.content)) == (
        200,
        {"status": "ok", "database": "ok", "cache": "local", "queue": "inline"},
    )


def test_healthz_and_readyz_refuse_writes(client):
    assert (client.post(reverse("healthz")).status_code, client.post("/readyz").status_code) == (
        405,
        405,
    )


SCRIPT = """
import django
from django.test import Client
django.setup()
client = Client()
for path in ("/healthz", "/readyz"):
    response = client.get(path)
    print(response.status_code, response.content.decode())
"""


def test_readyz_answers_503_when_the_database_does_not_answer(tmp_path):
    """A server whose database cannot be opened: alive (``/healthz`` 200), not ready."""
    missing = tmp_path / "no-such-folder" / "db.sqlite3"
    completed = subprocess.run(  # noqa: S603 (our own interpreter and a constant script)
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env={
            "PATH": "/usr/bin:/bin",
            "DJANGO_SETTINGS_MODULE": "clubrating.settings",
            "DATABASE_URL": f"sqlite:///{missing}",
            "ALLOWED_HOSTS": "testserver",
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert completed.returncode == 0, completed.stderr
    health, ready = (line.split(" ", 1) for line in completed.stdout.splitlines())
    assert (health[0], json.loads(health[1])["status"]) == ("200", "ok")
    assert (ready[0], json.loads(ready[1])) == (
        "503",
        {"status": "degraded", "database": "down", "cache": "local", "queue": "inline"},
    )

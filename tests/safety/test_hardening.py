"""Production settings, security headers, login throttling, uploads and static files."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from actions.trf_import import MAX_UPLOAD_BYTES
from tests.helpers import full_state

ROOT = Path(__file__).resolve().parents[2]  # the repository
PRODUCTION = {
    "DJANGO_ENV": "production",
    "SECRET_KEY": "a-long-random-production-value-for-the-deploy-check-" + "k7Qz" * 8,
    "ALLOWED_HOSTS": "club.example.org",
}
RIGHT = "the-right-password"
SHOW_SETTINGS = """
import json
from django.conf import settings
names = [
    "DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_PROXY_SSL_HEADER",
]
print(json.dumps({name: getattr(settings, name, None) for name in names}))
"""


def run(args: list[str], **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "CI"}}
    clean.update(DJANGO_SETTINGS_MODULE="clubrating.settings", **env)
    return subprocess.run(  # noqa: S603 (our own interpreter, constant arguments)
        [sys.executable, *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_check_deploy_passes_with_the_production_environment():
    completed = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "System check identified no issues (0 silenced)."
    assert "WARNING" not in completed.stderr


def test_production_environment_turns_debug_off_and_cookies_and_https_on():
    completed = run(["-c", SHOW_SETTINGS], **PRODUCTION)

    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout) == {
        "DEBUG": False,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
    }


def test_https_redirect_hsts_and_proxy_header_are_configurable():
    completed = run(
        ["-c", SHOW_SETTINGS],
        **PRODUCTION,
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="3600",
        SECURE_PROXY_SSL_HEADER="0",
    )

    values = json.loads(completed.stdout)
    assert (values["SECURE_SSL_REDIRECT"], values["SECURE_HSTS_SECONDS"]) == (False, 3600)
    assert values["SECURE_PROXY_SSL_HEADER"] is None


def test_production_refuses_to_start_without_a_secret_key():
    completed = run(["-c", SHOW_SETTINGS], DJANGO_ENV="production")

    assert completed.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off." in completed.stderr


@pytest.mark.django_db
def test_pages_send_a_content_security_policy_without_inline_scripts(client):
    response = client.get(reverse("ratings:home"))

    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_templates_have_no_inline_scripts_or_event_handlers():
    # A JSON data block (the API docs' settings) is data, never run: not inline script.
    inline = re.compile(
        r'<script(?![^>]*\bsrc=)(?![^>]*type="application/json")[^>]*>|\son[a-z]+\s*=|javascript:',
        re.I,
    )
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if inline.search(path.read_text(encoding="utf-8"))
    ]

    assert offenders == []


@pytest.mark.django_db
def test_static_files_are_served_by_whitenoise(client):
    response = client.get("/static/css/site.css")

    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"/*")


@pytest.mark.django_db
def test_the_login_after_the_failure_limit_is_refused_even_with_the_right_password(
    client, settings
):
    get_user_model().objects.create_user("orga", password=RIGHT, is_staff=True)
    url = reverse("admin:login")
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        response = client.post(url, {"username": "orga", "password": "wrong"})
        assert response.status_code == 200  # the login form again, with its error

    last_failure = client.post(url, {"username": "orga", "password": "wrong"})
    refused = client.post(url, {"username": "orga", "password": RIGHT})

    assert settings.AXES_FAILURE_LIMIT == 5
    assert last_failure.status_code == 429
    assert refused.status_code == 429
    assert "Too many failed logins" in refused.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_right_password_before_the_limit_logs_in_and_resets_the_count(client, settings):
    get_user_model().objects.create_user("orga", password=RIGHT, is_staff=True)
    url = reverse("admin:login")
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post(url, {"username": "orga", "password": "wrong"})

    response = client.post(url, {"username": "orga", "password": RIGHT})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(get_user_model().objects.get().pk)


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("Tr0ub4d&", "This password is too short. It must contain at least 10 characters."),
        ("1234567890123", "This password is entirely numeric."),
        ("password123", "This password is too common."),
    ],
)
def test_weak_passwords_are_refused(password, message):
    with pytest.raises(ValidationError) as refused:
        validate_password(password)

    assert message in refused.value.messages


@pytest.mark.django_db
def test_an_oversized_trf_upload_is_refused_and_writes_nothing(client):
    client.force_login(get_user_model().objects.create_user("orga", is_staff=True))
    before = full_state()
    big = SimpleUploadedFile("big.trf", b"012 Big\n" + b"x" * MAX_UPLOAD_BYTES)

    response = client.post(reverse("tournaments:trf_import"), {"file": big})

    assert response.status_code == 200
    assert response.context["form"].errors["file"] == [
        "The file is 2.0 MB; the largest file accepted is 2 MB."
    ]
    assert full_state() == before


def _make_serve(env: dict[str, str]) -> subprocess.CompletedProcess:
    """``make serve`` as the README runs it, in ``env``."""
    return subprocess.run(
        ["make", "--no-print-directory", "serve"],  # noqa: S607 (make from PATH, as the README)
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("database_url", ["", "sqlite:///db.sqlite3"])
def test_make_serve_needs_a_postgresql_database_url(database_url):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["DATABASE_URL"] = database_url
    completed = _make_serve(env)

    assert completed.returncode != 0
    assert "make serve needs DATABASE_URL=postgres://" in completed.stdout
    assert "gunicorn" not in completed.stdout


@pytest.mark.parametrize(("workers", "refused"), [("", True), ("3", True), ("1", False)])
def test_make_serve_needs_redis_for_more_than_one_worker(tmp_path, workers, refused):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "WEB_CONCURRENCY")}
    # No database answers there: one worker gets past the check and stops at migrate.
    env.update(DATABASE_URL="postgres://nobody@127.0.0.1:1/none", STATIC_ROOT=str(tmp_path))
    if workers:
        env["WEB_CONCURRENCY"] = workers
    completed = _make_serve(env)

    assert completed.returncode != 0
    message = f"make serve with {workers or 2} workers needs REDIS_URL=redis://HOST:6379/0"
    if refused:
        assert message in completed.stdout
        assert "collectstatic" not in completed.stdout
    else:
        assert "needs REDIS_URL" not in completed.stdout
        assert "manage.py collectstatic --noinput" in completed.stdout
    assert "gunicorn" not in completed.stdout

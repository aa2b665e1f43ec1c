"""Limits on requests (issue 15, defect 9): an oversized body is refused with 413 before
anything reads it; a login with a user name longer than django-axes' column is an ordinary
failed login, not a 500 (PostgreSQL refused the overlong value); ``make serve`` gives
gunicorn no shared control socket."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.helpers import full_state

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_an_upload_above_the_body_limit_is_refused_with_413_and_writes_nothing():
    client = Client(raise_request_exception=True)
    client.force_login(get_user_model().objects.create_user("stella", is_staff=True))
    before = full_state()
    big = SimpleUploadedFile("big.trf", b"012 x\n" * (settings.MAX_REQUEST_BODY_BYTES // 6 + 1))

    response = client.post(reverse("tournaments:trf_import"), {"file": big})

    assert settings.MAX_REQUEST_BODY_BYTES == 6 * 1024 * 1024
    assert response.status_code == 413
    assert full_state() == before


@pytest.mark.django_db
def test_a_form_body_above_the_data_limit_answers_400():
    client = Client()
    text = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)

    response = client.post(
        reverse("login"), data=f"username={text}", content_type="application/x-www-form-urlencoded"
    )

    assert response.status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["admin:login", "login"])
def test_a_login_with_a_300_character_user_name_is_a_failed_login(page):
    client = Client(raise_request_exception=True)

    response = client.post(reverse(page), {"username": "a" * 300, "password": "wrong-secret"})

    assert response.status_code == 200
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["a" * 255]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
@pytest.mark.parametrize(
    ("extra", "expected"),
    [([], "--no-control-socket"), (["CONTROL_SOCKET=/run/club/8001.ctl"], "--control-socket")],
)
def test_make_serve_gives_gunicorn_no_shared_control_socket(extra, expected):
    make = shutil.which("make")
    commands = subprocess.run(  # noqa: S603 - our own Makefile, fixed arguments
        [make, "-n", "-C", str(ROOT), "serve", "DATABASE_URL=postgres://u@db/club", *extra],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    gunicorn = commands[commands.index("gunicorn clubrating.wsgi") :]

    assert expected in gunicorn
    if extra:
        assert "--control-socket /run/club/8001.ctl" in gunicorn

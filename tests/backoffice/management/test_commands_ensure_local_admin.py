"""The local admin command: one superuser in DEBUG, nothing with DEBUG off, idempotent."""

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def run_ensure_local_admin() -> str:
    out = StringIO()
    call_command("ensure_local_admin", stdout=out)
    return out.getvalue()


def test_ensure_local_admin_creates_one_superuser_with_printed_password(settings):
    settings.DEBUG = True

    output = run_ensure_local_admin()

    users = get_user_model().objects.all()
    assert [(u.username, u.is_superuser, u.is_staff) for u in users] == [("admin", True, True)]
    password = re.search(r"password: (\S+)", output).group(1)
    assert len(password) >= 12
    assert users[0].check_password(password)


def test_ensure_local_admin_second_run_keeps_the_account(settings):
    settings.DEBUG = True
    run_ensure_local_admin()
    before = get_user_model().objects.get().password

    output = run_ensure_local_admin()

    assert get_user_model().objects.get().password == before
    assert "already exists" in output
    assert "manage.py changepassword admin" in output
    assert "password:" not in output


def test_ensure_local_admin_with_debug_off_creates_nothing(settings):
    settings.DEBUG = False

    output = run_ensure_local_admin()

    assert get_user_model().objects.count() == 0
    assert "DEBUG is off" in output
    assert "password" not in output

"""Settings: DEBUG off needs a SECRET_KEY; checked in a fresh interpreter."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository
LOAD_SETTINGS = "from django.conf import settings; print(settings.DEBUG)"


def run_with_env(**env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    clean.update(DJANGO_SETTINGS_MODULE="clubrating.settings", **env)
    return subprocess.run(  # noqa: S603 (our own interpreter and a constant script)
        [sys.executable, "-c", LOAD_SETTINGS],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_settings_without_secret_key_and_debug_off_refuse_to_start():
    completed = run_with_env(DEBUG="0")

    assert completed.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off." in completed.stderr


def test_settings_with_secret_key_and_debug_off_start():
    completed = run_with_env(DEBUG="0", SECRET_KEY="a-long-random-test-value-" + "x" * 30)

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "False"


def test_settings_default_to_debug_for_local_development():
    completed = run_with_env()

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "True"

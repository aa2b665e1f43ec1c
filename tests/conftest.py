"""Project-wide test settings: fast password hashing, local-memory cache."""

import pytest


@pytest.fixture(autouse=True)
def _fast_settings(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

"""Project-wide test settings: fast password hashing, local-memory cache, Hypothesis profiles.

In CI (``CI`` set) Hypothesis runs derandomized: the same examples on every run, so a red CI
is reproducible and never depends on a lucky draw. Local runs keep exploring new examples
(and replay any failure they found from the local example database).
"""

import os

import pytest
from django.core.cache import cache
from hypothesis import settings as hypothesis_settings

hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _fast_settings(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # Rating corrections run inline unless a test starts a queue and its worker itself.
    settings.RATINGS_JOBS = "inline"
    # Local-memory caches outlive a test: pages cached under a list's version would leak
    # into the next test, whose rolled-back database starts the versions again.
    cache.clear()


@pytest.fixture(scope="session")
def redis_url():
    """A Redis of the tests' own: a ``redis-server`` started on a free port (then stopped),
    or, without the binary, the one answering on 127.0.0.1:6379 (its database 15)."""
    from tests.servers import redis_server

    with redis_server() as url:
        yield url

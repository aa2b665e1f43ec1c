"""Redis, when it fails: the pages are served uncached and corrections run in the request.

Redis holds the cache (whole pages, the content version) and the job queue of rating
corrections (:mod:`core.jobs`); nothing in it is the only copy of anything. So when it cannot
be reached the site goes on without it instead of answering 500:

- :class:`ResilientRedisCache` is Django's Redis cache whose every call gives up quietly on a
  Redis error: a read is a miss, a write is dropped. Pages are then rendered for every
  request (as without a cache), and writes run (the content version they raise is simply
  not kept).
- a correction runs in the request (:mod:`core.replays`) when the job queue
  (:func:`core.jobs.enqueue`) cannot put its job on the queue.

A down Redis must cost little: the sockets have short timeouts (:data:`OPTIONS`), and after a
failure each process stops trying for :data:`RETRY_SECONDS` (the :data:`breaker`), so a
request pays at most one failed connection attempt, not one per cache call. The first call
after that tries again; when it succeeds, the content and roster versions are renewed before
anything is read (:func:`core.cache.renewed_versions`): pages cached before the outage, when
Redis was only cut off and not restarted, are never served after the writes made meanwhile.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)
T = TypeVar("T")

#: After a failure, a process leaves Redis alone this long (seconds) before trying again.
RETRY_SECONDS = 5.0
#: What counts as "Redis failed": the connection, a timeout, or an error it answered with
#: (read-only replica, out of memory, still loading its data).
ERRORS = (redis.exceptions.RedisError, OSError)
#: The client's options: give up on a connection after half a second and on an answer after
#: two; retry a command once on a fresh connection (a pooled one is dead after a restart).
OPTIONS = {
    "socket_connect_timeout": 0.5,
    "socket_timeout": 2.0,
    "retry_on_error": [redis.exceptions.ConnectionError],
}


class Breaker:
    """Whether this process should try Redis now: after a failure it is *down* and skips
    Redis for :data:`RETRY_SECONDS`, then lets one call try again."""

    def __init__(self, retry_seconds: float = RETRY_SECONDS) -> None:
        self.retry_seconds = retry_seconds
        self.down = False
        self._retry_at = 0.0
        self._lock = threading.Lock()

    def allows(self) -> bool:
        """Whether to try Redis now (it is up, or long enough down to try again)."""
        return not self.down or time.monotonic() >= self._retry_at

    def failed(self, error: BaseException) -> None:
        with self._lock:
            first = not self.down
            self.down = True
            self._retry_at = time.monotonic() + self.retry_seconds
        if first:
            logger.warning(
                "Redis cannot be reached (%s): pages are served uncached and rating "
                "corrections run in the request until it answers again.",
                error,
            )

    def recovered(self) -> None:
        with self._lock:
            was_down, self.down = self.down, False
        if was_down:
            logger.warning("Redis answers again: the cache and the job queue are back.")


breaker = Breaker()


class ResilientRedisCache(RedisCache):
    """Django's Redis cache that never raises a Redis error: a read that fails is a miss, a
    write that fails is dropped (see the module's docstring)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = {**OPTIONS, **params.get("OPTIONS", {})}
        super().__init__(server, {**params, "OPTIONS": options})

    def _guard(self, fallback: T, call: Callable[..., T], *args: Any) -> T:
        if not breaker.allows():
            return fallback
        try:
            if breaker.down:
                # Back after an outage: renew the versions first, so nothing cached before
                # the writes made meanwhile is served again.
                from core.cache import renewed_versions

                super().set_many(renewed_versions(), None)
                breaker.recovered()
            return call(*args)
        except ERRORS as error:
            breaker.failed(error)
            return fallback

    def ping(self) -> bool:
        """Whether Redis answers now (through the breaker: no attempt while it is down)."""
        return self._guard(False, lambda: bool(self._cache.get_client(write=True).ping()))

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(False, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._guard(default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._guard(False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._guard({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._guard(False, super().has_key, key, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._guard(None, super().delete_many, keys, version)

    def clear(self):
        return self._guard(False, super().clear)


def cache_state() -> str:
    """``local`` (no Redis: a cache per process), ``ok`` (Redis answers) or ``degraded``
    (Redis configured but not answering: pages are served uncached)."""
    backend = caches["default"]
    if not isinstance(backend, ResilientRedisCache):
        return "local"
    return "ok" if backend.ping() else "degraded"

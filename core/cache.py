"""What the public pages are cached under, and how a change makes them stale.

Two kinds of version make up every key (:func:`cache_key`):

- **list versions** (``RatingList.version``, in the database): the replay raises a list's
  version in its own transaction, under the list's lock. Pages showing a list's ratings are
  cached under it, so an entered result shows at once, in every app server.
- **the content version** (in the cache): every unit of work that changed something sets a
  new one when it commits (:func:`bump_content_version`), so an edit that replays nothing (a
  player's name, a club, a tournament) shows at once too. It follows the clock: when the
  cache loses it, the next read starts a new one and no old key can be hit again.

What is read from every rated player of a list but does not move with ratings (the
federations of the leaderboard's filter) is kept under the **roster versions** instead: one in
the cache, one on the list (``RatingList.roster_version``), renewed like the two above except
by results that made nobody rated or unrated (:func:`federations`).

With a per-process cache (the local default) the content version is per process; with a
shared cache (``REDIS_URL``, production with several app servers) it is shared. When Redis
cannot be reached, every read here is a miss and every write is dropped
(:mod:`core.redis_fallback`): the pages are computed for each request, never an error.

A page's key holds only the query parameters the page understands (:func:`page_query`),
normalised and sorted: ``?junk=1``, ``?page=1`` or a reordered query string neither miss the
cache nor grow it.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import get_language

from ratings.models import RatingList
from ratings.queries.leaderboard import live_rating_counts
from ratings.queries.lists import club_choices, federations_of

T = TypeVar("T")

PAGE_CACHE_SECONDS = 600
"""How long a cached page or part lives at most (the versions make it stale sooner)."""

CONTENT_VERSION_KEY = "clubrating:content-version"
ROSTER_VERSION_KEY = "clubrating:roster-version"


def _now() -> int:
    return time.time_ns() // 1000


def content_version() -> int:
    """The current content version (a new one if the cache has none)."""
    return cache.get_or_set(CONTENT_VERSION_KEY, _now, None)


def roster_version() -> int:
    """The current roster version: like the content version, but renewed only by changes
    that may change who is rated in a list, or a rated player's details (not by results
    that only move ratings)."""
    return cache.get_or_set(ROSTER_VERSION_KEY, _now, None)


def renewed_versions() -> dict[str, int]:
    """New content and roster versions (to store): what :mod:`core.redis_fallback` writes
    first when Redis answers again after an outage, so that no page cached before the writes
    made meanwhile is served again."""
    return dict.fromkeys((CONTENT_VERSION_KEY, ROSTER_VERSION_KEY), _now())


def bump_content_version(*, roster: bool = True) -> None:
    """Make every cached page stale: now and once the current transaction commits (and, with
    ``roster``, what is cached from the lists' rated players: :func:`federations`).

    The second bump covers a page rendered between the two from data read before the commit
    (it was cached under the first new version; the commit leaves that version behind).
    """
    keys = [CONTENT_VERSION_KEY, ROSTER_VERSION_KEY] if roster else [CONTENT_VERSION_KEY]

    def bump() -> None:
        cache.set_many(dict.fromkeys(keys, _now()), None)

    bump()
    transaction.on_commit(bump)


def shared() -> bool:
    """Whether the cache is shared by every app server (Redis): then the content version,
    which every change renews, makes every cached page stale everywhere by itself."""
    return "redis" in settings.CACHES["default"]["BACKEND"].lower()


def list_versions() -> list[tuple[int, int]]:
    """(id, version) of every rating list: the key of pages showing all lists (one query)."""
    return list(RatingList.objects.order_by("pk").values_list("pk", "version"))


def page_query(query: Any, understood: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The parameters of ``query`` (a ``QueryDict``) that a page understands, normalised:
    values stripped (an empty value stays: ``?active=`` may mean "all"), the first page
    (``page=1`` or ``page=``) left out, each name's values sorted, names sorted. The cache key
    of the page and the page itself use only these."""
    kept = []
    for name in sorted(set(understood)):
        values = sorted({value.strip() for value in query.getlist(name)})
        if name == "page" and values in (["1"], [""]):
            continue
        kept.extend((name, value) for value in values)
    return tuple(kept)


def cache_key(kind: str, *parts: Any) -> str:
    """A key for ``kind`` and ``parts`` in the current language and content version (hashed:
    parts such as a query string may hold any character and any length)."""
    return _hashed(kind, (get_language() or "", content_version(), *parts))


def _hashed(kind: str, parts: tuple) -> str:
    return f"page:{kind}:{hashlib.sha256(repr(parts).encode()).hexdigest()}"


def cached(key: str, compute: Callable[[], T], timeout: int = PAGE_CACHE_SECONDS) -> T:
    """The value cached under ``key``; else ``compute()``, cached for ``timeout`` seconds."""
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, timeout)
    return value


def federations(rating_list: RatingList) -> list[str]:
    """The federation codes of a list's rated players (the leaderboard filter's choices).
    Reading them joins every rated player (tens of milliseconds on a federation's list), and
    a result changes them only when it makes somebody rated or unrated: they are cached under
    the roster versions (:func:`roster_version`, ``RatingList.roster_version``), which such
    results and every other change renew, not under the versions every result renews."""
    key = _hashed("federations", (roster_version(), rating_list.pk, rating_list.roster_version))
    return cached(key, lambda: federations_of(rating_list))


def clubs(rating_list: RatingList) -> list[tuple[int, str]]:
    """The (id, name) of the clubs with a player rated in the list (the leaderboard filter's
    clubs), kept like :func:`federations` under the roster versions: a club's new name or a
    player's new club renews them."""
    key = _hashed("clubs", (roster_version(), rating_list.pk, rating_list.roster_version))
    return cached(key, lambda: club_choices(rating_list))


def rating_counts(rating_list: RatingList) -> list[tuple[Any, int]]:
    """The live ratings of a list with their number of players (where each leaderboard page
    starts and ends, and how many pages there are), cached under the list's version."""
    return cached(
        cache_key("rating-counts", rating_list.pk, rating_list.version),
        lambda: live_rating_counts(rating_list),
    )

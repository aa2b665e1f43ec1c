"""A throttle counted in the database: at most so many requests per key and window.

    take("password-reset", {email: 3, client_address: 20}, window=timedelta(hours=1)) -> bool

Each request is counted under each of its keys (a digest of the value: no e-mail address is
stored); it is allowed when no key has more than its limit within the window. The counts are
rows of :class:`core.models.ThrottleHit` in the database, not the cache: a throttle holds
while Redis is down, and across every app server.

It is exact under concurrency, with no lock: a request's rows are committed *before* it
counts, and a refused request deletes its own rows. Of N+1 concurrent requests, the last
to commit sees all N+1 rows (the allowed ones are never deleted), so at most N are allowed.
Call it outside a transaction (a view; the rows must be committed before the count).
"""

from __future__ import annotations

import datetime
import hashlib

from django.db.models import Count
from django.utils import timezone

from core.models import ThrottleHit


def _digest(scope: str, value: str) -> str:
    return hashlib.sha256(f"{scope}\0{value}".encode()).hexdigest()


def take(scope: str, limits: dict[str, int], *, window: datetime.timedelta) -> bool:
    """Count one request of ``scope`` under each key of ``limits`` (empty keys are left
    out); whether it is allowed: no key above its limit within ``window``."""
    now = timezone.now()
    keys = {_digest(scope, value): limit for value, limit in limits.items() if value}
    ThrottleHit.objects.filter(scope=scope, at__lt=now - window).delete()
    rows = ThrottleHit.objects.bulk_create(
        [ThrottleHit(scope=scope, key=key, at=now) for key in keys]
    )
    counts = dict(
        ThrottleHit.objects.filter(scope=scope, key__in=keys, at__gt=now - window)
        .values("key")
        .annotate(count=Count("id"))
        .values_list("key", "count")
    )
    if all(counts.get(key, 0) <= limit for key, limit in keys.items()):
        return True
    ThrottleHit.objects.filter(pk__in=[row.pk for row in rows]).delete()
    return False

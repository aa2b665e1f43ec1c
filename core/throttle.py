"""A throttle counted in the database: at most so many requests per key and window.

    take("password-reset", {email: 3, client_address: 20}, seconds=3600) -> bool
    exhausted("check-in-code", {client_address: 10}, seconds=900) -> bool   # takes nothing

Time is cut into fixed windows of ``seconds`` (the hour from 14:00 to 15:00, …). A request
takes one of its key's places in the current window, for each of its keys (a digest of the
value: no e-mail address is stored); it is allowed when it got a place under every key, and
then holds them; otherwise it gives back what it took and is refused. The places are rows of
:class:`core.models.ThrottleHit` whose unique constraint lets each place be taken once: a
burst of concurrent requests gets exactly the limit through, with no lock and no count that
a concurrent request could outrun. The rows are in the database, not the cache: a throttle
holds while Redis is down, and across every app server.
"""

from __future__ import annotations

import hashlib
import time

from django.db import IntegrityError, transaction

from core.models import ThrottleHit


def _digest(scope: str, value: str) -> str:
    return hashlib.sha256(f"{scope}\0{value}".encode()).hexdigest()


def take(scope: str, limits: dict[str, int], *, seconds: int) -> bool:
    """Take a place of the current window under each key of ``limits`` (empty keys are
    left out); whether the request is allowed (it got one under every key)."""
    window = int(time.time()) // seconds
    ThrottleHit.objects.filter(scope=scope, window__lt=window).delete()
    taken: list[ThrottleHit] = []
    for value, limit in limits.items():
        if not value:
            continue
        place = _place(scope, _digest(scope, value), window, limit)
        if place is None:
            ThrottleHit.objects.filter(pk__in=[row.pk for row in taken]).delete()
            return False
        taken.append(place)
    return True


def exhausted(scope: str, limits: dict[str, int], *, seconds: int) -> bool:
    """Whether some key of ``limits`` has no place left in the current window (takes
    nothing): for throttling failures only, a request asks this first and :func:`take` s a
    place when it fails (wrong codes, not every attempt)."""
    window = int(time.time()) // seconds
    for value, limit in limits.items():
        if not value:
            continue
        held = ThrottleHit.objects.filter(
            scope=scope, key=_digest(scope, value), window=window
        ).count()
        if held >= limit:
            return True
    return False


def _place(scope: str, key: str, window: int, limit: int) -> ThrottleHit | None:
    """A free place among the key's ``limit`` places of the window, taken; ``None`` if all
    are taken."""
    held = set(
        ThrottleHit.objects.filter(scope=scope, key=key, window=window).values_list(
            "place", flat=True
        )
    )
    for place in range(1, limit + 1):
        if place in held:
            continue
        try:
            with transaction.atomic():
                return ThrottleHit.objects.create(scope=scope, key=key, window=window, place=place)
        except IntegrityError:  # a concurrent request took it first
            continue
    return None

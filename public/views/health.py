"""Site-wide views that belong to no app: the health checks of a load balancer.

- ``/healthz``, **liveness**: 200 while the process serves requests, with what is degraded.
  It reads no database (it is the floor of ``make bench-web``); with Redis configured it
  sends Redis one PING (none while Redis failed a moment ago: :mod:`core.redis_fallback`).
  ``{"status": "ok" | "degraded", "cache": ..., "queue": ...}``.
- ``/readyz``, **readiness**: the same plus the database (``SELECT 1``); 503 when the
  database does not answer (the server cannot serve anything), 200 otherwise: without Redis
  the site still serves every page and takes every write, only slower.

``cache`` is ``ok`` (Redis answers), ``degraded`` (Redis configured but not answering: pages
are served uncached) or ``local`` (no Redis: a cache per process); ``queue`` is ``ok``,
``degraded`` (corrections run in the request) or ``inline`` (no job queue configured).
"""

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.views.decorators.http import require_safe

from core import jobs
from core.redis_fallback import cache_state


def _helpers() -> dict[str, str]:
    cache = cache_state()
    if not jobs.queue_configured():
        queue = "inline"
    else:  # the queue lives on the same Redis as the cache
        queue = "degraded" if cache == "degraded" or not jobs.queue_reachable() else "ok"
    return {"cache": cache, "queue": queue}


def _status(report: dict[str, str]) -> str:
    return "degraded" if "degraded" in report.values() or "down" in report.values() else "ok"


@require_safe
def healthz(request):
    """Liveness, and what is degraded (no database read)."""
    report = _helpers()
    return JsonResponse({"status": _status(report), **report})


@require_safe
def readyz(request):
    """Readiness: 503 when the database does not answer."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        database = "ok"
    except DatabaseError:
        database = "down"
    report = {"database": database, **_helpers()}
    return JsonResponse(
        {"status": _status(report), **report}, status=503 if database == "down" else 200
    )

"""A request id in every log line: set per request, echoed in the ``X-Request-ID`` header.

The proxy's id (``X-Request-ID``, e.g. nginx's ``$request_id``) is kept when it looks like
one, so the proxy's access log and the app's lines match; else the app makes one. Log lines
written while no request runs (commands, the job worker) carry ``-``.

:class:`RefusalFilter` writes a refused request (a 4xx: permission denied, a CSRF failure, a
bad request, a 404) as one line, without the traceback Django attaches to some of them: a
refusal is the app working, and a burst of them must not bury the real errors. A server
error (5xx) keeps its traceback.
"""

from __future__ import annotations

import contextvars
import logging
import re
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_VALID = re.compile(r"[A-Za-z0-9._-]{1,64}")
HEADER = "X-Request-ID"


def current() -> str:
    """The id of the request being served (``-`` outside a request)."""
    return _request_id.get()


class RequestIdMiddleware:
    """Gives each request an id (the proxy's, if valid) for the log lines and the response."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.headers.get(HEADER, "")
        request_id = given if _VALID.fullmatch(given) else uuid.uuid4().hex[:16]
        request.request_id = request_id
        token = _request_id.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            _request_id.reset(token)
        response[HEADER] = request_id
        return response


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every log record (for the formatters)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            # Django logs a 4xx after the middleware returned: the id is on its request.
            request = getattr(record, "request", None)
            record.request_id = getattr(request, "request_id", None) or current()
        return True


class RefusalFilter(logging.Filter):
    """Drops the traceback of a log record about a refused request (status 400-499)."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500 and record.exc_info:
            record.exc_info = None
            record.exc_text = None
        return True

"""The faces' one answer to a change refused as busy (:class:`core.busy.Busy`): a row it
needed stayed locked by another writer longer than a writer waits, and nothing was written.

:class:`BusyMiddleware` answers it for every page, the organiser pages and the admin alike,
instead of a 500: 503 with ``Retry-After`` and the message "Someone else is changing this
right now; please try again in a moment.", on a page of its own with a link back to the page
the form was on; an htmx request (a board's result, a registration) reloads its page, which
shows the message.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from core.busy import Busy


class BusyMiddleware:
    """Turns :class:`core.busy.Busy` into 503 with ``Retry-After`` and its message."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, Busy):
            return None
        if getattr(request, "htmx", False):
            messages.error(request, exception.message)
            response = HttpResponse(
                exception.message, status=503, content_type="text/plain; charset=utf-8"
            )
            response["HX-Refresh"] = "true"
        else:
            context = {"message": exception.message, "back": _back(request)}
            response = render(request, "503.html", context, status=503)
        response["Retry-After"] = str(exception.retry_after)
        return response


def _back(request: HttpRequest) -> str:
    """The page the refused form was on (the ``Referer`` of this site), else the home page."""
    referer = request.headers.get("Referer", "")
    if url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return referer
    return reverse("ratings:home")

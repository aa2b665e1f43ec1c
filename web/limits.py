"""Limits on what a request may bring: its body's size, the length of a login's user name.

- :class:`BodySizeMiddleware` refuses a request whose declared body (``Content-Length``) is
  above ``settings.MAX_REQUEST_BODY_BYTES`` with 413, before anything reads it: Django's own
  ``DATA_UPLOAD_MAX_MEMORY_SIZE`` does not count files, so a multipart upload was otherwise
  unbounded (the proxy's ``client_max_body_size`` should be the same, docs/deploy.md).
- :func:`login_username` is django-axes' user name of a login attempt, cut to the width of
  its column (255 characters): a longer name is recorded as its first 255 characters
  instead of failing the database write (PostgreSQL refuses the overlong value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

#: The width of django-axes' ``username`` columns.
AXES_USERNAME_LENGTH = 255


class BodySizeMiddleware:
    """413 for a request body declared larger than ``MAX_REQUEST_BODY_BYTES``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.MAX_REQUEST_BODY_BYTES
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return HttpResponse(_("Bad request."), status=400, content_type="text/plain")
        if limit is not None and declared > limit:
            return HttpResponse(
                _("The request is too large: at most %(limit)s MB.")
                % {"limit": f"{limit / 1024 / 1024:g}"},
                status=413,
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)


def login_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """The user name django-axes records for a login attempt, at most 255 characters."""
    field = settings.AXES_USERNAME_FORM_FIELD
    if credentials:
        name = credentials.get(field)
    else:
        name = getattr(request, "data", request.POST).get(field)
    return None if name is None else str(name)[:AXES_USERNAME_LENGTH]

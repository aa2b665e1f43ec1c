"""The read-only JSON API for club websites (django-ninja), served under ``/api/``.

``api`` is the :class:`ninja.NinjaAPI`; the schema is at ``/api/openapi.json`` and the
documentation page (Swagger UI served from the package's own static files, no CDN) at
``/api/docs``. Field names are part of the contract: see ``docs/api.md``.
"""

from api.views import api

__all__ = ["api"]

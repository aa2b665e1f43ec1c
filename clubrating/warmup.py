"""What an app server does once at start, before its first request.

- :func:`warm`: compile the site's templates, build the URL resolver (importing every view)
  and load each language's translations. A worker just (re)started otherwise did it in the
  first requests it served: about 160 ms on the 2-core machine, the slowest of the cold
  pages ``make bench-users`` measures (issue 20).
- :func:`settle_memory`: leave what the start made to the garbage collector's permanent
  generation (``gc.freeze``) and collect the young less often. A page that builds a few
  thousand objects (a crosstable's games, a player's ledger) set off, every few requests, a
  full collection that walked every object of Django and the app: 40-60 ms added to one
  request in eight, the tail of the cold pages and the round page.

- :func:`roomy`: call the app from a frame with room for the request's frames. CPython 3.11
  keeps frames on a data stack of 16 KiB chunks, each mapped when a call needs it and
  unmapped when that call returns: a request whose calls went back and forth across a
  chunk's edge mapped and unmapped it thousands of times (in gunicorn's sync worker, where
  Django's calls begin at such an edge: 2,400 mmap/munmap pairs and as many page faults in
  one crosstable, 61 ms instead of 35 ms).

Only the WSGI entry point calls them (``clubrating/wsgi.py``): tests, commands and
``runserver`` start as before."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation

#: ``gc.set_threshold`` of an app server: young collections after 10,000 allocations (Python's
#: default is 700), the middle one after 50 of them, the full one after 100 of those (and, as
#: always, only once the objects waiting for it are a quarter of the old ones). Measured on a
#: crosstable and a player page, 40 requests each: (10000, 10, 10) still gave 43-61 ms tails
#: over a 35-52 ms median; these none.
GC_THRESHOLD = (10_000, 50, 100)


#: Stack slots added to the frame :func:`roomy` calls the app from: 8,500 of 8 bytes make it
#: larger than 64 KiB, so CPython gives it a chunk of its own of 128 KiB, and the request's
#: frames (a few hundred deep at most) fit in the 60 KiB left after it.
FRAME_ROOM = 8_500


def site_templates() -> list[str]:
    """The names of the project's own templates (``templates/``)."""
    root = Path(settings.BASE_DIR) / "templates"
    return sorted(str(path.relative_to(root)) for path in root.rglob("*.html"))


def warm() -> int:
    """Compile the site's templates (kept by the cached template loader), build the URL
    resolver and load the translations; returns how many templates were compiled."""
    names = site_templates()
    for name in names:
        get_template(name)
    get_resolver()._populate()  # reverse() and resolve() build it on first use otherwise
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            translation.gettext("Name")
    return len(names)


def settle_memory() -> None:
    """Collect once, freeze what survives (it is never collected again, nor walked by a
    full collection), and collect the young after :data:`GC_THRESHOLD` allocations."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def roomy(app: Callable[..., Any]) -> Callable[..., Any]:
    """``app`` called from a frame of :data:`FRAME_ROOM` more stack slots: one data-stack
    chunk for the whole request, mapped once per request, instead of chunks mapped and
    unmapped at every crossing of an edge. The slots are never used; only the frame's
    size changes."""

    def call(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        return app(environ, start_response)

    code = call.__code__
    call.__code__ = code.replace(co_stacksize=code.co_stacksize + FRAME_ROOM)
    call.__wrapped__ = app  # type: ignore[attr-defined]
    return call

"""Links to many objects on one page, built once per kind: a player page lists hundreds of
games, each linking its opponent and its tournament, and ``reverse()`` for each link was a
tenth of a cold page's CPU (issue 20). :func:`object_url` reverses a view once with a stand-in
argument and puts each object's key in its place; what ``reverse()`` would refuse (a key its
converter does not match) still goes through ``reverse()``."""

from __future__ import annotations

import re

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

_INT_MARK, _SLUG_MARK = 987654321, "zq-stand-in-zq"
_SLUG = re.compile(r"[-a-zA-Z0-9_]+")
_stems: dict[tuple, tuple[str, str]] = {}


def object_url(name: str, key: int | str) -> str:
    """``reverse(name, args=[key])`` for a view taking one ``int`` or ``slug`` argument."""
    if isinstance(key, bool) or not (
        (isinstance(key, int) and key >= 0) or (isinstance(key, str) and _SLUG.fullmatch(key))
    ):
        return reverse(name, args=[key])
    kind = int if isinstance(key, int) else str
    cache_key = (name, kind, get_script_prefix(), get_urlconf(), settings.ROOT_URLCONF)
    stem = _stems.get(cache_key)
    if stem is None:
        mark = str(_INT_MARK if kind is int else _SLUG_MARK)
        path = reverse(name, args=[_INT_MARK if kind is int else _SLUG_MARK])
        if path.count(mark) != 1:  # the stand-in is not where a key goes alone
            return reverse(name, args=[key])
        if len(_stems) > 1000:
            _stems.clear()
        stem = _stems[cache_key] = tuple(path.split(mark))
    return f"{stem[0]}{key}{stem[1]}"

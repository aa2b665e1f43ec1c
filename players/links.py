"""Links to many objects on one page, built once per kind: a player page lists hundreds of
games, each linking its opponent and its tournament, and ``reverse()`` for each link was a
tenth of a cold page's CPU (issue 20). A view is reversed once with a stand-in for the key
that changes from link to link, and each key is put in its place: :func:`url_around` for a
page's own links (the boards of one round), :func:`object_url` for a player's or a
tournament's page. What ``reverse()`` would refuse (a key its converter does not match) still
goes through ``reverse()``."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

_INT_MARK, _SLUG_MARK = 987654321, "zq-stand-in-zq"
_SLUG = re.compile(r"[-a-zA-Z0-9_]+")
_stems: dict[tuple, tuple[str, str]] = {}


def url_around(name: str, *args: Any, mark: int | str = _INT_MARK) -> tuple[str, str] | None:
    """The path of view ``name`` for ``args`` and one last argument, as the text before and
    after that argument: ``before + str(key) + after`` is ``reverse(name, args=[*args, key])``
    for every key the stand-in ``mark`` stands for (an ``int`` >= 0, or a slug). Found from the
    end, where the last argument is (``args`` may hold anything). ``None`` if the converter
    writes the stand-in otherwise."""
    before, found, after = reverse(name, args=[*args, mark]).rpartition(str(mark))
    return (before, after) if found else None


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
        stem = url_around(name, mark=_INT_MARK if kind is int else _SLUG_MARK)
        if stem is None:
            return reverse(name, args=[key])
        if len(_stems) > 1000:
            _stems.clear()
        _stems[cache_key] = stem
    return f"{stem[0]}{key}{stem[1]}"

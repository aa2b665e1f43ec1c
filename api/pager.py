"""The API's one pager: every list operation answers one page in the same envelope.

``paged()`` counts the rows, cuts the page (a slice query, or the caller's own ``cut``, as
the leaderboard ranks its page within the filter) and fills ``schemas.Page``'s fields:
``{count, page, page_size, pages, results}``. A page beyond the last gives empty ``results``
without a second query; ``pages`` is at least 1.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from ninja import Query

MAX_PAGE_SIZE = 100
DEFAULT_PAGE_SIZE = 50
MAX_PAGE = 100_000
PAGE_DESCRIPTION = "Page number, from 1."
PAGE_SIZE_DESCRIPTION = f"Rows per page, at most {MAX_PAGE_SIZE}."

Cut = Callable[[QuerySet, int, int], list]


def slice_rows(rows: QuerySet, start: int, size: int) -> list:
    """The page's rows in one slice query."""
    return list(rows[start : start + size])


def paged(
    rows: QuerySet,
    page: int,
    page_size: int,
    row: Callable[[Any], dict],
    cut: Cut = slice_rows,
) -> dict:
    """One page of ``rows`` in the list envelope, each row written by ``row``: a count
    query, then ``cut(rows, start, size)`` unless the page starts past the last row."""
    count = rows.count()
    start = (page - 1) * page_size
    items = cut(rows, start, page_size) if start < count else []
    return {
        "count": count,
        "page": page,
        "page_size": page_size,
        "pages": max(1, math.ceil(count / page_size)),
        "results": [row(item) for item in items],
    }


def page_parameter() -> Any:
    """The ``page`` query parameter of a list operation (or of its query schema), declared
    once: ``page: int = page_parameter()``."""
    return Query(1, ge=1, le=MAX_PAGE, description=PAGE_DESCRIPTION)


def page_size_parameter() -> Any:
    """The ``page_size`` query parameter: ``page_size: int = page_size_parameter()``."""
    return Query(DEFAULT_PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE, description=PAGE_SIZE_DESCRIPTION)

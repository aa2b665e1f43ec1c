"""A rating list's leaderboard: its rows, ranked in SQL, and its pages in rating order.

Ranks are computed in SQL with a window function, never by the table: django-tables2's row
counter restarts on every page. A page in the default order (by live rating) is cut and
ranked without the window function (:func:`page_in_rating_order`, :func:`rank_page`).
"""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Count, F, QuerySet, Window
from django.db.models.functions import Rank

from ratings.models import PlayerRating, RatingList


def leaderboard_rows(rating_list: RatingList) -> QuerySet[PlayerRating]:
    """Rated players of ``rating_list``, unranked, with player and club joined.

    Filter this queryset, then pass it to :func:`with_rank`.
    """
    return (
        PlayerRating.objects.filter(rating_list=rating_list, live_rating__isnull=False)
        .select_related("player", "player__club", "rating_list")
        .order_by(F("live_rating").desc(), "player__last_name", "player__first_name")
    )


def with_rank(rows: QuerySet[PlayerRating]) -> QuerySet[PlayerRating]:
    """Annotate ``rank``: 1 + the number of rows above by live rating (ties share a rank)."""
    return rows.annotate(rank=Window(Rank(), order_by=F("live_rating").desc()))


def live_rating_counts(rating_list: RatingList) -> list[tuple[Decimal, int]]:
    """The live ratings of ``rating_list``'s rated players with the number of players on
    each, highest first (one grouped read of the list's index): where every page of the
    whole list starts and ends, without counting past the rows before it."""
    return list(
        PlayerRating.objects.filter(rating_list=rating_list, live_rating__isnull=False)
        .values_list("live_rating")
        .annotate(players=Count("pk"))
        .order_by(F("live_rating").desc())
    )


def page_in_rating_order(
    rows: QuerySet[PlayerRating],
    *,
    offset: int,
    limit: int,
    counts: list[tuple[Decimal, int]] | None = None,
) -> tuple[list[PlayerRating], int | None]:
    """Rows ``offset`` to ``offset + limit`` of ``rows`` (ordered by live rating first), and
    the number of rows rated above the page's first row (``None``: not counted).

    ``rows[offset:offset + limit]`` would make the database join and sort every row before
    the page (hundreds of milliseconds deep in a federation's list). Instead: the page's
    highest and lowest ratings are found first, then only the rows between them are read,
    cut where the page starts: after the rows rated above its first row. The ratings come
    from ``counts`` (:func:`live_rating_counts` of the unfiltered list, cached by the
    caller) or else from the list's index on live rating, with one count."""
    if not offset:
        return list(rows[:limit]), None
    if counts is not None:
        window = _window(counts, offset, limit)
        if window is None:
            return [], None
        top, bottom, above = window
    else:
        ratings = list(
            rows.order_by(F("live_rating").desc()).values_list("live_rating", flat=True)[
                offset : offset + limit
            ]
        )
        if not ratings:
            return [], None
        top, bottom = ratings[0], ratings[-1]
        above = rows.filter(live_rating__gt=top).count()
    between = rows.filter(live_rating__lte=top, live_rating__gte=bottom)
    return list(between[offset - above : offset - above + limit]), above


def _window(
    counts: list[tuple[Decimal, int]], offset: int, limit: int
) -> tuple[Decimal, Decimal, int] | None:
    """The ratings of the rows ``offset`` and ``offset + limit - 1`` (or the last) in
    ``counts``' order, and the number of rows above the first; ``None``: past the end."""
    top, above, position = None, 0, 0
    last = offset + limit - 1
    for rating, players in counts:
        if top is None and position + players > offset:
            top, above = rating, position
        position += players
        if top is not None and position > last:
            return top, rating, above
    if top is None:
        return None
    return top, counts[-1][0], above


def rank_page(
    rows: QuerySet[PlayerRating],
    page: list[PlayerRating],
    *,
    offset: int,
    above_top: int | None = None,
) -> None:
    """Set ``rank`` on ``page``: the rows ``offset`` onwards of ``rows`` by live rating.

    What :func:`with_rank` computes for every row, for one page only: a row's rank is 1 + the
    number of rows above it by live rating. On a page in rating order that is ``offset`` + the
    position of the first row of its rating on the page + 1, except for rows tied with the
    page's first row, whose tie may start on an earlier page: one indexed count finds theirs.
    The window function ranks the whole list before the page can be cut, at every request.
    ``above_top``: that count, when the caller has it.
    """
    if not page:
        return
    top = page[0].live_rating
    if above_top is None:
        above_top = rows.filter(live_rating__gt=top).count() if offset else 0
    first_at: dict[Decimal, int] = {}
    for index, row in enumerate(page):
        if row.live_rating == top:
            row.rank = above_top + 1
        else:
            row.rank = offset + first_at.setdefault(row.live_rating, index) + 1

"""A rating list's leaderboard: its rows, ranked in SQL, and its pages in rating order.

Ranks are computed in SQL with a window function, never by the table: django-tables2's row
counter restarts on every page. A page in the default order (by live rating) is cut and
ranked without the window function (:func:`page_in_rating_order`, :func:`rank_page`). The
page asks for one page at once (:func:`leaderboard_page`): its rows in order, ranked, and
where it is among the pages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, F, QuerySet, Window
from django.db.models.functions import Rank

from ratings.models import PlayerRating, RatingList

LEADERBOARD_PER_PAGE = 50
"""Rows on a page of the leaderboard."""

LEADERBOARD_ORDERS: dict[str, tuple[str, ...]] = {
    "rank": ("-live_rating", "player__last_name", "player__first_name"),
    "name": ("player__last_name", "player__first_name"),
    "federation": ("player__federation",),
    "club": ("player__club__name",),
    "live_rating": ("live_rating",),
    "rating": ("rating",),
    "games": ("games",),
    "peak": ("peak",),
}
"""The orders of the leaderboard by the column that asks for them (``?sort=name``;
``?sort=-name``: each field the other way), as the table's sortable columns sort."""

LEADERBOARD_DEFAULT_ORDER = ("rank",)
"""The order without ``?sort=``: by rank, i.e. by live rating."""


def leaderboard_rows(rating_list: RatingList) -> QuerySet[PlayerRating]:
    """Rated players of ``rating_list``, unranked, with player and club joined.

    Filter this queryset, then pass it to :func:`with_rank`.
    """
    return (
        PlayerRating.objects.filter(rating_list=rating_list, live_rating__isnull=False)
        .select_related("player", "player__club", "rating_list")
        .order_by(*LEADERBOARD_ORDERS["rank"])
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


@dataclass(frozen=True)
class LeaderboardPage:
    """One page of a leaderboard: its rows in order, each with its ``rank`` within the rows
    it was cut from, the order they are in (the sortable columns' names, ``-`` for
    descending, as in ``?sort=``), and where the page is among the pages (what a pager
    reads: ``number``, ``num_pages``, the previous and the next)."""

    rows: list[PlayerRating]
    order: tuple[str, ...]
    number: int
    count: int
    per_page: int

    @property
    def num_pages(self) -> int:
        return _num_pages(self.count, self.per_page)

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.num_pages

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


def leaderboard_page(
    rows: QuerySet[PlayerRating],
    *,
    sort: Sequence[str] = (),
    page: int | None = None,
    per_page: int = LEADERBOARD_PER_PAGE,
    counts: Callable[[], list[tuple[Decimal, int]]] | None = None,
) -> LeaderboardPage:
    """The page ``page`` of ``rows`` (:func:`leaderboard_rows`, filtered) sorted by ``sort``,
    ranked within ``rows``.

    ``sort``: the orders asked for (``?sort=``; those not in :data:`LEADERBOARD_ORDERS` are
    ignored), none: :data:`LEADERBOARD_DEFAULT_ORDER`. ``page``: ``None`` is the first page;
    a page before the first or after the last is the last (as django-tables2's pager had
    it). ``counts``: when ``rows`` are the whole list, a callable giving its
    :func:`live_rating_counts` (cached by the caller), read for a later page in rating order
    only: the rows are then neither counted nor read before the page.

    In rating order (by rank, or no valid order) the page is cut and ranked by
    :func:`page_in_rating_order` and :func:`rank_page`; in any other order the rows are
    ranked by the window function and cut after it. A count (or the counts), then the
    page's own reads."""
    if sort:
        order = tuple(alias for alias in sort if alias.removeprefix("-") in LEADERBOARD_ORDERS)
    else:
        order = LEADERBOARD_DEFAULT_ORDER
    number = 1 if page is None else page
    in_rating_order = order in ((), LEADERBOARD_DEFAULT_ORDER)
    list_counts = counts() if counts is not None and in_rating_order and number != 1 else None
    if list_counts is not None:
        count = sum(players for _rating, players in list_counts)
    else:
        count = rows.count()
    if not 1 <= number <= _num_pages(count, per_page):
        number = _num_pages(count, per_page)
    offset = (number - 1) * per_page
    if in_rating_order:
        found, above = page_in_rating_order(
            rows, offset=offset, limit=per_page, counts=list_counts if offset else None
        )
        rank_page(rows, found, offset=offset, above_top=above)
    else:
        fields = [field for alias in order for field in _fields(alias)]
        ranked = with_rank(rows).order_by(*fields)
        found = list(ranked[offset : min(offset + per_page, count)])
    return LeaderboardPage(found, order, number, count, per_page)


def _num_pages(count: int, per_page: int) -> int:
    """The pages ``count`` rows fill; one when there is no row."""
    return max(1, -(-count // per_page))


def _fields(alias: str) -> tuple[str, ...]:
    """The fields of an order in :data:`LEADERBOARD_ORDERS`; ``-name``: each the other way."""
    fields = LEADERBOARD_ORDERS[alias.removeprefix("-")]
    if not alias.startswith("-"):
        return fields
    return tuple(field[1:] if field.startswith("-") else f"-{field}" for field in fields)

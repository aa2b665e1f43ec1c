"""Read helpers for the public rating pages: ready querysets and grouped ledgers.

Ranks are computed in SQL with a window function, never by the table: django-tables2's row
counter restarts on every page.

Ranks and filters: a leaderboard is ranked *within the rows it shows*. The view filters the
unranked queryset first (sex, juniors, club, federation, activity) and ranks afterwards with
:func:`with_rank`, so the women's leaderboard starts at rank 1, as FIDE's top lists for women,
juniors or one federation do. SQL evaluates ``WHERE`` before window functions, so filtering a
queryset that already carries the rank gives the same result; ranking last makes it explicit.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, F, OuterRef, QuerySet, Subquery, Window
from django.db.models.functions import Coalesce, Rank

from players.models import Player
from ratings.models import (
    PlayerRating,
    PublishedList,
    PublishedRating,
    RatingChange,
    RatingList,
)
from ratings.systems import fide

JUNIOR_AGE = 20
"""FIDE's junior lists: players who are under 20 on 1 January of the list's year."""

ACTIVE_DAYS = 365
"""Active: at least one rated game in the last twelve months."""


def rating_lists_overview() -> QuerySet[RatingList]:
    """Rating lists for the home page, with their rated players and latest published list.

    Two correlated subqueries, not joins: joining both the ratings and the published lists
    multiplies the rows (players × lists) before counting.
    """
    rated = (
        PlayerRating.objects.filter(rating_list=OuterRef("pk"), live_rating__isnull=False)
        .order_by()
        .values("rating_list")
        .annotate(count=Count("pk"))
        .values("count")
    )
    last = published_lists_of(OuterRef("pk")).values("date")[:1]
    return RatingList.objects.annotate(
        rated_players=Coalesce(Subquery(rated), 0),
        last_published=Subquery(last),
    ).order_by("position", "name")


def leaderboard_rows(rating_list: RatingList) -> QuerySet[PlayerRating]:
    """Rated players of ``rating_list``, unranked, with player and club joined.

    Filter this queryset, then pass it to :func:`with_rank`.
    """
    return (
        PlayerRating.objects.filter(rating_list=rating_list, live_rating__isnull=False)
        .select_related("player", "player__club")
        .order_by(F("live_rating").desc(), "player__last_name", "player__first_name")
    )


def with_rank(rows: QuerySet[PlayerRating]) -> QuerySet[PlayerRating]:
    """Annotate ``rank``: 1 + the number of rows above by live rating (ties share a rank)."""
    return rows.annotate(rank=Window(Rank(), order_by=F("live_rating").desc()))


def rank_page(rows: QuerySet[PlayerRating], page: list[PlayerRating], *, offset: int) -> None:
    """Set ``rank`` on ``page``: the rows ``offset`` onwards of ``rows`` by live rating.

    What :func:`with_rank` computes for every row, for one page only: a row's rank is 1 + the
    number of rows above it by live rating. On a page in rating order that is ``offset`` + the
    position of the first row of its rating on the page + 1, except for rows tied with the
    page's first row, whose tie may start on an earlier page: one indexed count finds theirs.
    The window function ranks the whole list before the page can be cut, at every request.
    """
    if not page:
        return
    top = page[0].live_rating
    above_top = rows.filter(live_rating__gt=top).count() if offset else 0
    first_at: dict[Decimal, int] = {}
    for index, row in enumerate(page):
        if row.live_rating == top:
            row.rank = above_top + 1
        else:
            row.rank = offset + first_at.setdefault(row.live_rating, index) + 1


def junior_born_on_or_after(today: datetime.date) -> datetime.date:
    """The earliest birth date of a junior on ``today``'s list."""
    return datetime.date(today.year - JUNIOR_AGE, 1, 1)


def active_since(today: datetime.date) -> datetime.date:
    """The earliest last-game date of an active player."""
    return today - datetime.timedelta(days=ACTIVE_DAYS)


def federations_of(rating_list: RatingList) -> list[str]:
    """Federation codes of the players rated in ``rating_list``, sorted."""
    return list(
        Player.objects.filter(ratings__rating_list=rating_list, ratings__live_rating__isnull=False)
        .exclude(federation="")
        .order_by("federation")
        .values_list("federation", flat=True)
        .distinct()
    )


def published_lists_of(rating_list: RatingList) -> QuerySet[PublishedList]:
    """The published lists of ``rating_list``, newest first (without the replay checkpoint)."""
    return (
        PublishedList.objects.filter(rating_list=rating_list)
        .defer("replay_state")
        .order_by("-date")
    )


def published_rows(published: PublishedList) -> QuerySet[PublishedRating]:
    """The rows of a published list, ranked by rating (a window function), players joined."""
    return (
        PublishedRating.objects.filter(published_list=published)
        .select_related("player", "player__club")
        .annotate(rank=Window(Rank(), order_by=F("rating").desc()))
        .order_by("rank", "player__last_name", "player__first_name")
    )


# --------------------------------------------------------------------------- player page


@dataclass
class Period:
    """One rating period of a player's calculation in one list, as FIDE prints it.

    ``published`` is the list the games are rated in; ``None`` for the current, open period.
    """

    published: PublishedList | None
    changes: list[RatingChange] = field(default_factory=list)

    @property
    def is_rated(self) -> bool:
        """Whether any game of the period changed the rating (false while still unrated)."""
        return any(c.change is not None for c in self.changes)

    @property
    def sum_delta(self) -> Decimal:
        """Σ(score − expected) over the rated games."""
        return sum(
            (c.score - c.expected for c in self.changes if c.expected is not None), Decimal(0)
        )

    @property
    def k_sum_delta(self) -> Decimal:
        """K × Σ(score − expected), i.e. the sum of the per-game changes, unrounded."""
        return sum((c.change for c in self.changes if c.change is not None), Decimal(0))

    @property
    def rounded_change(self) -> int:
        """The period's change, rounded once (0.5 away from zero)."""
        return fide.round_change(self.k_sum_delta)


@dataclass
class ListCalculation:
    """A player's rating in one list and their ledger in it, newest period first."""

    rating_list: RatingList
    rating: PlayerRating | None
    periods: list[Period] = field(default_factory=list)


def player_ratings(player: Player) -> QuerySet[PlayerRating]:
    """The player's ratings, one per list, in list order."""
    return (
        PlayerRating.objects.filter(player=player)
        .select_related("rating_list")
        .order_by("rating_list__position", "rating_list__name")
    )


def player_ledger(player: Player) -> QuerySet[RatingChange]:
    """Every ledger row of ``player``, oldest first, with everything a row prints joined."""
    return (
        RatingChange.objects.filter(player=player)
        .select_related("rating_list", "period", "tournament", "opponent", "game__round")
        # The replay checkpoint is the system's whole state (every player): never for a page.
        .defer("period__replay_state")
        .order_by("rating_list__position", "date", "tournament_id", "game__round__number", "pk")
    )


def player_calculations(player: Player) -> list[ListCalculation]:
    """Ratings and ledgers of ``player`` grouped by list and period (two queries)."""
    by_list: dict[int, ListCalculation] = {}
    for rating in player_ratings(player):
        by_list[rating.rating_list_id] = ListCalculation(rating.rating_list, rating)
    periods: dict[tuple[int, int | None], Period] = {}
    for change in player_ledger(player):
        calculation = by_list.setdefault(
            change.rating_list_id, ListCalculation(change.rating_list, None)
        )
        key = (change.rating_list_id, change.period_id)
        if key not in periods:
            periods[key] = Period(change.period)
            calculation.periods.append(periods[key])
        periods[key].changes.append(change)
    for calculation in by_list.values():
        calculation.periods.sort(key=_period_sort_key)
    return sorted(by_list.values(), key=lambda c: (c.rating_list.position, c.rating_list.name))


def _period_sort_key(period: Period) -> tuple[int, int]:
    """The open period first, then published periods newest first."""
    if period.published is None:
        return (0, 0)
    return (1, -period.published.date.toordinal())

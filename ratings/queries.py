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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Max, Q, QuerySet, Window
from django.db.models.functions import Rank
from django.utils.translation import gettext as _

from players.models import Player
from ratings.enums import RatingSystem
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

FESA_ACTIVE_DAYS = 730
"""The FESA list shows players with a rated game in the last two years (shown by default)."""

GRADE_SYSTEMS = frozenset({"egf", "egf_old", "fesa"})
"""Rating systems whose players have grades (go kyu/dan, shogi kyu/dan)."""


def rating_lists_overview() -> QuerySet[RatingList]:
    """Rating lists for the home page, with their rated players and latest published list."""
    return RatingList.objects.annotate(
        rated_players=Count(
            "player_ratings",
            filter=Q(player_ratings__live_rating__isnull=False),
            distinct=True,
        ),
        last_published=Max("published_lists__date"),
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


def junior_born_on_or_after(today: datetime.date) -> datetime.date:
    """The earliest birth date of a junior on ``today``'s list."""
    return datetime.date(today.year - JUNIOR_AGE, 1, 1)


def active_since(today: datetime.date, days: int = ACTIVE_DAYS) -> datetime.date:
    """The earliest last-game date of an active player (active within ``days``)."""
    return today - datetime.timedelta(days=days)


def active_days(rating_list: RatingList) -> int:
    """The activity window of a list: two years for FESA, twelve months otherwise."""
    return FESA_ACTIVE_DAYS if rating_list.system == "fesa" else ACTIVE_DAYS


# --------------------------------------------------------------------------- grades


def has_grades(rating_list: RatingList | None) -> bool:
    """Whether the list's players have kyu/dan grades (go and shogi)."""
    return rating_list is not None and rating_list.system in GRADE_SYSTEMS


def grade_label(grade: str, declared_grade: str = "") -> str:
    """A player's grade as printed: the grade the replay derived (EGF: from the rating per
    EGD; FESA: by promotion), else the declared grade marked as such, else empty."""
    if grade:
        return grade
    if declared_grade:
        return _("%(grade)s (declared)") % {"grade": declared_grade}
    return ""


def grades_for(rating_list: RatingList | None, player_ids: Iterable[int]) -> dict[int, str]:
    """Player id -> grade label in ``rating_list`` (one query); empty for a list without
    grades (FIDE: titles and classes are shown instead)."""
    if not has_grades(rating_list):
        return {}
    rows = PlayerRating.objects.filter(
        rating_list=rating_list, player_id__in=list(player_ids)
    ).values_list("player_id", "grade", "declared_grade")
    return {pid: grade_label(grade, declared) for pid, grade, declared in rows}


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
    """The published lists of ``rating_list``, newest first."""
    return PublishedList.objects.filter(rating_list=rating_list).order_by("-date")


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


#: The results a preview is shown for, with the score of white.
PREVIEW_RESULTS = (("10", Decimal(1)), ("==", Decimal("0.5")), ("01", Decimal(0)))


@dataclass(frozen=True)
class ResultPreview:
    """The unrounded FIDE change a result would cause, for white and for black."""

    result: str
    white: Decimal
    black: Decimal


def result_previews(*, tournament: Any, games: Sequence[Any]) -> dict[int, list[ResultPreview]]:
    """For each rated board of ``games`` (two rated players, FIDE list): the change each of
    1-0, ½-½ and 0-1 would cause to both players, keyed by game id.

    The ratings and K are those the replay would use for a new game of the open period: the
    rating and K already used for the player in this tournament (its ledger rows), else the
    player's published rating and K; K is capped by K × n ≤ 700 with this game counted.
    Boards with an unrated player, and tournaments that are unrated or rated in a list that is
    not FIDE, get no preview. Three queries whatever the number of boards.
    """
    if tournament.rating_list_id is None:
        return {}
    rating_list = RatingList.objects.get(pk=tournament.rating_list_id)
    if rating_list.system != RatingSystem.FIDE:
        return {}
    boards = [g for g in games if g.black_id is not None]
    ids = {g.white_id for g in boards} | {g.black_id for g in boards}
    current: dict[int, tuple[int | None, int | None, int]] = {
        row["player_id"]: (row["rating"], row["k"], row["period_games"])
        for row in PlayerRating.objects.filter(rating_list=rating_list, player_id__in=ids).values(
            "player_id", "rating", "k", "period_games"
        )
    }
    used = {
        row["player_id"]: (row["rating_used"], row["k"])
        for row in RatingChange.objects.filter(
            rating_list=rating_list, tournament_id=tournament.pk, player_id__in=ids
        )
        .order_by("date", "pk")
        .values("player_id", "rating_used", "k")
    }
    time_control = rating_list.time_control
    previews: dict[int, list[ResultPreview]] = {}
    for game in boards:
        counted = game.result in RATED_CODES
        sides = [
            _rating_and_k(current, used, pid, counted) for pid in (game.white_id, game.black_id)
        ]
        if any(side is None for side in sides):
            continue
        (white, k_white), (black, k_black) = sides  # type: ignore[misc]
        previews[game.pk] = [
            ResultPreview(
                result=code,
                white=fide.rating_change(
                    white, k_white, [(black, score)], time_control=time_control
                ),
                black=fide.rating_change(
                    black, k_black, [(white, 1 - score)], time_control=time_control
                ),
            )
            for code, score in PREVIEW_RESULTS
        ]
    return previews


#: Result codes of rated games (already counted in a player's games of the period).
RATED_CODES = frozenset(code for code, _score in PREVIEW_RESULTS)


def _rating_and_k(
    current: dict[int, tuple[int | None, int | None, int]],
    used: dict[int, tuple[int | None, int | None]],
    player_id: int,
    counted: bool,
) -> tuple[int, int] | None:
    if player_id not in current:
        return None
    rating, k, period_games = current[player_id]
    if player_id in used and used[player_id][0] is not None:
        rating = used[player_id][0]
    if rating is None or k is None:
        return None
    return rating, fide.capped_k(k, period_games + (0 if counted else 1))


def tournament_grades(tournament: Any, player_ids: Iterable[int]) -> dict[int, str] | None:
    """Player id -> grade for a tournament rated in a go or shogi list; ``None`` for other
    tournaments (no grade column). One query, none for chess or unrated tournaments."""
    if tournament.rating_list_id is None:
        return None
    rating_list = tournament.rating_list
    if not has_grades(rating_list):
        return None
    return grades_for(rating_list, player_ids)

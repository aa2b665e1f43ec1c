"""Rating lists: the home page's overview, top-list categories, grades, published lists and
the distribution of ratings (the leaderboard's rows, ranks and pages:
:mod:`ratings.queries.leaderboard`).

Ranks and filters: a leaderboard is ranked *within the rows it shows*. The view filters the
unranked queryset first (sex, juniors, club, federation, activity) and ranks afterwards with
:func:`with_rank`, so the women's leaderboard starts at rank 1, as FIDE's top lists for women,
juniors or one federation do. SQL evaluates ``WHERE`` before window functions, so filtering a
queryset that already carries the rank gives the same result; ranking last makes it explicit.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import (
    Count,
    Exists,
    F,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    Window,
)
from django.db.models.functions import Floor, Rank
from django.utils import timezone
from django.utils.translation import gettext as _

from players.models import Club, Player
from ratings.models import (
    PlayerRating,
    PublishedList,
    PublishedRating,
    RatingList,
)
from rules.ratings import classes

JUNIOR_AGE = 20
"""FIDE's junior lists: players who are under 20 on 1 January of the list's year."""

ACTIVE_DAYS = 365
"""Active: at least one rated game in the last twelve months."""

FESA_ACTIVE_DAYS = 730
"""The FESA list shows players with a rated game in the last two years (shown by default)."""

GRADE_SYSTEMS = frozenset({"egf", "egf_old", "fesa"})
"""Rating systems whose players have grades (go kyu/dan, shogi kyu/dan)."""

SENIOR_AGES = (50, 65)
"""FIDE's senior categories: 50+ and 65+."""

TOP_CATEGORIES = ("open", "women", "juniors", "girls", "seniors50", "seniors65")
"""The top lists of a rating list, as FIDE publishes them (by federation and club: filters)."""

BAND_WIDTH = 100
"""The width of a rating band in the distribution table."""


def with_lists_version(players: QuerySet[Player]) -> QuerySet[Player]:
    """Annotate ``lists_version`` (the newest version among a player's lists) and
    ``lists_count``: the cache key of their page, read with the player. A replay of any of
    their lists raises the newest version (versions follow the clock); joining or leaving a
    list changes the count."""
    return players.annotate(
        lists_version=Max("ratings__rating_list__version"), lists_count=Count("ratings")
    )


def rating_lists_overview() -> list[RatingList]:
    """Rating lists for the home page, with their rated players (``rated_players``) and
    latest published list.

    The rated players of every list are counted in one grouped read of the ratings (two
    queries in all): a count per list in a subquery made the database read all the ratings
    once per list.
    """
    rated = dict(
        PlayerRating.objects.filter(live_rating__isnull=False)
        .order_by()
        .values_list("rating_list")
        .annotate(count=Count("pk"))
    )
    last = published_lists_of(OuterRef("pk")).values("date")[:1]
    lists = list(
        RatingList.objects.annotate(
            last_published=Subquery(last),
            top_threshold=Subquery(_top_ratings(OuterRef("pk"))[TOP - 1 : TOP]),
        ).order_by("position", "name")
    )
    for rating_list in lists:
        rating_list.rated_players = rated.get(rating_list.pk, 0)
    return lists


TOP = 10
"""Players per list on the home page."""


def _shown_on_home(rows: QuerySet[PlayerRating]) -> QuerySet[PlayerRating]:
    """Rated rows as the leaderboards show them by default (FESA: active in two years)."""
    since = active_since(timezone.localdate(), FESA_ACTIVE_DAYS)
    return rows.filter(live_rating__isnull=False).exclude(
        Q(rating_list__system="fesa") & ~Q(last_played__gte=since)
    )


def _top_ratings(rating_list) -> QuerySet:
    """The live ratings of a list's shown players, highest first."""
    rows = _shown_on_home(PlayerRating.objects.filter(rating_list=rating_list))
    return rows.order_by(F("live_rating").desc()).values("live_rating")


def top_players(lists: list[RatingList]) -> dict[int, list[PlayerRating]]:
    """List id -> its top :data:`TOP` players (ranked, player, club and list joined), in one
    query: ``lists`` come from :func:`rating_lists_overview`, whose ``top_threshold`` (the
    10th highest rating) lets one indexed range per list fetch them."""
    condition = Q()
    for rating_list in lists:
        if rating_list.rated_players:
            threshold = rating_list.top_threshold
            part = Q(rating_list=rating_list)
            if threshold is not None:
                part &= Q(live_rating__gte=threshold)
            condition |= part
    if not condition:
        return {}
    rows = (
        _shown_on_home(PlayerRating.objects.filter(condition))
        .select_related("player", "player__club", "rating_list")
        .order_by(
            "rating_list_id", F("live_rating").desc(), "player__last_name", "player__first_name"
        )
    )
    found: dict[int, list[PlayerRating]] = {}
    for row in rows:
        found.setdefault(row.rating_list_id, []).append(row)
    for ranked in found.values():
        del ranked[TOP:]
        previous = None
        for index, row in enumerate(ranked, start=1):
            row.rank = (
                previous.rank if previous and previous.live_rating == row.live_rating else index
            )
            previous = row
    return found


def latest_published() -> PublishedList | None:
    """The most recently published list of any rating list (list joined)."""
    return (
        PublishedList.objects.select_related("rating_list")
        .defer("replay_state")
        .order_by("-date", "rating_list__position")
        .first()
    )


def biggest_movers(published: PublishedList, count: int = 5) -> tuple[list, list]:
    """The ``count`` biggest gains and falls of a published list (players joined)."""
    rows = PublishedRating.objects.filter(published_list=published).select_related(
        "player", "player__club"
    )
    gains = rows.filter(change__gt=0).order_by("-change", "player__last_name", "player__first_name")
    falls = rows.filter(change__lt=0).order_by("change", "player__last_name", "player__first_name")
    return list(gains[:count]), list(falls[:count])


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


def filter_category(rows: QuerySet, category: str, year: int, prefix: str = "player__"):
    """Keep the rows of one top list (see :data:`TOP_CATEGORIES`) for a list of ``year``.

    Ages are counted by year of birth, as FIDE does: a junior is at most 20 in the list's year
    (born in ``year - 20`` or later), a senior 50+ at least 50 (born in ``year - 50`` or
    earlier), a senior 65+ at least 65. Players without a birth date are in no age list.
    """
    women = {f"{prefix}sex": "f"}
    juniors = {f"{prefix}birth_date__gte": datetime.date(year - JUNIOR_AGE, 1, 1)}
    if category == "women":
        return rows.filter(**women)
    if category == "juniors":
        return rows.filter(**juniors)
    if category == "girls":
        return rows.filter(**women, **juniors)
    for age in SENIOR_AGES:
        if category == f"seniors{age}":
            return rows.filter(**{f"{prefix}birth_date__lt": datetime.date(year - age + 1, 1, 1)})
    return rows


def federations_of(rating_list: RatingList) -> list[str]:
    """Federation codes of the players rated in ``rating_list``, sorted."""
    return list(
        Player.objects.filter(ratings__rating_list=rating_list, ratings__live_rating__isnull=False)
        .exclude(federation="")
        .order_by("federation")
        .values_list("federation", flat=True)
        .distinct()
    )


def clubs_of(rating_list: RatingList | None) -> QuerySet[Club]:
    """The clubs with at least one player rated in ``rating_list`` (every club for ``None``),
    by name: the leaderboard's club filter."""
    if rating_list is None:
        return Club.objects.order_by("name")
    rated = PlayerRating.objects.filter(
        rating_list=rating_list, player__club=OuterRef("pk"), live_rating__isnull=False
    )
    return Club.objects.filter(Exists(rated)).order_by("name")


def club_choices(rating_list: RatingList) -> list[tuple[int, str]]:
    """(id, name) of :func:`clubs_of` ``rating_list``: the leaderboard's club filter."""
    return list(clubs_of(rating_list).values_list("pk", "name"))


def published_lists_of(rating_list: RatingList) -> QuerySet[PublishedList]:
    """The published lists of ``rating_list``, newest first (without the replay checkpoint)."""
    return (
        PublishedList.objects.filter(rating_list=rating_list)
        .defer("replay_state")
        .order_by("-date")
    )


def previous_published(published: PublishedList) -> PublishedList | None:
    """The list published before ``published`` in the same rating list, or ``None``."""
    return (
        PublishedList.objects.filter(
            rating_list_id=published.rating_list_id, date__lt=published.date
        )
        .order_by("-date")
        .first()
    )


def published_rows(
    published: PublishedList, previous: PublishedList | None = None
) -> QuerySet[PublishedRating]:
    """The rows of a published list, ranked by rating (a window function), players joined.

    ``is_new`` marks players without a row in ``previous`` (every row when there is none).
    """
    if previous is None:
        is_new = Value(True)
    else:
        is_new = ~Exists(
            PublishedRating.objects.filter(published_list=previous, player_id=OuterRef("player_id"))
        )
    return (
        PublishedRating.objects.filter(published_list=published)
        .select_related("player", "player__club")
        .annotate(rank=Window(Rank(), order_by=F("rating").desc()), is_new=is_new)
        .order_by("rank", "player__last_name", "player__first_name")
    )


def published_summary(published: PublishedList, previous: PublishedList | None) -> dict:
    """Counts of a published list (one query): players, new entries, rated up, down."""
    rows = PublishedRating.objects.filter(published_list=published)
    new = Count("pk")
    if previous is not None:
        in_previous = PublishedRating.objects.filter(
            published_list=previous, player_id=OuterRef("player_id")
        )
        new = Count("pk", filter=~Q(Exists(in_previous)))
    return rows.aggregate(
        players=Count("pk"),
        new=new,
        up=Count("pk", filter=Q(change__gt=0)),
        down=Count("pk", filter=Q(change__lt=0)),
    )


def published_archive(rating_list: RatingList) -> QuerySet[PublishedList]:
    """The published lists of ``rating_list``, newest first, with their number of rows."""
    return published_lists_of(rating_list).annotate(entry_count=Count("entries"))


# --------------------------------------------------------------------------- distribution


@dataclass(frozen=True)
class Band:
    """Players whose rounded rating is in ``low`` … ``low + 99``."""

    low: int
    count: int
    at_or_above: int
    percent: Decimal

    @property
    def high(self) -> int:
        return self.low + BAND_WIDTH - 1


@dataclass
class Distribution:
    """A list's rating distribution: bands (highest first), titles and classes."""

    total: int
    bands: list[Band]
    titles: list[tuple[str, int]]
    classes: list[tuple[str, int]]


def rating_distribution(rows: QuerySet[PlayerRating], *, chess: bool = True) -> Distribution:
    """Count ``rows`` per 100-point band of the rounded live rating, per title and per class.

    Two queries (bands, titles). Empty bands between the lowest and highest are listed with 0.
    Classes are summed from the bands: every class minimum is a multiple of 100. A rating is
    rounded half up before banding (1999.50 is in 2000-2099), as on the pages.
    """
    band_expr = Floor((F("live_rating") + Decimal("0.5")) / BAND_WIDTH)
    counted = {
        int(row["band"]) * BAND_WIDTH: row["n"]
        for row in rows.order_by()
        .annotate(band=band_expr)
        .values("band")
        .annotate(n=Count("pk"))
        .order_by()
    }
    total = sum(counted.values())
    bands: list[Band] = []
    if counted:
        above = 0
        for low in range(max(counted), min(counted) - 1, -BAND_WIDTH):
            count = counted.get(low, 0)
            above += count
            percent = (Decimal(100 * count) / total).quantize(Decimal("0.1"))
            bands.append(Band(low, count, above, percent))
    titles = {
        row["player__title"]: row["n"]
        for row in rows.order_by()
        .exclude(player__title="")
        .values("player__title")
        .annotate(n=Count("pk"))
        .order_by()
    }
    title_rows = [(code, titles[code]) for code in classes.TITLE_ORDER if code in titles]
    class_rows: list[tuple[str, int]] = []
    if chess:
        per_class: dict[str, int] = {band.code: 0 for band in classes.NATIONAL_CLASSES}
        for low, count in counted.items():
            per_class[classes.rating_class(max(low, 0)).code] += count
        class_rows = list(per_class.items())
    return Distribution(total, bands, title_rows, class_rows)

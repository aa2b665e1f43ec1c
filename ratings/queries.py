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
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.cache import cache
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
from django.db.models.functions import Coalesce, Floor, Rank
from django.utils.translation import get_language
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
from rules.ratings import classes, fide

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


PAGE_CACHE_SECONDS = 600
"""How long the public pages keep what they computed under a list's version. A replay bumps
the version (so results show at once); this bounds how long an edit that replays nothing
(a player's name or club, a list's description) takes to show."""


def cache_key(kind: str, *parts: Any) -> str:
    """A cache key for ``kind`` and ``parts`` in the current language (hashed: parts such as
    a query string may hold any character and any length)."""
    text = repr((get_language() or "", *parts))
    return f"ratings:{kind}:{hashlib.sha256(text.encode()).hexdigest()}"


def cached(key: str, compute, timeout: int = PAGE_CACHE_SECONDS):
    """The value cached under ``key``; else ``compute()``, cached for ``timeout`` seconds."""
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, timeout)
    return value


def list_versions() -> list[tuple[int, int]]:
    """(id, version) of every rating list: the cache key of pages showing all lists."""
    return list(RatingList.objects.order_by("pk").values_list("pk", "version"))


def with_lists_version(players: QuerySet[Player]) -> QuerySet[Player]:
    """Annotate ``lists_version`` (the newest version among a player's lists) and
    ``lists_count``: the cache key of their page, read with the player. A replay of any of
    their lists raises the newest version (versions follow the clock); joining or leaving a
    list changes the count."""
    return players.annotate(
        lists_version=Max("ratings__rating_list__version"), lists_count=Count("ratings")
    )


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
        .select_related("player", "player__club", "rating_list")
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


def age_in_year(birth_date: datetime.date, year: int) -> int:
    """A player's age as FIDE computes it for a list: the list's year minus the birth year."""
    return year - birth_date.year


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
    """Federation codes of the players rated in ``rating_list``, sorted (cached by version)."""

    def compute() -> list[str]:
        return list(
            Player.objects.filter(
                ratings__rating_list=rating_list, ratings__live_rating__isnull=False
            )
            .exclude(federation="")
            .order_by("federation")
            .values_list("federation", flat=True)
            .distinct()
        )

    return cached(cache_key("federations", rating_list.pk, rating_list.version), compute)


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


# --------------------------------------------------------------------------- histories


@dataclass(frozen=True)
class HistoryPoint:
    """One point of a rating history: a published list's rating, or the live rating."""

    date: datetime.date
    rating: Decimal | int
    live: bool
    events: tuple[str, ...] = ()


def _events_by_period(changes) -> dict[tuple[int, int | None], list[str]]:
    """Tournament names per (list, period), in the order played, without repeats."""
    events: dict[tuple[int, int | None], list[str]] = {}
    for change in changes:
        names = events.setdefault((change.rating_list_id, change.period_id), [])
        if change.tournament.name not in names:
            names.append(change.tournament.name)
    return events


def rating_histories(
    player_ids: list[int],
    *,
    rating_list: RatingList | None = None,
    changes: list[RatingChange] | None = None,
    ratings: list[PlayerRating] | None = None,
) -> dict[tuple[int, int], list[HistoryPoint]]:
    """Histories keyed by (player id, list id): every published rating, then the live rating.

    The live point (dated on the last rated game, or the starting date) is added when the
    player has games in the open period or no published rating yet. Pass the ledger rows and
    ratings already loaded (the player page) or let this read them: at most three queries
    whatever the number of points.
    """
    published = (
        PublishedRating.objects.filter(player_id__in=player_ids)
        .select_related("published_list")
        .defer("published_list__replay_state")  # the replay's checkpoint: megabytes of JSON
    )
    if rating_list is not None:
        published = published.filter(published_list__rating_list=rating_list)
    if changes is None:
        changes = RatingChange.objects.filter(player_id__in=player_ids).select_related("tournament")
        if rating_list is not None:
            changes = changes.filter(rating_list=rating_list)
        changes = list(changes.only("player_id", "rating_list_id", "period_id", "tournament__name"))
    if ratings is None:
        ratings = PlayerRating.objects.filter(player_id__in=player_ids, live_rating__isnull=False)
        if rating_list is not None:
            ratings = ratings.filter(rating_list=rating_list)
        ratings = list(ratings)
    events: dict[int, dict[tuple[int, int | None], list[str]]] = {}
    for change in changes:
        events.setdefault(change.player_id, {})
    for player_id in events:
        events[player_id] = _events_by_period(c for c in changes if c.player_id == player_id)
    histories: dict[tuple[int, int], list[HistoryPoint]] = {}
    for entry in published.order_by("published_list__date"):
        listed = entry.published_list
        key = (entry.player_id, listed.rating_list_id)
        names = events.get(entry.player_id, {}).get((listed.rating_list_id, listed.pk), [])
        histories.setdefault(key, []).append(
            HistoryPoint(listed.date, entry.rating, live=False, events=tuple(names))
        )
    for rating in ratings:
        if rating.live_rating is None:
            continue
        key = (rating.player_id, rating.rating_list_id)
        open_events = events.get(rating.player_id, {}).get((rating.rating_list_id, None), [])
        if open_events or key not in histories:
            day = rating.last_played or rating.starting_date
            if day is None:
                continue
            histories.setdefault(key, []).append(
                HistoryPoint(day, rating.live_rating, live=True, events=tuple(open_events))
            )
    return histories


# --------------------------------------------------------------------------- games, h2h


def player_games(player: Player, rating_list: RatingList | None = None) -> QuerySet[RatingChange]:
    """The player's ledger rows (one per rated game), newest first, for the paginated list."""
    rows = RatingChange.objects.filter(player=player)
    if rating_list is not None:
        rows = rows.filter(rating_list=rating_list)
    return rows.select_related("rating_list", "tournament", "opponent", "game__round").order_by(
        "-date", "-tournament_id", "-game__round__number", "-pk"
    )


@dataclass(frozen=True)
class HeadToHead:
    """A player's record against one opponent over their played games (forfeits excluded)."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> Decimal:
        return self.wins + Decimal("0.5") * self.draws


def head_to_head_games(player: Player, opponent: Player):
    """Every played game between the two players (any tournament, rated or not), oldest first."""
    from tournaments.enums import RoundStatus
    from tournaments.models import Game  # the tournaments app imports this module
    from tournaments.queries import POINTS

    played = list(
        Game.objects.filter(Q(white=player, black=opponent) | Q(white=opponent, black=player))
        .filter(result__in=_played_results())
        .exclude(round__status=RoundStatus.DRAFT)
        .select_related("round__tournament", "white", "black")
        .order_by("round__date", "round__tournament__start_date", "round__number", "pk")
    )
    wins = draws = losses = 0
    for game in played:
        white_points, black_points = POINTS[game.result]
        mine = white_points if game.white_id == player.pk else black_points
        theirs = black_points if game.white_id == player.pk else white_points
        if mine > theirs:
            wins += 1
        elif mine < theirs:
            losses += 1
        else:
            draws += 1
    return played, HeadToHead(wins, draws, losses)


def _played_results() -> frozenset[str]:
    """Results of games actually played (over the board, at least one move)."""
    from tournaments.enums import Result

    return frozenset({Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS})


@dataclass
class TournamentPerformance:
    """A player's rated games in one tournament: points against rated opponents, performance."""

    tournament: object
    rating_list: RatingList
    games: int = 0
    points: Decimal = Decimal(0)
    opponent_ratings: list[int] = field(default_factory=list)
    rated_points: Decimal = Decimal(0)
    change: Decimal | None = None

    @property
    def performance(self) -> int | None:
        """FIDE performance rating (``fide.performance_rating``) against rated opponents."""
        if not self.opponent_ratings:
            return None
        return fide.performance_rating(self.opponent_ratings, self.rated_points)

    @property
    def average_opponent(self) -> int | None:
        if not self.opponent_ratings:
            return None
        return fide.average_rating(self.opponent_ratings)


def tournament_performances(changes: list[RatingChange]) -> list[TournamentPerformance]:
    """Group ledger rows by tournament (newest first) with the player's performance in each."""
    found: dict[int, TournamentPerformance] = {}
    for change in changes:
        line = found.setdefault(
            change.tournament_id, TournamentPerformance(change.tournament, change.rating_list)
        )
        line.games += 1
        line.points += change.score
        if change.change is not None:
            line.change = (line.change or Decimal(0)) + change.change
        if change.opponent_rating is not None:
            line.opponent_ratings.append(change.opponent_rating)
            line.rated_points += change.score
    return sorted(
        found.values(),
        key=lambda line: (line.tournament.start_date, line.tournament.pk),
        reverse=True,
    )


def opponents_of(changes: list[RatingChange]) -> list[Player]:
    """The distinct opponents of a ledger, sorted by name."""
    seen = {change.opponent_id: change.opponent for change in changes}
    return sorted(seen.values(), key=lambda p: (p.last_name, p.first_name, p.pk))


def players_by_id(ids: list[int]) -> dict[int, Player]:
    """Players by id (one query)."""
    return {player.pk: player for player in Player.objects.filter(pk__in=ids)}


def search_players(text: str, limit: int = 20) -> list[Player]:
    """Up to ``limit`` players whose last or first name starts with ``text`` (case-insensitive)."""
    text = text.strip()
    if not text:
        return []
    return list(
        Player.objects.filter(
            Q(last_name__istartswith=text) | Q(first_name__istartswith=text)
        ).order_by("last_name", "first_name", "pk")[:limit]
    )

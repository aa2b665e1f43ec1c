"""What an incremental update reads: the list's published lists, the rated games of one period
(all of them, or those of some players with their ratings at each tournament's start), the
players' inputs and states, and the stored checkpoints."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import BooleanField, ExpressionWrapper, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingList
from ratings.recompute.reading import BATCH_SIZE, _players
from rules.ratings.replay import Checkpoint, GameInput, PlayerInput, TournamentInput
from tournaments.enums import RATED_RESULTS, WHITE_SCORE
from tournaments.models import Game, Tournament

_SCORE = {str(code): value for code, value in WHITE_SCORE.items()}


@dataclass(frozen=True)
class Lists:
    """A rating list's published lists, in date order; ``complete``: each has a checkpoint."""

    ids: list[int]
    dates: list[datetime.date]
    complete: bool

    @property
    def open_index(self) -> int:
        return len(self.ids)

    def bounds(self, index: int) -> tuple[datetime.date | None, datetime.date | None]:
        """The dates tournaments of period ``index`` end on or after, and before."""
        low = self.dates[index - 1] if index > 0 else None
        high = self.dates[index] if index < len(self.dates) else None
        return low, high


def published_lists(rating_list: RatingList) -> Lists:
    """The published lists (one query; the checkpoints themselves are not read)."""
    rows = list(
        PublishedList.objects.filter(rating_list=rating_list)
        .order_by("date")
        .annotate(
            missing=ExpressionWrapper(Q(replay_state__isnull=True), output_field=BooleanField())
        )
        .values_list("id", "date", "missing")
    )
    return Lists(
        ids=[pk for pk, _day, _missing in rows],
        dates=[day for _pk, day, _missing in rows],
        complete=not any(missing for _pk, _day, missing in rows),
    )


def stored_checkpoint(published_list_id: int) -> Checkpoint:
    return PublishedList.objects.values_list("replay_state", flat=True).get(pk=published_list_id)


@dataclass
class PeriodGames:
    """The rated games of a period, in replay order, with their tournaments; ``listed``
    (games read with ratings): per game and side, (starting rating, its date, the rating on
    the list in force at the tournament's start)."""

    games: list[GameInput]
    tournaments: dict[int, TournamentInput]
    listed: dict[int, tuple[tuple[Any, Any, Any], tuple[Any, Any, Any]]]


def _ratings_at_start(rating_list_id: int, side: str) -> dict[str, Subquery]:
    """A side's starting rating (and its date) and rating on the list in force at the start
    of the game's tournament, as subqueries of a game."""
    starting = PlayerRating.objects.filter(
        rating_list_id=rating_list_id, player_id=OuterRef(f"{side}_id")
    )
    in_force = (
        PublishedList.objects.filter(
            rating_list_id=rating_list_id,
            date__lte=OuterRef(OuterRef("round__tournament__start_date")),
        )
        .order_by("-date")
        .values("pk")[:1]
    )
    listed = PublishedRating.objects.filter(
        published_list_id=Subquery(in_force), player_id=OuterRef(f"{side}_id")
    )
    return {
        f"{side}_starting": Subquery(starting.values("starting_rating")[:1]),
        f"{side}_from": Subquery(starting.values("starting_date")[:1]),
        f"{side}_listed": Subquery(listed.values("rating")[:1]),
    }


def period_games(
    rating_list_id: int,
    bounds: tuple[datetime.date | None, datetime.date | None],
    *,
    players: set[int] | None = None,
) -> PeriodGames:
    """The rated games of the tournaments ending within ``bounds``, in replay order (one
    query). ``players``: only their games, each read with both players' ratings at the start
    (:attr:`PeriodGames.listed`)."""
    low, high = bounds
    games = Game.objects.filter(
        round__tournament__rating_list_id=rating_list_id,
        result__in=list(RATED_RESULTS),
        black__isnull=False,
    )
    if low is not None:
        games = games.filter(round__tournament__end_date__gte=low)
    if high is not None:
        games = games.filter(round__tournament__end_date__lt=high)
    extra: dict[str, Subquery] = {}
    if players is not None:
        games = games.filter(Q(white_id__in=players) | Q(black_id__in=players))
        extra = {
            **_ratings_at_start(rating_list_id, "white"),
            **_ratings_at_start(rating_list_id, "black"),
        }
    rows = (
        games.annotate(day=Coalesce("round__date", "round__tournament__end_date"), **extra)
        .order_by(
            "round__tournament__end_date",
            "round__tournament__start_date",
            "round__tournament_id",
            "round__number",
            "board",
        )
        .values_list(
            "id",
            "round__tournament_id",
            "day",
            "white_id",
            "black_id",
            "result",
            "handicap",
            "round__tournament__start_date",
            "round__tournament__end_date",
            "round__tournament__rating_class",
            *extra,
        )
    )
    result = PeriodGames([], {}, {})
    for gid, tid, day, white, black, code, handicap, start, end, rating_class, *more in rows:
        result.games.append(GameInput(gid, tid, day, white, black, _SCORE[code], handicap))
        if tid not in result.tournaments:
            result.tournaments[tid] = TournamentInput(tid, start, end, rating_class)
        if more:
            result.listed[gid] = (tuple(more[:3]), tuple(more[3:]))
    return result


def earliest_tournament(rating_list: RatingList) -> TournamentInput | None:
    """The list's first tournament (FIDE: before any list, the K of a starting rating valid
    from the beginning uses its year)."""
    row = (
        Tournament.objects.filter(rating_list=rating_list)
        .order_by("start_date", "pk")
        .values_list("id", "start_date", "end_date", "rating_class")
        .first()
    )
    return None if row is None else TournamentInput(*row)


def players_with_rows(
    rating_list: RatingList, wanted: set[int]
) -> tuple[dict[int, PlayerInput], dict[int, tuple[int, list[Any]]]]:
    """The inputs and stored fields of ``wanted`` players, creating their missing rows (a
    player's first rated game in the list)."""
    players, stored = _players(rating_list, only=wanted)
    missing = wanted - set(players)
    if missing:
        PlayerRating.objects.bulk_create(
            [PlayerRating(rating_list=rating_list, player_id=pid) for pid in sorted(missing)],
            batch_size=BATCH_SIZE,
            ignore_conflicts=True,
        )
        more_players, more_stored = _players(rating_list, only=missing)
        players.update(more_players)
        stored.update(more_stored)
    return players, stored

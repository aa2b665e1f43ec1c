"""A tournament's ratings: the ratings at the start, the rating changes, the standings with
them, the overview lines, grades, and the previews of a result's rating change."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import OuterRef, Subquery

from players.models import Player
from ratings.enums import RatingSystem
from ratings.models import (
    PlayerRating,
    PublishedRating,
    RatingChange,
    RatingList,
)
from ratings.queries.lists import GRADE_SYSTEMS, grades_for, has_grades
from rules.ratings import classes, fide
from tournaments.models import Game, Registration, Tournament
from tournaments.queries.standings import FieldStrength, StandingsData, ranked, standings_input

ZERO = Decimal(0)

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


# --------------------------------------------------------------------------- ratings at start


def ratings_at_start(
    tournament: Tournament, registrations: Iterable[Registration]
) -> dict[int, int | None]:
    """Player id -> the player's rating at the start of ``tournament``: the one rating shown
    for the tournament on its standings and its organiser pages, and in its TRF file for a
    player who holds a rating (``backoffice.files.trf.trf_ratings``).

    The registration's ``rating_at_start`` when the organiser (or the file imported) set
    one; otherwise, in a rated tournament, the rating in force at the start date:

    - FIDE lists: the rating on the latest list published on or before the start, or the
      player's starting rating if it is valid then and newer than that list (as the replay
      rates the games, docs/architecture.md). A player whose first rating appears on a list
      published during the tournament is unrated at its start (FIDE 8.2.4).
    - go and shogi lists (rated tournament by tournament): the rating the replay used for
      the player's games in this tournament (their rating after the tournaments before).

    One query at most; none for an unrated tournament or when every entry has a rating.
    """
    registrations = list(registrations)
    ratings: dict[int, int | None] = {
        r.player_id: r.rating_at_start for r in registrations if r.rating_at_start is not None
    }
    missing = [r.player_id for r in registrations if r.player_id not in ratings]
    if missing:
        ratings.update(ratings_in_force(tournament, missing))
    return ratings


def ratings_in_force(tournament: Tournament, player_ids: Iterable[int]) -> dict[int, int]:
    """Player id -> the player's own rating in the tournament's list at its start, whatever
    the registration says: the part of :func:`ratings_at_start` after the registration's
    ``rating_at_start``. A player without one (unrated in the list, or an unrated
    tournament) is left out. The TRF export writes only such a rating, never the rating an
    organiser gave an unrated player for the initial ranking. One query at most."""
    missing = list(player_ids)
    ratings: dict[int, int | None] = {}
    if not missing or tournament.rating_list_id is None:
        return ratings
    if tournament.rating_list.system in GRADE_SYSTEMS:
        for player_id, used in (
            RatingChange.objects.filter(tournament=tournament, player_id__in=missing)
            .order_by("date", "pk")
            .values_list("player_id", "rating_used")
        ):
            ratings.setdefault(player_id, used)  # the first game's, even None (unrated)
        return {player_id: used for player_id, used in ratings.items() if used is not None}
    in_force = PublishedRating.objects.filter(
        published_list__rating_list_id=tournament.rating_list_id,
        published_list__date__lte=tournament.start_date,
        player_id=OuterRef("pk"),
    ).order_by("-published_list__date")
    starting = PlayerRating.objects.filter(
        rating_list_id=tournament.rating_list_id, player_id=OuterRef("pk")
    )
    rows = Player.objects.filter(pk__in=missing).annotate(
        list_rating=Subquery(in_force.values("rating")[:1]),
        list_date=Subquery(in_force.values("published_list__date")[:1]),
        start_rating=Subquery(starting.values("starting_rating")[:1]),
        start_date=Subquery(starting.values("starting_date")[:1]),
    )
    published = {}
    for player_id, list_rating, list_date, rating, day in rows.values_list(
        "pk", "list_rating", "list_date", "start_rating", "start_date"
    ):
        valid = rating is not None and (day is None or day <= tournament.start_date)
        if valid and (list_rating is None or (day is not None and day > list_date)):
            published[player_id] = (rating, day)
        elif list_rating is not None:
            published[player_id] = (list_rating, list_date)
    return {player_id: rating for player_id, (rating, _day) in published.items()}


def tournament_changes(tournament: Tournament) -> dict[int, Decimal]:
    """Player id -> the sum of the ledger's rating changes in ``tournament`` (one query)."""
    changes: dict[int, Decimal] = {}
    if tournament.rating_list_id is None:
        return changes
    for player_id, change in RatingChange.objects.filter(
        tournament=tournament, change__isnull=False
    ).values_list("player_id", "change"):
        changes[player_id] = changes.get(player_id, ZERO) + change
    return changes


def tournament_standings(
    tournament: Tournament,
    *,
    after_round: int | None = None,
    changes: dict[int, Decimal] | None = None,
    games: list[Game] | None = None,
) -> StandingsData:
    """The standings input of ``tournament`` with its ratings at the start and its rating
    changes: what the standings, crosstable, progress and overview pages, the API and the
    federation files show. ``changes`` and ``games`` (the public games, players joined) may
    be passed when the caller has read them already."""
    return standings_input(
        tournament,
        ratings_of=lambda registrations: ratings_at_start(tournament, registrations),
        changes=tournament_changes(tournament) if changes is None else changes,
        after_round=after_round,
        games=games,
    )


# --------------------------------------------------------------------------- overview


@dataclass
class PlayerLine:
    """One player of a tournament on its overview: place and points as on the standings,
    and their rating calculation in it."""

    player: Player
    place: str = ""
    points: Fraction = Fraction(0)
    games: int = 0
    rating_used: int | None = None
    change: Decimal | None = None
    rated_games: int = 0
    rated_points: Decimal = ZERO
    opponent_ratings: list[int] = field(default_factory=list)

    @property
    def performance(self) -> int | None:
        """Performance rating against the rated opponents (FIDE table 8.1.1), or ``None``."""
        if not self.opponent_ratings:
            return None
        return fide.performance_rating(self.opponent_ratings, self.rated_points)


def tournament_players(tournament: Tournament, games: list[Game]) -> list[PlayerLine]:
    """Every player of ``tournament`` (registered or paired) in the order of its standings,
    with the standings' place and points (the tournament's point system; McMahon formats
    ranked by McMahon score), the games with a result, and from the ledger the rating used,
    the change and the performance (empty for an unrated tournament). ``games``: the public
    games of :func:`tournaments.queries.games.tournament_games`. Two queries and the ratings at the
    start."""
    ledger = list(
        RatingChange.objects.filter(tournament=tournament)
        .order_by("date", "game__round__number", "pk")
        .only("player_id", "rating_used", "opponent_rating", "score", "change", "date", "game_id")
    )
    changes: dict[int, Decimal] = {}
    for change in ledger:
        if change.change is not None:
            changes[change.player_id] = changes.get(change.player_id, ZERO) + change.change
    data = tournament_standings(tournament, changes=changes, games=games)
    table = ranked(data, data.completed)
    lines: dict[int, PlayerLine] = {}
    for row in table.rows:
        player = data.players[row.player.tpn]
        lines[player.pk] = PlayerLine(player, place=row.label, points=row.points)
    for game in games:
        if not game.result:
            continue
        for pid in (game.white_id, game.black_id):
            if pid in lines:
                lines[pid].games += 1
    for change in ledger:
        line = lines.get(change.player_id)
        if line is None:
            continue
        if line.rating_used is None:
            line.rating_used = change.rating_used
        line.rated_games += 1
        if change.change is not None:
            line.change = (line.change or ZERO) + change.change
        if change.opponent_rating is not None:
            line.opponent_ratings.append(change.opponent_rating)
            line.rated_points += change.score
    return list(lines.values())


def field_strength(lines: list[PlayerLine]) -> FieldStrength | None:
    """Average of the ratings used in this tournament, and the category it gives."""
    ratings = [line.rating_used for line in lines if line.rating_used is not None]
    if not ratings:
        return None
    average = fide.average_rating(ratings)
    return FieldStrength(average, len(ratings), classes.tournament_category(average))


def game_changes(tournament: Tournament, player: Player) -> dict[int, Decimal]:
    """Game id -> the ledger's rating change of ``player`` in ``tournament`` (one query)."""
    return dict(
        RatingChange.objects.filter(
            tournament=tournament, player=player, change__isnull=False
        ).values_list("game_id", "change")
    )


def team_ratings(tournament: Tournament, player_ids: Iterable[int]) -> dict[int, int | None]:
    """Player id -> the rating a team tournament's pages show for its players: the rating at
    the start for a registered player (:func:`ratings_at_start`), else the rating in force at
    the start (a roster's player need not be registered). Two queries at most."""
    player_ids = list(player_ids)
    ratings: dict[int, int | None] = dict(
        Registration.objects.filter(
            tournament=tournament, player_id__in=player_ids, rating_at_start__isnull=False
        ).values_list("player_id", "rating_at_start")
    )
    missing = [player_id for player_id in player_ids if player_id not in ratings]
    ratings.update(ratings_in_force(tournament, missing))
    return ratings

"""Read helpers for the public tournament pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, QuerySet

from players.models import Player
from ratings.models import RatingChange
from ratings.systems import classes, fide
from tournaments.enums import Result
from tournaments.models import Game, Registration, Tournament

ONE = Decimal(1)
HALF = Decimal("0.5")
ZERO = Decimal(0)

# Points scored by (white, black) for each result; a bye scores for white only.
POINTS: dict[str, tuple[Decimal, Decimal]] = {
    Result.WHITE_WINS: (ONE, ZERO),
    Result.DRAW: (HALF, HALF),
    Result.BLACK_WINS: (ZERO, ONE),
    Result.WHITE_WINS_FORFEIT: (ONE, ZERO),
    Result.BLACK_WINS_FORFEIT: (ZERO, ONE),
    Result.DOUBLE_FORFEIT: (ZERO, ZERO),
    Result.WHITE_WINS_UNRATED: (ONE, ZERO),
    Result.DRAW_UNRATED: (HALF, HALF),
    Result.BLACK_WINS_UNRATED: (ZERO, ONE),
    Result.FULL_POINT_BYE: (ONE, ZERO),
    Result.HALF_POINT_BYE: (HALF, ZERO),
    Result.PAIRING_BYE: (ONE, ZERO),
    Result.ZERO_POINT_BYE: (ZERO, ZERO),
}


def tournaments_overview() -> QuerySet[Tournament]:
    """Tournaments, newest first, with club, rating list and number of games."""
    return (
        Tournament.objects.select_related("club", "rating_list")
        .annotate(games_count=Count("rounds__games"))
        .order_by("-start_date", "name")
    )


def tournament_for_page() -> QuerySet[Tournament]:
    """The queryset to look a tournament up by slug for its page."""
    return Tournament.objects.select_related("club", "rating_list")


def tournament_games(tournament: Tournament) -> QuerySet[Game]:
    """Games of ``tournament`` by round and board, players joined."""
    return (
        Game.objects.filter(round__tournament=tournament)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )


@dataclass
class RoundGames:
    """The games of one round."""

    number: int
    date: object
    games: list[Game] = field(default_factory=list)


def games_by_round(games: list[Game]) -> list[RoundGames]:
    """Group games (ordered by round) into rounds."""
    rounds: list[RoundGames] = []
    for game in games:
        if not rounds or rounds[-1].number != game.round.number:
            rounds.append(RoundGames(game.round.number, game.round.date))
        rounds[-1].games.append(game)
    return rounds


@dataclass
class PlayerLine:
    """One player of a tournament: points, and their rating calculation in it."""

    player: Player
    points: Decimal = ZERO
    games: int = 0
    rating_used: int | None = None
    change: Decimal | None = None
    rated_games: int = 0
    rated_points: Decimal = ZERO
    opponent_ratings: list[int] = field(default_factory=list)
    place: int = 0

    @property
    def performance(self) -> int | None:
        """Performance rating against the rated opponents (FIDE table 8.1.1), or ``None``."""
        if not self.opponent_ratings:
            return None
        return fide.performance_rating(self.opponent_ratings, self.rated_points)


def tournament_players(tournament: Tournament, games: list[Game]) -> list[PlayerLine]:
    """Every player of ``tournament`` (registered or paired), best score first.

    Points come from the games (byes included); rating used, change and performance from the
    ledger rows of this tournament (empty for an unrated tournament). Two queries.
    """
    lines: dict[int, PlayerLine] = {}
    registrations = Registration.objects.filter(tournament=tournament).select_related("player")
    for registration in registrations:
        lines[registration.player_id] = PlayerLine(registration.player)
    for game in games:
        white_points, black_points = POINTS.get(game.result, (ZERO, ZERO))
        white = lines.setdefault(game.white_id, PlayerLine(game.white))
        if game.result:
            white.points += white_points
            white.games += 1
        if game.black is not None:
            black = lines.setdefault(game.black_id, PlayerLine(game.black))
            if game.result:
                black.points += black_points
                black.games += 1
    ledger = RatingChange.objects.filter(tournament=tournament).order_by(
        "date", "game__round__number", "pk"
    )
    for change in ledger.only(
        "player_id", "rating_used", "opponent_rating", "score", "change", "date", "game_id"
    ):
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
    ordered = sorted(
        lines.values(),
        key=lambda line: (-line.points, -(line.rating_used or 0), line.player.name),
    )
    for place, line in enumerate(ordered, start=1):
        line.place = place
    return ordered


@dataclass(frozen=True)
class FieldStrength:
    """The average rating of a tournament's rated players and its FIDE category (if any)."""

    average: int
    rated_players: int
    category: int | None


def field_strength(lines: list[PlayerLine]) -> FieldStrength | None:
    """Average of the ratings used in this tournament, and the category it gives."""
    ratings = [line.rating_used for line in lines if line.rating_used is not None]
    if not ratings:
        return None
    average = fide.average_rating(ratings)
    return FieldStrength(average, len(ratings), classes.tournament_category(average))

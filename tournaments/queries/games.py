"""Games: a tournament's games by round, a round's pairings with the points before it, the
published games still without a result, rated games, and the results players report."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Q, QuerySet

from players.models import Player
from tournaments.enums import RATED_RESULTS, RoundStatus
from tournaments.models import Game, ResultReport, Round, Tournament

NONE = Fraction(0)


def tournament_games(tournament: Tournament) -> QuerySet[Game]:
    """Games of ``tournament`` by round and board, players joined."""
    return (
        Game.objects.filter(round__tournament=tournament)
        .exclude(round__status=RoundStatus.DRAFT)
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
class Pairing:
    """One board of a round with each player's points before the round."""

    game: Game
    white_points: Fraction
    black_points: Fraction | None

    @property
    def board(self) -> int:
        return self.game.board


def round_pairings(tournament: Tournament, number: int) -> list[Pairing]:
    """The boards of round ``number`` (published rounds only), with points before the round.

    One query: the games of rounds 1 to ``number`` (players joined).
    """
    games = (
        Game.objects.filter(round__tournament=tournament, round__number__lte=number)
        .exclude(round__status=RoundStatus.DRAFT)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )
    points = tournament.point_system
    before: dict[int, Fraction] = {}
    boards: list[Game] = []
    for game in games:
        if game.round.number == number:
            boards.append(game)
            continue
        white_points, black_points = points.result_points(game.result, bye=game.black_id is None)
        before[game.white_id] = before.get(game.white_id, NONE) + white_points
        if game.black_id is not None:
            before[game.black_id] = before.get(game.black_id, NONE) + black_points
    return [
        Pairing(
            game,
            before.get(game.white_id, NONE),
            None if game.black_id is None else before.get(game.black_id, NONE),
        )
        for game in boards
    ]


def pending_games(tournament: Tournament) -> QuerySet[Game]:
    """The published games of ``tournament`` still without a result."""
    return Game.objects.filter(
        round__tournament=tournament, round__status=RoundStatus.PUBLISHED, result=""
    )


def rated_games(*, tournament: Tournament | None = None, player: Player | None = None):
    """Games that count for a rating: a result ``1-0``/``½-½``/``0-1`` between two players in a
    tournament rated in a list (of ``tournament``, or with ``player`` on either side)."""
    games = Game.objects.filter(
        round__tournament__rating_list__isnull=False,
        result__in=[str(code) for code in RATED_RESULTS],
        black__isnull=False,
    )
    if tournament is not None:
        games = games.filter(round__tournament=tournament)
    if player is not None:
        games = games.filter(Q(white=player) | Q(black=player))
    return games


def pending_reports(tournament: Tournament, round_: Round | None = None) -> list[ResultReport]:
    """Results reported by players and not yet confirmed or rejected, by round and board."""
    reports = ResultReport.objects.filter(game__round__tournament=tournament)
    if round_ is not None:
        reports = reports.filter(game__round=round_)
    return list(
        reports.select_related("game__round", "game__white", "game__black", "player").order_by(
            "game__round__number", "game__board", "player__last_name"
        )
    )


def games_to_report(player: Player) -> list[Game]:
    """The player's games they may report: published rounds of tournaments that let players
    report, no official result yet; each with ``my_report`` (their pending report or None)."""
    games = list(
        Game.objects.filter(
            round__tournament__players_report_results=True,
            round__status=RoundStatus.PUBLISHED,
            result="",
            black__isnull=False,
        )
        .filter(Q(white=player) | Q(black=player))
        .select_related("round__tournament__rating_list", "white", "black")
        .order_by("-round__tournament__start_date", "round__number", "board")
    )
    reports = {
        r.game_id: r
        for r in ResultReport.objects.filter(player=player, game__in=[g.pk for g in games])
    }
    for game in games:
        game.my_report = reports.get(game.pk)
    return games

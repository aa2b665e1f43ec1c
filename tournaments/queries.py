"""Read helpers for the public tournament pages."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Count, Q, QuerySet

from core import roles as permissions
from core.models import AuditEntry
from players.models import Player
from ratings.models import PublishedRating, RatingChange
from rules import standings
from rules.pairing import mcmahon
from rules.ratings import classes, fide
from tournaments import pairing_queries
from tournaments.enums import RATED_RESULTS, Result, RoundStatus
from tournaments.models import Game, Registration, ResultReport, Round, Tournament

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


# --------------------------------------------------------------------------- standings

# Point-system fields of Tournament and the PointSystem argument each one fills.
_POINT_FIELDS = {
    "points_win": "win",
    "points_draw": "draw",
    "points_loss": "loss",
    "points_forfeit_win": "forfeit_win",
    "points_pab": "pab",
    "points_half_bye": "half_bye",
}


def point_system(tournament: Tournament) -> standings.PointSystem:
    """The tournament's points per result; a full-point bye is worth a win."""
    values = {
        argument: Fraction(getattr(tournament, name)) for name, argument in _POINT_FIELDS.items()
    }
    values["full_bye"] = values["win"]
    return standings.PointSystem(**values)


@dataclass
class StandingsData:
    """A tournament as the pure standings module sees it, with the DB rows behind it.

    ``event`` is the :class:`standings.Tournament`; ``players`` maps each TPN to the DB
    player; ``changes`` the sum of the ledger's changes in this tournament per TPN (the rating
    ledger is the authority for the rating-change column); ``completed`` the rounds whose
    every board has a result (the rounds standings can be shown after); ``withdrawn`` the TPNs
    of withdrawn players.
    """

    tournament: Tournament
    event: standings.Tournament
    players: dict[int, Player]
    changes: dict[int, Decimal]
    completed: int
    withdrawn: frozenset[int] = frozenset()
    tiebreaks: str = ""
    #: Go/shogi: each TPN's grade (declared, else from the rating at start).
    grades: dict[int, str] = field(default_factory=dict)

    @property
    def shows_grades(self) -> bool:
        return bool(self.grades)

    @property
    def round_robin(self) -> bool:
        return self.event.round_robin

    @property
    def rated(self) -> bool:
        return self.tournament.rating_list_id is not None

    def strength(self) -> FieldStrength | None:
        """Average rating of the rated players and the FIDE category it gives."""
        ratings = [p.rating for p in self.event.players if p.rating is not None]
        if not ratings:
            return None
        average = fide.average_rating(ratings)
        return FieldStrength(average, len(ratings), classes.tournament_category(average))


def _white_code(result: str) -> str:
    return result[0]


def _black_code(result: str) -> str:
    return result[1]


def _visible_rounds(tournament: Tournament) -> QuerySet[Round]:
    return Round.objects.filter(tournament=tournament).exclude(status=RoundStatus.DRAFT)


def standings_input(tournament: Tournament, *, after_round: int | None = None) -> StandingsData:
    """Convert ``tournament``'s registrations and games into the pure standings input.

    Fixed query count: registrations (players joined), games of the public rounds, and for a
    rated tournament the ledger rows and the players' published ratings at the start.

    - TPN: the registration's pairing number; players without one (or paired without a
      registration) follow in name order.
    - Entries: rounds 1..``completed`` (rounds whose every board has a result), or up to
      ``after_round`` if smaller. A player not paired in a round gets a zero-point bye (this
      covers every round after a withdrawal).
    - Ratings: ``Registration.rating_at_start`` when set, else the rating the ledger used,
      else the last published rating on or before the start date.
    """
    registrations = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("pairing_number", "player__last_name", "player__first_name", "pk")
    )
    games = list(
        Game.objects.filter(round__in=_visible_rounds(tournament))
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )
    by_player: dict[int, Player] = {r.player_id: r.player for r in registrations}
    for game in games:
        by_player.setdefault(game.white_id, game.white)
        if game.black is not None:
            by_player.setdefault(game.black_id, game.black)

    # Pairing numbers: registered numbers first, then the rest in name order.
    tpn: dict[int, int] = {}
    for registration in registrations:
        if registration.pairing_number is not None:
            tpn[registration.player_id] = registration.pairing_number
    next_number = max(tpn.values(), default=0)
    for player in sorted(
        (p for pk, p in by_player.items() if pk not in tpn), key=lambda p: (p.name, p.pk)
    ):
        next_number += 1
        tpn[player.pk] = next_number

    # Rounds with every board decided.
    pending: set[int] = set()
    numbers: set[int] = set()
    for game in games:
        numbers.add(game.round.number)
        if not game.result:
            pending.add(game.round.number)
    completed = 0
    while completed + 1 in numbers and completed + 1 not in pending:
        completed += 1
    last = completed if after_round is None else min(after_round, completed)

    entries: dict[int, dict[int, standings.Entry]] = {pk: {} for pk in by_player}
    for game in games:
        number = game.round.number
        if number > last:
            continue
        if game.black_id is None:
            entries[game.white_id][number] = standings.Entry(result=game.result[0])
            continue
        entries[game.white_id][number] = standings.Entry(
            tpn[game.black_id], "w", _white_code(game.result)
        )
        entries[game.black_id][number] = standings.Entry(
            tpn[game.white_id], "b", _black_code(game.result)
        )

    ratings, changes = _ratings_and_changes(tournament, registrations, by_player)
    grades: dict[int, str] = {}
    initial: dict[int, int] = {}
    if tournament.uses_mcmahon_engine:
        top = pairing_queries.tournament_bar(tournament.top_bar)
        floor = pairing_queries.tournament_bar(tournament.floor_bar)
        for registration in registrations:
            rank = pairing_queries.registration_rank(tournament, registration)
            if rank is None:
                continue
            grades[tpn[registration.player_id]] = mcmahon.rank_grade(rank)
            if tournament.has_mcmahon_score:
                initial[registration.player_id] = mcmahon.initial_mms(
                    rank, top_bar=top, floor_bar=floor
                )
    players = tuple(
        standings.Player(
            tpn=tpn[pk],
            name=player.name,
            rating=ratings.get(pk),
            entries=tuple(entries[pk].get(r, standings.Entry()) for r in range(1, last + 1)),
            initial_score=Fraction(initial.get(pk, 0)),
        )
        for pk, player in by_player.items()
    )
    rounds = max(tournament.rounds_planned, max(numbers, default=0), last)
    event = standings.Tournament(
        players=tuple(sorted(players, key=lambda p: p.tpn)),
        rounds=rounds,
        points=point_system(tournament),
        round_robin=tournament.is_round_robin,
        time_control=tournament.rating_list.time_control if tournament.rating_list else "standard",
    )
    withdrawn = frozenset(tpn[r.player_id] for r in registrations if r.withdrawn)
    return StandingsData(
        tournament=tournament,
        event=event,
        players={tpn[pk]: player for pk, player in by_player.items()},
        changes={tpn[pk]: change for pk, change in changes.items() if pk in tpn},
        completed=completed,
        withdrawn=withdrawn,
        tiebreaks=tournament.tiebreak_codes,
        grades=grades,
    )


def _ratings_and_changes(
    tournament: Tournament, registrations: list[Registration], by_player: dict[int, Player]
) -> tuple[dict[int, int], dict[int, Decimal]]:
    """Rating used per player pk and the sum of their ledger changes in ``tournament``."""
    ratings: dict[int, int] = {}
    for registration in registrations:
        if registration.rating_at_start is not None:
            ratings[registration.player_id] = registration.rating_at_start
    changes: dict[int, Decimal] = {}
    if tournament.rating_list_id is None:
        return ratings, changes
    ledger = (
        RatingChange.objects.filter(tournament=tournament)
        .order_by("date", "game__round__number", "pk")
        .only("player_id", "rating_used", "change")
    )
    for row in ledger:
        if row.rating_used is not None:
            ratings.setdefault(row.player_id, row.rating_used)
        if row.change is not None:
            changes[row.player_id] = changes.get(row.player_id, ZERO) + row.change
    missing = [pk for pk in by_player if pk not in ratings]
    if missing:
        published = PublishedRating.objects.filter(
            published_list__rating_list_id=tournament.rating_list_id,
            published_list__date__lte=tournament.start_date,
            player_id__in=missing,
        ).order_by("player_id", "-published_list__date")
        for row in published.only("player_id", "rating"):
            ratings.setdefault(row.player_id, row.rating)
    return ratings, changes


def ranked(data: StandingsData, after_round: int) -> standings.Standings:
    """The standings after ``after_round`` with the tournament's tie-breaks (the preset of
    the format if the stored list does not parse, e.g. written before validation)."""
    try:
        tiebreaks = standings.parse_tiebreaks(data.tiebreaks)
    except ValueError:
        tiebreaks = None
    return standings.standings(data.event, tiebreaks, after_round=after_round)


def standings_rows(data: StandingsData, table: standings.Standings) -> list[dict]:
    """Rows for :class:`public.tables.tournaments.StandingsTable`."""
    return [
        {
            "place": row.label,
            "tpn": row.player.tpn,
            "player": data.players[row.player.tpn],
            "rating": row.player.rating,
            "grade": data.grades.get(row.player.tpn, ""),
            "points": row.points,
            **{f"tb{i}": value for i, value in enumerate(row.tiebreaks)},
            "performance": row.performance,
            "change": data.changes.get(row.player.tpn),
            "withdrawn": row.player.tpn in data.withdrawn,
        }
        for row in table.rows
    ]


def crosstable_rows(data: StandingsData, table: standings.Standings) -> list[dict]:
    """Rows for :class:`public.tables.tournaments.CrosstableTable`: players and columns by rank."""
    cross = standings.crosstable(data.event, after_round=table.after_round)
    rank = {row.player.tpn: number for number, row in enumerate(table.rows, start=1)}
    rows = []
    for number, row in enumerate(table.rows, start=1):
        tpn = row.player.tpn
        cells = {f"c{rank[other]}": cross.cell(tpn, other) for other in rank if other != tpn}
        rows.append(
            {
                "rank": number,
                "player": data.players[tpn],
                "rating": row.player.rating,
                **cells,
                f"c{number}": "×",
                "points": row.points,
                **{f"tb{i}": value for i, value in enumerate(row.tiebreaks)},
                "place": row.label,
            }
        )
    return rows


def progress_rows(data: StandingsData, table: standings.Standings) -> list[dict]:
    """Rows for :class:`public.tables.tournaments.ProgressTable`, in the order of the standings."""
    progress = standings.progress_table(data.event, after_round=table.after_round)
    return [
        {
            "place": row.label,
            "tpn": row.player.tpn,
            "player": data.players[row.player.tpn],
            "rating": row.player.rating,
            **{f"r{n}": score for n, score in enumerate(progress[row.player.tpn], start=1)},
        }
        for row in table.rows
    ]


def organised_clubs_overview(user: Any) -> QuerySet[Any]:
    """My clubs (staff: all), with their players and tournaments counted, by name."""
    return permissions.organised_clubs(user).annotate(
        players_count=Count("players", distinct=True),
        tournaments_count=Count("tournaments", distinct=True),
    )


def club_players(club: Any) -> QuerySet[Player]:
    """The players of ``club`` by name, with their account joined."""
    return (
        Player.objects.filter(club=club).select_related("user").order_by("last_name", "first_name")
    )


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
        .select_related("round__tournament", "white", "black")
        .order_by("-round__tournament__start_date", "round__number", "board")
    )
    reports = {
        r.game_id: r
        for r in ResultReport.objects.filter(player=player, game__in=[g.pk for g in games])
    }
    for game in games:
        game.my_report = reports.get(game.pk)
    return games


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


def _audit_entries() -> QuerySet[AuditEntry]:
    return AuditEntry.objects.select_related(
        "user", "tournament", "player", "other_player", "rating_list"
    ).order_by("-created_at", "-pk")


def tournament_history(tournament: Tournament) -> QuerySet[AuditEntry]:
    """The audit entries of a tournament, newest first."""
    return _audit_entries().filter(tournament=tournament)


def player_history(player: Player) -> QuerySet[AuditEntry]:
    """The audit entries naming a player (on either side), newest first."""
    return _audit_entries().filter(Q(player=player) | Q(other_player=player))


def entry_grades(tournament: Tournament, registrations: Iterable[Registration]) -> dict[int, str]:
    """Go/shogi tournaments of the McMahon engine: player id -> the grade the player is paired
    with (declared at entry, else from the rating at start); players with neither are left
    out."""
    grades = {}
    for registration in registrations:
        rank = pairing_queries.registration_rank(tournament, registration)
        if rank is not None:
            grades[registration.player_id] = mcmahon.rank_grade(rank)
    return grades


def public_round_numbers(tournament: Tournament) -> list[int]:
    """The numbers of the published rounds of ``tournament``, in order."""
    return list(_visible_rounds(tournament).order_by("number").values_list("number", flat=True))


@dataclass
class Pairing:
    """One board of a round with each player's points before the round."""

    game: Game
    white_points: Decimal
    black_points: Decimal | None

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
    before: dict[int, Decimal] = {}
    boards: list[Game] = []
    for game in games:
        if game.round.number == number:
            boards.append(game)
            continue
        white_points, black_points = POINTS.get(game.result, (ZERO, ZERO))
        before[game.white_id] = before.get(game.white_id, ZERO) + white_points
        if game.black_id is not None:
            before[game.black_id] = before.get(game.black_id, ZERO) + black_points
    return [
        Pairing(
            game,
            before.get(game.white_id, ZERO),
            None if game.black_id is None else before.get(game.black_id, ZERO),
        )
        for game in boards
    ]

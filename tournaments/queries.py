"""Read helpers for the public tournament pages."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Count, Q, QuerySet

from players.models import Player
from rules import scoring, standings
from rules.pairing import mcmahon
from rules.ratings import classes, fide
from tournaments import pairing_queries
from tournaments.enums import RATED_RESULTS, RoundStatus
from tournaments.models import Game, Registration, ResultReport, Round, Tournament

ZERO = Decimal(0)
NONE = Fraction(0)


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


# --------------------------------------------------------------------------- standings


@dataclass(frozen=True)
class FieldStrength:
    """The average rating of a tournament's rated players and its FIDE category (if any)."""

    average: int
    rated_players: int
    category: int | None


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


def _visible_rounds(tournament: Tournament) -> QuerySet[Round]:
    return Round.objects.filter(tournament=tournament).exclude(status=RoundStatus.DRAFT)


def standings_input(
    tournament: Tournament,
    *,
    ratings_of: Callable[[list[Registration]], Mapping[int, int | None]],
    changes: Mapping[int, Decimal] | None = None,
    after_round: int | None = None,
    games: list[Game] | None = None,
) -> StandingsData:
    """Convert ``tournament``'s registrations and games into the pure standings input.

    Fixed query count: registrations (players joined), games of the public rounds, and what
    ``ratings_of`` reads.

    - TPN: the registration's pairing number; players without one (or paired without a
      registration) follow in name order.
    - Entries: rounds 1..``completed`` (rounds whose every board has a result), or up to
      ``after_round`` if smaller. A player not paired in a round gets a zero-point bye (this
      covers every round after a withdrawal).
    - Ratings: ``ratings_of(registrations)`` (player id -> rating at the start: the ratings
      app's :func:`ratings.queries.ratings_at_start`); ``changes``: player id -> the sum of
      the ledger's changes in this tournament.
    """
    registrations = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("pairing_number", "player__last_name", "player__first_name", "pk")
    )
    if games is None:
        games = list(tournament_games(tournament))
    by_player: dict[int, Player] = {r.player_id: r.player for r in registrations}
    for game in games:
        by_player.setdefault(game.white_id, game.white)
        if game.black is not None:
            by_player.setdefault(game.black_id, game.black)
    tpn = _pairing_numbers(registrations, by_player)
    completed, numbers = _completed_rounds(games)
    last = completed if after_round is None else min(after_round, completed)
    entries = _entries(games, tpn, by_player, last)
    ratings = ratings_of(registrations)
    grades, initial = _mcmahon_grades(tournament, registrations, tpn)
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
    event = standings.Tournament(
        players=tuple(sorted(players, key=lambda p: p.tpn)),
        rounds=max(tournament.rounds_planned, max(numbers, default=0), last),
        points=tournament.point_system,
        round_robin=tournament.is_round_robin,
        time_control=tournament.rating_list.time_control if tournament.rating_list else "standard",
    )
    return StandingsData(
        tournament=tournament,
        event=event,
        players={tpn[pk]: player for pk, player in by_player.items()},
        changes={tpn[pk]: change for pk, change in (changes or {}).items() if pk in tpn},
        completed=completed,
        withdrawn=frozenset(tpn[r.player_id] for r in registrations if r.withdrawn),
        tiebreaks=tournament.tiebreak_codes,
        grades=grades,
    )


def _pairing_numbers(
    registrations: list[Registration], by_player: dict[int, Player]
) -> dict[int, int]:
    """Player id -> TPN: registered numbers first, then the rest in name order."""
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
    return tpn


def _completed_rounds(games: list[Game]) -> tuple[int, set[int]]:
    """The rounds 1..n with every board decided (n), and every round number with a game."""
    pending: set[int] = set()
    numbers: set[int] = set()
    for game in games:
        numbers.add(game.round.number)
        if not game.result:
            pending.add(game.round.number)
    completed = 0
    while completed + 1 in numbers and completed + 1 not in pending:
        completed += 1
    return completed, numbers


def _entries(
    games: list[Game], tpn: dict[int, int], by_player: dict[int, Player], last: int
) -> dict[int, dict[int, standings.Entry]]:
    """Player id -> round -> the standings entry, for rounds 1..``last``."""
    entries: dict[int, dict[int, standings.Entry]] = {pk: {} for pk in by_player}
    for game in games:
        number = game.round.number
        if number > last:
            continue
        if game.black_id is None:
            entries[game.white_id][number] = standings.Entry(result=game.result[0])
            continue
        white, black = scoring.side_codes(game.result, bye=False)
        entries[game.white_id][number] = standings.Entry(tpn[game.black_id], "w", white)
        entries[game.black_id][number] = standings.Entry(tpn[game.white_id], "b", black)
    return entries


def _mcmahon_grades(
    tournament: Tournament, registrations: list[Registration], tpn: dict[int, int]
) -> tuple[dict[int, str], dict[int, int]]:
    """Go and shogi formats: TPN -> the grade paired with, and player id -> initial MMS."""
    grades: dict[int, str] = {}
    initial: dict[int, int] = {}
    if not tournament.uses_mcmahon_engine:
        return grades, initial
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
    return grades, initial


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


def club_players(club: Any) -> QuerySet[Player]:
    """The players of ``club`` by name, with their account joined."""
    return (
        Player.objects.filter(club=club)
        .select_related("account")
        .order_by("last_name", "first_name")
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

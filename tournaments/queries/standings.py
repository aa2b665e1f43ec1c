"""The standings of a tournament: its registrations and games as the pure standings module
takes them (:func:`standings_input`), and the rows of the standings, the crosstables (round
robin and Swiss) and the progress table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from players.models import Player
from rules import scoring, standings
from rules.pairing import mcmahon
from rules.ratings import classes, fide
from tournaments.models import Game, Registration, Tournament
from tournaments.queries.games import tournament_games
from tournaments.queries.pairing import registration_rank, tournament_bar


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
      app's :func:`ratings.queries.tournaments.ratings_at_start`); ``changes``: player id ->
      the sum of the ledger's changes in this tournament.
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
    top = tournament_bar(tournament.top_bar)
    floor = tournament_bar(tournament.floor_bar)
    for registration in registrations:
        rank = registration_rank(tournament, registration)
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


# --------------------------------------------------------------------------- Swiss crosstable


@dataclass(frozen=True)
class Cell:
    """A player's round in the Swiss crosstable: the opponent's start number (``None`` for a
    bye), the colour (``w``/``b``) and the TRF result code (``1 = 0 + - H F U Z``…)."""

    opponent: int | None
    colour: str | None
    result: str

    @property
    def score(self) -> str:
        """The result as printed: 1, ½, 0, + (forfeit win), − (forfeit loss)."""
        return CELL_SCORES.get(self.result, self.result)


CELL_SCORES = {"1": "1", "=": "½", "0": "0", "W": "1", "D": "½", "L": "0", "+": "+", "-": "−",
               "H": "½", "F": "1", "U": "1", "Z": "0"}  # fmt: skip


FORFEITS = frozenset("+-")
"""A forfeit was not played: its cell shows no colour (as TRF files write it, ``- +``)."""


def swiss_rows(data: StandingsData, table: standings.Standings) -> list[dict]:
    """Rows of the Swiss crosstable in the order of the standings: place, start number,
    player, rating, one :class:`Cell` per round (``r1``…), points and tie-breaks."""
    rows = []
    for row in table.rows:
        player = row.player
        cells = {
            f"r{number}": Cell(
                entry.opponent,
                None if entry.result in FORFEITS else entry.colour,
                entry.result,
            )
            for number, entry in enumerate(player.entries[: table.after_round], start=1)
        }
        rows.append(
            {
                "place": row.label,
                "tpn": player.tpn,
                "player": data.players[player.tpn],
                "rating": player.rating,
                **cells,
                "points": row.points,
                **{f"tb{i}": value for i, value in enumerate(row.tiebreaks)},
                "withdrawn": player.tpn in data.withdrawn,
            }
        )
    return rows

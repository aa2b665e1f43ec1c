"""FIDE title norms of a tournament's players: the inputs of :mod:`rules.norms.fide` read
from the tournament's games, the verdicts and, while rounds are left, what each player still
needs (:mod:`rules.norms.forecast`), with the words the pages print.

The inputs: a player's title and federation are ``Player.title`` and ``Player.federation``;
an opponent's rating is their FIDE standard rating (``Player.fide_standard``), else their
own rating in the tournament's list at its start (:func:`ratings_in_force`, never the
rating an organiser gave an unrated player for the initial ranking), else none (1400,
§1.4.6d). The host federation is the organising club's. Three queries at most, however
many players: the registrations, the games and the ratings in force (when a player has no
FIDE rating).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from players.models import Player
from ratings.enums import GameKind, RatingSystem, TimeControl
from ratings.queries.norm_words import (
    EXCLUSION_WORDS,
    OUTCOME_WORDS,
    forecast_lines,
    points_text,
    requirement_line,
    summary,
)
from ratings.queries.tournaments import ratings_in_force
from rules.norms.exemptions import LargeSwiss, Participant, large_swiss
from rules.norms.fide import (
    PLAYED,
    Applicant,
    Event,
    EventKind,
    Exemption,
    NormTitle,
    Opponent,
    Outcome,
    RoundResult,
    Verdict,
    check_norms,
    counted_rounds,
)
from rules.norms.forecast import Forecast, forecasts
from tournaments.enums import PairingSystem, Result, TournamentStatus
from tournaments.models import Game, Registration, Tournament
from tournaments.queries.event import registrations_of
from tournaments.queries.games import tournament_games

KINDS = {
    PairingSystem.SWISS_DUTCH: EventKind.SWISS,
    PairingSystem.ROUND_ROBIN: EventKind.ROUND_ROBIN,
    PairingSystem.DOUBLE_ROUND_ROBIN: EventKind.DOUBLE_ROUND_ROBIN,
}

# Result code -> (white's outcome, black's outcome).
OUTCOMES = {
    Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.WHITE_WINS_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_WINS_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.NOT_PLAYED, Outcome.NOT_PLAYED),
    Result.WHITE_WINS_UNRATED: (Outcome.NOT_PLAYED, Outcome.NOT_PLAYED),
    Result.DRAW_UNRATED: (Outcome.NOT_PLAYED, Outcome.NOT_PLAYED),
    Result.BLACK_WINS_UNRATED: (Outcome.NOT_PLAYED, Outcome.NOT_PLAYED),
    Result.PAIRING_BYE: (Outcome.PAIRING_BYE, None),
    Result.FULL_POINT_BYE: (Outcome.BYE, None),
    Result.HALF_POINT_BYE: (Outcome.BYE, None),
    Result.ZERO_POINT_BYE: (Outcome.BYE, None),
}


def norms_apply(tournament: Tournament) -> bool:
    """Whether the norms page exists: a tournament rated in a FIDE chess list."""
    rating_list = tournament.rating_list if tournament.rating_list_id else None
    return (
        rating_list is not None
        and rating_list.system == RatingSystem.FIDE
        and rating_list.game == GameKind.CHESS
    )


def standard_play(tournament: Tournament) -> bool:
    """Title norms are earned in standard games only (B.01 §0.31)."""
    return tournament.rating_list.time_control == TimeControl.STANDARD


@dataclass
class NormLine:
    title: NormTitle
    verdict: Verdict
    forecast: Forecast | None
    requirements: list
    summary: str
    ahead: list[str] = field(default_factory=list)  # what is still needed, in words

    @property
    def points(self) -> str:
        return points_text(self.verdict.points)

    @property
    def passed(self) -> bool:
        return self.verdict.passed


@dataclass
class ReportRound:
    round: int
    opponent: Player | None
    tpn: int | None
    rating: int | None
    result: str
    counted: bool
    note: str


@dataclass
class PlayerNorms:
    tpn: int | None
    player: Player
    rating: int | None
    points: str
    rounds: list[ReportRound]
    norms: list[NormLine]

    @property
    def achieved(self) -> list[NormTitle]:
        return [line.title for line in self.norms if line.passed]


@dataclass
class TournamentNorms:
    tournament: Tournament
    standard: bool
    rounds_left: int
    host_federation: str
    large_swiss: LargeSwiss | None
    players: list[PlayerNorms] = field(default_factory=list)

    def player(self, tpn: int) -> PlayerNorms | None:
        return next((p for p in self.players if p.tpn == tpn), None)


def _rounds_left(tournament: Tournament, games: list[Game]) -> int:
    if tournament.status == TournamentStatus.FINISHED:
        return 0
    rounds: dict[int, bool] = {}
    for game in games:
        number = game.round.number
        rounds[number] = rounds.get(number, True) and bool(game.result)
    return max(0, tournament.rounds_planned - sum(1 for done in rounds.values() if done))


def _entries(games: list[Game]) -> dict[int, list[tuple[int, Outcome, Player | None]]]:
    """Player id -> (round, outcome, opponent) of each game of theirs."""
    entries = defaultdict(list)
    for game in games:
        number = game.round.number
        white, black = OUTCOMES.get(game.result, (Outcome.PENDING, Outcome.PENDING))
        if game.black_id is None:
            entries[game.white_id].append((number, white, None))
            continue
        entries[game.white_id].append((number, white, game.black))
        entries[game.black_id].append((number, black or Outcome.PENDING, game.white))
    return entries


def tournament_norms(tournament: Tournament) -> TournamentNorms:
    """Every player's norms in ``tournament`` (a FIDE chess tournament: :func:`norms_apply`)."""
    registrations = registrations_of(tournament)
    games = list(tournament_games(tournament))
    players = players_of(registrations, games)
    ratings = {pk: p.fide_standard for pk, p in players.items() if p.fide_standard}
    ratings.update(ratings_in_force(tournament, [pk for pk in players if pk not in ratings]))
    return norms_of(tournament, registrations, games, ratings)


def players_of(registrations: list[Registration], games: list[Game]) -> dict[int, Player]:
    """Player id -> player of every entry and every game (no query)."""
    players = {r.player_id: r.player for r in registrations}
    for game in games:
        for player in (game.white, game.black):
            if player is not None:
                players.setdefault(player.pk, player)
    return players


def norms_of(
    tournament: Tournament,
    registrations: list[Registration],
    games: list[Game],
    ratings: dict[int, int],
    *,
    only: int | None = None,
) -> TournamentNorms:
    """The norms from the tournament's entries, games (players joined) and ratings (player id
    -> the rating an opponent counts with); ``only``: one player's (id). No query."""
    players = players_of(registrations, games)
    entries = _entries(games)
    kind = KINDS.get(tournament.pairing_system, EventKind.OTHER)
    host = tournament.club.federation if tournament.club_id else ""
    rounds_left = _rounds_left(tournament, games)
    swiss = large_swiss(kind, host, _participants(players, ratings, entries, games))
    event = Event(
        tournament.rounds_planned, kind, host, Exemption.LARGE_SWISS if swiss.met else None
    )
    zero = _unrated_zero(players, ratings, entries)
    opponents = {
        pk: Opponent(
            pk, p.name, ratings.get(pk), p.title, p.federation, zero_against_rated=pk in zero
        )
        for pk, p in players.items()
    }
    tpn = {r.player_id: r.pairing_number for r in registrations}
    shown_swiss = swiss if kind is EventKind.SWISS else None
    result = TournamentNorms(tournament, standard_play(tournament), rounds_left, host, shown_swiss)
    for registration in registrations:
        if only is not None and registration.player_id != only:
            continue
        player = registration.player
        rounds = [
            RoundResult(number, outcome, opponents[other.pk] if other else None)
            for number, outcome, other in entries.get(player.pk, [])
        ]
        left = 0 if registration.withdrawn else rounds_left
        upcoming = _upcoming(event, player.pk, registrations, entries, opponents, left)
        result.players.append(
            _player_norms(
                Applicant(player.federation, player.title),
                event,
                rounds,
                left,
                player,
                players,
                tpn,
                ratings,
                upcoming,
            )
        )
    return result


def _upcoming(event, pk, registrations, entries, opponents, left) -> list[Opponent] | None:
    """In a round robin, the opponents ``pk`` has still to meet (each other player once, or
    twice in a double round robin, less the games with a result), when they are as many as
    the rounds left; else ``None`` (the forecast then assumes the average so far)."""
    if not left or not event.kind.predetermined:
        return None
    cycles = 2 if event.kind is EventKind.DOUBLE_ROUND_ROBIN else 1
    met = Counter(
        other.pk
        for _n, outcome, other in entries.get(pk, [])
        if other is not None and outcome is not Outcome.PENDING
    )
    ahead = [
        opponents[r.player_id]
        for r in registrations
        if r.player_id != pk and not r.withdrawn
        for _ in range(cycles - met[r.player_id])
    ]
    return ahead if len(ahead) == left else None


def _participants(players, ratings, entries, games) -> list[Participant]:
    """§1.4.3d: each player with the rounds they missed (no game played over the board,
    a forfeit win or a pairing-allocated bye)."""
    numbers = {game.round.number for game in games}
    present = (Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE)
    participants = []
    for pk, player in players.items():
        there = {number for number, outcome, _o in entries.get(pk, []) if outcome in present}
        participants.append(
            Participant(player.federation, pk in ratings, player.title, len(numbers - there))
        )
    return participants


def _unrated_zero(players, ratings, entries) -> set[int]:
    """§1.4.2b: the unrated players who scored nothing against the rated players."""
    zero = set()
    for pk in players:
        if pk in ratings:
            continue
        against_rated = [
            outcome
            for _n, outcome, other in entries.get(pk, [])
            if other is not None and other.pk in ratings and outcome in PLAYED
        ]
        if against_rated and all(outcome is Outcome.LOSS for outcome in against_rated):
            zero.add(pk)
    return zero


def _player_norms(
    applicant, event, rounds, rounds_left, player, players, tpn, ratings, upcoming=None
) -> PlayerNorms:
    verdicts = check_norms(applicant, event, rounds)
    lines_ahead = (
        forecasts(applicant, event, rounds, rounds_left, verdicts, upcoming) if rounds_left else {}
    )
    norms = []
    for title, verdict in verdicts.items():
        ahead = lines_ahead.get(title)
        norms.append(
            NormLine(
                title,
                verdict,
                ahead,
                [requirement_line(r, verdict) for r in verdict.requirements],
                summary(verdict, ahead),
                forecast_lines(ahead) if ahead is not None else [],
            )
        )
    kept, excluded = counted_rounds(event, rounds)
    why = {e.round: e.reason for e in excluded}
    points = sum((r.points for r in kept), Fraction(0))
    report = [
        ReportRound(
            r.round,
            None if r.opponent is None else players[r.opponent.key],
            None if r.opponent is None else tpn.get(r.opponent.key),
            None if r.opponent is None else r.opponent.rating,
            OUTCOME_WORDS[r.outcome](),
            r.round not in why,
            EXCLUSION_WORDS[why[r.round]]() if r.round in why else "",
        )
        for r in sorted(rounds, key=lambda r: r.round)
    ]
    return PlayerNorms(
        tpn.get(player.pk), player, ratings.get(player.pk), points_text(points), report, norms
    )

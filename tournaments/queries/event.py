"""Reads for the public event pages beyond the standings: the entries beside each player,
a round's boards, pairings by name and a player's card for one event. (The standings and the
crosstables are in :mod:`tournaments.queries.standings`.)"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _

from players.models import Player
from rules import scoring
from rules.pairing import mcmahon
from rules.scoring import PointSystem
from tournaments.models import Game, Registration, Tournament
from tournaments.queries.games import Pairing
from tournaments.queries.pairing import registration_rank, tournament_bar
from tournaments.queries.standings import StandingsData

# --------------------------------------------------------------------------- entries


@dataclass
class EntryInfo:
    """What the pairing pages print beside a player: start number, rating at the start and
    (McMahon formats) the McMahon score the player started with."""

    tpn: int | None
    rating: int | None
    initial_mms: int = 0


def registrations_of(tournament: Tournament) -> list[Registration]:
    """The tournament's registrations, by start number then name (players joined)."""
    return list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("pairing_number", "player__last_name", "player__first_name", "pk")
    )


def entry_infos(
    tournament: Tournament,
    registrations: list[Registration],
    ratings: Mapping[int, int | None],
) -> dict[int, EntryInfo]:
    """Player id -> :class:`EntryInfo`; ``ratings``: the ratings at the start (the ratings
    app's ``ratings_at_start``). No query."""
    scored = tournament.has_mcmahon_score
    top = tournament_bar(tournament.top_bar) if scored else None
    floor = tournament_bar(tournament.floor_bar) if scored else None
    infos = {}
    for registration in registrations:
        mms = 0
        if scored:
            rank = registration_rank(tournament, registration)
            if rank is not None:
                mms = mcmahon.initial_mms(rank, top_bar=top, floor_bar=floor)
        infos[registration.player_id] = EntryInfo(
            registration.pairing_number, ratings.get(registration.player_id), mms
        )
    return infos


# --------------------------------------------------------------------------- rounds


@dataclass
class Side:
    """One player of a board as the pairing pages print them."""

    player: Player | None
    tpn: int | None = None
    rating: int | None = None
    points: Fraction | None = None


@dataclass
class Board:
    """A board of a round: both sides, the result, go's handicap and komi."""

    number: int
    game: Game
    white: Side
    black: Side
    handicap: int = 0
    komi: Decimal | None = None

    @property
    def result(self) -> str:
        return self.game.get_result_display() if self.game.result else ""


def round_boards(
    tournament: Tournament,
    pairings: list[Pairing],
    infos: dict[int, EntryInfo],
    *,
    go: bool = False,
) -> list[Board]:
    """The boards of a round (:func:`tournaments.queries.games.round_pairings`) with start
    numbers, ratings and points before the round: the McMahon score for McMahon formats (its
    initial score plus the points); ``go``: the handicap and komi (0.5 with stones, else the
    tournament's)."""

    def side(player: Player | None, points: Fraction | None) -> Side:
        if player is None:
            return Side(None)
        info = infos.get(player.pk, EntryInfo(None, None))
        if points is not None and tournament.has_mcmahon_score:
            points = points + info.initial_mms
        return Side(player, info.tpn, info.rating, points)

    boards = []
    for pairing in pairings:
        game = pairing.game
        komi = None
        if go:
            komi = HANDICAP_KOMI if game.handicap else tournament.komi
        boards.append(
            Board(
                game.board,
                game,
                side(game.white, pairing.white_points),
                side(game.black, pairing.black_points),
                game.handicap,
                komi,
            )
        )
    return boards


HANDICAP_KOMI = Decimal("0.5")
"""Go: the komi of a game with handicap stones."""


def game_komi(tournament: Tournament, game: Game) -> Decimal | None:
    """The komi of a go game (0.5 with handicap stones, else the tournament's); ``None`` for
    a game of another game."""
    if tournament.game != "go":
        return None
    return HANDICAP_KOMI if game.handicap else tournament.komi


def draw_refusal(tournament: Tournament, game: Game, result: str) -> str:
    """Why ``result`` cannot be the result of ``game`` (a draw in go with a half point of
    komi), else ``""``."""
    komi = game_komi(tournament, game)
    if result not in scoring.DRAWN_RESULTS or scoring.draw_possible(komi):
        return ""
    return _("A draw is impossible with a komi of %(komi)s: one of the players won.") % {
        "komi": komi
    }


def draws_possible(tournament: Tournament) -> bool:
    """Whether any game of the tournament can be drawn (go: only with a whole-number komi in
    its even games)."""
    return tournament.game != "go" or scoring.draw_possible(tournament.komi)


@dataclass
class NameRow:
    """One player's line of the pairings by name."""

    me: Side
    board: int
    colour: str
    opponent: Side
    score: str


def boards_by_name(boards: list[Board], points: PointSystem) -> list[NameRow]:
    """Each player of a round once, by name: board, colour, opponent and own score."""
    rows = []
    for board in boards:
        result = board.game.result
        white, black = (
            points.result_points(result, bye=board.black.player is None) if result else (None, None)
        )
        rows.append(NameRow(board.white, board.number, "w", board.black, _score(white)))
        if board.black.player is not None:
            rows.append(NameRow(board.black, board.number, "b", board.white, _score(black)))
    return sorted(rows, key=lambda row: (row.me.player.last_name, row.me.player.first_name))


def _score(points: Fraction | None) -> str:
    if points is None:
        return ""
    whole, half = divmod(Fraction(points) * 2, 2)
    text = str(int(whole)) if whole or not half else ""
    return f"{text}½" if half else text


# --------------------------------------------------------------------------- player card


@dataclass
class CardGame:
    """One round of a player's card: board, colour, opponent, result and rating change."""

    round: int
    board: int
    colour: str
    opponent: Side
    score: str
    change: Decimal | None = None


def player_card(
    data: StandingsData,
    tpn: int,
    games: list[Game],
    changes: Mapping[int, Decimal],
) -> list[CardGame]:
    """The rounds of the player with start number ``tpn``: ``games`` are the public games
    (players joined), ``changes`` the ledger's change per game id (rated tournaments)."""
    me = data.players[tpn]
    number_of = {player.pk: number for number, player in data.players.items()}
    rating_of = {p.tpn: p.rating for p in data.event.players}
    points = data.tournament.point_system
    rows = []
    for game in games:
        if me.pk not in (game.white_id, game.black_id):
            continue
        white = game.white_id == me.pk
        opponent = game.black if white else game.white
        side = Side(None)
        if opponent is not None:
            number = number_of.get(opponent.pk)
            side = Side(opponent, number, rating_of.get(number))
        score = ""
        if game.result:
            white_points, black_points = points.result_points(game.result, bye=opponent is None)
            score = _score(white_points if white else black_points)
        rows.append(
            CardGame(
                game.round.number,
                game.board,
                "w" if white else "b",
                side,
                score,
                changes.get(game.pk),
            )
        )
    return rows

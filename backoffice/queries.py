"""Reads of the back office that depend on who is asking."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from core import roles
from core.colours import colour_letter
from core.params import MAX_BIGINT, parse_int
from players.models import Player
from ratings.enums import GameKind
from ratings.models import PlayerRating
from tournaments.enums import MCMAHON_ENGINE, SHOGI_SYSTEMS
from tournaments.models import Registration, Round
from tournaments.pairing_queries import played_histories


def organised_clubs_overview(user: Any) -> QuerySet[Any]:
    """My clubs (staff: all), with their players and tournaments counted, by name."""
    return roles.organised_clubs(user).annotate(
        players_count=Count("players", distinct=True),
        tournaments_count=Count("tournaments", distinct=True),
    )


@dataclass(frozen=True)
class Seat:
    """A player on a board of a round, as the arbiter checks a pairing: pairing number,
    rating at the start, points before the round and the colours of the games played
    (``W``/``B`` in the reader's language, ``–`` for a round without a game)."""

    tpn: int | None
    rating: int | None
    points: Fraction
    colours: str

    @property
    def points_text(self) -> str:
        whole, half = divmod(self.points * 2, 2)
        return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


def seats(round_: Round) -> dict[int, Seat]:
    """Every entered player's :class:`Seat` before ``round_`` (two queries)."""
    tournament = round_.tournament
    scoring = tournament.point_system
    shogi = tournament_game(tournament) == GameKind.SHOGI
    histories = played_histories(tournament, round_.number)
    entries = Registration.objects.filter(tournament=tournament).values_list(
        "player_id", "pairing_number", "rating_at_start"
    )
    out = {}
    for player_id, tpn, rating in entries:
        own = histories.get(player_id, {})
        points = sum(
            (scoring.points(code) for _opp, _colour, code in own.values() if code),
            Fraction(0),
        )
        colours = "".join(
            colour_letter(own[n][1], shogi=shogi, upper=True) or "–" if n in own else "–"
            for n in range(1, round_.number)
        )
        out[player_id] = Seat(tpn, rating, points, colours)
    return out


def tournament_game(tournament: Any) -> str:
    """``chess``, ``go`` or ``shogi``: the rating list's game, else the format's."""
    if tournament.rating_list_id is not None:
        return tournament.rating_list.game
    if tournament.pairing_system in SHOGI_SYSTEMS:
        return GameKind.SHOGI
    if tournament.pairing_system in MCMAHON_ENGINE:
        return GameKind.GO
    return GameKind.CHESS


#: Players shown per search of the registration picker.
CANDIDATES = 20


def candidates(tournament: Any, query: str) -> list[Player]:
    """Players the organiser may enter: not entered yet, of the tournament's game (a rating
    in a list of that game, or none in any list; chess: or a FIDE ID), matching ``query``
    (name, ``Last, First``, FIDE ID or club). Each has ``list_rating`` (in the tournament's
    list) and ``list_grade``. Two queries."""
    query = " ".join(query.split())
    if not query:
        return []
    game = tournament_game(tournament)
    same = PlayerRating.objects.filter(player=OuterRef("pk"), rating_list__game=game)
    other = PlayerRating.objects.filter(player=OuterRef("pk")).exclude(rating_list__game=game)
    of_game = Q(Exists(same)) | ~Q(Exists(other))
    if game == GameKind.CHESS:
        of_game |= Q(fide_id__isnull=False)
    match = Q(club__name__icontains=query)
    if (fide_id := parse_int(query, maximum=MAX_BIGINT)) is not None:
        match |= Q(fide_id=fide_id)
    if "," in query:
        last, first = (part.strip() for part in query.split(",", 1))
        match |= Q(last_name__icontains=last, first_name__istartswith=first)
    else:
        for word in query.split():
            match |= Q(last_name__icontains=word) | Q(first_name__icontains=word)
    players = list(
        Player.objects.filter(of_game, match)
        .exclude(registrations__tournament=tournament)
        .select_related("club")
        .order_by("last_name", "first_name", "pk")[:CANDIDATES]
    )
    rows = {}
    if tournament.rating_list_id is not None:
        rows = {
            r.player_id: r
            for r in PlayerRating.objects.filter(
                rating_list_id=tournament.rating_list_id, player__in=players
            )
        }
    for player in players:
        row = rows.get(player.pk)
        rating = None
        if row is not None:
            rating = row.rating if row.rating is not None else row.starting_rating
        player.list_rating = rating
        player.list_grade = row.grade if row is not None else ""
    return players

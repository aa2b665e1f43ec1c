"""Reads of the club games: the ladder with ratings, the reports waiting for a player."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q

from events.models import ClubGameReport, ClubGames, ClubGameStatus, LadderPlace
from players.models import Club, Player
from ratings.models import PlayerRating
from rules.ladder import challengeable


def club_games_of(club: Club) -> ClubGames | None:
    return ClubGames.objects.select_related("rating_list").filter(club=club).first()


@dataclass
class Rung:
    place: int
    player: Player
    rating: Decimal | None
    games: int
    can_challenge: bool


def ladder(settings: ClubGames, viewer: Player | None = None) -> list[Rung]:
    """The ladder, top first, with each player's live rating in the club's list; whom
    ``viewer`` may challenge."""
    places = list(
        LadderPlace.objects.filter(club_games=settings).select_related("player").order_by("place")
    )
    ratings = {
        row.player_id: row
        for row in PlayerRating.objects.filter(
            rating_list_id=settings.rating_list_id, player_id__in=[p.player_id for p in places]
        )
    }
    order = [p.player_id for p in places]
    targets = set() if viewer is None else set(challengeable(order, viewer.pk, settings.reach))
    rows = []
    for p in places:
        rating = ratings.get(p.player_id)
        rows.append(
            Rung(
                p.place,
                p.player,
                None if rating is None else rating.live_rating,
                0 if rating is None else rating.games,
                p.player_id in targets,
            )
        )
    return rows


def on_ladder(settings: ClubGames, player: Player) -> bool:
    return LadderPlace.objects.filter(club_games=settings, player=player).exists()


def reports_to_confirm(player: Player) -> list[ClubGameReport]:
    """Club games reported by an opponent of ``player``, waiting for them to confirm."""
    return list(
        ClubGameReport.objects.filter(Q(white=player) | Q(black=player))
        .filter(status=ClubGameStatus.PENDING)
        .exclude(reported_by=player)
        .select_related("white", "black", "reported_by", "club_games__club")
        .order_by("date", "pk")
    )


def my_reports(player: Player) -> list[ClubGameReport]:
    """Club games ``player`` reported that wait for their opponent."""
    return list(
        ClubGameReport.objects.filter(status=ClubGameStatus.PENDING, reported_by=player)
        .select_related("white", "black", "club_games__club")
        .order_by("date", "pk")
    )


def club_mates(club: Club, player: Player | None) -> list[Player]:
    players = Player.objects.filter(club=club).order_by("last_name", "first_name")
    if player is not None:
        players = players.exclude(pk=player.pk)
    return list(players)

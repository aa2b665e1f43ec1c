"""A player's title norms across tournaments: the norms earned in the finished tournaments of
FIDE standard chess lists (as each tournament's norm page checks them), and per title whether
a title application has what §1.5 asks: norms covering at least 27 games (§1.5.1) and a
rating reached at some time (§1.5.3: GM 2500, IM 2400, WGM 2300, WIM 2200).

Six queries whatever the number of tournaments: the tournaments, their entries, their games,
the published ratings and the starting ratings of their players (the ratings in force at
each start, as :func:`ratings.queries.tournaments.ratings_in_force` gives them one
tournament at a time), and the player's peak in those lists.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Max

from players.models import Player
from ratings.enums import GameKind, RatingSystem, TimeControl
from ratings.models import PlayerRating, PublishedRating
from ratings.queries.norms import norms_of, players_of
from rules.norms.fide import NormTitle
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import Game, Registration, Tournament

TITLE_RATINGS = {
    NormTitle.GM: 2500,
    NormTitle.IM: 2400,
    NormTitle.WGM: 2300,
    NormTitle.WIM: 2200,
}
"""§1.5.3."""

OPEN_TITLES = frozenset({NormTitle.GM, NormTitle.IM})
"""The women's titles (WGM, WIM) are listed for women only."""

NORM_GAMES = 27
"""§1.5.1."""

#: The titles a player already holding a title needs no more (the title and those below).
HELD = {
    "GM": {NormTitle.GM, NormTitle.IM, NormTitle.WGM, NormTitle.WIM},
    "IM": {NormTitle.IM, NormTitle.WIM},
    "WGM": {NormTitle.WGM, NormTitle.WIM},
    "WIM": {NormTitle.WIM},
}


@dataclass
class EarnedNorm:
    tournament: Tournament
    tpn: int | None
    title: NormTitle
    games: int  # the games the norm counts for (§1.4.1c, §1.7)
    average: int
    performance: int


@dataclass
class Application:
    title: NormTitle
    games: int
    highest_rating: int | None
    held: bool = False

    @property
    def games_needed(self) -> int:
        return NORM_GAMES

    @property
    def rating_needed(self) -> int:
        return TITLE_RATINGS[self.title]

    @property
    def complete(self) -> bool:
        return (
            self.games >= NORM_GAMES
            and self.highest_rating is not None
            and self.highest_rating >= self.rating_needed
        )


@dataclass
class PlayerTitleNorms:
    player: Player
    norms: list[EarnedNorm] = field(default_factory=list)
    applications: list[Application] = field(default_factory=list)


def norm_tournaments(player: Player) -> list[Tournament]:
    """The finished tournaments of FIDE standard chess lists the player entered (one query)."""
    return list(
        Tournament.objects.filter(
            registrations__player=player,
            status=TournamentStatus.FINISHED,
            rating_list__system=RatingSystem.FIDE,
            rating_list__game=GameKind.CHESS,
            rating_list__time_control=TimeControl.STANDARD,
        )
        .select_related("club", "rating_list")
        .order_by("start_date", "pk")
    )


def ratings_in_force_of(
    tournaments: list[Tournament], players: dict[int, dict[int, Player]]
) -> dict[int, dict[int, int]]:
    """Tournament id -> player id -> the rating an opponent counts with: the FIDE standard
    rating, else the rating in force at the start in the tournament's list (the rule of
    :func:`ratings.queries.tournaments.ratings_in_force`). Two queries for all tournaments."""
    missing = {pk for by_id in players.values() for pk, p in by_id.items() if not p.fide_standard}
    lists = {t.rating_list_id for t in tournaments}
    latest = max((t.start_date for t in tournaments), default=datetime.date.min)
    published: dict[tuple[int, int], list[tuple[datetime.date, int]]] = defaultdict(list)
    starting: dict[tuple[int, int], tuple[int | None, datetime.date | None]] = {}
    if missing:
        for player_id, list_id, day, rating in PublishedRating.objects.filter(
            player_id__in=missing,
            published_list__rating_list_id__in=lists,
            published_list__date__lte=latest,
        ).values_list(
            "player_id", "published_list__rating_list_id", "published_list__date", "rating"
        ):
            published[(player_id, list_id)].append((day, rating))
        for player_id, list_id, rating, day in PlayerRating.objects.filter(
            player_id__in=missing, rating_list_id__in=lists
        ).values_list("player_id", "rating_list_id", "starting_rating", "starting_date"):
            starting[(player_id, list_id)] = (rating, day)
    result = {}
    for tournament in tournaments:
        ratings = {}
        for pk, player in players[tournament.pk].items():
            if player.fide_standard:
                ratings[pk] = player.fide_standard
                continue
            key = (pk, tournament.rating_list_id)
            dated = [(d, r) for d, r in published.get(key, []) if d <= tournament.start_date]
            list_date, list_rating = max(dated) if dated else (None, None)
            rating, day = starting.get(key, (None, None))
            valid = rating is not None and (day is None or day <= tournament.start_date)
            if valid and (list_rating is None or (day is not None and day > list_date)):
                ratings[pk] = rating
            elif list_rating is not None:
                ratings[pk] = list_rating
        result[tournament.pk] = ratings
    return result


def player_title_norms(player: Player) -> PlayerTitleNorms:
    """The norms ``player`` earned and where each title application stands."""
    tournaments = norm_tournaments(player)
    ids = [t.pk for t in tournaments]
    registrations: dict[int, list[Registration]] = defaultdict(list)
    for registration in (
        Registration.objects.filter(tournament_id__in=ids)
        .select_related("player")
        .order_by("pairing_number", "player__last_name", "player__first_name", "pk")
    ):
        registrations[registration.tournament_id].append(registration)
    games: dict[int, list[Game]] = defaultdict(list)
    for game in (
        Game.objects.filter(round__tournament_id__in=ids)
        .exclude(round__status=RoundStatus.DRAFT)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    ):
        games[game.round.tournament_id].append(game)
    players = {t.pk: players_of(registrations[t.pk], games[t.pk]) for t in tournaments}
    ratings = ratings_in_force_of(tournaments, players)
    result = PlayerTitleNorms(player)
    for tournament in tournaments:
        norms = norms_of(
            tournament, registrations[tournament.pk], games[tournament.pk],
            ratings[tournament.pk], only=player.pk,
        )  # fmt: skip
        for entry in norms.players:
            for line in entry.norms:
                if line.passed and (player.sex == "f" or line.title in OPEN_TITLES):
                    verdict = line.verdict
                    result.norms.append(
                        EarnedNorm(
                            tournament,
                            entry.tpn,
                            line.title,
                            verdict.counts_as,
                            verdict.average,
                            verdict.performance,
                        )
                    )
    highest = _highest_rating(player)
    held = HELD.get(player.title, set())
    for title in NormTitle:
        if title not in OPEN_TITLES and player.sex != "f":
            continue
        games_total = sum(n.games for n in result.norms if n.title is title)
        if games_total or title in held:
            result.applications.append(Application(title, games_total, highest, title in held))
    return result


def _highest_rating(player: Player) -> int | None:
    """The highest standard rating known: the peak in the FIDE standard lists, or the FIDE
    rating on record (one query)."""
    peak = PlayerRating.objects.filter(
        player=player,
        rating_list__system=RatingSystem.FIDE,
        rating_list__game=GameKind.CHESS,
        rating_list__time_control=TimeControl.STANDARD,
    ).aggregate(peak=Max("peak"))["peak"]
    known = [r for r in (peak, player.fide_standard) if r is not None]
    return max(known) if known else None

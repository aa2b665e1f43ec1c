"""A player's ratings: calculations per period, rating histories, games, head-to-head,
tournament performances, and looking players up."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import (
    Count,
    Q,
    QuerySet,
)

from players.models import Player
from ratings.models import (
    PlayerRating,
    PublishedList,
    PublishedRating,
    RatingChange,
    RatingList,
)
from rules import scoring
from rules.ratings import fide

# --------------------------------------------------------------------------- player page
from tournaments.enums import Result, RoundStatus
from tournaments.models import Game


@dataclass
class Period:
    """One rating period of a player's calculation in one list, as FIDE prints it.

    ``published`` is the list the games are rated in; ``None`` for the current, open period.
    """

    published: PublishedList | None
    changes: list[RatingChange] = field(default_factory=list)

    @property
    def is_rated(self) -> bool:
        """Whether any game of the period changed the rating (false while still unrated)."""
        return any(c.change is not None for c in self.changes)

    @property
    def sum_delta(self) -> Decimal:
        """Σ(score − expected) over the rated games."""
        return sum(
            (c.score - c.expected for c in self.changes if c.expected is not None), Decimal(0)
        )

    @property
    def k_sum_delta(self) -> Decimal:
        """K × Σ(score − expected), i.e. the sum of the per-game changes, unrounded."""
        return sum((c.change for c in self.changes if c.change is not None), Decimal(0))

    @property
    def rounded_change(self) -> int:
        """The period's change, rounded once (0.5 away from zero)."""
        return fide.round_change(self.k_sum_delta)


@dataclass
class ListCalculation:
    """A player's rating in one list and their ledger in it, newest period first."""

    rating_list: RatingList
    rating: PlayerRating | None
    periods: list[Period] = field(default_factory=list)


def player_ratings(player: Player) -> QuerySet[PlayerRating]:
    """The player's ratings, one per list, in list order."""
    return (
        PlayerRating.objects.filter(player=player)
        .select_related("rating_list")
        .order_by("rating_list__position", "rating_list__name")
    )


def rating_in_list(rating_list_id: int | None, player: Player | None) -> int | None:
    """``player``'s rating in a list as entry forms read it: the published one, else the
    live one (rounded half up), else the starting rating; ``None``: unrated there (or no
    list, or no player). One query at most."""
    if player is None or rating_list_id is None:
        return None
    row = PlayerRating.objects.filter(rating_list=rating_list_id, player=player).first()
    if row is None:
        return None
    if row.rating is not None:
        return row.rating
    if row.live_rating is not None:
        return int(row.live_rating.to_integral_value(rounding=ROUND_HALF_UP))
    return row.starting_rating


def player_ledger(player: Player) -> QuerySet[RatingChange]:
    """Every ledger row of ``player``, oldest first, with everything a row prints joined
    (a team game's match too: the ledger names it)."""
    return (
        RatingChange.objects.filter(player=player)
        .select_related(
            "rating_list",
            "period",
            "tournament",
            "opponent",
            "game__round",
            "game__team_match__first",
            "game__team_match__second",
        )
        # The replay checkpoint is the system's whole state (every player): never for a page.
        .defer("period__replay_state")
        .order_by("rating_list__position", "date", "tournament_id", "game__round__number", "pk")
    )


def player_calculations(player: Player) -> list[ListCalculation]:
    """Ratings and ledgers of ``player`` grouped by list and period (two queries)."""
    by_list: dict[int, ListCalculation] = {}
    for rating in player_ratings(player):
        by_list[rating.rating_list_id] = ListCalculation(rating.rating_list, rating)
    periods: dict[tuple[int, int | None], Period] = {}
    for change in player_ledger(player):
        calculation = by_list.setdefault(
            change.rating_list_id, ListCalculation(change.rating_list, None)
        )
        key = (change.rating_list_id, change.period_id)
        if key not in periods:
            periods[key] = Period(change.period)
            calculation.periods.append(periods[key])
        periods[key].changes.append(change)
    for calculation in by_list.values():
        calculation.periods.sort(key=_period_sort_key)
    return sorted(by_list.values(), key=lambda c: (c.rating_list.position, c.rating_list.name))


def _period_sort_key(period: Period) -> tuple[int, int]:
    """The open period first, then published periods newest first."""
    if period.published is None:
        return (0, 0)
    return (1, -period.published.date.toordinal())


# --------------------------------------------------------------------------- histories


@dataclass(frozen=True)
class HistoryPoint:
    """One point of a rating history: a published list's rating, or the live rating."""

    date: datetime.date
    rating: Decimal | int
    live: bool
    events: tuple[str, ...] = ()


def _events_by_period(changes) -> dict[tuple[int, int | None], list[str]]:
    """Tournament names per (list, period), in the order played, without repeats."""
    events: dict[tuple[int, int | None], list[str]] = {}
    for change in changes:
        names = events.setdefault((change.rating_list_id, change.period_id), [])
        if change.tournament.name not in names:
            names.append(change.tournament.name)
    return events


def rating_histories(
    player_ids: list[int],
    *,
    rating_list: RatingList | None = None,
    changes: list[RatingChange] | None = None,
    ratings: list[PlayerRating] | None = None,
) -> dict[tuple[int, int], list[HistoryPoint]]:
    """Histories keyed by (player id, list id): every published rating, then the live rating.

    The live point (dated on the last rated game, or the starting date) is added when the
    player has games in the open period or no published rating yet. Pass the ledger rows and
    ratings already loaded (the player page) or let this read them: at most three queries
    whatever the number of points.
    """
    published = (
        PublishedRating.objects.filter(player_id__in=player_ids)
        .select_related("published_list")
        .defer("published_list__replay_state")  # the replay's checkpoint: megabytes of JSON
    )
    if rating_list is not None:
        published = published.filter(published_list__rating_list=rating_list)
    if changes is None:
        changes = RatingChange.objects.filter(player_id__in=player_ids).select_related("tournament")
        if rating_list is not None:
            changes = changes.filter(rating_list=rating_list)
        changes = list(changes.only("player_id", "rating_list_id", "period_id", "tournament__name"))
    if ratings is None:
        ratings = PlayerRating.objects.filter(player_id__in=player_ids, live_rating__isnull=False)
        if rating_list is not None:
            ratings = ratings.filter(rating_list=rating_list)
        ratings = list(ratings)
    events: dict[int, dict[tuple[int, int | None], list[str]]] = {}
    for change in changes:
        events.setdefault(change.player_id, {})
    for player_id in events:
        events[player_id] = _events_by_period(c for c in changes if c.player_id == player_id)
    histories: dict[tuple[int, int], list[HistoryPoint]] = {}
    for entry in published.order_by("published_list__date"):
        listed = entry.published_list
        key = (entry.player_id, listed.rating_list_id)
        names = events.get(entry.player_id, {}).get((listed.rating_list_id, listed.pk), [])
        histories.setdefault(key, []).append(
            HistoryPoint(listed.date, entry.rating, live=False, events=tuple(names))
        )
    for rating in ratings:
        if rating.live_rating is None:
            continue
        key = (rating.player_id, rating.rating_list_id)
        open_events = events.get(rating.player_id, {}).get((rating.rating_list_id, None), [])
        if open_events or key not in histories:
            day = rating.last_played or rating.starting_date
            if day is None:
                continue
            histories.setdefault(key, []).append(
                HistoryPoint(day, rating.live_rating, live=True, events=tuple(open_events))
            )
    return histories


# --------------------------------------------------------------------------- games, h2h


def player_games(player: Player, rating_list: RatingList | None = None) -> QuerySet[RatingChange]:
    """The player's ledger rows (one per rated game), newest first, for the paginated list."""
    rows = RatingChange.objects.filter(player=player)
    if rating_list is not None:
        rows = rows.filter(rating_list=rating_list)
    return rows.select_related("rating_list", "tournament", "opponent", "game__round").order_by(
        "-date", "-tournament_id", "-game__round__number", "-pk"
    )


@dataclass(frozen=True)
class HeadToHead:
    """A player's record against one opponent over their played games (forfeits excluded)."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> Decimal:
        return self.wins + Decimal("0.5") * self.draws


def head_to_head_games(player: Player, opponent: Player):
    """Every played game between the two players (any tournament, rated or not), oldest first."""
    played = list(
        Game.objects.filter(Q(white=player, black=opponent) | Q(white=opponent, black=player))
        .filter(result__in=_played_results())
        .exclude(round__status=RoundStatus.DRAFT)
        .select_related("round__tournament", "white", "black")
        .order_by("round__date", "round__tournament__start_date", "round__number", "pk")
    )
    wins = draws = losses = 0
    for game in played:
        white, black = scoring.side_codes(game.result, bye=False)
        mine = white if game.white_id == player.pk else black
        if mine == "1":
            wins += 1
        elif mine == "0":
            losses += 1
        else:
            draws += 1
    return played, HeadToHead(wins, draws, losses)


def _played_results() -> frozenset[str]:
    """Results of games actually played (over the board, at least one move)."""
    return frozenset({Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS})


@dataclass
class TournamentPerformance:
    """A player's rated games in one tournament: points against rated opponents, performance."""

    tournament: object
    rating_list: RatingList
    games: int = 0
    points: Decimal = Decimal(0)
    opponent_ratings: list[int] = field(default_factory=list)
    rated_points: Decimal = Decimal(0)
    change: Decimal | None = None

    @property
    def performance(self) -> int | None:
        """FIDE performance rating (``fide.performance_rating``) against rated opponents."""
        if not self.opponent_ratings:
            return None
        return fide.performance_rating(self.opponent_ratings, self.rated_points)

    @property
    def average_opponent(self) -> int | None:
        if not self.opponent_ratings:
            return None
        return fide.average_rating(self.opponent_ratings)


def tournament_performances(changes: list[RatingChange]) -> list[TournamentPerformance]:
    """Group ledger rows by tournament (newest first) with the player's performance in each."""
    found: dict[int, TournamentPerformance] = {}
    for change in changes:
        line = found.setdefault(
            change.tournament_id, TournamentPerformance(change.tournament, change.rating_list)
        )
        line.games += 1
        line.points += change.score
        if change.change is not None:
            line.change = (line.change or Decimal(0)) + change.change
        if change.opponent_rating is not None:
            line.opponent_ratings.append(change.opponent_rating)
            line.rated_points += change.score
    return sorted(
        found.values(),
        key=lambda line: (line.tournament.start_date, line.tournament.pk),
        reverse=True,
    )


def opponents_of(changes: list[RatingChange]) -> list[Player]:
    """The distinct opponents of a ledger, sorted by name."""
    seen = {change.opponent_id: change.opponent for change in changes}
    return sorted(seen.values(), key=lambda p: (p.last_name, p.first_name, p.pk))


def players_by_id(ids: list[int]) -> dict[int, Player]:
    """Players by id (one query)."""
    return {player.pk: player for player in Player.objects.filter(pk__in=ids)}


# --------------------------------------------------------------------------- search


@dataclass
class SearchGroup:
    """The players a search found in one rating list (``None``: rated in no list), by name,
    each with their rating there."""

    rating_list: RatingList | None
    rows: list[tuple[Player, PlayerRating | None]] = field(default_factory=list)


def search_groups(players: list[Player]) -> list[SearchGroup]:
    """Group found players by the lists they are rated in (a player rated in two lists is in
    both), lists in their order, then the unrated ones (one query)."""
    ratings = (
        PlayerRating.objects.filter(player__in=[p.pk for p in players], live_rating__isnull=False)
        .select_related("rating_list")
        .order_by("rating_list__position", "rating_list__name")
    )
    by_player: dict[int, list[PlayerRating]] = {}
    lists: dict[int, RatingList] = {}
    for rating in ratings:
        by_player.setdefault(rating.player_id, []).append(rating)
        lists.setdefault(rating.rating_list_id, rating.rating_list)
    groups = {pk: SearchGroup(rating_list) for pk, rating_list in lists.items()}
    unrated = SearchGroup(None)
    for player in players:
        for rating in by_player.get(player.pk, []):
            rating.player = player  # the row's badge reads it: no query per row
            groups[rating.rating_list_id].rows.append((player, rating))
        if player.pk not in by_player:
            unrated.rows.append((player, None))
    return [*groups.values(), *([unrated] if unrated.rows else [])]


def club_lists(club_ids: list[int]) -> dict[int, list[tuple[RatingList, int]]]:
    """Club id -> the lists its players are rated in, with how many (two queries)."""
    counts = (
        PlayerRating.objects.filter(player__club__in=club_ids, live_rating__isnull=False)
        .order_by()
        .values_list("player__club_id", "rating_list_id")
        .annotate(n=Count("pk"))
    )
    rows = list(counts)
    lists = RatingList.objects.in_bulk({list_id for _club, list_id, _n in rows})
    found: dict[int, list[tuple[RatingList, int]]] = {}
    for club_id, list_id, count in rows:
        found.setdefault(club_id, []).append((lists[list_id], count))
    for entries in found.values():
        entries.sort(key=lambda entry: (entry[0].position, entry[0].name))
    return found

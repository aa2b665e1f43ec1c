"""Operations of the read-only JSON API.

Every operation answers GET only, needs no login and reads through query helpers with a fixed
number of queries. Unknown ids give 404 with ``{"detail": "..."}``; parameters of the wrong
type or out of range give 422 (``detail`` lists each problem); a filter value that does not
fit the list (an unknown club) gives 400.
"""

from __future__ import annotations

from typing import Annotated, Literal

from django.db.models import QuerySet
from django.http import HttpRequest
from ninja import NinjaAPI, Path, Query
from ninja.errors import HttpError
from pydantic import Field

from api import queries as api_queries
from api import schemas as s
from api.pager import page_parameter, page_size_parameter, paged
from core.cache import federations as list_federations
from players.models import Club, Player
from ratings.filters import LeaderboardFilter
from ratings.models import PlayerRating, RatingList
from ratings.queries.leaderboard import leaderboard_rows, page_in_rating_order, rank_page
from ratings.queries.lists import rating_lists_overview
from ratings.queries.tournaments import tournament_standings
from tournaments.models import Tournament
from tournaments.queries.standings import ranked
from tournaments.queries.tournaments import tournament_for_page, tournaments_overview
from web.tiebreak_names import describe

MAX_ID = 2**31 - 1

api = NinjaAPI(
    title="clubrating API",
    version="1",
    description=(
        "Read-only JSON for club websites: rating lists and leaderboards, players with their "
        "rating history, tournaments with standings. No login; GET only."
    ),
    urls_namespace="api",
    docs_url="/docs",
    openapi_url="/openapi.json",
)

SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"

NOT_FOUND = {404: s.Error, 422: s.Error}


def _club(club: Club | None) -> dict | None:
    if club is None:
        return None
    return {"id": club.pk, "name": club.name, "short_name": club.short_name}


def _player(player: Player) -> dict:
    return {
        "id": player.pk,
        "name": player.name,
        "last_name": player.last_name,
        "first_name": player.first_name,
        "title": player.title,
        "federation": player.federation,
        "fide_id": player.fide_id,
        "club": _club(player.club),
    }


def _list_ref(rating_list: RatingList | None) -> dict | None:
    if rating_list is None:
        return None
    return {"slug": rating_list.slug, "name": rating_list.name}


def _number(value) -> float | None:
    return None if value is None else round(float(value), 6)


def _tournament(tournament: Tournament) -> dict:
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "city": tournament.city,
        "start_date": tournament.start_date,
        "end_date": tournament.end_date,
        "rounds_planned": tournament.rounds_planned,
        "club": _club(tournament.club),
        "rating_list": _list_ref(tournament.rating_list),
    }


# --------------------------------------------------------------------------- rating lists


@api.get("/lists", response=list[s.RatingListOut], tags=["ratings"], summary="Rating lists")
def rating_lists(request: HttpRequest):
    """Every rating list with its number of rated players and latest published list."""
    return [
        {
            "slug": row.slug,
            "name": row.name,
            "game": row.game,
            "time_control": row.time_control,
            "system": row.system,
            "rated_players": row.rated_players,
            "last_published": row.last_published,
        }
        for row in rating_lists_overview()
    ]


class LeaderboardQuery(s.Schema):
    page: int = page_parameter()
    page_size: int = page_size_parameter()
    sex: Literal["m", "f"] | None = Field(None, description='"m" or "f".')
    juniors: bool = Field(False, description="Only players under 20 on 1 January.")
    club: int | None = Field(
        None, ge=1, le=MAX_ID, description="Only players of this club (its id)."
    )
    federation: Annotated[str, Field(pattern=r"^[A-Z]{3}$")] | None = Field(
        None, description="Only players of this federation (three letters)."
    )
    active: bool = Field(
        False, description="Only active players (a rated game in 12 months; FESA: two years)."
    )
    category: Literal["women", "juniors", "girls", "seniors50", "seniors65"] | None = Field(
        None,
        description="A top list: women, juniors (U20), girls, seniors 50+ or 65+ (ages by year "
        "of birth, as FIDE counts them). Empty: the open list.",
    )


@api.get(
    "/lists/{slug}/leaderboard",
    response={200: s.LeaderboardPage, 400: s.Error, 404: s.Error, 422: s.Error},
    tags=["ratings"],
    summary="Leaderboard of a rating list",
)
def leaderboard(
    request: HttpRequest,
    filters: Query[LeaderboardQuery],
    slug: str = Path(..., pattern=SLUG_PATTERN, max_length=200),
):
    """Rated players by live rating, filtered, then ranked within the filter (as FIDE's top
    lists for women or juniors start at 1), one page at a time."""
    rating_list = RatingList.objects.filter(slug=slug).first()
    if rating_list is None:
        raise HttpError(404, "No rating list with this slug.")
    filterset = LeaderboardFilter(
        {
            "sex": filters.sex or "",
            "juniors": filters.juniors,
            "club": filters.club or "",
            "federation": filters.federation or "",
            "active": "on" if filters.active else "",
            "category": filters.category or "",
        },
        queryset=leaderboard_rows(rating_list),
        rating_list=rating_list,
        federations=list_federations(rating_list),
    )
    if not filterset.is_valid():
        problems = "; ".join(
            f"{name}: {' '.join(errors)}" for name, errors in filterset.errors.items()
        )
        raise HttpError(400, problems)
    return {
        "rating_list": _list_ref(rating_list),
        **paged(filterset.qs, filters.page, filters.page_size, _leaderboard_row, _ranked_page),
    }


def _ranked_page(rows: QuerySet, start: int, size: int) -> list[PlayerRating]:
    """A page in rating order, ranked within the filter without ranking the whole list (the
    leaderboard page's way: ``page_in_rating_order``); the same ranks as ``with_rank``."""
    page, above = page_in_rating_order(rows, offset=start, limit=size)
    rank_page(rows, page, offset=start, above_top=above)
    return page


def _leaderboard_row(row: PlayerRating) -> dict:
    return {
        "rank": row.rank,
        "player": _player(row.player),
        "rating": row.rating,
        "live_rating": round(float(row.live_rating), 2),
        "games": row.games,
        "k": row.k,
        "peak": row.peak,
        "last_played": row.last_played,
    }


# --------------------------------------------------------------------------- players


@api.get(
    "/players",
    response={200: s.PlayerPage, 422: s.Error},
    tags=["players"],
    summary="Players",
)
def players(
    request: HttpRequest,
    page: int = page_parameter(),
    page_size: int = page_size_parameter(),
    search: str = Query(
        "",
        max_length=100,
        pattern=r"^[^\x00-\x1f]*$",
        description=(
            "Words that each start a word of the last or first name, in any order; case, "
            "accents and script (Cyrillic or Latin) do not matter."
        ),
    ),
):
    """Players by name, one page at a time."""
    return paged(api_queries.players(search.strip()), page, page_size, _player)


@api.get(
    "/players/{player_id}",
    response={200: s.PlayerDetail, **NOT_FOUND},
    tags=["players"],
    summary="A player with ratings and history",
)
def player_detail(request: HttpRequest, player_id: int = Path(..., ge=1, le=MAX_ID)):
    """A player, their rating in every list and the published lists' history (oldest first)."""
    player = api_queries.player(player_id)
    if player is None:
        raise HttpError(404, "No player with this id.")
    history = api_queries.player_history(player)
    ratings = [
        {
            "rating_list": _list_ref(rating.rating_list),
            "rating": rating.rating,
            "live_rating": _number(rating.live_rating),
            "games": rating.games,
            "k": rating.k,
            "peak": rating.peak,
            "last_played": rating.last_played,
            "history": [
                {
                    "date": row.published_list.date,
                    "rating": row.rating,
                    "change": row.change,
                    "games": row.games,
                }
                for row in history.get(rating.rating_list_id, [])
            ],
        }
        for rating in api_queries.player_ratings(player)
    ]
    return {**_player(player), "ratings": ratings}


# --------------------------------------------------------------------------- tournaments


@api.get(
    "/tournaments",
    response={200: s.TournamentPage, 422: s.Error},
    tags=["tournaments"],
    summary="Tournaments",
)
def tournaments(
    request: HttpRequest,
    page: int = page_parameter(),
    page_size: int = page_size_parameter(),
):
    """Tournaments, newest first, one page at a time."""
    return paged(tournaments_overview(), page, page_size, _tournament)


@api.get(
    "/tournaments/{slug}",
    response={200: s.TournamentDetail, **NOT_FOUND},
    tags=["tournaments"],
    summary="A tournament with standings",
)
def tournament_detail(
    request: HttpRequest, slug: str = Path(..., pattern=SLUG_PATTERN, max_length=200)
):
    """A tournament and its standings after the last round with every result in, with the
    tournament's tie-breaks, performance and rating change."""
    tournament = tournament_for_page().filter(slug=slug).first()
    if tournament is None:
        raise HttpError(404, "No tournament with this slug.")
    data = tournament_standings(tournament)
    table = ranked(data, data.completed)
    standings = [
        {
            "place": row.label,
            "tpn": row.player.tpn,
            "player": _player(data.players[row.player.tpn]),
            "rating": row.player.rating,
            "points": float(row.points),
            "tiebreaks": [_number(value) for value in row.tiebreaks],
            "performance": row.performance,
            "rating_change": _number(data.changes.get(row.player.tpn)),
            "withdrawn": row.player.tpn in data.withdrawn,
        }
        for row in table.rows
    ]
    return {
        **_tournament(tournament),
        "round_robin": data.round_robin,
        "completed_rounds": data.completed,
        "after_round": table.after_round,
        "tiebreaks": [{"code": tb.code, "name": describe(tb)} for tb in table.tiebreaks],
        "standings": standings,
    }

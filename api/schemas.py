"""Response schemas of the JSON API. Field names are stable: add fields, never rename them."""

from __future__ import annotations

import datetime

from ninja import Schema
from pydantic import Field


class Error(Schema):
    """An error: ``detail`` says what is wrong (a list of problems for invalid parameters)."""

    detail: str | list[dict] = Field(description="What went wrong.")


class ClubOut(Schema):
    id: int
    name: str
    short_name: str


class PlayerRef(Schema):
    """A player as lists show them."""

    id: int
    name: str = Field(description='"Lastname, Firstname", as FIDE writes it.')
    last_name: str
    first_name: str
    title: str = Field(description='FIDE title ("GM", "WIM", ...); empty if none.')
    federation: str = Field(description="Three-letter federation code; empty if unknown.")
    fide_id: int | None
    club: ClubOut | None


class RatingListOut(Schema):
    slug: str
    name: str
    game: str = Field(description='"chess", "go" or "shogi".')
    time_control: str
    system: str = Field(description='The rating system, e.g. "fide".')
    rated_players: int
    last_published: datetime.date | None = Field(description="Date of the latest published list.")


class RatingListRef(Schema):
    slug: str
    name: str


class LeaderboardRow(Schema):
    rank: int = Field(description="Rank within the filtered list; ties share a rank.")
    player: PlayerRef
    rating: int | None = Field(description="Rating on the last published list.")
    live_rating: float = Field(description="Rating including this period's games (2 decimals).")
    games: int = Field(description="Rated games in total.")
    k: int | None
    peak: int | None
    last_played: datetime.date | None


class Page(Schema):
    """The envelope of every list operation (``api.pager.paged`` fills it): one page of
    ``results``; ``count`` rows on all pages, ``pages`` at least 1. A subclass adds
    ``results`` (and says nothing of its own: a docstring becomes its schema's description)."""

    count: int
    page: int
    page_size: int
    pages: int


# A Page of a rating list that names the page fields itself: its ``rating_list`` comes first in
# the contract, and inherited fields would come first. (No docstring: it would become the
# schema's description in /api/openapi.json.)
class LeaderboardPage(Schema):
    rating_list: RatingListRef
    count: int = Field(description="Rows matching the filters, on all pages.")
    page: int
    page_size: int
    pages: int
    results: list[LeaderboardRow]


class PlayerPage(Page):
    results: list[PlayerRef]


class HistoryPoint(Schema):
    date: datetime.date = Field(description="Date of the published list.")
    rating: int
    change: int | None
    games: int = Field(description="Rated games in the period that ended with this list.")


class PlayerListRating(Schema):
    rating_list: RatingListRef
    rating: int | None
    live_rating: float | None
    games: int
    k: int | None
    peak: int | None
    last_played: datetime.date | None
    history: list[HistoryPoint] = Field(description="Published lists, oldest first.")


class PlayerDetail(PlayerRef):
    ratings: list[PlayerListRating]


class TournamentRef(Schema):
    slug: str
    name: str
    city: str
    start_date: datetime.date
    end_date: datetime.date
    rounds_planned: int
    club: ClubOut | None
    rating_list: RatingListRef | None


class TournamentPage(Page):
    results: list[TournamentRef]


class TiebreakOut(Schema):
    code: str = Field(description='FIDE C.07 code, e.g. "BH/C1".')
    name: str


class StandingsRow(Schema):
    place: str = Field(description='Place; a shared place reads "3–5" (en dash).')
    tpn: int = Field(description="Pairing number.")
    player: PlayerRef
    rating: int | None
    points: float
    tiebreaks: list[float | None] = Field(description="Values in the order of `tiebreaks`.")
    performance: int | None
    rating_change: float | None = Field(description="Sum of the rating changes (unrounded).")
    withdrawn: bool


class TournamentDetail(TournamentRef):
    round_robin: bool
    completed_rounds: int = Field(description="Rounds with every result in.")
    after_round: int = Field(description="The round the standings are after (0: none yet).")
    tiebreaks: list[TiebreakOut]
    standings: list[StandingsRow]

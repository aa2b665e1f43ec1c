"""Shared test helpers: tables read out of rendered HTML (to compare whole rows with ``==``),
a rated history to write into, and the database states compared before and after a refusal."""

from __future__ import annotations

import datetime
import re
from html.parser import HTMLParser
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model

from actions.leagues import add_division, create_season
from actions.ratings import close_rating_period, set_starting_rating
from actions.registrations import register_player
from core.roles import SYSTEM
from players.models import Club, Player
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange
from tests.factories import (
    make_club,
    make_game,
    make_player,
    make_round,
    make_tournament,
    standard_list,
)
from tournaments.models import Game, Registration, RequestedBye, Round, Tournament


class _TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables: list[dict[str, list[list[str]]]] = []
        self._section = "body"
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append({"head": [], "body": [], "foot": []})
        elif tag in ("thead", "tbody", "tfoot"):
            self._section = {"thead": "head", "tbody": "body", "tfoot": "foot"}[tag]
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1][self._section].append(self._row)
            self._row = None
        elif tag in ("thead", "tbody", "tfoot"):
            self._section = "body"

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def tables(html: bytes | str) -> list[dict[str, list[list[str]]]]:
    """Every table of ``html``: {"head": rows, "body": rows, "foot": rows} of cell texts."""
    parser = _TableParser()
    parser.feed(html.decode() if isinstance(html, bytes) else html)
    return parser.tables


def body_rows(html: bytes | str, index: int = 0) -> list[list[str]]:
    """The body rows (lists of cell texts) of the ``index``-th table of ``html``."""
    return tables(html)[index]["body"]


def column(html: bytes | str, position: int, index: int = 0) -> list[str]:
    """One column (0-based ``position``) of the ``index``-th table's body."""
    return [row[position] for row in body_rows(html, index)]


# --------------------------------------------------------------------------- database states


D = datetime.date


def rated_history(*, players: int = 12, rounds: int = 4) -> dict[str, Any]:
    """Two tournaments of the chess standard list, January (its list published on 1 February)
    and February, each with ``rounds`` published rounds of boards without results yet.

    Board b of round r pairs player b with player (b + r) mod n, so every game is distinct.
    """
    rating_list = standard_list()
    people = [make_player(f"P{index:02d}") for index in range(players)]
    for index, player in enumerate(people):
        set_starting_rating(
            player=player, rating_list=rating_list, rating=1500 + 37 * index, games=30, actor=SYSTEM
        )
    january = make_tournament(start_date=D(2025, 1, 5), end_date=D(2025, 1, 12))
    february = make_tournament(start_date=D(2025, 2, 5), end_date=D(2025, 2, 12))
    games: list[Game] = []
    for tournament in (january, february):
        for number, player in enumerate(people, start=1):
            Registration.objects.create(tournament=tournament, player=player, pairing_number=number)
        for number in range(1, rounds + 1):
            round_ = make_round(tournament, number)
            half = players // 2
            for board in range(half):
                white = people[board]
                black = people[(board + half + number - 1) % players]
                if black.pk == white.pk:
                    black = people[(board + half + number) % players]
                games.append(make_game(round_, white, black, board=board + 1))
    close_rating_period(rating_list=rating_list, date=D(2025, 2, 1), actor=SYSTEM)
    return {"list": rating_list, "games": games, "tournaments": [january, february]}


def derived_state() -> dict[str, list]:
    """Every derived row, without primary keys (a full replay renumbers them)."""
    return {
        "ratings": sorted(
            PlayerRating.objects.values_list(
                "rating_list_id", "player_id", *PlayerRating.DERIVED_FIELDS
            )
        ),
        "ledger": sorted(RatingChange.objects.values_list(*RatingChange.COLUMNS), key=repr),
        "published": sorted(
            PublishedRating.objects.values_list(
                "published_list_id", "player_id", "rating", "games", "k", "change"
            )
        ),
    }  # fmt: skip


def full_state() -> dict[str, list]:
    """Every row a result entry can touch, with primary keys: "nothing changed" means equal."""
    return {
        "games": list(Game.objects.order_by("pk").values_list()),
        "tournaments": list(Tournament.objects.order_by("pk").values_list()),
        "ratings": list(PlayerRating.objects.order_by("pk").values_list()),
        "ledger": list(RatingChange.objects.order_by("pk").values_list()),
        "lists": list(PublishedList.objects.order_by("pk").values_list()),
        "published": list(PublishedRating.objects.order_by("pk").values_list()),
    }


def counts() -> dict[str, int]:
    """How many players, tournaments, registrations, rounds, games and requested byes there
    are: what a TRF import writes."""
    return {
        model.__name__: model.objects.count()
        for model in (Player, Tournament, Registration, Round, Game, RequestedBye)
    }


def snapshot() -> dict[str, list[tuple]]:
    """Every row of every table of the project's apps (and their many-to-many tables)."""
    rows = {}
    for label in ("players", "ratings", "tournaments", "events", "core"):
        for model in apps.get_app_config(label).get_models(include_auto_created=True):
            values = model.objects.order_by("pk").values_list()
            rows[model._meta.db_table] = [tuple(map(str, row)) for row in values]
    return rows


def league_division(
    *,
    teams: int = 6,
    boards: int = 4,
    reserves: int = 1,
    double: bool = True,
    club_names: tuple[str, ...] = (),
    season: Any = None,
    name: str = "Division 1",
    level: int = 1,
    **division: Any,
) -> dict[str, Any]:
    """A league season (10 fortnightly Sundays from 6 September 2026, run by the club
    "Kingside") with a division of ``teams`` teams of ``boards`` boards and ``reserves``
    reserves, made by the league actions as the system. Team ``i`` (1-based) is
    "<club i> A" of its own club (``club_names`` or "Club i"); its first player is its
    captain, with the account "cap<i>" (password "pw-cap<i>"). Pass ``season`` to add a
    division to an existing season (the teams' clubs are then found or made by name)."""
    user_model = get_user_model()
    if season is None:
        host = Club.objects.filter(name="Kingside").first() or _make_club("Kingside")
        days = [datetime.date(2026, 9, 6) + datetime.timedelta(weeks=2 * k) for k in range(14)]
        season = create_season(
            actor=SYSTEM,
            club=host,
            name="Kingside League 2026/27",
            start_date=datetime.date(2026, 9, 1),
            end_date=datetime.date(2027, 5, 31),
            match_dates=days,
        )
    names = club_names or tuple(f"Club {i}" for i in range(1, teams + 1))
    specs, captains = [], []
    for index, club_name in enumerate(names[:teams], start=1):
        club = Club.objects.filter(name=club_name).first() or _make_club(club_name)
        suffix = "AB"[level - 1] if level <= 2 else str(level)
        roster = [
            make_player(f"{club_name.replace(' ', '')}{suffix}{k}", "P", club=club)
            for k in range(1, boards + reserves + 1)
        ]
        username = f"cap{index}" if level == 1 else f"cap{index}-{level}"
        account = user_model.objects.filter(username=username).first()
        if account is None:
            account = user_model.objects.create_user(username, password=f"pw-{username}")
        roster[0].account = account
        roster[0].save(update_fields=["account"])
        specs.append(
            {"name": f"{club_name} {suffix}", "club": club, "captain": roster[0], "players": roster}
        )
        captains.append(account)
    created = add_division(
        actor=SYSTEM,
        season=season,
        name=name,
        teams=specs,
        boards=boards,
        double=double,
        level=level,
        **division,
    )
    return {
        "season": season,
        "division": created,
        "tournament": created.tournament,
        "teams": list(created.tournament.teams.order_by("pairing_number")),
        "captains": captains,
    }


def _make_club(name: str) -> Any:
    return make_club(name, short_name=name[:10])


#: The ratings at the start of :func:`six_player_swiss`'s players P1…P6.
SIX_RATINGS = (2400, 2300, 2200, 2100, 2000, 1900)


def six_player_swiss(**fields: Any) -> tuple[Tournament, list[Player]]:
    """An unrated three-round Swiss (FIDE Dutch unless ``pairing_system`` says otherwise,
    White for number 1 in round 1) of P1…P6 rated :data:`SIX_RATINGS` at the start, nothing
    paired: the tournament the "why this pairing" tests pair (round 1 is 1-4, 5-2, 3-6)."""
    fields.setdefault("pairing_system", "swiss_dutch")
    tournament = make_tournament(
        rating_list=None,
        rounds_planned=3,
        initial_colour="w",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 9),
        **fields,
    )
    players = []
    for index, rating in enumerate(SIX_RATINGS):
        player = make_player(f"P{index + 1}")
        register_player(tournament=tournament, player=player, rating_at_start=rating, actor=SYSTEM)
        players.append(player)
    return tournament, players

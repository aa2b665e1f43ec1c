"""The fixed data set of the browser tests (see ``conftest.site``).

Ratings are written directly with the factories (known numbers, so tests can state the exact
row order); the organiser's tournament is run through the services as an arbiter would.

Besides the live ratings: birth years counted back from the current year (so the top lists
"juniors" and "seniors" keep the same players in any year), two published lists of the chess
list (1 January and 1 February 2026) giving Carlsen a history of three chart points (two
list ratings and the live one) and Ivanova of two, and a go list with two graded players.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from actions.boards import add_game
from actions.ratings import set_declared_grade
from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.tournaments import create_tournament
from core.roles import SYSTEM
from players.models import Player
from ratings.models import PublishedRating, RatingList
from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_published_list,
    make_round,
    make_tournament,
    register,
)
from tests.factories import make_rating as rate
from tournaments.enums import PairingSystem
from tournaments.models import Tournament


@dataclass
class Site:
    players: dict[str, Player]
    rated_event: Tournament
    club_open: Tournament
    go_players: dict[str, Player]


def born(age: int) -> datetime.date:
    """A birth date making the player ``age`` in the current year (as FIDE counts ages)."""
    return datetime.date(timezone.localdate().year - age, 6, 15)


def build_site(user_model, *, password: str) -> Site:
    riverside = make_club("Riverside")
    hilltop = make_club("Hilltop")
    players = {
        "carlsen": make_player(
            "Carlsen", "Magnus", title="GM", federation="NOR", club=riverside, birth_date=born(35)
        ),
        "smith": make_player(
            "Smith", "Anna", sex="f", federation="ENG", club=hilltop, birth_date=born(30)
        ),
        # Juniors (at most 20 this year): Jones and Ivanova; a senior 50+: Brown.
        "jones": make_player("Jones", "Bob", federation="ENG", club=riverside, birth_date=born(19)),
        "brown": make_player("Brown", "Cara", sex="f", federation="SCO", birth_date=born(55)),
        "ivanova": make_player(
            "Ivanova", "Olga", sex="f", federation="RUS", club=hilltop, birth_date=born(16)
        ),
    }
    last_played = datetime.date(2026, 3, 1)
    rate(players["carlsen"], "2830.40", games=120, peak=2882, k=10, last_played=last_played)
    rate(players["smith"], "1850.25", games=12, peak=1850, k=40, last_played=last_played)
    rate(players["jones"], "1790.00", games=60, peak=1900, k=20)
    rate(players["brown"], "1612.20", games=8, peak=1612, k=40)
    rate(players["ivanova"], "2105.50", games=30, peak=2150, k=20)

    # A rated tournament with one game in Carlsen's ledger (written as the replay would).
    rated_event = make_tournament("Winter Cup", slug="winter-cup")
    register(rated_event, players["carlsen"], players["smith"])
    game = make_game(make_round(rated_event), players["carlsen"], players["smith"], "10")
    make_change(
        game,
        players["carlsen"],
        players["smith"],
        rating_used=2830,
        opponent_rating=1850,
        opponent_rating_used=2230,
        capped=True,
        score=1,
        expected="0.92",
        k=10,
        change="0.8",
    )

    # Two published lists: Carlsen 2815 then 2830 (the February list rated his New Year Open
    # game), Ivanova 2090 then 2106. With the live rating (open period: Winter Cup) Carlsen's
    # chart has three points, Ivanova's two (no game since the last list: no live point).
    january = make_published_list(datetime.date(2026, 1, 1))
    february = make_published_list(datetime.date(2026, 2, 1))
    for listed, carlsen, ivanova in ((january, 2815, 2090), (february, 2830, 2106)):
        PublishedRating.objects.create(
            published_list=listed, player=players["carlsen"], rating=carlsen
        )
        PublishedRating.objects.create(
            published_list=listed, player=players["ivanova"], rating=ivanova
        )
    new_year = make_tournament(
        "New Year Open", slug="new-year-open", start_date=datetime.date(2026, 1, 10)
    )
    register(new_year, players["carlsen"], players["ivanova"])
    make_change(
        make_game(make_round(new_year), players["carlsen"], players["ivanova"], "10"),
        players["carlsen"],
        players["ivanova"],
        period=february,
        rating_used=2815,
        opponent_rating=2090,
        opponent_rating_used=2090,
        score=1,
        expected="0.99",
        k=10,
        change="0.1",
    )

    # The go list: two 1 dan players through the services (the replay gives the grades).
    go_list = RatingList.objects.get(slug="go-egf")
    go_players = {"honinbo": make_player("Honinbo", "Ann"), "kisei": make_player("Kisei", "Ben")}
    for player in go_players.values():
        set_declared_grade(player=player, rating_list=go_list, grade="1d", actor=SYSTEM)
    go_cup = make_tournament(
        "Go Cup", slug="go-cup", rating_list=go_list, start_date=datetime.date(2026, 1, 5)
    )
    register(go_cup, *go_players.values())
    record_result(
        game=add_game(
            round=make_round(go_cup),
            board=1,
            white=go_players["honinbo"],
            black=go_players["kisei"],
            actor=SYSTEM,
        ),
        result="10",
        actor=SYSTEM,
    )

    # The organiser's tournament: four entries, round 1 paired, published, one result in.
    organiser = user_model.objects.create_user(
        "organiser", password=password, is_staff=True, is_superuser=True
    )
    club_open = create_tournament(
        name="Club Open",
        slug="club-open",
        start_date=datetime.date(2026, 6, 1),
        end_date=datetime.date(2026, 6, 3),
        rounds_planned=3,
        pairing_system=PairingSystem.SWISS_DUTCH,
        initial_colour="w",
        actor=organiser,
    )
    for name, rating in (("carlsen", 2830), ("ivanova", 2105), ("smith", 1850), ("jones", 1790)):
        register_player(
            tournament=club_open, player=players[name], rating_at_start=rating, actor=SYSTEM
        )
    round_one = pair_next_round(tournament=club_open, actor=organiser)
    publish_round(round=round_one, actor=organiser)
    first_board = round_one.games.order_by("board").first()
    record_result(game=first_board, result="10", actor=organiser)
    return Site(
        players=players, rated_event=rated_event, club_open=club_open, go_players=go_players
    )

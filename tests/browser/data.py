"""The fixed data set of the browser tests (see ``conftest.site``).

Ratings are written directly with the factories (known numbers, so tests can state the exact
row order); the organiser's tournament is run through the services as an arbiter would.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from players.models import Player
from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_round,
    make_tournament,
    register,
)
from tests.factories import make_rating as rate
from tournaments import services
from tournaments.enums import PairingSystem
from tournaments.models import Tournament


@dataclass
class Site:
    players: dict[str, Player]
    rated_event: Tournament
    club_open: Tournament


def build_site(user_model, *, password: str) -> Site:
    riverside = make_club("Riverside")
    hilltop = make_club("Hilltop")
    players = {
        "carlsen": make_player("Carlsen", "Magnus", title="GM", federation="NOR", club=riverside),
        "smith": make_player("Smith", "Anna", sex="f", federation="ENG", club=hilltop),
        "jones": make_player("Jones", "Bob", federation="ENG", club=riverside),
        "brown": make_player("Brown", "Cara", sex="f", federation="SCO"),
        "ivanova": make_player("Ivanova", "Olga", sex="f", federation="RUS", club=hilltop),
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

    # The organiser's tournament: four entries, round 1 paired, published, one result in.
    organiser = user_model.objects.create_user(
        "organiser", password=password, is_staff=True, is_superuser=True
    )
    club_open = services.create_tournament(
        name="Club Open",
        slug="club-open",
        start_date=datetime.date(2026, 6, 1),
        end_date=datetime.date(2026, 6, 3),
        rounds_planned=3,
        pairing_system=PairingSystem.SWISS_DUTCH,
        initial_colour="w",
        user=organiser,
    )
    for name, rating in (("carlsen", 2830), ("ivanova", 2105), ("smith", 1850), ("jones", 1790)):
        services.register_player(tournament=club_open, player=players[name], rating_at_start=rating)
    round_one = services.pair_next_round(tournament=club_open, user=organiser)
    services.publish_round(round=round_one, user=organiser)
    first_board = round_one.games.order_by("board").first()
    services.record_result(game=first_board, result="10", user=organiser)
    return Site(players=players, rated_event=rated_event, club_open=club_open)

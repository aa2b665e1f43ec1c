"""Every create form of the back office, as a post a test can send many times (issue 15).

``CASES[name](world)`` gives the form's address, a function making the post's data (a new
upload each time) and a function counting the objects the form creates. Used by the double
submit tests (one after the other, SQLite or PostgreSQL) and the concurrency tests (threads,
PostgreSQL).
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from players.models import Club, Player
from ratings.models import RatingChange
from tests.factories import make_club, make_player, make_tournament, register, standard_list
from tests.trf_samples import SMALL
from tournaments.enums import PairingSystem
from tournaments.models import Registration, Round, Tournament


@dataclass
class World:
    staff: Any
    club: Club
    swiss: Tournament
    manual: Tournament
    candidate: Player


def make_world() -> World:
    staff = get_user_model().objects.create_user("staffer", is_staff=True)
    staff.groups.add(Group.objects.get(name="Staff"))  # the admin's add pages too
    club = make_club("Knights")
    swiss = make_tournament(
        "Swiss", slug="swiss", club=club, pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=5, start_date=datetime.date(2026, 6, 1), end_date=datetime.date(2026, 6, 5),
    )  # fmt: skip
    register(swiss, make_player("Alpha", sex="m"), make_player("Bravo", sex="f"))
    manual = make_tournament(
        "Manual", slug="manual", club=club, pairing_system=PairingSystem.MANUAL,
        rounds_planned=9, start_date=datetime.date(2026, 6, 1), end_date=datetime.date(2026, 6, 5),
    )  # fmt: skip
    return World(staff, club, swiss, manual, make_player("Candidate", sex="m"))


Post = tuple[str, Callable[[], dict], Callable[[], Any]]


def tournament_create(w: World) -> Post:
    def data() -> dict:
        return {
            "name": "Burst Open", "slug": "", "club": w.club.pk, "rating_list": "",
            "start_date": "2026-10-01", "end_date": "2026-10-05", "city": "Tbilisi",
            "rounds_planned": "7", "pairing_system": "swiss_dutch", "points_win": "1",
            "points_draw": "0.5", "points_loss": "0", "points_forfeit_win": "1",
            "points_pab": "0.5", "points_half_bye": "0.5", "max_half_point_byes": "2",
            "initial_colour": "b", "seeding": "rating", "tiebreaks": "bh/c1 BH de",
        }  # fmt: skip

    return (
        reverse("tournaments:organise_create"),
        data,
        lambda: Tournament.objects.filter(name="Burst Open").count(),
    )


def add_player(w: World) -> Post:
    return (
        reverse("tournaments:organise_add_player", args=[w.club.pk]),
        lambda: {"last_name": "Newcomer", "first_name": "Nina", "sex": "f"},
        lambda: Player.objects.filter(last_name="Newcomer").count(),
    )


def add_round(w: World) -> Post:
    return (
        reverse("tournaments:organise_add_round", args=[w.manual.slug]),
        lambda: {"date": "2026-06-02"},
        lambda: Round.objects.filter(tournament=w.manual).count(),
    )


def register_player(w: World) -> Post:
    return (
        reverse("tournaments:organise_register", args=[w.swiss.slug]),
        lambda: {"player": w.candidate.pk, "rating_at_start": ""},
        lambda: Registration.objects.filter(tournament=w.swiss).count(),
    )


def register_lines(w: World) -> Post:
    return (
        reverse("tournaments:organise_register_lines", args=[w.swiss.slug]),
        lambda: {"lines": "Pasted, Paula\tf\t2001"},
        lambda: (
            Player.objects.filter(last_name="Pasted").count(),
            Registration.objects.filter(tournament=w.swiss).count(),
        ),
    )


def register_newcomer(w: World) -> Post:
    return (
        reverse("tournaments:organise_register_new", args=[w.swiss.slug]),
        lambda: {"last_name": "Fresh", "first_name": "Fred", "sex": "m", "fide_id": "7777777"},
        lambda: (
            Player.objects.filter(last_name="Fresh").count(),
            Registration.objects.filter(tournament=w.swiss).count(),
        ),
    )


def trf_import(w: World) -> Post:
    def data() -> dict:
        upload = SimpleUploadedFile("t.trf", SMALL.encode(), content_type="text/plain")
        # Staff give the players the import creates the file's ratings: its game is rated.
        return {
            "file": upload,
            "club": w.club.pk,
            "rating_list": standard_list().pk,
            "starting_ratings": "on",
        }

    return (
        reverse("tournaments:trf_import"),
        data,
        lambda: (
            Tournament.objects.filter(name="Club Open").count(),
            RatingChange.objects.count(),
        ),
    )


def admin_add_club(w: World) -> Post:
    return (
        reverse("admin:players_club_add"),
        lambda: {"name": "Rooks", "short_name": "", "city": "", "federation": "", "_save": "1"},
        lambda: Club.objects.filter(name="Rooks").count(),
    )


#: The player admin's inline of ratings, empty.
NO_RATINGS = {"ratings-TOTAL_FORMS": "0", "ratings-INITIAL_FORMS": "0"}


def admin_add_player(w: World) -> Post:
    return (
        reverse("admin:players_player_add"),
        lambda: {"last_name": "Adminson", "sex": "f", "_save": "1", **NO_RATINGS},
        lambda: Player.objects.filter(last_name="Adminson").count(),
    )


CASES: dict[str, Callable[[World], Post]] = {
    "admin: add a club": admin_add_club,
    "admin: add a player": admin_add_player,
    "create tournament": tournament_create,
    "add player": add_player,
    "add round": add_round,
    "enter a player": register_player,
    "enter pasted lines": register_lines,
    "enter a newcomer": register_newcomer,
    "import a TRF file": trf_import,
}

#: What one post creates, per case (count functions above).
ONE = {
    "admin: add a club": 1,
    "admin: add a player": 1,
    "create tournament": 1,
    "add player": 1,
    "add round": 1,
    "enter a player": 3,
    "enter pasted lines": (1, 3),
    "enter a newcomer": (1, 3),
    "import a TRF file": (1, 2),
}


def with_token(data: dict, token: uuid.UUID) -> dict:
    return {**data, "submission": str(token)}

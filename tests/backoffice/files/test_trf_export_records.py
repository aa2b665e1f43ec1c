"""The TRF export's chief arbiter (``102``) and the rating of an unrated player (issue 19).

FIDE's Tournament Report File, version 2026 (C.04 Annex, approved by the FIDE Council on
12/05/2025; TRF-16 has the same records), tournament section: "102 | Chief Arbiter | R: ■"
(■: mandatory for rating) and "112 | Deputy Chief Arbiter (one line for each arbiter)".
Player section: "49–52 | FIDE Rating". A rating an organiser typed for an unrated newcomer,
to rank them for the pairings, is not a FIDE rating: the field stays blank (0), as for every
unrated player. The pairings still use the organiser's rating (the registration's
``rating_at_start``).
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from actions.entries import register_entries
from actions.registrations import assign_pairing_numbers, register_player
from actions.tournaments import create_tournament, set_arbiters
from backoffice.files.trf import export_trf
from core.roles import SYSTEM
from players.models import Club
from rules.files import trf
from rules.files.entries import EntryLine
from tests.factories import make_player, make_rating, standard_list
from tournaments.enums import PairingSystem
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return create_tournament(
        name="Spring Swiss",
        slug="spring",
        club=Club.objects.create(name="Riverside"),
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 2),
        rating_list=standard_list(),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        actor=SYSTEM,
    )


def _record_lines(text: str, code: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(code + " ")]


def test_the_first_arbiter_appointed_is_the_chief_arbiter_and_the_others_deputies(tournament):
    users = get_user_model().objects
    chief = users.create_user("mikel")
    make_player("Larreategi Arana", "Mikel", fide_id=22232540, account=chief)
    deputy = users.create_user("dana", first_name="Dana", last_name="Deputy")
    set_arbiters(tournament=tournament, arbiters=[chief], actor=SYSTEM)
    set_arbiters(tournament=tournament, arbiters=[chief, deputy], actor=SYSTEM)

    text = export_trf(tournament=tournament)

    assert _record_lines(text, "102") == ["102 Larreategi Arana, Mikel (22232540)"]
    assert _record_lines(text, "112") == ["112 Dana Deputy"]
    assert trf.parse_trf(text).headers["102"] == "Larreategi Arana, Mikel (22232540)"


def test_a_tournament_without_arbiters_has_no_chief_arbiter_line(tournament):
    assert _record_lines(export_trf(tournament=tournament), "102") == []


def test_an_unrated_newcomers_known_rating_ranks_them_but_is_no_fide_rating(tournament):
    for name, rating in (("Rated", 1800), ("Lower", 1600)):
        player = make_player(name, "Ray")
        make_rating(player, None, starting_rating=rating)
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    register_entries(
        tournament=tournament,
        entries=[
            EntryLine(line=1, last_name="Newman", first_name="Nora", sex="f", rating=1700),
            EntryLine(
                line=2, last_name="Fider", first_name="Fay", sex="f", fide_id=4100018, rating=1750
            ),
        ],
        actor=SYSTEM,
    )
    assign_pairing_numbers(tournament=tournament, actor=SYSTEM)

    parsed = trf.parse_trf(export_trf(tournament=tournament))

    # The pairings rank by the organiser's ratings: 1800, 1750, 1700, 1600.
    numbers = dict(
        Registration.objects.filter(tournament=tournament).values_list(
            "player__last_name", "pairing_number"
        )
    )
    assert numbers == {"Rated": 1, "Fider": 2, "Newman": 3, "Lower": 4}
    # The file: the list's ratings and the FIDE-registered newcomer's; Newman is unrated.
    assert [(p.tpn, p.name, p.rating) for p in parsed.players] == [
        (1, "Rated, Ray", 1800),
        (2, "Fider, Fay", 1750),
        (3, "Newman, Nora", 0),
        (4, "Lower, Ray", 1600),
    ]
    assert parsed.headers["072"] == "3"  # the number of rated players

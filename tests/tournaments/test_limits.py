"""The web app bounds the rounds and players of a tournament (issue 15, defect 3): the TRF
import refuses a file beyond the limits before it parses it, the tournament forms refuse more
rounds, the entries more players (``CLUBRATING_MAX_ROUNDS``, ``CLUBRATING_MAX_PLAYERS``)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from actions.registrations import register_player
from actions.tournaments import create_tournament
from actions.trf_import import import_trf
from core.roles import SYSTEM
from tests.factories import make_player, make_tournament
from tests.form_data import CREATE, tournament_form
from tests.helpers import counts
from tests.trf_samples import SMALL
from tournaments.enums import PairingSystem
from tournaments.limits import max_players, max_rounds
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db


def test_the_default_limits():
    assert (max_rounds(), max_players()) == (50, 1000)
    # A round robin takes as many players as 50 rounds allow: 50 (49 rounds), or 26 twice.
    assert max_players(PairingSystem.ROUND_ROBIN) == 50
    assert max_players(PairingSystem.DOUBLE_ROUND_ROBIN) == 26


def ten_thousand_rounds() -> str:
    """Two players who meet 10,000 times: 200 kB, declared with ``XXR 10000``."""
    white = "".join(f"  {2:4d} {'w' if r % 2 else 'b'} 1" for r in range(10_000))
    black = "".join(f"  {1:4d} {'b' if r % 2 else 'w'} 0" for r in range(10_000))

    def head(tpn: int, name: str, points: str) -> str:
        return (
            f"001 {tpn:4d} m    {name:<33} {'':>4} {'':<3} {'':>11} {'':<10} {points:>4} {tpn:>4}"
        )

    return "\n".join(
        [
            "012 Marathon",
            "042 2026/03/01",
            "XXR 10000",
            head(1, "White, W", "9999") + white,
            head(2, "Black, B", "0.0") + black,
        ]
    )


def test_an_import_of_ten_thousand_rounds_is_refused_before_it_is_parsed():
    before = counts()

    report = import_trf(text=ten_thousand_rounds(), actor=SYSTEM)

    assert [(p.line, p.column) for p in report.errors] == [(3, 5), (4, 590)]
    assert str(report.errors[0]) == ("line 3, column 5: 10000 rounds: a tournament has at most 50")
    assert counts() == before


@pytest.mark.parametrize("record", ["XXR 51", "142 51", "XXR 99999999999999999999"])
def test_an_import_declaring_too_many_rounds_is_refused(record):
    report = import_trf(text=SMALL.replace("142 3", record), actor=SYSTEM)

    assert [(p.line, p.column) for p in report.errors] == [(4, 5)]
    assert Tournament.objects.count() == 0


def test_an_import_with_too_many_players_is_refused(settings):
    settings.CLUBRATING_MAX_PLAYERS = 2

    report = import_trf(text=SMALL, actor=SYSTEM)

    assert [str(p) for p in report.errors] == [
        "line 7, column 1: more than 2 players, the most a tournament takes"
    ]
    assert Tournament.objects.count() == 0


def test_the_create_form_refuses_more_rounds(admin_client, settings):
    settings.CLUBRATING_MAX_ROUNDS = 12

    response = admin_client.post(CREATE, tournament_form(rounds_planned="13"))

    assert response.status_code == 200
    assert response.context["form"].errors["rounds_planned"] == [
        "The number of rounds must be a whole number from 1 to 12."
    ]
    assert Tournament.objects.count() == 0
    with pytest.raises(ValidationError) as refused:
        create_tournament(
            name="Long",
            start_date=datetime.date(2026, 5, 1),
            end_date=datetime.date(2026, 5, 1),
            rounds_planned=13,
            actor=SYSTEM,
        )
    assert list(refused.value.message_dict) == ["rounds_planned"]


@pytest.mark.parametrize(
    ("system", "limit"),
    [(PairingSystem.SWISS_DUTCH, 3), (PairingSystem.DOUBLE_ROUND_ROBIN, 2)],
)
def test_entries_stop_at_the_most_players(settings, system, limit):
    settings.CLUBRATING_MAX_PLAYERS = 3
    settings.CLUBRATING_MAX_ROUNDS = 3  # a double round robin of 2 players: 2 rounds
    tournament = make_tournament(pairing_system=system, rounds_planned=3)
    for _number in range(limit):
        register_player(tournament=tournament, player=make_player(), actor=SYSTEM)

    with pytest.raises(ValidationError) as refused:
        register_player(tournament=tournament, player=make_player(), actor=SYSTEM)

    assert refused.value.message_dict == {
        "player": [f"This tournament is full: it takes at most {limit} players."]
    }
    assert Registration.objects.filter(tournament=tournament).count() == limit


def test_the_register_page_says_the_tournament_is_full(admin_client, settings):
    settings.CLUBRATING_MAX_PLAYERS = 1
    tournament = make_tournament(pairing_system=PairingSystem.SWISS_DUTCH, rounds_planned=3)
    register_player(tournament=tournament, player=make_player(), actor=SYSTEM)
    other = make_player()

    response = admin_client.post(
        reverse("tournaments:organise_register", args=[tournament.slug]), {"player": other.pk}
    )

    assert response.status_code < 500
    assert not Registration.objects.filter(player=other).exists()

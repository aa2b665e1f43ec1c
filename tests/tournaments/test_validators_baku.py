"""Baku acceleration only with the point systems it is defined for (issue 25).

C.04.5.1: the Baku Acceleration Method "is applicable in any tournament where the standard
scoring point system (one point for a win, half point for a draw) is used". The create and the
settings forms (through ``create_tournament`` / ``update_tournament``) refuse it with 3/1/0 on
the Baku field and write nothing; the standard scoring in another unit (2/1/0) is accepted; a
tournament stored before the check keeps working.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from actions.tournaments import create_tournament, update_tournament
from core.roles import SYSTEM
from tests.factories import make_tournament
from tournaments.enums import PairingSystem
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

CREATE = reverse("tournaments:organise_create")
REFUSAL = (
    "Baku acceleration is defined for the standard scoring only (FIDE C.04.5.1): a loss worth "
    "0 and a draw worth half a win, such as 1 / ½ / 0 or 2 / 1 / 0. Turn it off or change the "
    "points."
)
THREE_ONE_ZERO = {
    "points_win": "3",
    "points_draw": "1",
    "points_loss": "0",
    "points_forfeit_win": "3",
    "points_pab": "3",
    "points_half_bye": "1",
}
STANDARD = {
    "points_win": "1",
    "points_draw": "0.5",
    "points_loss": "0",
    "points_forfeit_win": "1",
    "points_pab": "1",
    "points_half_bye": "0.5",
}


def _create_form(**overrides) -> dict:
    return {
        "name": "Baku Open",
        "slug": "",
        "club": "",
        "rating_list": "",
        "start_date": "2026-10-01",
        "end_date": "2026-10-05",
        "city": "Baku",
        "rounds_planned": "9",
        "pairing_system": "swiss_dutch",
        **STANDARD,
        "initial_colour": "w",
        "accelerated": "on",
        "seeding": "rating",
        "tiebreaks": "",
        **overrides,
    }


def _settings_form(**overrides) -> dict:
    return {
        "pairing_system": PairingSystem.SWISS_DUTCH,
        "rounds_planned": 9,
        **STANDARD,
        "initial_colour": "w",
        "accelerated": "on",
        "seeding": "rating",
        "tiebreaks": "BH/C1 BH DE WIN",
        **overrides,
    }


def _swiss(**fields) -> Tournament:
    return make_tournament(
        slug="open",
        rating_list=None,
        start_date=datetime.date(2026, 9, 1),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=9,
        **fields,
    )


def test_create_form_refuses_baku_with_three_one_zero(admin_client):
    response = admin_client.post(CREATE, _create_form(**THREE_ONE_ZERO))

    assert response.status_code == 200
    assert response.context["form"].errors["accelerated"] == [REFUSAL]
    assert not Tournament.objects.exists()


def test_create_form_takes_three_one_zero_without_baku_and_baku_with_two_one_zero(admin_client):
    admin_client.post(CREATE, _create_form(**THREE_ONE_ZERO, accelerated="", name="Football"))
    doubled = {"points_win": "2", "points_draw": "1", "points_forfeit_win": "2"}
    admin_client.post(CREATE, _create_form(**doubled, points_pab="2", points_half_bye="1"))

    stored = {t.name: (t.points_win, t.accelerated) for t in Tournament.objects.all()}
    assert stored == {"Football": (Decimal(3), False), "Baku Open": (Decimal(2), True)}


def test_settings_form_refuses_three_one_zero_while_baku_is_on(admin_client):
    tournament = _swiss(accelerated=True)

    response = admin_client.post(
        reverse("tournaments:organise_settings", args=["open"]),
        _settings_form(**THREE_ONE_ZERO),
        follow=True,
    )

    assert response.status_code == 200
    assert (
        f'<a href="#settings-accelerated">Accelerated pairings (Baku): {REFUSAL}</a>'
        in response.content.decode()
    )
    tournament.refresh_from_db()
    assert (tournament.points_win, tournament.accelerated) == (Decimal(1), True)


def test_action_names_the_baku_field():
    with pytest.raises(ValidationError) as refused:
        create_tournament(
            actor=SYSTEM,
            name="Baku Open",
            start_date=datetime.date(2026, 10, 1),
            end_date=datetime.date(2026, 10, 5),
            pairing_system=PairingSystem.SWISS_DUTCH,
            rounds_planned=9,
            points_win=Decimal(3),
            points_draw=Decimal(1),
            accelerated=True,
        )

    assert refused.value.message_dict == {"accelerated": [REFUSAL]}
    assert not Tournament.objects.exists()


def test_baku_with_three_one_zero_is_only_a_swiss_question():
    # A round robin is never accelerated: the stored flag does not matter there.
    created = create_tournament(
        actor=SYSTEM,
        name="Club Championship",
        start_date=datetime.date(2026, 10, 1),
        end_date=datetime.date(2026, 10, 5),
        pairing_system=PairingSystem.ROUND_ROBIN,
        points_win=Decimal(3),
        points_draw=Decimal(1),
        accelerated=True,
    )

    assert (created.points_win, created.accelerated) == (Decimal(3), True)


def test_a_tournament_stored_before_the_check_can_still_be_renamed():
    tournament = _swiss(accelerated=True, points_win=Decimal(3), points_draw=Decimal(1))

    update_tournament(actor=SYSTEM, tournament=tournament, changes={"name": "Renamed"})
    with pytest.raises(ValidationError) as refused:
        update_tournament(actor=SYSTEM, tournament=tournament, changes={"points_draw": Decimal(2)})

    tournament.refresh_from_db()
    assert (tournament.name, tournament.points_draw) == ("Renamed", Decimal(1))
    assert refused.value.message_dict == {"accelerated": [REFUSAL]}


def test_import_of_a_baku_file_with_three_one_zero_keeps_the_points_without_baku():
    from actions.trf_import import import_trf

    text = (
        "012 Football Open\n042 2026/03/01\n052 2026/03/02\n142 5\n"
        "162  W 3.0    D 1.0    L 0.0\n192 FIDE_DUTCH_2026_BAKU\n"
        "001    1 m    Alpha, Ann                        2000                             0.0\n"
        "001    2 m    Beta, Bob                         1900                             0.0\n"
    )

    report = import_trf(text=text, actor=SYSTEM)

    assert report.errors == []
    assert [(p.line, p.reason) for p in report.warnings] == [
        (
            1,
            "record 192 asks for Baku acceleration, which is defined for the standard scoring "
            "only: imported without it",
        )
    ]
    assert (report.tournament.points_win, report.tournament.accelerated) == (Decimal(3), False)

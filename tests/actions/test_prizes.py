"""``actions.prizes.set_prize_table``: who may, what it writes, what it refuses."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError

from actions.prizes import set_prize_table
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from events.models import PrizeTable
from tests.factories import make_club, make_tournament
from tests.helpers import snapshot

pytestmark = pytest.mark.django_db


def place(n: int, amount: str) -> dict:
    return {"kind": "place", "place": n, "amount": Decimal(amount)}


@pytest.fixture
def tournament():
    return make_tournament(club=make_club("Home"))


def test_the_table_is_stored_in_order_and_audited(tournament):
    club = make_club("Rooks")
    prizes = [
        place(1, "100"),
        place(2, "50.50"),
        {"kind": "junior", "age": 14, "amount": Decimal("20")},
        {"kind": "rating", "rating_max": 1599, "amount": Decimal("20")},
        {"kind": "club", "club": club, "amount": Decimal("10")},
    ]
    table = set_prize_table(
        actor=SYSTEM, tournament=tournament, currency="GBP", method="shared", prizes=prizes
    )

    stored = list(table.prizes.values_list("order", "kind", "place", "age", "rating_max", "club"))
    assert stored == [
        (1, "place", 1, None, None, None),
        (2, "place", 2, None, None, None),
        (3, "junior", None, 14, None, None),
        (4, "rating", None, None, 1599, None),
        (5, "club", None, None, None, club.pk),
    ]
    assert (table.currency, table.method) == ("GBP", "shared")
    entry = AuditEntry.objects.get(action=AuditAction.PRIZES_SET)
    assert entry.params == {"count": 5, "total": "200.50", "currency": "GBP"}
    assert entry.tournament_id == tournament.pk


def test_setting_it_again_replaces_the_prizes(tournament):
    set_prize_table(
        actor=SYSTEM, tournament=tournament, currency="EUR", method="hort", prizes=[place(1, "9")]
    )
    table = set_prize_table(
        actor=SYSTEM,
        tournament=tournament,
        currency="EUR",
        method="tiebreak",
        prizes=[place(1, "30"), place(2, "20")],
    )
    assert PrizeTable.objects.count() == 1
    assert [str(p.amount) for p in table.prizes.all()] == ["30.00", "20.00"]
    assert AuditEntry.objects.filter(action=AuditAction.PRIZES_SET).count() == 2


def test_the_same_table_again_records_nothing(tournament):
    for _ in range(2):
        set_prize_table(
            actor=SYSTEM,
            tournament=tournament,
            currency="EUR",
            method="hort",
            prizes=[place(1, "9")],
        )
    assert AuditEntry.objects.filter(action=AuditAction.PRIZES_SET).count() == 1


@pytest.mark.parametrize(
    ("currency", "method", "prizes", "field", "message"),
    [
        ("XXX", "hort", [place(1, "1")], "currency", "Choose a currency from the list."),
        ("EUR", "lottery", [place(1, "1")], "method", "Choose how ties are paid."),
        ("EUR", "hort", [place(1, "5"), place(1, "4")], "prizes", "a place is listed twice"),
        ("EUR", "hort", [place(1, "5"), place(3, "4")], "prizes", "without a gap"),
        ("EUR", "hort", [place(1, "5"), place(2, "6")], "prizes", "cannot be larger"),
        ("EUR", "hort", [place(1, "0")], "prizes", "Prize 1: The amount must be more than 0"),
        ("JPY", "hort", [place(1, "10.5")], "prizes", "This currency has 0 decimal places."),
        ("EUR", "hort", [{"kind": "junior", "amount": Decimal(5)}], "prizes", "needs the age"),
        (
            "EUR",
            "hort",
            [{"kind": "rating", "rating_min": 1800, "rating_max": 1600, "amount": Decimal(5)}],
            "prizes",
            "must not be below the lower one",
        ),
        ("EUR", "hort", [{"kind": "club", "amount": Decimal(5)}], "prizes", "needs its club"),
        ("EUR", "hort", [{"kind": "raffle", "amount": Decimal(5)}], "prizes", "Choose the kind"),
    ],
)
def test_bad_input_is_refused_on_its_field_and_writes_nothing(
    tournament, currency, method, prizes, field, message
):
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        set_prize_table(
            actor=SYSTEM, tournament=tournament, currency=currency, method=method, prizes=prizes
        )
    assert message in " ".join(refused.value.message_dict[field])
    assert snapshot() == before


@pytest.mark.parametrize("who", ["arbiter", "other_organiser", "anonymous_player"])
def test_only_the_tournaments_managers_may(tournament, who):
    user = get_user_model().objects.create_user(who, password="x")  # noqa: S106 -- test user
    if who == "arbiter":
        tournament.arbiters.add(user)
    elif who == "other_organiser":
        make_club("Away").organisers.add(user)
    before = snapshot()
    with pytest.raises(PermissionDenied):
        set_prize_table(
            actor=user, tournament=tournament, currency="EUR", method="hort", prizes=[place(1, "1")]
        )
    assert snapshot() == before


def test_the_clubs_organiser_may(tournament):
    user = get_user_model().objects.create_user("org", password="x")  # noqa: S106 -- test user
    tournament.club.organisers.add(user)
    set_prize_table(
        actor=user, tournament=tournament, currency="EUR", method="hort", prizes=[place(1, "1")]
    )
    assert PrizeTable.objects.get().prizes.count() == 1

"""The ledger's columns are declared once (``RatingChange.COLUMNS``): the replay writes its
rows in that order and the incremental update compares what it reads back in it."""

import datetime
from decimal import Decimal

import pytest

from ratings.models import RatingChange
from ratings.recompute.diffing import _LEDGER_VALUES, _ledger_value
from ratings.recompute.writing import ledger_tuples, write_ledger
from rules.ratings.replay import LedgerRow
from tests.factories import standard_list

pytestmark = pytest.mark.django_db

#: Ids need not exist: the ledger has no database keys (the replay owns it).
ROW = LedgerRow(
    period=0,
    game=11,
    tournament=12,
    player=13,
    opponent=14,
    date=datetime.date(2026, 3, 1),
    rating_used=1500,
    opponent_rating=1900,
    opponent_used=1900,
    capped=True,
    score=2,
    expected=8,
    k=20,
    change=184,
)


def test_the_columns_are_every_field_of_a_ledger_row_but_its_id():
    attnames = {field.attname for field in RatingChange._meta.concrete_fields}

    assert attnames - set(RatingChange.COLUMNS) == {"id"}
    assert len(RatingChange.COLUMNS) == len(set(RatingChange.COLUMNS))


@pytest.mark.parametrize(
    ("scale", "row", "expected", "change", "details"),
    [
        (100, ROW, "0.08", "1.84", None),
        (
            10000,
            ROW._replace(expected=800, change=18400, details={"con": 1}),
            "0.0800",
            "1.8400",
            '{"con": 1}',
        ),
    ],
)
def test_the_replay_writes_its_rows_in_the_declared_order(scale, row, expected, change, details):
    (written,) = ledger_tuples([row], rating_list_id=7, period_ids=[8], scale=scale)

    assert dict(zip(RatingChange.COLUMNS, written, strict=True)) == {
        "rating_list_id": 7,
        "period_id": 8,
        "game_id": 11,
        "tournament_id": 12,
        "player_id": 13,
        "opponent_id": 14,
        "date": datetime.date(2026, 3, 1),
        "rating_used": 1500,
        "opponent_rating": 1900,
        "opponent_rating_used": 1900,
        "capped": True,
        "score": "1.0",
        "expected": expected,
        "k": 20,
        "change": change,
        "details": details,
    }


def test_a_written_row_reads_back_as_the_incremental_update_compares_it():
    rating_list = standard_list()
    row = ROW._replace(expected=800, change=18400, details={"con": 1})

    write_ledger([row], rating_list_id=rating_list.pk, period_ids=[None], scale=10000)
    stored = RatingChange.objects.get()

    assert RatingChange.objects.values_list(*_LEDGER_VALUES).get() == _ledger_value(row, 10000)
    assert (stored.period_id, stored.game_id, stored.player_id, stored.score) == (
        None,
        11,
        13,
        Decimal("1.0"),
    )

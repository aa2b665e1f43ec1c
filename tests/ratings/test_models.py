"""The derived rows the replay and the updates rewrite are deleted with one statement each:
``QuerySet.delete()`` takes Django's fast path for them (no signal receivers, no rows that
refer to them), so it needs no private ``_raw_delete``. A receiver of ``pre_delete`` or
``post_delete``, or a foreign key to one of these tables, would break it: then delete()
first reads the rows (one query more, and a query per related table)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from actions.results import record_result
from core.roles import SYSTEM
from ratings.models import PendingUpdate, PublishedRating, RatingChange
from tests.helpers import rated_history


@pytest.mark.django_db
@pytest.mark.parametrize("model", [RatingChange, PublishedRating, PendingUpdate])
def test_deleting_derived_rows_is_one_statement(model):
    history = rated_history(players=4, rounds=1)
    for game in history["games"]:
        record_result(game=game, result="10", actor=SYSTEM)
    PendingUpdate.objects.create(rating_list=history["list"], from_date=None, tournaments=[])
    rows = model.objects.count()

    with CaptureQueriesContext(connection) as queries:
        deleted = model.objects.filter(pk__gt=0).delete()

    statements = [query["sql"].split()[0] for query in queries.captured_queries]
    assert (statements, deleted) == (["DELETE"], (rows, {model._meta.label: rows}))
    assert rows > 0

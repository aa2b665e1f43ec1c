"""The rating lists' rows as the unit of work locks them, and their versions. Part of
:mod:`core.unit_of_work` (only it calls these)."""

from __future__ import annotations

import time

from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils.translation import gettext as _

from ratings.models import RatingList


class ChangedMeanwhile(ValidationError):
    """Somebody changed the object the form was based on: reload and check again."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(
            message or _("This was changed meanwhile — reload the page and check it again."),
            code="changed",
        )


def _list_row(pk: int, lock: str) -> None:
    """Lock a rating list's row (``FOR UPDATE``: exclusively; ``FOR KEY SHARE``: shared,
    side by side with other shared holders, not with an exclusive one). SQLite runs one
    writer at a time: there the query only checks that the list still exists."""
    table = connection.ops.quote_name(RatingList._meta.db_table)
    sql = f"SELECT id FROM {table} WHERE id = %s"  # noqa: S608 - a quoted table name
    if connection.vendor == "postgresql":
        sql = f"{sql} {lock}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])
        if cursor.fetchone() is None:
            raise ChangedMeanwhile(_("The rating list was deleted meanwhile — reload the page."))


def share_list(pk: int) -> None:
    _list_row(pk, "FOR KEY SHARE")


def lock_list(pk: int) -> None:
    """Lock a rating list's row exclusively and raise its version: the pages showing the
    list are cached under it (:mod:`core.cache`), and the new version is seen with the unit's
    changes, at the commit."""
    _list_row(pk, "FOR UPDATE")
    raise_version(pk)


def raise_version(pk: int, *, roster: bool = True) -> None:
    """Raise a list's version (and, with ``roster``, its roster version: see
    ``RatingList.roster_version``). It follows the clock, so it stays above every earlier one
    after a restore. An exclusive holder raises it in its transaction; a shared holder right
    after its commit, so that no shared holder waits for another's update of the list's row."""
    now = Value(time.time_ns() // 1000)
    versions = {"version": Greatest(F("version") + 1, now)}
    if roster:
        versions["roster_version"] = Greatest(F("roster_version") + 1, now)
    RatingList.objects.filter(pk=pk).update(**versions)

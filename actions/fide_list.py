"""Importing FIDE's rating list (staff only).

    import_fide_list(*, actor, lines, list_date, federation="") -> FideImport

``lines`` are the lines of FIDE's combined players list (:mod:`rules.files.fide_list`; open
the TXT or its zip with :func:`rules.files.fide_list.text_lines`). Players are created or
updated by FIDE ID: name, federation, sex, birth year (stored as 1 January of that year),
title and FIDE's three ratings (``Player.fide_standard`` etc., shown next to ours); a player
without a starting rating in our chess standard, rapid or blitz list gets FIDE's rating there
as their starting rating, valid from ``list_date`` (with 30 games behind it when FIDE's K is
below 40, else none), and those lists are replayed. ``federation`` limits the import to one
federation's players.

It streams: the lines are read one at a time and written in batches, so memory stays flat on
a full list (about 1.5 million lines). All of it is one unit of work: a malformed line stops
the import with its line number (``ValidationError``) and nothing is written. Importing the
same list again changes nothing and records nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext as _

from core import roles
from core.enums import AuditAction
from core.roles import Actor
from core.unit_of_work import FROM_THE_START, Unit, change
from players.models import Player
from ratings.enums import GameKind, RatingSystem, TimeControl
from ratings.models import PlayerRating, RatingList
from ratings.recompute.writing import write_rows
from rules.files.fide_list import FideListError, FidePlayer, iter_fide_list
from rules.ratings.fide.constants import NEW_PLAYER_GAMES
from rules.search_key import player_key

BATCH = 2000
#: The player fields a FIDE list sets (the search key follows the name).
FIELDS = (
    "last_name",
    "first_name",
    "federation",
    "sex",
    "birth_date",
    "title",
    "fide_standard",
    "fide_rapid",
    "fide_blitz",
    "search_key",
)
_TIME_CONTROLS = {
    TimeControl.STANDARD: ("standard", "standard_k"),
    TimeControl.RAPID: ("rapid", "rapid_k"),
    TimeControl.BLITZ: ("blitz", "blitz_k"),
}


@dataclass
class FideImport:
    """What an import did."""

    read: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    starting_ratings: dict[str, int] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or any(self.starting_ratings.values()))


def _values(record: FidePlayer) -> dict[str, Any]:
    born = datetime.date(record.birth_year, 1, 1) if record.birth_year else None
    return {
        "last_name": record.last_name[:100],
        "first_name": record.first_name[:100],
        "federation": record.federation,
        "sex": record.sex,
        "birth_date": born,
        "title": record.title,
        "fide_standard": record.standard,
        "fide_rapid": record.rapid,
        "fide_blitz": record.blitz,
        "search_key": player_key(record.last_name[:100], record.first_name[:100]),
    }


def _chess_lists() -> dict[str, RatingList]:
    """Our FIDE-rated chess list of each time control (the first by position)."""
    lists: dict[str, RatingList] = {}
    for rating_list in RatingList.objects.filter(
        game=GameKind.CHESS, system=RatingSystem.FIDE
    ).order_by("position", "pk"):
        lists.setdefault(rating_list.time_control, rating_list)
    return lists


def _batches(records: Iterator[FidePlayer]) -> Iterator[list[FidePlayer]]:
    while batch := list(islice(records, BATCH)):
        yield batch


def import_fide_list(
    *,
    actor: Actor,
    lines: Iterable[str],
    list_date: datetime.date,
    federation: str = "",
) -> FideImport:
    """Create or update players from FIDE's list (see the module's documentation)."""
    federation = (federation or "").strip().upper()
    lists = _chess_lists()
    stats = FideImport(starting_ratings=dict.fromkeys(lists, 0))
    with change(actor=actor, role=roles.staff(), lists=list(lists.values())) as unit:
        replay: dict[int, datetime.date | None] = {}
        try:
            records = iter_fide_list(lines)
            for batch in _batches(records):
                stats.read += len(batch)
                if federation:
                    kept = [r for r in batch if r.federation == federation]
                    stats.skipped += len(batch) - len(kept)
                    batch = kept
                if batch:
                    _write(unit, batch, lists, list_date, stats, replay)
        except FideListError as error:
            if not error.line:  # the file as a whole (a zip too large when unpacked)
                raise ValidationError(
                    _("The FIDE list was not imported: %(why)s") % {"why": error.message}
                ) from None
            raise ValidationError(
                _("Line %(line)d of the FIDE list: %(why)s")
                % {"line": error.line, "why": error.message}
            ) from None
        if not stats.changed:
            return stats
        for pk, from_date in replay.items():
            unit.replay(pk, from_date=from_date)
        unit.audit(
            AuditAction.FIDE_LIST_IMPORTED,
            params={
                "date": list_date.isoformat(),
                "read": stats.read,
                "created": stats.created,
                "updated": stats.updated,
            },
            after={
                "date": list_date,
                "federation": federation,
                "read": stats.read,
                "created": stats.created,
                "updated": stats.updated,
                "starting_ratings": stats.starting_ratings,
            },
        )
    return stats


def _write(
    unit: Unit,
    batch: list[FidePlayer],
    lists: dict[str, RatingList],
    list_date: datetime.date,
    stats: FideImport,
    replay: dict[int, datetime.date | None],
) -> None:
    """One batch: a query for the players already known, then plain bulk inserts and
    updates (the ORM's per-object work would dominate on a million lines)."""
    ids = [r.fide_id for r in batch]
    existing = {
        row[0]: row
        for row in Player.objects.filter(fide_id__in=ids).values_list("fide_id", "pk", *FIELDS)
    }
    new, changed, born = [], [], set()
    for record in batch:
        values = _values(record)
        row = existing.get(record.fide_id)
        if row is None:
            new.append(record)
            continue
        stored = dict(zip(FIELDS, row[2:], strict=True))
        if stored == values:
            stats.unchanged += 1
            continue
        if stored["birth_date"] != values["birth_date"]:
            born.add(row[1])
        changed.append((*(_db(values[name]) for name in FIELDS), row[1]))
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    stats.created += write_rows(
        Player._meta.db_table,
        [*FIELDS, "fide_id", "created_at"],
        (
            (*(_db(value) for value in _values(record).values()), record.fide_id, now)
            for record in new
        ),
    )
    if changed:
        _update(Player._meta.db_table, FIELDS, changed)
        stats.updated += len(changed)
    players = {fide_id: row[1] for fide_id, row in existing.items()}
    if new:
        players.update(
            Player.objects.filter(fide_id__in=[r.fide_id for r in new]).values_list("fide_id", "pk")
        )
    _starting_ratings(batch, players, lists, list_date, stats, replay)
    if born:
        # A new birth year may change a junior's K: replay the lists the player is in.
        for pk in PlayerRating.objects.filter(
            player_id__in=born, rating_list__in=list(lists.values())
        ).values_list("rating_list_id", flat=True):
            replay[pk] = FROM_THE_START


def _db(value: Any) -> Any:
    """A value ready for the database driver (dates as ISO text)."""
    return value.isoformat() if isinstance(value, datetime.date) else value


def _update(table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """``UPDATE table SET columns WHERE id`` for each row (the id last), in one batch."""
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(name)} = %s" for name in columns)
    sql = f"UPDATE {quote(table)} SET {assignments} WHERE {quote('id')} = %s"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def _starting_ratings(
    batch: list[FidePlayer],
    players: dict[int, int],
    lists: dict[str, RatingList],
    list_date: datetime.date,
    stats: FideImport,
    replay: dict[int, datetime.date | None],
) -> None:
    """FIDE's ratings as starting ratings where the player has none in our list (no row, or
    a row without a starting rating and without a rating of ours)."""
    for time_control, rating_list in lists.items():
        rating_name, k_name = _TIME_CONTROLS[time_control]
        rated = {players[r.fide_id]: r for r in batch if getattr(r, rating_name) is not None}
        if not rated:
            continue
        rows = dict(
            PlayerRating.objects.filter(rating_list=rating_list, player_id__in=rated).values_list(
                "player_id", "pk"
            )
        )
        empty = set(
            PlayerRating.objects.filter(
                pk__in=rows.values(),
                starting_rating__isnull=True,
                rating__isnull=True,
                live_rating__isnull=True,
            ).values_list("pk", flat=True)
        )
        fresh, filled = [], []
        for pk, record in rated.items():
            k = getattr(record, k_name)
            inputs = (
                getattr(record, rating_name),
                NEW_PLAYER_GAMES if k is not None and k < 40 else 0,
                list_date.isoformat(),
            )
            if pk not in rows:
                fresh.append((rating_list.pk, pk, *inputs, *_DERIVED_DEFAULTS))
            elif rows[pk] in empty:
                filled.append((*inputs, rows[pk]))
        write_rows(PlayerRating._meta.db_table, _RATING_COLUMNS, fresh)
        if filled:
            _update(
                PlayerRating._meta.db_table,
                ("starting_rating", "starting_games", "starting_date"),
                filled,
            )
        count = len(fresh) + len(filled)
        stats.starting_ratings[time_control] += count
        if count and replay.get(rating_list.pk, list_date) is not FROM_THE_START:
            replay[rating_list.pk] = min(replay.get(rating_list.pk, list_date), list_date)


#: The derived fields of a new ``PlayerRating`` row that cannot be empty, as a replay starts
#: them (their defaults); the others stay null until the replay.
_STARTED = {
    name: PlayerRating._meta.get_field(name).get_default()
    for name in PlayerRating.DERIVED_FIELDS
    if not PlayerRating._meta.get_field(name).null
}
#: A new ``PlayerRating`` row: its inputs, then those derived fields.
_RATING_COLUMNS = (
    "rating_list_id",
    "player_id",
    "starting_rating",
    "starting_games",
    "starting_date",
    "declared_grade",
    *_STARTED,
)
_DERIVED_DEFAULTS = ("", *_STARTED.values())

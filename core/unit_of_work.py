"""THE unit of work: every write of every action goes through :func:`change`.

::

    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament,
                ratings=True) as unit:
        ...                                   # the body: the action's own change
        unit.replay(unit.rating_list, from_date=unit.tournament.end_date)
        unit.audit(AuditAction.RESULT_ENTERED, summary, player=white, other_player=black)

In this order, in one transaction:

1. **the actor** is checked: a user or a :class:`core.roles.SystemActor`, never ``None``;
2. **the role** (a :class:`core.roles.Check`) is checked before anything is written
   (``PermissionDenied``): before anything is locked, or, for a tournament's arbiters and
   organisers, by the very query that locks the tournament;
3. **the locks**, always in one global order: rating lists by primary key (locking a list
   raises its version, which the pages showing it are cached under), then the
   tournament row, then player rows by primary key. A tournament's own rating list is locked
   with it when the body may change its rated games (``ratings=True``). Two writers of one
   list or one tournament therefore run one after the other and never wait for each other in
   a cycle. If the tournament moved to another list since it
   was read, the unit refuses ("changed meanwhile") before writing;
4. **the body** runs: it reads the locked rows from ``unit`` (``unit.tournament``,
   ``unit.lists``) and writes;
5. at the end of the body: **the replay** of every list the body marked
   (:meth:`Unit.replay`), once per list, from the earliest date marked;
6. **the audit entries** the body recorded (:meth:`Unit.audit`) are written;
7. a unit that changed something **makes the cached pages stale** (the content version,
   :mod:`core.cache`), so an edit that replays nothing shows at once too;
8. commit; any exception on the way rolls all of it back.

Units do not nest: an action that needs another's step calls that step's body function with
its own unit. Nothing else in the code base takes locks with ``select_for_update`` or runs a
replay; a test checks it.
"""

from __future__ import annotations

import contextvars
import datetime
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils.translation import gettext as _

from core import audit, cache, roles
from players.models import Player
from ratings.models import RatingList
from ratings.recompute import ReplayStats, replay_locked
from tournaments.models import Tournament

_current: contextvars.ContextVar[Unit | None] = contextvars.ContextVar("unit", default=None)
_observers: contextvars.ContextVar[tuple[list[Unit], ...]] = contextvars.ContextVar(
    "unit_observers", default=()
)

FROM_THE_START = None
"""``unit.replay(list, from_date=FROM_THE_START)``: rewrite every period of the list."""


class ChangedMeanwhile(ValidationError):
    """Somebody changed the object the form was based on: reload and check again."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(
            message or _("This was changed meanwhile — reload the page and check it again."),
            code="changed",
        )


@dataclass
class Unit:
    """What the body of :func:`change` works with."""

    actor: Any
    tournament: Tournament | None = None
    lists: dict[int, RatingList] = field(default_factory=dict)
    players: dict[int, Player] = field(default_factory=dict)
    _replays: dict[int, datetime.date | None] = field(default_factory=dict)
    _entries: list[dict[str, Any]] = field(default_factory=list)
    _touched: bool = False
    stats: list[ReplayStats] = field(default_factory=list)
    """What each replay did (filled when the unit ends)."""
    locked: list[tuple[str, int]] = field(default_factory=list)
    """The rows the unit locked, in the order it locked them: (table, primary key)."""

    @property
    def rating_list(self) -> RatingList | None:
        """The locked rating list of ``unit.tournament`` (``None``: unrated); the unit must
        have been opened with ``ratings=True``."""
        if self.tournament is None or self.tournament.rating_list_id is None:
            return None
        if self.tournament.rating_list_id not in self.lists:
            raise RuntimeError("the tournament's rating list is not locked: ratings=True")
        return self.lists[self.tournament.rating_list_id]

    def replay(self, rating_list: RatingList | int | None, *, from_date: datetime.date | None):
        """Replay ``rating_list`` at the end of the unit, from the period of ``from_date``
        (``FROM_THE_START``: every period). ``None`` (an unrated tournament) does nothing."""
        if rating_list is None:
            return
        pk = rating_list if isinstance(rating_list, int) else rating_list.pk
        if pk not in self.lists:
            raise RuntimeError(f"rating list {pk} is replayed but was not locked by the unit")
        if pk in self._replays:
            earlier = self._replays[pk]
            from_date = None if earlier is None or from_date is None else min(earlier, from_date)
        self._replays[pk] = from_date
        self._touched = True

    def created(self, rating_list: RatingList) -> None:
        """A rating list the body created: it is the unit's (no other transaction sees it
        before the commit), so the unit may replay it."""
        self.lists[rating_list.pk] = rating_list

    def audit(
        self,
        action: str,
        summary: str,
        *,
        tournament: Any = None,
        player: Any = None,
        other_player: Any = None,
        rating_list: Any = None,
        before: Any = None,
        after: Any = None,
    ) -> None:
        """Record the change in the audit trail (written at the end of the unit)."""
        self._entries.append(
            {
                "action": action,
                "summary": str(summary),
                "tournament": tournament,
                "player": player,
                "other_player": other_player,
                "rating_list": rating_list,
                "before": before,
                "after": after,
            }
        )
        self._touched = True

    def touched(self) -> None:
        """Say that the body changed something visible without an audit entry or a replay."""
        self._touched = True


def _check_actor(actor: Any) -> None:
    if actor is None:
        raise TypeError(
            "An action needs its actor: the signed-in user, or core.roles.SYSTEM for "
            "management commands and the seed."
        )


def _pks(items: Iterable[Any]) -> list[int]:
    return sorted({item if isinstance(item, int) else item.pk for item in items if item})


@contextmanager
def change(
    *,
    actor: Any,
    role: roles.Check,
    tournament: Tournament | None = None,
    ratings: bool = False,
    lists: Iterable[RatingList | int | None] = (),
    players: Iterable[Player | int] = (),
) -> Iterator[Unit]:
    """One unit of work (see the module's documentation).

    ``ratings``: the body may change the tournament's rated games, so its rating list is
    locked (first) too; ``lists``: other rating lists to lock; ``players``: player rows to
    lock."""
    _check_actor(actor)
    if not isinstance(role, roles.Check):
        raise TypeError("change() needs the role the action requires (a core.roles.Check).")
    if _current.get() is not None:
        raise RuntimeError("Units of work do not nest: pass the unit to the inner step.")
    in_lock = None
    if tournament is not None and role.subject is tournament:
        in_lock = roles.in_lock_query(role, actor)
    if in_lock is None:
        roles.require(role.allows(actor))
    list_pks = _pks(lists)
    if ratings and tournament is not None and tournament.rating_list_id is not None:
        list_pks = sorted({*list_pks, tournament.rating_list_id})
    unit = Unit(actor=actor)
    for observed in _observers.get():
        observed.append(unit)
    token = _current.set(unit)
    try:
        with transaction.atomic():
            _lock(unit, list_pks, tournament if ratings else None, tournament, in_lock, players)
            yield unit
            for pk in sorted(unit._replays):
                unit.stats.append(replay_locked(unit.lists[pk], from_date=unit._replays[pk]))
            for entry in unit._entries:
                audit.record(actor=actor, **entry)
            if unit._touched:
                cache.bump_content_version()
    finally:
        _current.reset(token)


def _lock(
    unit: Unit,
    list_pks: list[int],
    rated: Tournament | None,
    tournament: Tournament | None,
    in_lock: Any,
    players: Iterable[Player | int],
) -> None:
    """Take the unit's locks in the one global order: rating lists by pk, the tournament,
    players by pk (``rated``: the tournament whose own list is among the lists)."""
    for pk in list_pks:
        _lock_list(pk)
        unit.locked.append((RatingList._meta.db_table, pk))
    if tournament is not None:
        unit.tournament = _lock_tournament(
            tournament, list_pks if rated is not None else None, in_lock
        )
        unit.locked.append((Tournament._meta.db_table, tournament.pk))
        if in_lock is not None:
            roles.require(unit.tournament.allowed)
        if unit.tournament.rating_list_id in list_pks:
            unit.lists[unit.tournament.rating_list_id] = unit.tournament.rating_list
    others = [pk for pk in list_pks if pk not in unit.lists]
    if others:
        unit.lists.update(RatingList.objects.in_bulk(others))
    wanted = _pks(players)
    unit.players = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=wanted).order_by("pk")
    }
    unit.locked.extend((Player._meta.db_table, pk) for pk in sorted(unit.players))
    if len(unit.players) != len(wanted):
        raise ChangedMeanwhile(_("A player was deleted meanwhile — reload the page."))


def _lock_list(pk: int) -> None:
    """Lock a rating list's row and raise its version: the pages showing the list are cached
    under it (:mod:`core.cache`), and the new version is seen with the unit's changes, at
    the commit. It follows the clock, so it stays above every earlier one after a restore."""
    raised = RatingList.objects.filter(pk=pk).update(
        version=Greatest(F("version") + 1, Value(time.time_ns() // 1000))
    )
    if not raised:
        raise ChangedMeanwhile(_("The rating list was deleted meanwhile — reload the page."))


def _lock_tournament(tournament: Tournament, locked: list[int] | None, in_lock: Any) -> Tournament:
    rows = Tournament.objects.select_for_update(of=("self",)).select_related("rating_list", "club")
    if in_lock is not None:
        rows = rows.annotate(allowed=in_lock)
    current = rows.get(pk=tournament.pk)
    if locked is not None and current.rating_list_id not in (None, *locked):
        # It moved to another list since the caller read it: that list is not locked.
        raise ChangedMeanwhile(_("The tournament was changed meanwhile — reload the page."))
    return current


@contextmanager
def observe() -> Iterator[list[Unit]]:
    """Collect every unit of work started inside the block (what they locked, replayed):
    for tests and diagnostics; it changes nothing in how units run."""
    collected: list[Unit] = []
    token = _observers.set((*_observers.get(), collected))
    try:
        yield collected
    finally:
        _observers.reset(token)


def current_unit() -> Unit | None:
    """The unit of work running in this context, if any (for the checks of the kit)."""
    return _current.get()

"""THE unit of work: every write of every action goes through :func:`change`.

::

    with change(actor=actor, role=roles.arbiter_of(tournament), tournament=tournament,
                ratings=RESULTS) as unit:
        ...                                   # the body: the action's own change
        unit.replay(unit.rating_list, from_date=unit.tournament.end_date,
                    players=(white.pk, black.pk), tournaments=(tournament.pk,))
        unit.audit(AuditAction.RESULT_ENTERED, params=params, player=white, other_player=black)

In this order, in one transaction:

1. **the actor** is checked: a user or a :class:`core.roles.SystemActor`, never ``None``;
2. **the role** (a :class:`core.roles.Check`) is checked before anything is written
   (``PermissionDenied``): before anything is locked, or, for a tournament's arbiters and
   organisers, by the very query that locks the tournament;
   Then, with ``submission=``, the create form's one-time token is claimed
   (:mod:`core.submissions`): a used one raises ``AlreadySubmitted``, nothing written;
3. **the locks**, always in one global order: rating lists by primary key, then the
   tournament row, then player rows by primary key, then (at the end of the body) the
   rating rows of the players whose ratings are updated, by primary key. A list is locked
   *exclusively* (``lists=[...]``, ``ratings=True``: closing a period, a full replay, a
   change of dates) or *shared* (``ratings=RESULTS``: the body changes results of the
   tournament's rated games). Shared holders of one list run side by side: each locks only
   its players' rating rows, so two arbiters of different tournaments wait for each other
   only if they share a player. Nobody waits in a cycle. If the tournament moved to another
   list since it was read, the unit refuses ("changed meanwhile") before writing. No wait
   for a lock, in any step, lasts longer than ``settings.LOCK_TIMEOUT_SECONDS``
   (PostgreSQL's ``lock_timeout``, :mod:`core.busy`): a writer that holds a row too long
   makes the others' units refuse with :class:`core.busy.Busy` ("busy, try again"), nothing
   written;
4. **the body** runs: it reads the locked rows from ``unit`` (``unit.tournament``,
   ``unit.lists``) and writes;
5. at the end of the body: **the ratings** of every list the body marked
   (:meth:`Unit.replay`), once per list (:mod:`core.replays`): with the players named, an
   incremental update (:mod:`ratings.recompute.incremental`), else a replay from the
   earliest date marked. Under a shared lock only the open period of a list whose players
   are rated alone (FIDE) is updated in the unit; anything else is recorded
   (``PendingUpdate``) and done right after the commit by a transaction holding the list
   exclusively — or, for a correction of a closed period when a job queue is configured, by
   a background job (:mod:`core.jobs`; in the request when Redis does not answer);
6. **the audit entries** the body recorded (:meth:`Unit.audit`) are written;
7. a unit that changed something **makes the cached pages stale**: the list's version (in
   the database) rises with its ratings (a shared holder's right after its commit: no
   holder waits for another's), and the content version (:mod:`core.cache`) with any
   change, so an edit that replays nothing shows at once too;
8. commit; any exception on the way rolls all of it back (a unique violation, lost to a
   concurrent writer, becomes a ``ValidationError`` on its field).

Units do not nest: an action that needs another's step calls that step's body function with
its own unit. Only this module and its parts take locks with ``select_for_update`` or run a
replay; a test checks it. Its parts: :mod:`core.unit_locks` locks the rating lists' rows
(and raises their versions), :mod:`core.replays` re-derives the ratings, :mod:`core.busy`
bounds the waits for locks.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Unpack

from django.db import transaction
from django.utils.translation import gettext as _

from core import audit, cache, history, mail, roles, submissions, unit_context, unit_locks
from core.busy import bound_lock_waits, busy_when_locks_time_out
from core.replays import Mark, Replays, may_share
from core.roles import Actor
from core.unit_context import current_unit as current_unit  # re-exported
from core.unit_context import observe as observe  # re-exported
from core.unit_locks import ChangedMeanwhile as ChangedMeanwhile  # re-exported
from players.models import Player
from ratings.models import RatingList
from ratings.recompute import ReplayStats
from tournaments.models import Tournament

_current, _observers = unit_context.current, unit_context.observers

FROM_THE_START = None
"""``unit.replay(list, from_date=FROM_THE_START)``: rewrite every period of the list."""

RESULTS = "results"
"""``change(..., ratings=RESULTS)``: the body changes results of the tournament's rated
games and names their players (:meth:`Unit.replay`); its list is locked shared."""


@dataclass
class Unit:
    """What the body of :func:`change` works with."""

    actor: Actor
    tournament: Tournament | None = None
    lists: dict[int, RatingList] = field(default_factory=dict)
    players: dict[int, Player] = field(default_factory=dict)
    _replays: Replays = field(default_factory=Replays)
    _entries: list[dict[str, Any]] = field(default_factory=list)
    _letters: list[mail.Letter] = field(default_factory=list)
    _touched: bool = False
    locked: list[tuple[str, int]] = field(default_factory=list)
    """The rows the unit locked, in the order it locked them: (table, primary key)."""
    result: Any = None
    """What the body created (:meth:`answered`): the answer to repeats of its form."""

    @property
    def stats(self) -> list[ReplayStats]:
        """What each replay or update did (filled when the unit ends)."""
        return self._replays.stats

    @property
    def queued(self) -> list[int]:
        """The lists whose correction went to the job queue (done later, in the background)."""
        return self._replays.queued

    @property
    def rating_list(self) -> RatingList | None:
        """The locked rating list of ``unit.tournament`` (``None``: unrated); the unit must
        have been opened with ``ratings=True`` or ``ratings=RESULTS``."""
        if self.tournament is None or self.tournament.rating_list_id is None:
            return None
        if self.tournament.rating_list_id not in self.lists:
            raise RuntimeError("the tournament's rating list is not locked: ratings=True")
        return self.lists[self.tournament.rating_list_id]

    def replay(
        self,
        rating_list: RatingList | int | None,
        *,
        from_date: datetime.date | None,
        players: Iterable[int] | None = None,
        tournaments: Iterable[int] = (),
    ):
        """Re-derive ``rating_list``'s ratings at the end of the unit, from the period of
        ``from_date`` (``FROM_THE_START``: every period): for ``players`` whose games (in
        ``tournaments``) changed, or, without players, for everybody (a replay). ``None``
        (an unrated tournament) does nothing."""
        if rating_list is None:
            return
        pk = rating_list if isinstance(rating_list, int) else rating_list.pk
        if pk not in self.lists:
            raise RuntimeError(f"rating list {pk} is replayed but was not locked by the unit")
        if pk in self._replays.shared and players is None:
            raise RuntimeError("a unit with ratings=RESULTS names the players it changes")
        players = None if players is None else set(players) - {None}
        self._replays.mark(pk, Mark(from_date, players, set(tournaments)))
        self._touched = True

    def created(self, rating_list: RatingList) -> None:
        """A rating list the body created: it is the unit's (no other transaction sees it
        before the commit), so the unit may replay it."""
        self.lists[rating_list.pk] = rating_list

    def audit(
        self, action: str, *, params: dict[str, Any], **subjects: Unpack[audit.Subjects]
    ) -> None:
        """Record the change in the audit trail (written at the end of the unit by
        :func:`core.audit.record`): ``params`` are the parts of its sentence
        (:mod:`core.history`), told in the reader's language; ``subjects`` what it is about."""
        summary = history.english(action, params)
        self._entries.append({"action": action, "summary": summary, "params": params, **subjects})
        self._touched = True

    def mail(
        self,
        *,
        to: str,
        kind: str,
        subject: str,
        body: str,
        player: Player | None = None,
        tournament: Tournament | None = None,
        language: str = "",
        checked: bool = False,
    ) -> None:
        """Send a mail because of this change: written at the end of the unit, in its
        transaction, and sent after the commit (:mod:`core.mail`), unless its address
        switched ``kind`` off. ``language``: the one ``subject`` and ``body`` are written
        in (the footer follows it); ``checked``: the caller already left out the addresses
        that do not want ``kind`` (:func:`core.recipients.recipients`), no query needed."""
        self._letters.append(
            mail.Letter(
                to=to,
                kind=kind,
                subject=subject,
                body=body,
                player_id=player.pk if player else None,
                tournament_id=tournament.pk if tournament else None,
                language=language,
                checked=checked,
            )
        )

    def answered(self, result: Any) -> Any:
        """Say what the body created: repeats of the form's post are sent to its page
        (``change(..., submission=...)``, :mod:`core.submissions`). Returns ``result``."""
        self.result = result
        return result

    def touched(self) -> None:
        """Say that the body changed something visible without an audit entry or a replay."""
        self._touched = True


def _check_actor(actor: Actor) -> None:
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
    actor: Actor,
    role: roles.Check,
    tournament: Tournament | None = None,
    ratings: bool | str = False,
    lists: Iterable[RatingList | int | None] = (),
    players: Iterable[Player | int] = (),
    submission: submissions.Submission | None = None,
) -> Iterator[Unit]:
    """One unit of work (see the module's documentation).

    ``submission``: the one-time token of the create form that asked for the change
    (:mod:`core.submissions`): claimed first thing in the transaction (a used one raises
    ``AlreadySubmitted`` and nothing is written), its answer recorded at the end.

    ``ratings``: the body may change the tournament's rated games, so its rating list is
    locked (first) too: exclusively (``True``) or shared (``RESULTS``); ``lists``: other
    rating lists to lock (exclusively); ``players``: player rows to lock."""
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
    shared: set[int] = set()
    if ratings and tournament is not None and tournament.rating_list_id is not None:
        if (
            ratings == RESULTS
            and tournament.rating_list_id not in list_pks
            and may_share(tournament)
        ):
            shared.add(tournament.rating_list_id)
        list_pks = sorted({*list_pks, tournament.rating_list_id})
    unit = Unit(actor=actor, _replays=Replays(shared=shared))
    written = []
    for observed in _observers.get():
        observed.append(unit)
    token = _current.set(unit)
    try:
        with busy_when_locks_time_out(), submissions.unique_errors(), transaction.atomic():
            bound_lock_waits()
            claimed = submissions.claim(submission, actor)
            _lock(unit, list_pks, tournament if ratings else None, tournament, in_lock, players)
            yield unit
            unit._replays.run(unit.lists, unit.locked)
            for entry in unit._entries:
                audit.record(actor=actor, **entry)
            if unit._letters:
                written = mail.write(unit._letters)
            submissions.answer(claimed, submission, unit.result)
            if unit._touched:
                # Results entered under a shared lock change the rated players only when
                # someone became rated or unrated; every other unit may have.
                replays = unit._replays
                cache.bump_content_version(roster=not replays.shared or replays.roster_changed)
    finally:
        _current.reset(token)
    unit._replays.after_commit()
    if written:
        mail.deliver_soon()


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
        if pk in unit._replays.shared:
            unit_locks.share_list(pk)
        else:
            unit_locks.lock_list(pk)
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
    if wanted:
        unit.players = {
            p.pk: p for p in Player.objects.select_for_update().filter(pk__in=wanted).order_by("pk")
        }
    unit.locked.extend((Player._meta.db_table, pk) for pk in sorted(unit.players))
    if len(unit.players) != len(wanted):
        raise ChangedMeanwhile(_("A player was deleted meanwhile — reload the page."))


def _lock_tournament(tournament: Tournament, locked: list[int] | None, in_lock: Any) -> Tournament:
    # FOR NO KEY UPDATE: it excludes other writers of the tournament, not the foreign-key
    # checks of rows referring to it (ledger rows of other units, checked at their commit).
    rows = Tournament.objects.select_for_update(of=("self",), no_key=True).select_related(
        "rating_list", "club"
    )
    if in_lock is not None:
        rows = rows.annotate(allowed=in_lock)
    current = rows.get(pk=tournament.pk)
    if locked is not None and current.rating_list_id not in (None, *locked):
        # It moved to another list since the caller read it: that list is not locked.
        raise ChangedMeanwhile(_("The tournament was changed meanwhile — reload the page."))
    return current

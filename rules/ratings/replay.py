"""The generic rating replay: pure, no Django, no rating rules.

Games are the source of truth; everything the ratings app stores is derived by replaying
them. This module knows only the shape of that computation:

1. the history of a rating list is cut into *periods* by the dates of its published lists
   (``list_dates``, strictly increasing): period ``i`` (``0 <= i < len(list_dates)``) is
   closed by list ``i``; the last period (index ``len(list_dates)``) is the open one;
2. a tournament is rated in the period closed by the first list dated *after* its end date
   (:func:`period_index`); all its rated games go to that period, in the order given;
3. periods are replayed in order, and the rating of one period is delegated to a *system*
   object (:class:`PeriodSystem`), chosen by ``RatingList.system`` through
   :mod:`rules.ratings.registry`. The system keeps whatever state it needs between periods
   (FIDE: published ratings, K, the newcomers' pooled games; EGF: ratings frozen per
   tournament; FESA: ratings, statuses and grades after each tournament) and appends
   :class:`LedgerRow` and :class:`PublishedRow` tuples; at the end it reports each player's
   :class:`LiveRow`.

After closing each period the system hands back a *checkpoint* (its state, as JSON-ready
data). The services store it on the published list, so that a later replay from period
``p`` restores the checkpoint of period ``p - 1`` and reads only the tournaments and games
of periods ``p`` and later (plus the rows of the earlier lists those tournaments started
under). A replay from a checkpoint gives exactly the tail of a replay from period 0 (tested).

Adding a system means writing a new :class:`PeriodSystem` and registering it; this module
does not change.

Numbers are exact integers: scores in half points, expected scores in hundredths and
changes in hundredths of a rating point (FIDE's K x (score - PD) is always a whole number of
hundredths). A system whose numbers are not whole hundredths (EGF, FESA) declares a finer
``ledger_scale`` (e.g. 10000: ledger expected scores and changes in ten-thousandths) and may
attach its own per-game numbers to a ledger row (``details``). Live ratings are always in
hundredths. The services convert to ``Decimal`` only when writing.
"""

from __future__ import annotations

import bisect
import datetime
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

__all__ = [
    "Checkpoint",
    "GameInput",
    "LedgerRow",
    "LiveRow",
    "Period",
    "PeriodResult",
    "PeriodSystem",
    "PlayerInput",
    "PublishedRow",
    "ReplayResult",
    "TournamentInput",
    "make_periods",
    "period_index",
    "rate_period",
    "replay",
]


@dataclass(frozen=True, slots=True)
class PlayerInput:
    """A player of the list, with the staff inputs of their ``PlayerRating`` row.

    ``starting_rating`` is the rating the player brought when joining the list (``None``:
    the player joined unrated), ``starting_games`` the rated games behind it and
    ``starting_date`` the date from which it is valid (``None``: from the beginning).
    ``declared_grade`` (go, shogi) is the grade a new player declares, e.g. ``"5k"``; systems
    with grades start a player without a starting rating at that grade's rating.
    """

    id: int
    starting_rating: int | None = None
    starting_games: int = 0
    starting_date: datetime.date | None = None
    birth_year: int | None = None
    declared_grade: str | None = None


@dataclass(frozen=True, slots=True)
class TournamentInput:
    """A rated tournament; ``rating_class`` is the EGF class A-D (other systems ignore it)."""

    id: int
    start_date: datetime.date
    end_date: datetime.date
    rating_class: str = "A"


class GameInput(NamedTuple):
    """A rated game: ``white_score`` in half points (2 = white won, 1 = draw, 0 = black won).

    ``handicap``: go, the stones Black receives (0 = even game); other systems ignore it.
    """

    id: int
    tournament: int
    date: datetime.date
    white: int
    black: int
    white_score: int
    handicap: int = 0


@dataclass(frozen=True, slots=True)
class Period:
    """Period ``index``: from the previous list date (``start``) to this list's ``end``.

    ``end`` is ``None`` for the open period (no list published yet); ``start`` is ``None``
    for the first period.
    """

    index: int
    start: datetime.date | None
    end: datetime.date | None

    @property
    def closed(self) -> bool:
        return self.end is not None


class LedgerRow(NamedTuple):
    """One rated game for one player, as FIDE prints it on the calculation page.

    ``rating_used``, ``expected``, ``k`` and ``change`` are ``None`` for an unrated player's
    game (it counts towards their initial rating). ``score`` is in half points; ``expected``
    and ``change`` in hundredths (or in the system's ``ledger_scale``). ``details``: the
    system's own numbers for the game (JSON-compatible; ``None`` for FIDE).
    """

    period: int
    game: int
    tournament: int
    player: int
    opponent: int
    date: datetime.date
    rating_used: int | None
    opponent_rating: int | None
    opponent_used: int | None
    capped: bool
    score: int
    expected: int | None
    k: int | None
    change: int | None
    details: dict[str, Any] | None = None


class PublishedRow(NamedTuple):
    """One row of the list closing period ``period``.

    ``games``: rated games in the period; ``k``: the K published on this list (applies to
    the next period); ``change``: the rounded change (``None`` for a first rating);
    ``grade``: the player's grade on the list (go, shogi; ``None`` for FIDE).
    """

    period: int
    player: int
    rating: int
    games: int
    k: int | None
    change: int | None
    grade: str | None = None


class LiveRow(NamedTuple):
    """A player's state after the last game: the derived fields of ``PlayerRating``.

    ``rating`` is the published rating (``None``: unrated), ``live`` the rating plus the
    open period's unrounded change (hundredths), ``period_change`` that change (hundredths),
    ``period_games`` the games of the open period, ``k`` the K applied in the open period,
    ``games`` all rated games, ``peak`` the highest published rating; ``grade`` and
    ``status`` for systems with grades and statuses (go, shogi; ``None`` for FIDE).
    """

    player: int
    rating: int | None
    live: int | None
    period_change: int
    period_games: int
    k: int | None
    games: int
    peak: int | None
    last_played: datetime.date | None
    grade: str | None = None
    status: str | None = None


class PeriodSystem(Protocol):
    """A rating system's period semantics. A fresh object is used for each replay."""

    def start(
        self,
        *,
        players: Mapping[int, PlayerInput],
        tournaments: Mapping[int, TournamentInput],
        periods: Sequence[Period],
        first_period: int = 0,
        checkpoint: Checkpoint | None = None,
        earlier_published: Iterable[PublishedRow] = (),
    ) -> None:
        """Receive the inputs before the first period to rate (``first_period``).

        When ``first_period`` > 0, ``checkpoint`` is what :meth:`checkpoint` returned after
        closing period ``first_period - 1``, ``tournaments`` holds only the tournaments of
        periods from ``first_period`` on, and ``earlier_published`` the rows of the earlier
        lists that those tournaments started under (the lists in force at their start).
        """

    def rate_period(
        self,
        period: Period,
        games: Sequence[GameInput],
        ledger: list[LedgerRow],
        published: list[PublishedRow],
    ) -> None:
        """Rate one period's games; append its ledger rows and, if closed, its list."""

    def live(self) -> dict[int, LiveRow]:
        """Every player's state after the last period."""

    def checkpoint(self) -> Checkpoint:
        """The state between two periods, as JSON-compatible data (for :meth:`start`)."""


Checkpoint = dict[str, Any]
"""A system's state between periods: JSON-compatible (stored on the published list)."""


@dataclass
class ReplayResult:
    """Ledger and published rows of the periods rated, live rows, and a checkpoint per
    closed period rated (index -> state after closing it). ``ledger_scale``: the unit of the
    ledger's expected scores and changes (100: hundredths)."""

    periods: list[Period]
    ledger: list[LedgerRow]
    published: list[PublishedRow]
    live: dict[int, LiveRow]
    checkpoints: dict[int, Checkpoint]
    ledger_scale: int = 100


def make_periods(list_dates: Sequence[datetime.date]) -> list[Period]:
    """The closed periods of ``list_dates`` (strictly increasing) and the open period."""
    for earlier, later in itertools.pairwise(list_dates):
        if later <= earlier:
            raise ValueError("list dates must be strictly increasing")
    bounds: list[datetime.date | None] = [None, *list_dates, None]
    return [Period(i, bounds[i], bounds[i + 1]) for i in range(len(list_dates) + 1)]


def period_index(list_dates: Sequence[datetime.date], day: datetime.date) -> int:
    """Index of the period closed by the first list dated after ``day`` (open: the last)."""
    return bisect.bisect_right(list_dates, day)


def replay(
    system: PeriodSystem,
    *,
    players: Mapping[int, PlayerInput],
    tournaments: Mapping[int, TournamentInput],
    list_dates: Sequence[datetime.date],
    games: Iterable[GameInput],
    first_period: int = 0,
    checkpoint: Checkpoint | None = None,
    earlier_published: Iterable[PublishedRow] = (),
) -> ReplayResult:
    """Replay a rating list through ``system``, from ``first_period`` on.

    ``games`` must be ordered as they are to be rated within a period (the services order
    them by tournament end date, start date, id, round and board); every game's tournament
    must be in ``tournaments`` and both its players in ``players``. From period 0 no
    checkpoint is needed; from a later period, pass the checkpoint of the period before and
    only the tournaments and games of the periods replayed (see :meth:`PeriodSystem.start`).
    The result is then exactly the tail of a replay from period 0.
    """
    periods = make_periods(list_dates)
    if not 0 <= first_period < len(periods):
        raise ValueError(f"first_period must be within 0..{len(periods) - 1}")
    if first_period > 0 and checkpoint is None:
        raise ValueError("a replay from a later period needs the checkpoint before it")
    period_of = {tid: period_index(list_dates, t.end_date) for tid, t in tournaments.items()}
    buckets: list[list[GameInput]] = [[] for _ in periods]
    for game in games:
        buckets[period_of[game.tournament]].append(game)
    if any(buckets[:first_period]):
        raise ValueError("games of periods before first_period were given")
    system.start(
        players=players,
        tournaments=tournaments,
        periods=periods,
        first_period=first_period,
        checkpoint=checkpoint,
        earlier_published=earlier_published,
    )
    ledger: list[LedgerRow] = []
    published: list[PublishedRow] = []
    checkpoints: dict[int, Checkpoint] = {}
    for period in periods[first_period:]:
        system.rate_period(period, buckets[period.index], ledger, published)
        if period.closed:
            checkpoints[period.index] = system.checkpoint()
    return ReplayResult(
        periods=periods,
        ledger=ledger,
        published=published,
        live=system.live(),
        checkpoints=checkpoints,
        ledger_scale=getattr(system, "ledger_scale", 100),
    )


@dataclass
class PeriodResult:
    """What :func:`rate_period` derives for one period: its ledger rows, its list's rows and
    the checkpoint after it (closed periods only), and every given player's live row."""

    ledger: list[LedgerRow]
    published: list[PublishedRow]
    checkpoint: Checkpoint | None
    live: dict[int, LiveRow]
    ledger_scale: int = 100


def rate_period(
    system: PeriodSystem,
    *,
    players: Mapping[int, PlayerInput],
    tournaments: Mapping[int, TournamentInput],
    list_dates: Sequence[datetime.date],
    index: int,
    games: Iterable[GameInput],
    checkpoint: Checkpoint | None = None,
    earlier_published: Iterable[PublishedRow] = (),
) -> PeriodResult:
    """Rate period ``index`` alone, from the checkpoint closing the period before.

    The incremental updates use it on a part of a period: the games of some players (FIDE:
    a player's period depends on their own games and on their opponents' published ratings
    only) or of some tournaments (EGF, FESA: with every earlier tournament of their players in
    the period). Given the same inputs, the rows of the players it covers are exactly those of
    a replay of the whole list (tested); the caller keeps only those.
    """
    periods = make_periods(list_dates)
    if not 0 <= index < len(periods):
        raise ValueError(f"index must be within 0..{len(periods) - 1}")
    if index > 0 and checkpoint is None:
        raise ValueError("a period after the first needs the checkpoint before it")
    system.start(
        players=players,
        tournaments=tournaments,
        periods=periods,
        first_period=index,
        checkpoint=checkpoint,
        earlier_published=earlier_published,
    )
    ledger: list[LedgerRow] = []
    published: list[PublishedRow] = []
    period = periods[index]
    system.rate_period(period, list(games), ledger, published)
    return PeriodResult(
        ledger=ledger,
        published=published,
        checkpoint=system.checkpoint() if period.closed else None,
        live=system.live(),
        ledger_scale=getattr(system, "ledger_scale", 100),
    )

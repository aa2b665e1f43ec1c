"""Shared period semantics of the systems that rate tournament by tournament (EGF, FESA).

Pure module. FIDE rates a whole period at once; the go and shogi federations update their
lists after every tournament. :class:`TournamentPeriodSystem` follows the
:class:`rules.ratings.replay.PeriodSystem` protocol with these rules (the subclasses supply the
rating of one tournament, :meth:`TournamentPeriodSystem.rate_tournament`):

- **Live per tournament**: within a period, tournaments are rated one after the other in the
  replay's order (end date, start date, id), each from the ratings left by the ones before.
  A player's live rating is their rating after their last tournament.
- **Starting ratings** (staff input) apply, like FIDE's, from the start of the period
  containing ``starting_date`` (from the beginning without a date), with
  ``starting_games`` rated games behind them.
- **Newcomers** without a starting rating enter at their first rated tournament with the
  rating of their declared grade (:meth:`TournamentPeriodSystem.entry_rating`; the systems
  decide what happens without a grade).
- **Published lists** are snapshots: closing a period publishes every listed player's
  current rating (rounded to a whole point), the games of the period, the rating change since
  the previous list (``None`` for a player new on the list) and the grade. The *base* of a
  player is the rating at the start of the open period (the last published rating, or the
  starting or entry rating); ``LiveRow.rating`` is the base and ``period_change`` the live
  rating minus the base.
- **Peak**: the highest rating (rounded) after any tournament or at entry.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.ratings.replay import (
    Checkpoint,
    GameInput,
    LedgerRow,
    LiveRow,
    Period,
    PlayerInput,
    PublishedRow,
    TournamentInput,
    period_index,
)

__all__ = ["PlayerState", "TournamentPeriodSystem", "round_half_up"]


def round_half_up(value: float) -> int:
    """The nearest whole number, halves up (a GoR of 1234.5 is printed 1235)."""
    return math.floor(value + 0.5)


class PlayerState:
    """A player's state between tournaments (mutable, one per player)."""

    __slots__ = (
        "base",
        "declared_grade",
        "games",
        "grade",
        "id",
        "last_played",
        "losses",
        "n",
        "peak",
        "rating",
        "start_games",
        "start_key",
        "start_rating",
        "wins",
    )

    def __init__(self, inp: PlayerInput) -> None:
        self.id = inp.id
        self.start_rating = inp.starting_rating
        self.start_games = inp.starting_games
        self.start_key: datetime.date | None = (
            None if inp.starting_rating is None else (inp.starting_date or datetime.date.min)
        )
        self.declared_grade = inp.declared_grade or None
        self.rating: float | None = None  # current rating (None: not on the list yet)
        self.base: int | None = None  # rating at the start of the open period
        self.games = 0  # rated games, starting games included
        self.wins = 0  # rated wins and losses (FESA statuses); starting games count as neither
        self.losses = 0
        self.grade: str | None = None  # FESA: the grade earned by promotion
        self.peak: int | None = None
        self.last_played: datetime.date | None = None
        self.n = 0  # rated games in the open period

    def set_peak(self, rating: float) -> None:
        rounded = round_half_up(rating)
        self.peak = rounded if self.peak is None else max(self.peak, rounded)

    def dump(self) -> list[Any]:
        return [
            self.rating,
            self.base,
            self.games,
            self.wins,
            self.losses,
            self.grade,
            self.peak,
            None if self.last_played is None else self.last_played.isoformat(),
        ]

    def load(self, values: Sequence[Any]) -> None:
        rating, base, games, wins, losses, grade, peak, last_played = values
        self.rating, self.base, self.games = rating, base, games
        self.wins, self.losses, self.grade, self.peak = wins, losses, grade, peak
        self.last_played = None if last_played is None else datetime.date.fromisoformat(last_played)


class TournamentPeriodSystem:
    """Base of the systems that rate tournament by tournament (see the module docstring).

    Subclasses set :attr:`code` (the checkpoint's ``system``) and implement
    :meth:`rate_tournament`; they may override :meth:`entry_rating`, :meth:`listed`,
    :meth:`k`, :meth:`grade_of`, :meth:`status_of` and :meth:`on_start`.
    """

    code = ""
    version = 1
    #: Ledger expected scores and changes in ten-thousandths.
    ledger_scale = 10_000

    def __init__(self, *, time_control: str = "standard") -> None:
        self.time_control = time_control

    # -- hooks -------------------------------------------------------------------------

    @staticmethod
    def rating_of_grade(grade: str) -> float:
        """The rating of a declared grade (the system's grade table); ValueError if bad."""
        raise NotImplementedError

    def entry_rating(self, st: PlayerState) -> float | None:
        """The rating a player enters the list with at their first rated tournament: the
        rating of their declared grade (none without one)."""
        if st.declared_grade is None:
            return None
        try:
            return float(self.rating_of_grade(st.declared_grade))
        except ValueError:  # the services refuse bad grades; an old row may hold one
            return None

    def rate_tournament(
        self,
        tournament: TournamentInput,
        games: Sequence[GameInput],
        period: int,
        ledger: list[LedgerRow],
    ) -> None:
        """Rate one tournament's games: update the players' states, append ledger rows."""
        raise NotImplementedError

    def listed(self, st: PlayerState) -> bool:
        """Whether the player appears on the lists (has a rating and counts as rated)."""
        return st.rating is not None

    def k(self, st: PlayerState) -> int | None:
        return None

    def grade_of(self, st: PlayerState) -> str | None:
        return None

    def status_of(self, st: PlayerState) -> str | None:
        return None

    def on_start(self, st: PlayerState) -> None:
        """Called when a starting rating becomes the player's base."""

    # -- PeriodSystem protocol ---------------------------------------------------------

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
        list_dates = [p.end for p in periods if p.end is not None]
        self.players = {pid: PlayerState(inp) for pid, inp in players.items()}
        self.tournaments = dict(tournaments)
        self.starts: dict[int, list[PlayerState]] = {}
        for st in self.players.values():
            if st.start_key is not None:
                index = period_index(list_dates, st.start_key)
                if index >= first_period:
                    self.starts.setdefault(index, []).append(st)
        if checkpoint is not None:
            if checkpoint.get("system") != self.code or checkpoint.get("version") != self.version:
                raise ValueError("not a checkpoint of this system")
            for key, values in checkpoint["players"].items():
                st = self.players.get(int(key))
                if st is not None:  # else the player left the list since
                    st.load(values)

    def rate_period(
        self,
        period: Period,
        games: Sequence[GameInput],
        ledger: list[LedgerRow],
        published: list[PublishedRow],
    ) -> None:
        for st in self.players.values():
            st.n = 0
        for st in self.starts.get(period.index, ()):
            assert st.start_rating is not None  # noqa: S101
            st.rating = float(st.start_rating)
            st.base = st.start_rating
            st.games = st.start_games
            st.wins = st.losses = 0
            st.set_peak(st.rating)
            self.on_start(st)
        by_tournament: dict[int, list[GameInput]] = {}
        for game in games:
            by_tournament.setdefault(game.tournament, []).append(game)
        for tid, tournament_games in by_tournament.items():
            self.rate_tournament(self.tournaments[tid], tournament_games, period.index, ledger)
        if period.end is not None:
            self._close(period.index, published)

    def live(self) -> dict[int, LiveRow]:
        rows = {}
        for st in self.players.values():
            if not self.listed(st):
                rows[st.id] = LiveRow(
                    st.id, None, None, 0, st.n, None, st.games, st.peak, st.last_played,
                    self.grade_of(st), self.status_of(st),
                )  # fmt: skip
                continue
            assert st.rating is not None  # noqa: S101
            live = round_half_up(st.rating * 100)
            change = 0 if st.base is None else live - st.base * 100
            rows[st.id] = LiveRow(
                st.id, st.base, live, change, st.n, self.k(st), st.games, st.peak,
                st.last_played, self.grade_of(st), self.status_of(st),
            )  # fmt: skip
        return rows

    def checkpoint(self) -> Checkpoint:
        players = {
            str(st.id): st.dump()
            for st in self.players.values()
            if st.rating is not None or st.games or st.last_played is not None
        }
        return {"system": self.code, "version": self.version, "players": players}

    # -- helpers -----------------------------------------------------------------------

    def enter(self, st: PlayerState) -> bool:
        """Give a player without a rating their entry rating; whether they have one now."""
        if st.rating is None:
            rating = self.entry_rating(st)
            if rating is None:
                return False
            st.rating = rating
            st.base = round_half_up(rating)
            st.set_peak(rating)
        return True

    def played(self, st: PlayerState, day: datetime.date) -> None:
        st.n += 1
        st.games += 1
        if st.last_played is None or day > st.last_played:
            st.last_played = day

    def _close(self, index: int, published: list[PublishedRow]) -> None:
        for st in self.players.values():
            if st.rating is None:
                continue
            rating = round_half_up(st.rating)
            if self.listed(st):
                change = None if st.base is None else rating - st.base
                published.append(
                    PublishedRow(index, st.id, rating, st.n, self.k(st), change, self.grade_of(st))
                )
            st.base = rating

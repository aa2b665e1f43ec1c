"""Glicko-2 period semantics for the generic replay. Pure module.

The mathematics is :mod:`rules.ratings.glicko2`. The choices, as read in ``docs/ratings.md``
("Glicko-2"), in the way lichess rates its games but with the list's periods:

- **Rating period = the list's period**: the games of a period (between two published lists)
  are rated together from every player's values at the start of the period (the paper's
  "games treated as played at the same time"). Publishing a list closes the period.
- **Open period**: the live values are those the period would give if it closed now; they
  become the state only when the period is closed by a list.
- **Newcomers** start at 1500, RD 350, volatility 0.06 (step 1) in the first period they play.
  A **starting rating** (staff input) is taken as the rating with RD 350 from the start of the
  period containing ``starting_date`` (the first period without a date).
- **Idle players**: a rated player without games in a closed period keeps rating and
  volatility; their RD grows (``sqrt(phi^2 + sigma^2)``, at most 350).
- **Ledger**: one row per game and player; ``rating_used`` and ``opponent_used`` are the
  pre-period ratings, the expected score and the change in ten-thousandths, the change being
  the game's share of the period's change (``173.7178 phi'^2 g_j (s_j - E_j)``: the shares
  add up to the period's change); ``details`` holds both players' RD and the volatility.
  There is no K (``None``).
- **Published rows**: every player on the list, with the rating rounded (halves up), the
  period's games and the change since the previous list (for a player new on the list: since
  their entry rating). ``LiveRow.rating`` is the
  last published rating (or 1500 / the starting rating for a player new in the open period).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.ratings import glicko2
from rules.ratings.glicko2 import Glicko, Outcome
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
from rules.ratings.tournament_periods import round_half_up

__all__ = ["Glicko2PeriodSystem"]

_SCALE = 10_000


def _scaled(value: float) -> int:
    return round_half_up(value * _SCALE)


class _State:
    __slots__ = ("base", "games", "last_played", "n", "peak", "values")

    def __init__(self) -> None:
        self.values: Glicko | None = None  # None: not on the list yet
        self.base: int | None = None  # the rating at the start of the open period (rounded)
        self.games = 0
        self.peak: int | None = None
        self.last_played: datetime.date | None = None
        self.n = 0  # games in the current period

    def dump(self) -> list[Any]:
        v = self.values
        return [
            None if v is None else [v.rating, v.rd, v.volatility],
            self.base,
            self.games,
            self.peak,
            None if self.last_played is None else self.last_played.isoformat(),
        ]

    def load(self, data: Sequence[Any]) -> None:
        values, self.base, self.games, self.peak, last_played = data
        self.values = None if values is None else Glicko(*values)
        self.last_played = None if last_played is None else datetime.date.fromisoformat(last_played)


class Glicko2PeriodSystem:
    """Glicko-2 with the list's periods as rating periods (see the module docstring)."""

    code = "glicko2"
    version = 1
    ledger_scale = _SCALE

    def __init__(self, *, time_control: str = "standard", tau: float = glicko2.TAU) -> None:
        self.time_control = time_control
        self.tau = tau

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
        self.players = {pid: _State() for pid in players}
        self.starts: dict[int, list[tuple[int, int]]] = {}
        for pid, inp in players.items():
            if inp.starting_rating is not None:
                index = period_index(list_dates, inp.starting_date or datetime.date.min)
                if index >= first_period:
                    self.starts.setdefault(index, []).append((pid, inp.starting_rating))
        self.live_values: dict[int, Glicko] = {}
        if checkpoint is not None:
            if checkpoint.get("system") != self.code or checkpoint.get("version") != self.version:
                raise ValueError("not a checkpoint of this system")
            for key, data in checkpoint["players"].items():
                st = self.players.get(int(key))
                if st is not None:
                    st.load(data)

    def _enter(self, st: _State, values: Glicko) -> None:
        st.values = values
        st.base = round_half_up(values.rating)
        st.peak = st.base if st.peak is None else max(st.peak, st.base)

    def rate_period(
        self,
        period: Period,
        games: Sequence[GameInput],
        ledger: list[LedgerRow],
        published: list[PublishedRow],
    ) -> None:
        players = self.players
        for st in players.values():
            st.n = 0
        for pid, rating in self.starts.get(period.index, ()):
            self._enter(players[pid], Glicko(float(rating)))
        for game in games:
            for pid in (game.white, game.black):
                if players[pid].values is None:
                    self._enter(players[pid], Glicko())
        before = {pid: st.values for pid, st in players.items() if st.values is not None}
        outcomes: dict[int, list[Outcome]] = {}
        for game in games:
            white_score = game.white_score / 2
            outcomes.setdefault(game.white, []).append(
                Outcome(before[game.black], white_score)  # type: ignore[arg-type]
            )
            outcomes.setdefault(game.black, []).append(
                Outcome(before[game.white], 1.0 - white_score)  # type: ignore[arg-type]
            )
        after: dict[int, Glicko] = {}
        for pid, values in before.items():
            mine = outcomes.get(pid)
            if mine:
                after[pid] = glicko2.rate(values, mine, tau=self.tau)
            elif period.closed:
                after[pid] = glicko2.idle(values)
            else:
                after[pid] = values
        for game in games:
            white_score = game.white_score / 2
            for me, opponent, score in (
                (game.white, game.black, white_score),
                (game.black, game.white, 1.0 - white_score),
            ):
                mine, theirs = before[me], before[opponent]
                assert mine is not None and theirs is not None  # noqa: S101
                mu, _ = glicko2.to_glicko2(mine)
                mu_j, phi_j = glicko2.to_glicko2(theirs)
                change = glicko2.game_change(mine, after[me], theirs, score)
                ledger.append(
                    LedgerRow(
                        period.index,
                        game.id,
                        game.tournament,
                        me,
                        opponent,
                        game.date,
                        round_half_up(mine.rating),
                        round_half_up(theirs.rating),
                        round_half_up(theirs.rating),
                        False,
                        round(score * 2),
                        _scaled(glicko2.expected(mu, mu_j, phi_j)),
                        None,
                        _scaled(change),
                        {
                            "rd": round(mine.rd, 2),
                            "volatility": round(mine.volatility, 6),
                            "opponent_rd": round(theirs.rd, 2),
                        },
                    )
                )
                st = players[me]
                st.n += 1
                st.games += 1
                if st.last_played is None or game.date > st.last_played:
                    st.last_played = game.date
        if period.closed:
            for pid, values in after.items():
                st = players[pid]
                st.values = values
                rating = round_half_up(values.rating)
                change = None if st.base is None else rating - st.base
                published.append(PublishedRow(period.index, pid, rating, st.n, None, change))
                st.base = rating
                st.peak = rating if st.peak is None else max(st.peak, rating)
            self.live_values = {}
        else:
            self.live_values = after

    def live(self) -> dict[int, LiveRow]:
        rows = {}
        for pid, st in self.players.items():
            values = self.live_values.get(pid, st.values)
            if values is None:
                rows[pid] = LiveRow(pid, None, None, 0, st.n, None, st.games, st.peak, None)
                continue
            live = round_half_up(values.rating * 100)
            change = 0 if st.base is None else live - st.base * 100
            peak = st.peak
            rows[pid] = LiveRow(
                pid, st.base, live, change, st.n, None, st.games, peak, st.last_played
            )
        return rows

    def checkpoint(self) -> Checkpoint:
        players = {
            str(pid): st.dump()
            for pid, st in self.players.items()
            if st.values is not None or st.games
        }
        return {"system": self.code, "version": self.version, "players": players}

"""FIDE period semantics for the generic replay (:mod:`rules.ratings.replay`). Pure module.

The rating mathematics comes from :mod:`rules.ratings.fide` (table 8.1.2, the 400/2650
rule, K rules, the initial-rating formula); this module decides which numbers go in, period
by period, and keeps the state between periods. The choices, per FIDE Rating Regulations
2024 (§7, §8) as read in ``docs/ratings.md`` §1:

- **Period of a game**: the period closed by the first published list dated after its
  tournament's end date (the open period if there is none) — the generic rule of the replay.
- **Rating used**: the player's rating on the list in force at the tournament's *start*
  date (the latest list dated on or before it), or their starting rating if it is valid at
  that date and more recent than that list. A rated player who had no rating at the start
  of the tournament (they got their first rating on a list published during it) is rated
  with their current rating, but counts as unrated for their opponents (§8.2.4).
- **Unrated opponents**: a game against an opponent without a rating used is not rated for
  the rated player (no ledger row); it counts towards the unrated player's initial rating.
  A game between two unrated players counts for neither.
- **K** is fixed at the start of the period: the K published on the previous list
  (:func:`~rules.ratings.fide.k_factor` with that list's rating, the rated games completed
  so far, the birth year and the list's year), then capped for the period by
  K x n <= 700 with n the player's rated games in the period
  (:func:`~rules.ratings.fide.capped_k`). All games of a period use the same capped K, so
  a later game in the period can lower the K of earlier ones; the replay recomputes the
  whole period each time.
- **Change**: each ledger row holds K x (score - PD), exact in hundredths; the period change
  is their sum rounded once, 0.5 away from zero (§8.3.4); published rating = the previous
  list's rating + the rounded change. The live rating is the published rating plus the
  unrounded sum so far.
- **Floor**: a new rating below 1400 makes the player unrated on that list (§7.2.1): no row
  on the published list, and from then on they are treated as a newcomer (their earlier
  games no longer count towards an initial rating).
- **Initial ratings** (§7.1.4, §8.2): an unrated player's games against rated opponents are
  pooled per tournament ("event"); at each list that closes a period in which they played
  such games, :func:`~rules.ratings.fide.first_rating` is asked whether the pool (26
  months, zero first event discarded, at least 5 games, two hypothetical 1800 draws, result
  at least 1400, at most 2200) gives a rating; if so it is published on that list with
  ``change`` empty and the pooled games counted as rated games for the K rules.
- **Starting ratings** (staff input): a rating a player brings (e.g. their FIDE rating) is
  their base from the start of the period containing ``starting_date`` (the first period
  if no date), with ``starting_games`` rated games behind it; it counts as "published" for
  the 2400 and 2300 K rules and for the peak.
- **Rapid and blitz**: the 400 cap applies to everyone and games with a difference of 600 or
  more are not rated when a player is above 2600 (FIDE Rapid & Blitz §7.3.1).

Speed: expected scores come from a precomputed list indexed by the (capped, clamped)
difference, and changes are integer hundredths; no ``Decimal`` per game.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from rules.ratings import fide
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

__all__ = ["FidePeriodSystem", "expected_hundredths", "round_hundredths"]

_CLAMP = 736  # table 8.1.2: |D| > 735 gives 1.00
# _EXPECTED[d + _CLAMP] = PD in hundredths for D = d, -736 <= d <= 736.
_EXPECTED: list[int] = [
    int(fide.probability_for_difference(d) * 100) for d in range(-_CLAMP, _CLAMP + 1)
]
_CAP = fide.DIFFERENCE_CAP
_UNCAPPED_FROM = fide.UNCAPPED_FROM
_FLOOR = fide.RATING_FLOOR
_KN_MAX = fide.K_TIMES_N_MAX
_HALF_SCORES = (Decimal(0), Decimal("0.5"), Decimal(1))


def expected_hundredths(rating: int, opponent: int, standard: bool = True) -> tuple[int, int, bool]:
    """PD in hundredths, the opponent rating used and whether the 400-point rule applied.

    Same rules as :func:`rules.ratings.fide.game_line` (a test checks they agree).
    """
    d = rating - opponent
    capped = False
    if (d > _CAP or d < -_CAP) and not (standard and rating >= _UNCAPPED_FROM):
        d = _CAP if d > 0 else -_CAP
        capped = True
    used = rating - d
    if d > _CLAMP:
        d = _CLAMP
    elif d < -_CLAMP:
        d = -_CLAMP
    return _EXPECTED[d + _CLAMP], used, capped


def round_hundredths(value: int) -> int:
    """A change in hundredths rounded to whole points, 0.5 away from zero (§8.3.4)."""
    if value >= 0:
        return (value + 50) // 100
    return -((-value + 50) // 100)


class _Player:
    """A player's state between periods (mutable, one per player)."""

    __slots__ = (
        "birth_year",
        "by_list",
        "events",
        "ever_2300",
        "ever_2400",
        "games",
        "id",
        "k",
        "k_used",
        "last_played",
        "n",
        "n_new",
        "peak",
        "pool",
        "rating",
        "start_key",
        "start_rating",
        "starting_games",
        "sum",
    )

    def __init__(self, inp: PlayerInput) -> None:
        self.id = inp.id
        self.birth_year = inp.birth_year
        self.start_rating = inp.starting_rating
        self.starting_games = inp.starting_games
        # When the starting rating is in force (date.min: from the beginning).
        self.start_key: datetime.date | None = (
            None if inp.starting_rating is None else (inp.starting_date or datetime.date.min)
        )
        self.rating: int | None = None  # base rating of the current period (None: unrated)
        self.k: int | None = None  # K of the current period, before the K x n cap
        self.k_used: int | None = None
        self.games = 0  # rated games completed before the current period
        self.peak: int | None = None
        self.ever_2400 = False
        self.ever_2300 = False
        self.by_list: dict[int, int] = {}  # list index -> published rating
        self.events: list[fide.NewcomerEvent] = []  # an unrated player's pooled events
        self.pool: dict[int, list[tuple[int, int]]] = {}  # this period: tournament -> games
        self.n = 0  # rated games in the current period
        self.n_new = 0  # games towards an initial rating in the current period
        self.sum = 0  # unrounded change of the current period, hundredths
        self.last_played: datetime.date | None = None

    def publish(self, rating: int) -> None:
        self.rating = rating
        self.peak = rating if self.peak is None else max(self.peak, rating)
        self.ever_2400 = self.ever_2400 or rating >= 2400
        self.ever_2300 = self.ever_2300 or rating >= 2300


#: One side of a game of the period: (game, player, opponent id, own rating used or ``None``
#: for a newcomer, opponent's rating, score in half points).
_Side = tuple[GameInput, _Player, int, int | None, int, int]


class FidePeriodSystem:
    """FIDE rating periods (see the module docstring). One object per replay."""

    def __init__(self, *, time_control: str = "standard") -> None:
        if time_control not in fide.TIME_CONTROLS:
            raise ValueError(f"unknown time control {time_control!r}")
        self.standard = time_control == "standard"

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
        self.list_dates = [p.end for p in periods if p.end is not None]
        self.players = {pid: _Player(inp) for pid, inp in players.items()}
        # Per tournament: the index of the list in force at its start (-1: none) and the date.
        self.t_list = {
            tid: period_index(self.list_dates, t.start_date) - 1 for tid, t in tournaments.items()
        }
        self.t_start = {tid: t.start_date for tid, t in tournaments.items()}
        # The year for the K of a starting rating valid from the beginning: the first list's
        # (it does not depend on which tournaments exist, so earlier periods stay stable).
        if self.list_dates:
            self.first_year = self.list_dates[0].year
        else:
            years = [t.start_date.year for t in tournaments.values()]
            self.first_year = min(years) if years else 2000
        self.starts: dict[int, list[_Player]] = {}
        for st in self.players.values():
            if st.start_key is not None:
                index = period_index(self.list_dates, st.start_key)
                if index >= first_period:
                    self.starts.setdefault(index, []).append(st)
        if checkpoint is not None:
            self._restore(checkpoint)
        for row in earlier_published:
            st = self.players.get(row.player)
            if st is not None:
                st.by_list[row.period] = row.rating
        self.touched: list[_Player] = []

    def rate_period(
        self,
        period: Period,
        games: Sequence[GameInput],
        ledger: list[LedgerRow],
        published: list[PublishedRow],
    ) -> None:
        for st in self.touched:
            st.n = st.n_new = st.sum = 0
            st.pool = {}
        self.touched = touched = []
        for st in self.starts.get(period.index, ()):
            self._apply_start(st)
        pending = self._sides(games, touched)
        for st in touched:
            if st.n:
                k = st.k
                st.k_used = k if k * st.n <= _KN_MAX else _KN_MAX // st.n
        self._write_ledger(period.index, pending, ledger)
        if period.end is not None:
            self._close(period, published)

    def _sides(self, games: Sequence[GameInput], touched: list[_Player]) -> list[_Side]:
        """Pass 1: who is rated in which game, and n per player (players met are added to
        ``touched``).

        The rating used is the one in force at the tournament's start: the starting rating
        if it is valid then and more recent than the list in force (index li), else the
        rating on that list.
        """
        players = self.players
        t_list, t_start, list_dates = self.t_list, self.t_start, self.list_dates
        rapid_rule = not self.standard
        is_rated_game = fide.is_rated_game
        pending: list[_Side] = []
        append = pending.append

        def side(
            game: GameInput, st: _Player, opponent: int, own_at: int | None, opp_at: int, score: int
        ) -> None:
            """Record one side of a game whose opponent had a rating at the start."""
            if not (st.n or st.n_new):
                touched.append(st)
            if st.rating is not None:
                own = own_at if own_at is not None else st.rating  # §8.2.4
                if rapid_rule and not is_rated_game(own, opp_at, time_control="rapid"):
                    return
                st.n += 1
                append((game, st, opponent, own, opp_at, score))
            else:
                st.n_new += 1
                st.pool.setdefault(game[1], []).append((opp_at, score))
                append((game, st, opponent, None, opp_at, score))

        for game in games:
            _gid, tournament, _day, white_id, black_id, white_score, _handicap = game
            li = t_list[tournament]
            start = t_start[tournament]
            white = players[white_id]
            black = players[black_id]
            key = white.start_key
            if key is not None and key <= start and (li < 0 or key >= list_dates[li]):
                white_at = white.start_rating
            else:
                white_at = white.by_list.get(li) if li >= 0 else None
            key = black.start_key
            if key is not None and key <= start and (li < 0 or key >= list_dates[li]):
                black_at = black.start_rating
            else:
                black_at = black.by_list.get(li) if li >= 0 else None
            if black_at is not None:
                side(game, white, black_id, white_at, black_at, white_score)
            if white_at is not None:
                side(game, black, white_id, black_at, white_at, 2 - white_score)
        return pending

    def _write_ledger(
        self,
        index: int,
        pending: list[_Side],
        ledger: list[LedgerRow],
    ) -> None:
        """Pass 2: the ledger rows of period ``index``, with K capped by the period's n."""
        standard = self.standard
        new = tuple.__new__
        add = ledger.append
        for game, st, opponent, own, opp, score in pending:
            gid, tournament, day = game[0], game[1], game[2]
            if own is None:
                row = (index, gid, tournament, st.id, opponent, day,
                       None, opp, opp, False, score, None, None, None, None)  # fmt: skip
            else:
                k = st.k_used
                expected, used, capped = expected_hundredths(own, opp, standard)
                change = k * (score * 50 - expected)
                st.sum += change
                row = (index, gid, tournament, st.id, opponent, day,
                       own, opp, used, capped, score, expected, k, change, None)  # fmt: skip
            add(new(LedgerRow, row))
            last = st.last_played
            if last is None or day > last:
                st.last_played = day

    def live(self) -> dict[int, LiveRow]:
        rows = {}
        for st in self.players.values():
            if st.rating is not None:
                rows[st.id] = LiveRow(
                    st.id,
                    st.rating,
                    st.rating * 100 + st.sum,
                    st.sum,
                    st.n,
                    st.k_used if st.n else st.k,
                    st.games + st.n,
                    st.peak,
                    st.last_played,
                )
            else:
                rows[st.id] = LiveRow(
                    st.id, None, None, 0, st.n_new, None, st.games, st.peak, st.last_played
                )
        return rows

    def checkpoint(self) -> Checkpoint:
        """Each player's state between periods; per player a list (see :meth:`_restore`)."""
        players = {}
        for st in self.players.values():
            if st.peak is None and not (st.events or st.games or st.last_played):
                continue  # never rated, no games: the fresh state
            players[str(st.id)] = [
                st.rating,
                st.k,
                st.games,
                st.peak,
                st.ever_2400,
                st.ever_2300,
                None if st.last_played is None else st.last_played.isoformat(),
                [
                    [
                        event.period.isoformat(),
                        [[opp, int(score * 2)] for opp, score in event.games],
                    ]
                    for event in st.events
                ],
            ]
        return {"system": "fide", "version": 1, "players": players}

    # -- helpers -----------------------------------------------------------------------

    def _restore(self, checkpoint: Checkpoint) -> None:
        if checkpoint.get("system") != "fide" or checkpoint.get("version") != 1:
            raise ValueError("not a checkpoint of this system")
        for key, values in checkpoint["players"].items():
            st = self.players.get(int(key))
            if st is None:  # the player left the list since
                continue
            rating, k, games, peak, ever_2400, ever_2300, last_played, events = values
            st.rating, st.k, st.games, st.peak = rating, k, games, peak
            st.ever_2400, st.ever_2300 = ever_2400, ever_2300
            st.last_played = (
                None if last_played is None else datetime.date.fromisoformat(last_played)
            )
            st.events = [
                fide.NewcomerEvent(
                    period=datetime.date.fromisoformat(day),
                    games=tuple((opp, _HALF_SCORES[half]) for opp, half in event_games),
                )
                for day, event_games in events
            ]

    def _k(self, st: _Player, year: int) -> int:
        assert st.rating is not None  # noqa: S101 - only rated players have a K
        return fide.k_factor(
            rating=st.rating,
            games_total=st.games,
            birth_year=st.birth_year,
            list_year=year,
            ever_published_2400=st.ever_2400,
            ever_rated_2300=st.ever_2300,
        )

    def _apply_start(self, st: _Player) -> None:
        """The starting rating becomes the player's base from this period on."""
        assert st.start_rating is not None  # noqa: S101
        st.games = st.starting_games
        st.events = []
        st.publish(st.start_rating)
        key = st.start_key
        year = key.year if key is not None and key != datetime.date.min else self.first_year
        st.k = self._k(st, year)

    def _close(self, period: Period, published: list[PublishedRow]) -> None:
        """Publish the list closing ``period``: round, floor, first ratings, next K."""
        assert period.end is not None  # noqa: S101
        index = period.index
        year = period.end.year
        for st in self.players.values():
            if st.rating is not None:
                n = st.n
                rounded = round_hundredths(st.sum) if n else 0
                new = st.rating + rounded
                st.games += n
                if new < _FLOOR:
                    st.rating = st.k = None
                    st.events = []
                    continue
                st.by_list[index] = new
                st.publish(new)
                st.k = self._k(st, year)
                published.append(PublishedRow(index, st.id, new, n, st.k, rounded))
            elif st.pool:
                for tournament_games in st.pool.values():
                    st.events.append(
                        fide.NewcomerEvent(
                            period=period.end,
                            games=tuple((opp, _HALF_SCORES[s]) for opp, s in tournament_games),
                        )
                    )
                first = fide.first_rating(st.events)
                if first is None:
                    continue
                st.games = first.games
                st.events = []
                st.by_list[index] = first.rating
                st.publish(first.rating)
                st.k = self._k(st, year)
                published.append(PublishedRow(index, st.id, first.rating, st.n_new, st.k, None))

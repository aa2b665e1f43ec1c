"""The ranking: :func:`standings` orders the players by points then tie-breaks (Art. 4.2).

Also :func:`tiebreak_values` (one tie-break for every player) and the output types
:class:`Row` and :class:`Standings`, with each player's performance and rating change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from rules.ratings.fide import rating_change
from rules.standings.codes import (
    PRESETS,
    RATING_CODES,
    TieBreak,
    parse_tiebreak,
    parse_tiebreaks,
)
from rules.standings.event import _after, _Event
from rules.standings.model import Player, Tournament, Value
from rules.standings.performance import _as_decimal, _rating_opponents, _tpr
from rules.standings.tiebreaks import _values


@dataclass(frozen=True)
class Row:
    """One line of the standings.

    ``place``/``place_to`` are equal unless players share places (all tie-breaks equal);
    ``label`` is ``"3"`` or ``"3–5"``. ``tiebreaks`` follow the order of
    :attr:`Standings.tiebreaks`. ``performance`` is the TPR over rated OTB opponents (unrated
    opponents ignored), ``None`` without such games. ``rating_change`` is the unrounded FIDE
    change K × Σ(score − PD) over the rated games (results ``1 = 0`` against rated opponents)
    when the player is rated and has a K factor; the rating ledger stays the authority.
    """

    place: int
    place_to: int
    player: Player
    points: Fraction
    tiebreaks: tuple[Value, ...]
    performance: int | None
    games: int
    rating_change: Decimal | None = None

    @property
    def mms(self) -> Fraction:
        """The McMahon score: the player's initial score + points."""
        return self.player.initial_score + self.points

    @property
    def label(self) -> str:
        return str(self.place) if self.place == self.place_to else f"{self.place}–{self.place_to}"


@dataclass(frozen=True)
class Standings:
    """Ordered rows after round ``after_round`` with the tie-breaks that ranked them."""

    after_round: int
    tiebreaks: tuple[TieBreak, ...]
    rows: tuple[Row, ...]
    #: Rating tie-breaks left out because a player is unrated and the tournament gives
    #: unrated players no rating (C.07 Art. 10): not offered rather than a column of blanks.
    dropped: tuple[TieBreak, ...] = ()


def _resolve(
    tournament: Tournament, tiebreaks: str | Iterable[str | TieBreak] | None
) -> tuple[TieBreak, ...]:
    if tiebreaks is None:
        return PRESETS["round-robin" if tournament.round_robin else "swiss"]
    if isinstance(tiebreaks, str):
        return parse_tiebreaks(tiebreaks)
    return tuple(tb if isinstance(tb, TieBreak) else parse_tiebreak(tb) for tb in tiebreaks)


def _sort_key(value: Value, tb: TieBreak) -> tuple[bool, Fraction]:
    if value is None:
        return (True, Fraction(0))
    return (False, Fraction(value) if tb.ascending else -Fraction(value))


def tiebreak_values(
    tournament: Tournament, tiebreak: str | TieBreak, *, after_round: int | None = None
) -> dict[int, Value]:
    """One tie-break's value for every player (by TPN), ties formed by points only (for DE)."""
    tb = tiebreak if isinstance(tiebreak, TieBreak) else parse_tiebreak(tiebreak)
    ev = _Event(tournament, _after(tournament, after_round))
    groups: dict[Fraction, list[int]] = {}
    for n, s in ev.mms.items():
        groups.setdefault(s, []).append(n)
    return _values(ev, tb, list(groups.values()))


def standings(
    tournament: Tournament,
    tiebreaks: str | Iterable[str | TieBreak] | None = None,
    *,
    after_round: int | None = None,
) -> Standings:
    """Rank the players after ``after_round`` (default: the last round with results).

    Players are ordered by points (the McMahon score when players have an initial score),
    then each tie-break in turn is applied to the players still
    tied (Art. 4.2). Players equal in everything share the place ("3–5"); within a shared place
    they are listed by TPN. ``tiebreaks`` defaults to the preset of the format.
    """
    tbs = _resolve(tournament, tiebreaks)
    ev = _Event(tournament, _after(tournament, after_round))
    dropped = tuple(tb for tb in tbs if tb.name in RATING_CODES and ev.allrated(tb) is None)
    tbs = tuple(tb for tb in tbs if tb not in dropped)
    order = sorted(ev.rounds, key=lambda n: (-ev.mms[n], n))
    groups: list[list[int]] = []
    for n in order:
        if groups and ev.mms[groups[-1][0]] == ev.mms[n]:
            groups[-1].append(n)
        else:
            groups.append([n])
    columns: list[dict[int, Value]] = []
    for tb in tbs:
        values = _values(ev, tb, groups)
        columns.append(values)
        refined: list[list[int]] = []
        for group in groups:
            ranked = sorted(group, key=lambda n: (_sort_key(values[n], tb), n))
            for n in ranked:
                if refined and refined[-1][0] in group and values[refined[-1][0]] == values[n]:
                    refined[-1].append(n)
                else:
                    refined.append([n])
        groups = refined
    ratings = {p.tpn: p.rating for p in tournament.players}
    rows = []
    place = 1
    for group in groups:
        for n in group:
            games = [r for r in ev.rounds[n] if r.otb]
            rated = _rating_opponents(ev, n, ratings)
            rows.append(
                Row(
                    place=place,
                    place_to=place + len(group) - 1,
                    player=ev.players[n],
                    points=ev.score[n],
                    tiebreaks=tuple(col[n] for col in columns),
                    performance=_tpr(
                        [ratings[r.opponent] for r in rated],  # type: ignore[misc,index]
                        sum((r.standard for r in rated), Fraction(0)),
                    ),
                    games=len(games),
                    rating_change=_rating_change(ev, n, ratings),
                )
            )
        place += len(group)
    return Standings(after_round=ev.k, tiebreaks=tbs, rows=tuple(rows), dropped=dropped)


def _rating_change(ev: _Event, n: int, ratings: Mapping[int, int | None]) -> Decimal | None:
    player = ev.players[n]
    if player.rating is None or player.k is None:
        return None
    rated = [r for r in _rating_opponents(ev, n, ratings) if r.code in "1=0"]
    games = [(ratings[r.opponent], _as_decimal(r.standard)) for r in rated]  # type: ignore[index]
    return rating_change(player.rating, player.k, games, time_control=ev.t.time_control)

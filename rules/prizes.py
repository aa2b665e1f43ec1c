"""A section's prize list: who wins which prize, and how much each player is paid.

Pure module (no Django). Amounts are whole numbers of the currency's minor unit (cents,
kopecks; a yen is its own minor unit): :func:`minor_units` and :func:`major_units` convert.

The rules, as congresses state them (``docs/organising.md`` cites the sources):

1. **One prize per player, the highest first.** The prizes are taken from the highest
   amount down (a place prize before a category prize of the same amount, places in their
   order, then the table's order); each goes to the best-ranked player (final standings, by
   tie-breaks) who is eligible for it and has no prize yet. So a junior who finishes third
   takes the third prize if it is worth more than the junior prize, and the junior prize goes
   to the next junior; if the junior prize is worth more, they take it and third place goes
   to the next player.
2. **Ties on points** (``method``):

   - ``tiebreak``: nothing is shared, the tie-breaks decided in step 1;
   - ``shared``: the players tied on points who took prizes of one group (the place prizes;
     or one category: "juniors U14", "women"…) pool the money of those prizes and share it
     equally;
   - ``hort`` (the Hort system): each of them keeps half of the prize the tie-breaks gave
     them, and the other half of those prizes is pooled and shared equally.

   A tied player who took no prize at all (the tie crosses the last paid place of the group)
   shares the pool too, in one group only (the first, from the highest prize down).
3. **Rounding**: a pool that does not divide exactly is shared in minor units and the
   remainder (fewer minor units than players) goes one unit each to the best-placed of them
   by tie-breaks; :class:`Split` states it. No money is lost or created: the sum paid is the
   sum of the prizes awarded. A prize nobody is eligible for stays unclaimed.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

PLACE = "place"
WOMEN = "women"
JUNIOR = "junior"
SENIOR = "senior"
RATING = "rating"
UNRATED = "unrated"
CLUB = "club"
KINDS = (PLACE, WOMEN, JUNIOR, SENIOR, RATING, UNRATED, CLUB)

HORT = "hort"
SHARED = "shared"
TIEBREAK = "tiebreak"
METHODS = (HORT, SHARED, TIEBREAK)

FEMALE = "f"


@dataclass(frozen=True)
class Contender:
    """A player of the final standings: ``rank`` 1, 2, 3… by tie-breaks (no two equal),
    ``score`` their points; what the categories read: ``sex`` (``"f"`` for women),
    ``birth_year``, ``rating`` at the start (``None``: unrated), ``club`` (an id)."""

    key: Hashable
    rank: int
    score: Fraction
    sex: str = ""
    birth_year: int | None = None
    rating: int | None = None
    club: Hashable | None = None


@dataclass(frozen=True)
class Prize:
    """One line of the prize table: a ``kind`` and its parameters, an ``amount`` in minor
    units.

    - ``place``: the ``place``-th place prize (everybody is eligible);
    - ``women``; ``unrated``;
    - ``junior``: younger than ``age`` in the tournament's year (``year - birth year <
      age``: "under 14" as FIDE's youth categories count it);
    - ``senior``: at least ``age`` in the tournament's year;
    - ``rating``: rated, ``rating_min`` <= rating <= ``rating_max`` (either may be open);
    - ``club``: a player of the club ``club`` (the club's best player).
    """

    kind: str
    amount: int
    place: int | None = None
    age: int | None = None
    rating_min: int | None = None
    rating_max: int | None = None
    club: Hashable | None = None

    @property
    def group(self) -> tuple:
        """The prizes whose ties are shared together: all the places, or one category."""
        if self.kind == PLACE:
            return (PLACE,)
        return (self.kind, self.age, self.rating_min, self.rating_max, self.club)

    def eligible(self, player: Contender, year: int) -> bool:
        kind = self.kind
        if kind == PLACE:
            return True
        if kind == WOMEN:
            return player.sex == FEMALE
        if kind == UNRATED:
            return player.rating is None
        if kind == CLUB:
            return player.club is not None and player.club == self.club
        if kind == RATING:
            rating = player.rating
            return (
                rating is not None
                and (self.rating_min is None or rating >= self.rating_min)
                and (self.rating_max is None or rating <= self.rating_max)
            )
        if player.birth_year is None or self.age is None:
            return False
        age = year - player.birth_year
        return age < self.age if kind == JUNIOR else age >= self.age


@dataclass(frozen=True)
class Split:
    """Money pooled by players tied on ``score``: the ``prizes`` (indices in the table) the
    tie-breaks gave some of them, ``pool`` minor units shared by ``players`` (by rank) as
    ``each``, the ``remainder`` units going one each to the first of them."""

    score: Fraction
    prizes: tuple[int, ...]
    players: tuple[Hashable, ...]
    pool: int
    each: int
    remainder: int


@dataclass(frozen=True)
class Payout:
    """What one player is paid: ``amount`` minor units, for ``prize`` (the index of the
    prize the tie-breaks gave them; ``None`` for a tied player who only shares a pool) and
    ``split`` (the pool they share, if any)."""

    key: Hashable
    rank: int
    amount: int
    prize: int | None
    split: Split | None


@dataclass(frozen=True)
class Allocation:
    """The prize list: ``winners`` (prize index -> player key by tie-breaks, ``None``:
    unclaimed), ``payouts`` by rank, the ``splits``."""

    winners: dict[int, Hashable | None]
    payouts: tuple[Payout, ...]
    splits: tuple[Split, ...]
    awarded: int
    paid: int

    @property
    def unclaimed(self) -> tuple[int, ...]:
        return tuple(i for i, key in self.winners.items() if key is None)

    def paid_to(self, key: Hashable) -> int:
        return next((p.amount for p in self.payouts if p.key == key), 0)


def prize_order(prizes: list[Prize] | tuple[Prize, ...]) -> list[int]:
    """The indices of ``prizes`` in the order they are given: highest amount first, a place
    before a category of equal value, places in their order, then the table's order."""
    return sorted(
        range(len(prizes)),
        key=lambda i: (-prizes[i].amount, prizes[i].kind != PLACE, prizes[i].place or 0, i),
    )


def allocate(
    players: list[Contender] | tuple[Contender, ...],
    prizes: list[Prize] | tuple[Prize, ...],
    *,
    method: str,
    year: int,
) -> Allocation:
    """Give ``prizes`` to ``players`` (the final standings) by ``method``
    (``hort``, ``shared`` or ``tiebreak``); ``year`` is the tournament's, for the ages."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}")
    ranked = sorted(players, key=lambda p: p.rank)
    winners = _by_tiebreak(ranked, prizes, year)
    paid: dict[Hashable, int] = {}
    prize_of: dict[Hashable, int] = {}
    split_of: dict[Hashable, Split] = {}
    for index, key in winners.items():
        if key is not None:
            paid[key] = prizes[index].amount
            prize_of[key] = index
    splits: list[Split] = []
    if method != TIEBREAK:
        splits = _share(ranked, prizes, winners, method, year, paid)
        for split in splits:
            for key in split.players:
                split_of[key] = split
    payouts = tuple(
        Payout(p.key, p.rank, paid[p.key], prize_of.get(p.key), split_of.get(p.key))
        for p in ranked
        if p.key in paid
    )
    awarded = sum(prizes[i].amount for i, key in winners.items() if key is not None)
    return Allocation(winners, payouts, tuple(splits), awarded, sum(paid.values()))


def _by_tiebreak(
    ranked: list[Contender], prizes: list[Prize] | tuple[Prize, ...], year: int
) -> dict[int, Hashable | None]:
    winners: dict[int, Hashable | None] = {}
    taken: set[Hashable] = set()
    for index in prize_order(prizes):
        prize = prizes[index]
        winner = next(
            (p.key for p in ranked if p.key not in taken and prize.eligible(p, year)), None
        )
        winners[index] = winner
        if winner is not None:
            taken.add(winner)
    return dict(sorted(winners.items()))


def _share(
    ranked: list[Contender],
    prizes: list[Prize] | tuple[Prize, ...],
    winners: dict[int, Hashable | None],
    method: str,
    year: int,
    paid: dict[Hashable, int],
) -> list[Split]:
    """Pool the money of tied prize winners group by group (``paid`` updated in place)."""
    by_key = {p.key: p for p in ranked}
    joined: set[Hashable] = set()
    splits: list[Split] = []
    groups: list[tuple] = []
    for index in prize_order(prizes):
        if prizes[index].group not in groups:
            groups.append(prizes[index].group)
    for group in groups:
        indices = [i for i in prize_order(prizes) if prizes[i].group == group]
        won = [(i, winners[i]) for i in indices if winners[i] is not None]
        for score in sorted({by_key[key].score for _i, key in won}, reverse=True):
            tied = [(i, key) for i, key in won if by_key[key].score == score]
            extra = [
                p.key
                for p in ranked
                if p.score == score
                and p.key not in paid
                and p.key not in joined
                and any(prizes[i].eligible(p, year) for i in indices)
            ]
            if len(tied) + len(extra) < 2:
                continue
            split = _split(score, tied, extra, prizes, method, by_key, paid)
            joined.update(extra)
            splits.append(split)
    return splits


def _split(
    score: Fraction,
    tied: list[tuple[int, Hashable]],
    extra: list[Hashable],
    prizes: list[Prize] | tuple[Prize, ...],
    method: str,
    by_key: dict[Hashable, Contender],
    paid: dict[Hashable, int],
) -> Split:
    pool = 0
    for index, key in tied:
        amount = prizes[index].amount
        pooled = amount // 2 if method == HORT else amount
        paid[key] -= pooled
        pool += pooled
    sharers = sorted([key for _i, key in tied] + extra, key=lambda key: by_key[key].rank)
    each, remainder = divmod(pool, len(sharers))
    for position, key in enumerate(sharers):
        paid[key] = paid.get(key, 0) + each + (1 if position < remainder else 0)
    return Split(
        score=score,
        prizes=tuple(sorted(i for i, _key in tied)),
        players=tuple(sharers),
        pool=pool,
        each=each,
        remainder=remainder,
    )


#: Digits of the minor unit of the currencies a prize table may be in (ISO 4217).
MINOR_DIGITS = {"EUR": 2, "USD": 2, "GBP": 2, "RUB": 2, "CHF": 2, "JPY": 0, "KRW": 0}


def minor_units(amount: Decimal, digits: int) -> int:
    """``Decimal("12.50")`` with 2 digits -> 1250."""
    return int((amount * (10**digits)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def major_units(amount: int, digits: int) -> Decimal:
    """1250 with 2 digits -> ``Decimal("12.50")``."""
    return (Decimal(amount) / (10**digits)).quantize(Decimal(1).scaleb(-digits))

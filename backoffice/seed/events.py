"""Planning the demo's events: the monthly calendar of Swiss and round-robin tournaments.

:class:`PlannedTournament` is an event planned in memory; :class:`EventsPlan` is the part of
:class:`~backoffice.seed.chess.Demo` that lays out each month's events and picks their
entrants by activity.
"""

import calendar
import datetime as dt
import random
from dataclasses import dataclass, field

from backoffice.seed.data import BLITZ, DUNMORE, HOME, RAILWAY, RAPID, STANDARD
from backoffice.seed.people import Person
from tournaments.enums import PairingSystem


@dataclass
class PlannedTournament:
    name: str
    club: int
    rating_list: str | None
    dates: list[dt.date]  # one per round
    system: str
    entrants: list[Person]
    double: bool = False
    rounds_played: int | None = None  # None: all rounds played and their results entered
    rounds: list[list[tuple[Person, Person | None, str]]] = field(default_factory=list)
    initial_colour: str = ""  # Swiss: the top seed's colour in round 1, drawn by lot


def month_start(day: dt.date, offset: int) -> dt.date:
    index = day.year * 12 + day.month - 1 + offset
    return dt.date(index // 12, index % 12 + 1, 1)


def nth_weekday(first: dt.date, weekday: int, n: int) -> dt.date:
    """The n-th (1-based) ``weekday`` (Monday = 0) of the month starting on ``first``."""
    return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


class EventsPlan:
    """Lays out the monthly events and picks their entrants by activity."""

    rng: random.Random
    size: int
    months: int
    today: dt.date
    first_day: dt.date
    people: list[Person]
    tournaments: list[PlannedTournament]

    def plan_events(self) -> None:
        people = self.people
        for m in range(self.months):
            first = month_start(self.first_day, m)
            label = f"{calendar.month_name[first.month]} {first.year}"
            n = self.size
            # Tuesday blitz: first Tuesday, 9 rounds in one evening.
            tuesday = nth_weekday(first, 1, 1)
            self._swiss(
                f"Tuesday Blitz, {label}", HOME, BLITZ, [tuesday] * 9, max(6, round(n * 0.16))
            )
            # Weekend open: second Friday to Sunday, 5 rounds.
            friday = nth_weekday(first, 4, 2)
            days = [friday, *(friday + dt.timedelta(days=d) for d in (1, 1, 2, 2))]
            self._swiss(f"Riverside Monthly Open, {label}", HOME, STANDARD, days, round(n * 0.3))
            # Rapidplay: third Saturday, 7 rounds (Dunmore hosts every third month).
            saturday = nth_weekday(first, 5, 3)
            if m % 3 == 2:
                self._swiss(
                    f"Dunmore Rapid, {label}", DUNMORE, RAPID, [saturday] * 6, round(n * 0.22)
                )
            else:
                self._swiss(
                    f"Riverside Rapidplay, {label}", HOME, RAPID, [saturday] * 7, round(n * 0.28)
                )
            # Round robin (standard), one round a day from the 18th.
            self._standard_round_robin(m, label, first.replace(day=18))
            # Double round-robin blitz: fourth Thursday.
            thursday = nth_weekday(first, 3, 4)
            self._round_robin(
                f"Blitz Masters, {label}",
                RAILWAY,
                BLITZ,
                thursday,
                8,
                people,
                double=True,
                same_day=True,
            )
            # Unrated junior training every other month: first Saturday.
            if m % 2 == 1:
                pool = [p for p in people if p.junior or not p.starting]
                self._swiss(
                    f"Junior Training Tournament, {label}",
                    HOME,
                    None,
                    [nth_weekday(first, 5, 1)] * 5,
                    min(len(pool), 12),
                    pool=pool,
                )
        # The current month: a championship in progress (round 1 paired, no results yet).
        season = "Winter" if self.today.month in (12, 1, 2) else "Club"
        dates = [self.today + dt.timedelta(days=7 * r) for r in range(7)]
        home = [p for p in people if p.club == HOME]
        self._swiss(
            f"{season} Championship {self.today.year}",
            HOME,
            STANDARD,
            dates,
            min(len(home), 16),
            pool=home,
            rounds_played=0,
        )

    def _pick(self, pool: list[Person], slug: str | None, count: int) -> list[Person]:
        """Weighted sample without replacement (Efraimidis–Spirakis keys), deterministic."""
        key_slug = slug or STANDARD
        keyed = sorted(
            pool,
            key=lambda p: self.rng.random() ** (1 / p.activity[key_slug]),
            reverse=True,
        )
        return keyed[: max(0, min(count, len(pool)))]

    def _add(self, tournament: PlannedTournament) -> None:
        if len(tournament.entrants) >= 4:
            self.tournaments.append(tournament)

    def _swiss(self, name, club, slug, dates, count, *, pool=None, rounds_played=None):
        entrants = self._pick(pool if pool is not None else self.people, slug, count)
        self._add(
            PlannedTournament(
                name,
                club,
                slug,
                dates,
                PairingSystem.SWISS_DUTCH,
                entrants,
                rounds_played=rounds_played,
            )
        )

    def _standard_round_robin(self, m: int, label: str, start: dt.date) -> None:
        home = [p for p in self.people if p.club in (HOME, RAILWAY)]
        by_rating = sorted(home, key=lambda p: (-p.seed_rating(STANDARD), p.index))
        kind = m % 4
        if kind == 0:
            name, group = "Club Championship Final", by_rating[:10]
        elif kind == 1:
            name, group = "Challengers", by_rating[10:40]
            group = self._pick(group, STANDARD, 8)
        elif kind == 2:
            name, group = "Seniors Championship", [p for p in by_rating if p.senior][:6]
        else:
            name, group = "Junior Championship", [p for p in by_rating if p.junior][:8]
        if len(group) % 2:
            group = group[:-1]
        self._round_robin(f"{name}, {label}", HOME, STANDARD, start, len(group), group)

    def _round_robin(self, name, club, slug, start, size, pool, *, double=False, same_day=False):
        if size % 2:
            size -= 1
        entrants = self._pick(pool, slug, size) if len(pool) > size else list(pool[:size])
        entrants.sort(key=lambda p: (-p.seed_rating(slug), p.index))
        rounds = (len(entrants) - 1) * (2 if double else 1)
        dates = [start if same_day else start + dt.timedelta(days=r) for r in range(rounds)]
        self._add(
            PlannedTournament(
                name, club, slug, dates, PairingSystem.ROUND_ROBIN, entrants, double=double
            )
        )

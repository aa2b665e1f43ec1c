"""Planning the demo's players: names, ages, federations, clubs, titles and starting ratings.

:class:`Person` is a player planned in memory; :class:`PlayersPlan` is the part of
:class:`~backoffice.seed.chess.Demo` that draws them from the seeded generator.
"""

import datetime as dt
import random
from dataclasses import dataclass, field

from backoffice.seed.data import (
    BLITZ,
    COTE,
    DUNMORE,
    HOME,
    NAMES,
    RAILWAY,
    RAPID,
    STANDARD,
    TITLE_ORDER,
    TITLES,
    WOMEN_TITLES,
)
from players.enums import Sex
from players.models import Player


@dataclass
class Person:
    """A player as planned in memory before it is written."""

    index: int
    last_name: str
    first_name: str
    sex: str
    birth_date: dt.date
    federation: str
    club: int | None
    title: str = ""
    fide_id: int | None = None
    junior: bool = False
    senior: bool = False
    # list slug -> (starting rating, games behind it); absent: unrated in that list
    starting: dict[str, tuple[int, int]] = field(default_factory=dict)
    # list slug -> hidden playing strength at the start of the history
    strength: dict[str, float] = field(default_factory=dict)
    activity: dict[str, float] = field(default_factory=dict)
    trend: float = 0.0  # strength gained per month (juniors improve)
    player: Player | None = None

    def seed_rating(self, slug: str) -> float:
        """The rating a tournament director would sort by (starting rating, else 1400)."""
        start = self.starting.get(slug)
        return start[0] if start else 1400.0


def initial_ranking_key(person: Person, slug: str) -> tuple[int, int, str, str]:
    """C.04.2: rating in ``slug`` (highest first, unrated last), title, name."""
    return (
        -person.starting.get(slug, (0, 0))[0],
        TITLE_ORDER.get(person.title, len(TITLE_ORDER)),
        person.last_name.casefold(),
        person.first_name.casefold(),
    )


class PlayersPlan:
    """Draws the players: identity, club, title, starting ratings and hidden strength."""

    rng: random.Random
    size: int
    today: dt.date
    people: list[Person]

    def plan_players(self) -> None:
        rng = self.rng
        federations = list(NAMES)
        weights = [NAMES[f][0] for f in federations]
        titles = []
        for title, per_160, low, high in TITLES:
            titles += [(title, low, high)] * max(round(per_160 * self.size / 160), 0)
        titles = titles[: self.size // 8]
        seen_names: set[tuple[str, str]] = set()
        fide_ids: set[int] = set()
        for index in range(self.size):
            title, band = "", None
            if index < len(titles):
                title, low, high = titles[index]
                band = (low, high)
            # Age group: juniors 22 %, seniors 18 %, titled players are adults.
            roll = rng.random()
            junior = not title and roll < 0.22
            senior = not title and 0.22 <= roll < 0.40
            if junior:
                age = rng.randint(8, 17)
            elif senior:
                age = rng.randint(60, 84)
            else:
                age = rng.randint(18, 59)
            birth = dt.date(self.today.year - age, rng.randint(1, 12), rng.randint(1, 28))
            if title in WOMEN_TITLES:
                sex = Sex.FEMALE
            elif title:
                sex = Sex.MALE if rng.random() < 0.9 else Sex.FEMALE
            else:
                sex = Sex.FEMALE if rng.random() < (0.28 if junior else 0.17) else Sex.MALE
            federation = rng.choices(federations, weights)[0]
            _, surnames, men, women = NAMES[federation]
            while True:
                last = rng.choice(surnames.split()).replace("_", " ")
                first = rng.choice((women if sex == Sex.FEMALE else men).split())
                if (last, first) not in seen_names:
                    seen_names.add((last, first))
                    break
            club = self._club_for(federation)
            person = Person(
                index,
                last,
                first,
                sex,
                birth,
                federation,
                club,
                title,
                junior=junior,
                senior=senior,
            )
            newcomer = not title and rng.random() < (0.35 if junior else 0.12)
            if not newcomer:
                while True:
                    fide_id = rng.randint(400_000, 35_000_000)
                    if fide_id not in fide_ids:
                        fide_ids.add(fide_id)
                        break
                person.fide_id = fide_id
            self._plan_ratings(person, band, newcomer)
            self.people.append(person)

    def _club_for(self, federation: str) -> int | None:
        roll = self.rng.random()
        if federation == "SCO":
            return DUNMORE if roll < 0.8 else HOME
        if federation == "FRA":
            return COTE if roll < 0.8 else HOME
        if roll < 0.62:
            return HOME
        if roll < 0.85:
            return RAILWAY
        if roll < 0.93:
            return None
        return self.rng.choice([DUNMORE, COTE])

    def _plan_ratings(self, person: Person, band: tuple[int, int] | None, newcomer: bool):
        rng = self.rng
        if band:
            standard = rng.randint(*band)
        elif person.junior:
            standard = int(rng.gauss(1640, 220))
        else:
            standard = int(rng.gauss(1820, 230))
        standard = max(1400, min(standard, 2350 if not band else band[1]))
        if newcomer:
            base = max(1250.0, min(rng.gauss(1620, 200), 2050.0))
        else:
            base = standard + rng.gauss(0, 45)
            if person.junior:
                games = rng.randint(8, 90)
            elif person.title:
                games = rng.randint(250, 1200)
            else:
                games = rng.randint(25, 700)
            person.starting[STANDARD] = (standard, games)
            for slug, chance in ((RAPID, 0.8), (BLITZ, 0.65)):
                if rng.random() < chance:
                    fast = max(1400, min(int(standard + rng.gauss(-25, 80)), 2600))
                    person.starting[slug] = (fast, rng.randint(9, 300))
        for slug in (STANDARD, RAPID, BLITZ):
            offset = 0.0 if slug == STANDARD else rng.gauss(-20, 70)
            person.strength[slug] = base + offset
            # Lognormal activity: a few very active players, many occasional ones.
            person.activity[slug] = rng.lognormvariate(0, 0.8)
        if newcomer:  # newcomers join to play: they enter most events at first
            for slug in person.activity:
                person.activity[slug] *= 3
        person.trend = rng.uniform(5, 25) if person.junior else rng.gauss(0, 2)

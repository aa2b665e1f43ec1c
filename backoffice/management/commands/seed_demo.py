"""Seed a believable demo club: players, months of tournaments in three lists, rated history.

Deterministic: everything comes from one ``random.Random(--seed)``, so the same options give
the same clubs, players, pairings and results (dates are anchored on ``--today``).

What it builds (defaults: 160 players, 6 months):

- four clubs in three federations, players of ten federations with names to match, juniors,
  seniors, titled players (open and women's titles) and unrated newcomers;
- starting ratings (the rating a player brought, valid from the first day of the history) in
  chess standard, rapid and blitz for the established players;
- every month: a standard weekend open (Swiss, 5 rounds), a standard round robin (rotating
  championship, challengers, seniors and juniors groups), a rapidplay (Swiss, 7 rounds), a
  Tuesday blitz (Swiss, 9 rounds), a double round-robin blitz, and every other month an
  unrated junior training event; in the current month a club championship with its first round
  paired and no results yet;
- results drawn from FIDE's expected score (table 8.1.2) of the players' hidden strengths, with
  draw rates by level and time control, a few forfeits and half-point byes;
- then, per list, one replay and the monthly lists closed in date order; the last month stays
  in the open period so that live ratings differ from the published ones;
- a go club rated by the EGF (declared grades, a class A championship and a class B handicap
  tournament with handicap games) and a shogi club rated by FESA (a round robin); see
  ``_seed_go_shogi`` (always rated, also with ``--no-ratings``).

Round robins follow the FIDE Berger tables (``rules.pairing.berger``). The Swiss events
are paired round by round with the FIDE Dutch engine (``rules.pairing.dutch.pair_round``):
pairing numbers by the initial ranking (C.04.2), the history so far (forfeits and byes
included), requested half-point byes as absent players, the top seed's colour drawn by lot. A
field too small for the planned rounds plays as many rounds as the engine can pair.
"""

import calendar
import datetime as dt
import random
import time
from dataclasses import dataclass, field

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.text import slugify

from actions.ratings import close_rating_period, recompute_ratings
from backoffice.management.commands._seed_go_shogi import seed_go_and_shogi
from core.roles import SYSTEM
from players.enums import Sex, Title
from players.models import Club, Player
from ratings.models import PlayerRating, RatingList
from rules.pairing.berger import berger_schedule
from rules.pairing.dutch import pair_round
from rules.pairing.state import BLACK, WHITE, PlayerState, RoundRecord, TournamentState
from rules.ratings.fide import probability_for_difference
from tournaments.enums import ByeKind, PairingSystem, Result
from tournaments.models import Game, Registration, RequestedBye, Round, Tournament

STANDARD, RAPID, BLITZ = "chess-standard", "chess-rapid", "chess-blitz"
TIME_CONTROLS = {STANDARD: "standard", RAPID: "rapid", BLITZ: "blitz"}

# (name, short name, city, federation)
CLUBS = [
    ("Riverside Chess Club", "Riverside", "Kingsbridge", "ENG"),
    ("Kingsbridge Railway Chess Club", "Railway", "Kingsbridge", "ENG"),
    ("Dunmore Chess Club", "Dunmore", "Dunmore", "SCO"),
    ("Échiquier de la Côte", "La Côte", "Calais", "FRA"),
]
HOME, RAILWAY, DUNMORE, COTE = range(4)

# federation: (weight, surnames, male first names, female first names)
NAMES = {
    "ENG": (
        52,
        "Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson "
        "Evans Walker White Roberts Green Hall Wood Jackson Clarke Hughes Edwards Turner "
        "Harris Cooper Ward Morris King Baker Hill Parker Carter Bennett Mitchell Fletcher "
        "Palmer Holmes Bailey Marshall Lawrence Spencer Webb Chapman Ellis Foster Pearce",
        "James Oliver George Harry Thomas William Jack Daniel Samuel Joseph Matthew David "
        "Peter Richard Michael Andrew Christopher Edward Henry Alfie Leo Noah Arthur Stephen",
        "Emma Olivia Sophie Charlotte Amelia Grace Lucy Hannah Emily Jessica Eleanor Alice "
        "Isla Ruby Freya Margaret Susan Helen Catherine Rachel",
    ),
    "SCO": (
        9,
        "MacDonald Campbell Stewart Robertson Murray Fraser Reid Ross Henderson Paterson "
        "Kerr Grant Sinclair Munro",
        "Callum Euan Angus Fraser Hamish Ross Alasdair Iain Duncan",
        "Isla Eilidh Morag Kirsty Fiona Catriona Ailsa",
    ),
    "FRA": (
        10,
        "Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Laurent "
        "Lefebvre Fournier Girard Bonnet Rousseau",
        "Julien Mathieu Antoine Nicolas Pierre Théo Lucas Hugo Étienne",
        "Camille Léa Chloé Manon Juliette Élise Sophie Margaux",
    ),
    "IRL": (
        6,
        "Murphy Kelly O'Brien Byrne Ryan O'Sullivan Walsh Doyle McCarthy Gallagher",
        "Seán Cian Niall Conor Darragh Eoin Ciarán",
        "Aoife Siobhán Niamh Ciara Róisín Orla",
    ),
    "GER": (
        5,
        "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch",
        "Jonas Lukas Felix Maximilian Tobias Stefan Jürgen Matthias",
        "Anna Lena Katharina Julia Sabine Hannah",
    ),
    "NED": (
        4,
        "de_Jong Jansen de_Vries van_den_Berg Bakker Visser Smit Meijer de_Boer Mulder",
        "Daan Sem Jeroen Pieter Bram Thijs",
        "Fleur Sanne Lotte Anouk Femke",
    ),
    "ESP": (
        4,
        "García Fernández González Rodríguez López Martínez Sánchez Pérez Romero Navarro",
        "Javier Alejandro Pablo Sergio Álvaro Diego",
        "Lucía María Carmen Elena Paula",
    ),
    "UKR": (
        4,
        "Kovalenko Bondarenko Tkachenko Shevchenko Kravchenko Oliynyk Melnyk Boyko Moroz",
        "Oleksandr Andriy Dmytro Mykola Serhiy Bohdan",
        "Olena Hanna Iryna Kateryna Oksana",
    ),
    "IND": (
        4,
        "Sharma Iyer Patel Reddy Nair Krishnan Rao Gupta Menon",
        "Arjun Rohan Vikram Aditya Karthik Pranav",
        "Priya Ananya Divya Kavya Meera",
    ),
    "WLS": (
        2,
        "Jones Davies Evans Thomas Lloyd Price Morgan Griffiths Pritchard",
        "Rhys Gareth Owain Dafydd Ieuan",
        "Cerys Seren Ffion Megan",
    ),
}

# Titles per 160 players, with their rating band (standard).
TITLES = [
    (Title.GM, 1, 2470, 2560),
    (Title.IM, 2, 2370, 2450),
    (Title.WGM, 1, 2290, 2350),
    (Title.FM, 4, 2270, 2360),
    (Title.WIM, 1, 2190, 2260),
    (Title.CM, 4, 2180, 2260),
    (Title.WFM, 2, 2080, 2160),
    (Title.WCM, 2, 1980, 2060),
]
WOMEN_TITLES = {Title.WGM, Title.WIM, Title.WFM, Title.WCM}
TITLE_ORDER = {code: index for index, code in enumerate(Title.values)}  # C.04.2 order


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


def initial_ranking_key(person: Person, slug: str) -> tuple[int, int, str, str]:
    """C.04.2: rating in ``slug`` (highest first, unrated last), title, name."""
    return (
        -person.starting.get(slug, (0, 0))[0],
        TITLE_ORDER.get(person.title, len(TITLE_ORDER)),
        person.last_name.casefold(),
        person.first_name.casefold(),
    )


def month_start(day: dt.date, offset: int) -> dt.date:
    index = day.year * 12 + day.month - 1 + offset
    return dt.date(index // 12, index % 12 + 1, 1)


def nth_weekday(first: dt.date, weekday: int, n: int) -> dt.date:
    """The n-th (1-based) ``weekday`` (Monday = 0) of the month starting on ``first``."""
    return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


class Demo:
    """Plans the club in memory (pure Python, seeded), then writes it with bulk inserts."""

    def __init__(self, *, seed: int, players: int, months: int, today: dt.date):
        self.rng = random.Random(seed)
        self.seed = seed
        self.size = players
        self.months = months
        self.today = today
        self.first_day = month_start(today, -months)
        self.people: list[Person] = []
        self.tournaments: list[PlannedTournament] = []
        self.slugs: set[str] = set()

    # ------------------------------------------------------------------ players

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

    # ------------------------------------------------------------------ events

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

    # ------------------------------------------------------------------ play

    def play(self) -> None:
        """Pair every planned round and draw the results, in date order."""
        self.tournaments.sort(key=lambda t: (t.dates[0], t.name))
        for tournament in self.tournaments:
            if tournament.system == PairingSystem.ROUND_ROBIN:
                self._play_round_robin(tournament)
            else:
                self._play_swiss(tournament)

    def _month(self, day: dt.date) -> int:
        return (day.year - self.first_day.year) * 12 + day.month - self.first_day.month

    def _strength(self, person: Person, slug: str | None, day: dt.date) -> float:
        return person.strength[slug or STANDARD] + person.trend * self._month(day)

    def _result(self, white: Person, black: Person, slug: str | None, day: dt.date) -> str:
        rng = self.rng
        if rng.random() < 0.006:
            return rng.choice([Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT])
        sw, sb = self._strength(white, slug, day), self._strength(black, slug, day)
        difference = max(-1000, min(round(sw - sb + 25), 1000))
        expected = float(probability_for_difference(difference))
        level = min(max(((sw + sb) / 2 - 1300) / 1200, 0.0), 1.0)
        draw = (0.10 + 0.35 * level) * {STANDARD: 1.0, RAPID: 0.75, BLITZ: 0.6}[slug or STANDARD]
        draw = min(draw, 1.8 * min(expected, 1 - expected))
        roll = rng.random()
        if roll < expected - draw / 2:
            return Result.WHITE_WINS
        if roll < expected + draw / 2:
            return Result.DRAW
        return Result.BLACK_WINS

    def _play_round_robin(self, t: PlannedTournament) -> None:
        """The FIDE Berger tables, pairing numbers in rating order."""
        players = t.entrants
        for number, round_ in enumerate(berger_schedule(len(players), double=t.double)):
            day = t.dates[number]
            rows = []
            for game in round_.games:
                white, black = players[game.white - 1], players[game.black - 1]
                rows.append((white, black, self._result(white, black, t.rating_list, day)))
            t.rounds.append(rows)

    def _play_swiss(self, t: PlannedTournament) -> None:
        """The FIDE Dutch system (``rules.pairing.dutch``), round by round.

        Pairing numbers follow the initial ranking (C.04.2: rating, title, name). Each round the
        engine gets the history so far (opponent, colour and TRF code per round, byes and
        forfeits included) and the players with a requested half-point bye as absent. A field
        too small for the planned rounds (no legal pairing left) gets as many rounds as the
        engine could pair, and the event is played again from the same random state with that
        number of rounds (the total matters to the last rounds' pairing rules).
        """
        slug = t.rating_list or STANDARD
        t.entrants = sorted(t.entrants, key=lambda p: initial_ranking_key(p, slug))
        t.initial_colour = self.rng.choice((WHITE, BLACK))
        start = self.rng.getstate()
        while True:
            rounds = self._pair_swiss(t, slug)
            if len(rounds) == len(t.dates) or (
                t.rounds_played is not None and len(rounds) == t.rounds_played + 1
            ):
                t.rounds = rounds
                return
            t.dates = t.dates[: len(rounds)]
            self.rng.setstate(start)

    def _pair_swiss(self, t: PlannedTournament, slug: str) -> list:
        """The rounds of ``t`` paired with ``len(t.dates)`` rounds planned, up to the first round
        the engine cannot pair (then fewer rounds than planned)."""
        rng = self.rng
        by_tpn = dict(enumerate(t.entrants, start=1))
        history: dict[int, list[RoundRecord]] = {number: [] for number in by_tpn}
        rounds: list[list[tuple[Person, Person | None, str]]] = []
        played = len(t.dates) if t.rounds_played is None else t.rounds_played + 1
        for r in range(played):
            day, pending = t.dates[r], t.rounds_played is not None and r == t.rounds_played
            requested: set[int] = set()
            if 0 < r < len(t.dates) - 1 and not pending:
                requested = {number for number in by_tpn if rng.random() < 0.02}
            state = TournamentState(
                players=tuple(
                    PlayerState(
                        tpn=number,
                        rating=p.starting.get(slug, (0, 0))[0],
                        history=tuple(history[number]),
                        absent=number in requested,
                        requested_bye="H" if number in requested else None,
                        name=f"{p.last_name}, {p.first_name}",
                    )
                    for number, p in by_tpn.items()
                ),
                total_rounds=len(t.dates),
                round_to_pair=r + 1,
                initial_colour=t.initial_colour,
            )
            pairing = pair_round(state)
            if not pairing.ok:
                break
            games: list[tuple[Person, Person | None, str]] = []
            for white, black in pairing.pairs:
                a, b = by_tpn[white], by_tpn[black]
                result = "" if pending else self._result(a, b, t.rating_list, day)
                games.append((a, b, result))
                if result:
                    history[white].append(RoundRecord(black, WHITE, result[0]))
                    history[black].append(RoundRecord(white, BLACK, result[1]))
            byes = [(number, Result.HALF_POINT_BYE) for number in sorted(requested)]
            if pairing.bye is not None:
                byes.append((pairing.bye, Result.PAIRING_BYE))
            for number, code in byes:
                history[number].append(RoundRecord(None, None, code))
            rounds.append(games + [(by_tpn[number], None, code) for number, code in byes])
        return rounds

    # ------------------------------------------------------------------ write

    def write(self) -> dict[str, int]:
        clubs = Club.objects.bulk_create(
            Club(name=name, short_name=short, city=city, federation=fed)
            for name, short, city, fed in CLUBS
        )
        players = Player.objects.bulk_create(
            Player(
                last_name=p.last_name,
                first_name=p.first_name,
                sex=p.sex,
                birth_date=p.birth_date,
                federation=p.federation,
                club=clubs[p.club] if p.club is not None else None,
                fide_id=p.fide_id,
                title=p.title,
            )
            for p in self.people
        )
        for person, player in zip(self.people, players, strict=True):
            person.player = player
        lists = {rl.slug: rl for rl in RatingList.objects.filter(slug__in=TIME_CONTROLS)}
        missing = sorted(set(TIME_CONTROLS) - set(lists))
        if missing:
            raise CommandError(f"Rating lists missing (run migrate first): {', '.join(missing)}")
        # Starting ratings are inputs; the replay derives everything else from them and games.
        PlayerRating.objects.bulk_create(
            PlayerRating(
                rating_list=lists[slug],
                player=p.player,
                starting_rating=rating,
                starting_games=games,
                starting_date=self.first_day,
            )
            for p in self.people
            for slug, (rating, games) in sorted(p.starting.items())
        )
        tournaments = Tournament.objects.bulk_create(
            Tournament(
                name=t.name,
                slug=slugify(t.name),
                club=clubs[t.club],
                rating_list=lists[t.rating_list] if t.rating_list else None,
                city=CLUBS[t.club][2],
                start_date=t.dates[0],
                end_date=t.dates[-1],
                rounds_planned=len(t.dates),
                pairing_system=t.system,
                drawn_colour=t.initial_colour,  # the default initial colour is drawn by lot
            )
            for t in self.tournaments
        )
        # Pairing numbers are the TPNs the pairings were made with (Swiss: the initial ranking).
        registrations = Registration.objects.bulk_create(
            Registration(tournament=tournament, player=p.player, pairing_number=number)
            for t, tournament in zip(self.tournaments, tournaments, strict=True)
            for number, p in enumerate(t.entrants, start=1)
        )
        registration = {(r.tournament_id, r.player_id): r for r in registrations}
        RequestedBye.objects.bulk_create(
            RequestedBye(
                registration=registration[tournament.pk, white.player.pk],
                round_number=number,
                kind=ByeKind.HALF,
            )
            for t, tournament in zip(self.tournaments, tournaments, strict=True)
            for number, rows in enumerate(t.rounds, start=1)
            for white, black, result in rows
            if result == Result.HALF_POINT_BYE
        )
        rounds = Round.objects.bulk_create(
            Round(tournament=tournament, number=number, date=t.dates[number - 1])
            for t, tournament in zip(self.tournaments, tournaments, strict=True)
            for number in range(1, len(t.rounds) + 1)
        )
        played = [rows for t in self.tournaments for rows in t.rounds]
        games = Game.objects.bulk_create(
            (
                Game(
                    round=round_,
                    board=board,
                    white=white.player,
                    black=black.player if black else None,
                    result=result,
                )
                for round_, rows in zip(rounds, played, strict=True)
                for board, (white, black, result) in enumerate(rows, start=1)
            ),
            batch_size=2000,
        )
        return {
            "clubs": len(clubs),
            "players": len(players),
            "starting ratings": sum(len(p.starting) for p in self.people),
            "tournaments": len(tournaments),
            "rounds": len(rounds),
            "games": sum(1 for g in games if g.black_id),
            "byes": sum(1 for g in games if not g.black_id),
        }

    def list_dates(self) -> list[dt.date]:
        """The monthly lists to close: the 1st of each month after a played month, except the
        last one (its games stay in the open period)."""
        return [month_start(self.first_day, m) for m in range(1, self.months)]


class Command(BaseCommand):
    help = "Seed a demo club: players, tournaments in standard, rapid and blitz, rated history."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=160, help="number of players")
        parser.add_argument("--months", type=int, default=6, help="months of history")
        parser.add_argument("--seed", type=int, default=2026, help="random seed")
        parser.add_argument(
            "--today",
            type=dt.date.fromisoformat,
            default=None,
            help="the demo's 'today' (YYYY-MM-DD); the history ends the month before",
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing if the database has players"
        )
        parser.add_argument(
            "--no-ratings", action="store_true", help="write players and games, skip the replay"
        )

    def handle(self, *args, **options):
        if Player.objects.exists():
            if options["if_empty"]:
                self.stdout.write("Players exist already: demo data not seeded.")
                return
            raise CommandError(
                "The database has players already. Seed an empty database "
                "(e.g. 'make clean run'), or pass --if-empty to skip."
            )
        if options["players"] < 8 or options["months"] < 1:
            raise CommandError("Use at least --players 8 and --months 1.")
        started = time.monotonic()
        demo = Demo(
            seed=options["seed"],
            players=options["players"],
            months=options["months"],
            today=options["today"] or dt.date.today(),
        )
        demo.plan_players()
        demo.plan_events()
        demo.play()
        with transaction.atomic():
            counts = self.write_and_rate(demo, rate=not options["no_ratings"])
        summary = ", ".join(f"{value} {name}" for name, value in counts.items())
        self.stdout.write(
            self.style.SUCCESS(f"Demo club seeded in {time.monotonic() - started:.1f}s: {summary}.")
        )

    def write_and_rate(self, demo: Demo, *, rate: bool) -> dict[str, int]:
        counts = demo.write()
        if rate:
            counts["published lists"] = self.rate(demo)
        # Go and shogi: entered through the services, so always rated (a small section).
        counts.update(
            seed_go_and_shogi(seed=demo.seed, first_day=demo.first_day, months=demo.months)
        )
        return counts

    def rate(self, demo: Demo) -> int:
        """Close the monthly lists in date order; each close replays the list from the
        previous list on (the first one from scratch). With nothing to close, one replay."""
        closed = 0
        for rating_list in RatingList.objects.filter(slug__in=TIME_CONTROLS).order_by("position"):
            dates = demo.list_dates()
            if not dates:
                recompute_ratings(rating_list=rating_list, actor=SYSTEM)
            for day in dates:
                close_rating_period(rating_list=rating_list, date=day, actor=SYSTEM)
                closed += 1
        return closed

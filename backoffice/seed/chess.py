"""The chess section of the demo: :class:`Demo` plans a club in memory, plays it, writes it.

:class:`Demo` gathers the steps of :mod:`~backoffice.seed.people` (players),
:mod:`~backoffice.seed.events` (the monthly events), :mod:`~backoffice.seed.play` (pairings
and results) and :mod:`~backoffice.seed.write` (bulk inserts), all driven by one seeded
``random.Random``. :func:`write_and_rate` writes it, closes the monthly lists, adds the go
and shogi sections and the weekend event (:mod:`~backoffice.seed.weekend`).
"""

import datetime as dt
import random

from actions.ratings import close_rating_period, recompute_ratings
from actions.tournaments import finish_tournament
from backoffice.seed.data import TIME_CONTROLS
from backoffice.seed.events import EventsPlan, PlannedTournament, month_start
from backoffice.seed.go_shogi import seed_go_and_shogi
from backoffice.seed.league import seed_league
from backoffice.seed.people import Person, PlayersPlan
from backoffice.seed.play import Play
from backoffice.seed.teams import seed_team_event
from backoffice.seed.weekend import seed_weekend_event
from backoffice.seed.write import Write
from core.roles import SYSTEM
from ratings.models import RatingList
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament
from tournaments.queries.rounds import next_step


class Demo(PlayersPlan, EventsPlan, Play, Write):
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


def write_and_rate(demo: Demo, *, rate: bool) -> dict[str, int]:
    """Write the planned club, close its monthly lists when ``rate``, then seed go and shogi.

    Returns the counts of what was written, by name.
    """
    counts = demo.write()
    if rate:
        counts["published lists"] = close_lists(demo)
    # Go and shogi: entered through the services, so always rated (a small section).
    counts.update(seed_go_and_shogi(seed=demo.seed, first_day=demo.first_day, months=demo.months))
    counts["finished tournaments"] = finish_played()
    seed_weekend_event(demo.today)
    counts["events"] = 1
    counts["league seasons"] = int(seed_league(demo.today, seed=demo.seed) is not None)
    counts["team events"] = 1 if seed_team_event(demo.today) else 0
    return counts


def finish_played() -> int:
    """Finish every tournament whose rounds are all played, as its organiser would (its final
    standings frozen): a demo event over is "finished", not "running". Returns how many."""
    finished = 0
    for tournament in Tournament.objects.exclude(status=TournamentStatus.FINISHED).order_by("pk"):
        if next_step(tournament).kind == "finish":
            finish_tournament(tournament=tournament, actor=SYSTEM)
            finished += 1
    return finished


def close_lists(demo: Demo) -> int:
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

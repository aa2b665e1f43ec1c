"""``manage.py seed_demo``: seed a believable demo club (players, tournaments, rated history).

Deterministic: everything comes from one ``random.Random(--seed)``, so the same options give
the same clubs, players, pairings and results (dates are anchored on ``--today``). The
planning, playing and writing live in :mod:`backoffice.seed`.
"""

import datetime as dt
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from backoffice.seed.chess import Demo, write_and_rate
from players.models import Player

__all__ = ["Command", "Demo"]


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
            counts = write_and_rate(demo, rate=not options["no_ratings"])
        summary = ", ".join(f"{value} {name}" for name, value in counts.items())
        self.stdout.write(
            self.style.SUCCESS(f"Demo club seeded in {time.monotonic() - started:.1f}s: {summary}.")
        )

"""A tournament whose players have mail addresses, for the tests of mail to players.

Round 1 of "Spring Open" (slug ``spring``, club Riverside, unrated) is drafted, not published:

- board 1: Ames, Ann (1850; her account's address ann@example.org) – Bell, Bob (1720; no
  account: the address of his accepted online entry, bob@example.org);
- board 2: Cole, Cy (1600; no address at all) – Dunn, Dan (1500; account address
  Dan@Example.org, written as he typed it);
- board 3: Ellis, Eve (no rating; eve@example.org) has the pairing-allocated bye.

Round 1 starts on 2026-03-01 at 10:00 (the schedule). The club's organiser is ``olga``
(olga@example.org), the tournament's arbiter ``arthur`` (arthur@example.org), both with the
password of :data:`tests.browser.event.PASSWORD`'s users.
"""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass

from django.contrib.auth import get_user_model

from events.enums import EntryStatus
from events.models import Entry, Event, RoundStart, Section
from players.models import Player
from tests.factories import make_club, make_game, make_player, make_round, make_tournament
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import Registration, Round, Tournament

PASSWORD = "an-organiser-password-1"  # noqa: S105 -- as tests.browser.event.PASSWORD


@dataclass
class Paired:
    tournament: Tournament
    round: Round
    players: dict[str, Player]


def account(username: str, email: str):
    return get_user_model().objects.create_user(username, email=email, password=PASSWORD)


def paired_round() -> Paired:
    club = make_club("Riverside")
    club.organisers.add(account("olga", "olga@example.org"))
    tournament = make_tournament(
        "Spring Open",
        slug="spring",
        club=club,
        rating_list=None,
        status=TournamentStatus.RUNNING,
        rounds_planned=5,
    )
    tournament.arbiters.add(account("arthur", "arthur@example.org"))
    ann = make_player("Ames", "Ann", account=account("ann", "ann@example.org"))
    bob = make_player("Bell", "Bob")
    cy = make_player("Cole", "Cy")
    dan = make_player("Dunn", "Dan", account=account("dan", "Dan@Example.org"))
    eve = make_player("Ellis", "Eve", sex="f", account=account("eve", "eve@example.org"))
    for number, (player, rating) in enumerate(
        ((ann, 1850), (bob, 1720), (cy, 1600), (dan, 1500), (eve, None)), start=1
    ):
        Registration.objects.create(
            tournament=tournament, player=player, pairing_number=number, rating_at_start=rating
        )
    event = Event.objects.create(
        name="Spring festival",
        slug="spring-festival",
        club=club,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
    )
    section = Section.objects.create(event=event, tournament=tournament)
    Entry.objects.create(
        section=section,
        player=bob,
        last_name="Bell",
        first_name="Bob",
        sex="m",
        email="bob@example.org",
        status=EntryStatus.ACCEPTED,
    )
    round_ = make_round(tournament, 1, status=RoundStatus.DRAFT)
    make_game(round_, ann, bob, board=1)
    make_game(round_, cy, dan, board=2)
    make_game(round_, eve, None, "U", board=3)
    start = datetime.datetime(2026, 3, 1, 10, 0, tzinfo=datetime.UTC)
    RoundStart.objects.create(tournament=tournament, number=1, starts_at=start, changed_at=start)
    players = {"ann": ann, "bob": bob, "cy": cy, "dan": dan, "eve": eve}
    return Paired(tournament, round_, players)


def wait_for_mail(server, address: str, count: int = 1, timeout: float = 20.0) -> list:
    """The mail ``server`` received for ``address`` once it has ``count`` of them (they are
    sent by a background thread after the commit); fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        found = server.to(address)
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.1)

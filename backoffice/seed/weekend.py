"""The demo's event: "<club> Weekend Open", the home club's weekend with three sections.

Open A (Swiss, standard), Open B (Swiss, standard, rated under 1800) and a rapid round
robin, on the first weekend at least two weeks after the demo's today, with a rules text,
places and fees, and the usual discounts (juniors under 18: half; women: a fifth). Written
through the event actions (``actions.events``) as the club's organiser would, so it is
audited like any other event.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from actions.events import add_section, create_event, set_discounts
from backoffice.seed.data import CLUBS, HOME, RAPID, STANDARD
from core.roles import SYSTEM
from events.models import Event
from players.models import Club
from ratings.models import RatingList
from tournaments.enums import PairingSystem

RULES = """Five rounds of Swiss in Open A and Open B (90 minutes for 40 moves, then 30 minutes, \
30 seconds a move from the first), a rapid round robin on the Saturday evening (15 minutes \
plus 10 seconds a move). FIDE Laws of Chess apply; the standard sections are FIDE rated.

Open B is for players rated under 1800 in the club's standard list. A player may enter one \
standard section and the rapid.

Round times: Saturday 10:00 and 15:00, Sunday 10:00, 14:30 and 18:30. Prize-giving after \
the last round."""


def seed_weekend_event(today: dt.date) -> Event:
    """Write the demo's weekend event (see the module) and answer it."""
    club = Club.objects.get(name=CLUBS[HOME][0])
    saturday = today + dt.timedelta(days=14 + (5 - today.weekday()) % 7)
    sunday = saturday + dt.timedelta(days=1)
    lists = {rl.slug: rl for rl in RatingList.objects.filter(slug__in=(STANDARD, RAPID))}
    event = create_event(
        actor=SYSTEM,
        name=f"{club.short_name or club.name} Weekend Open",
        start_date=saturday,
        end_date=sunday,
        club=club,
        venue="Riverside Community Hall, 12 Mill Lane",
        city=club.city,
        rules=RULES,
        entries_open=True,
        currency="GBP",
    )
    swiss = {"pairing_system": PairingSystem.SWISS_DUTCH, "rounds_planned": 5}
    add_section(
        actor=SYSTEM,
        event=event,
        new={"name": f"{event.name}: Open A", "rating_list": lists[STANDARD], **swiss},
        cap=60,
        fee=Decimal("30"),
    )
    add_section(
        actor=SYSTEM,
        event=event,
        new={"name": f"{event.name}: Open B", "rating_list": lists[STANDARD], **swiss},
        rating_max=1799,
        cap=60,
        fee=Decimal("25"),
    )
    add_section(
        actor=SYSTEM,
        event=event,
        new={
            "name": f"{event.name}: Rapid",
            "rating_list": lists[RAPID],
            "pairing_system": PairingSystem.ROUND_ROBIN,
            "rounds_planned": 0,
            "start_date": saturday,
            "end_date": saturday,
        },
        cap=10,
        fee=Decimal("10"),
    )
    set_discounts(
        actor=SYSTEM,
        event=event,
        discounts=[
            {"kind": "junior", "age": 18, "percent": 50},
            {"kind": "women", "percent": 20},
        ],
    )
    return event

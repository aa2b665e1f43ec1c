"""Every back-office form and every form of the events' pages, posted by each role that may
use it, with generated field values: never a 500, and every refusal leaves the database
exactly as it was.

The leagues' forms are posted too, against the club's league (a division of two teams
with its calendar). The POST URLs are enumerated from the URL patterns (a new form fails
``test_every_post_url_is_fuzzed`` until it is listed in :data:`FORMS`). Each example posts
one form of the small site of :class:`tests.safety.test_fuzz.FuzzCase` (now run by the club
``Knights``, whose organiser and arbiter are accounts of their own, and whose first player
has an account) as staff, the club's organiser, the tournaments' arbiter or the player. The
fields get text with odd characters, NUL, numbers far out of range, Unicode digits, ids of
rows that exist and do not, dates at the calendar's edges. A refusal (the form shown again,
a 4xx, an error message without a success) must leave every table's row count and checksum
unchanged. Regression for issue 15, defects 2, 3 and 6 (out-of-range numbers and dates in
organiser forms).

A quick run in every ``make test``; the slow suite explores 300 examples per test
(``FUZZ_EXAMPLES`` overrides both).
"""

from __future__ import annotations

import datetime
import hashlib
import os

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.messages import constants, get_messages
from django.test import Client
from django.urls import URLPattern, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actions.club_games import set_club_games
from actions.leagues import add_division, create_season, schedule_division
from backoffice import urls as backoffice_urls
from backoffice.forms.club_games import ClubGameReportForm, ClubGamesForm
from backoffice.forms.clubs import ClubCreateForm
from backoffice.forms.events import DiscountRowForm, EventForm, NewSectionForm, SectionForm
from backoffice.forms.leagues import (
    DefaultForm,
    DisputeForm,
    DivisionForm,
    PostponeForm,
    SeasonForm,
)
from backoffice.forms.online_entries import DecisionForm, PaymentForm
from backoffice.forms.prizes import PrizeRowForm
from backoffice.forms.settings import SettingsForm, TournamentCreateForm
from backoffice.forms.teams import MatchOutcomeForm, NewTeamForm, TeamForm
from backoffice.forms.tournaments import ClubPlayerForm, NewcomerForm
from core.roles import SYSTEM
from events.enums import EntryStatus
from events.models import Entry
from players.models import Club, Player
from public import urls as public_urls
from public.entry_forms import GuestForm
from tests.factories import make_event, make_section
from tests.safety.fuzz import FuzzCase, value
from tournaments.models import Game, TeamMatch, Tournament

FIELDS = {
    "organise_register": ["player", "rating_at_start", "grade"],
    "organise_register_lines": ["lines", "allow_duplicates"],
    "organise_register_new": [*NewcomerForm.base_fields],
    "organise_withdraw": ["registration", "after_round"],
    "organise_settings": [*SettingsForm.base_fields],
    "organise_schedule": ["round_1", "round_2", "round_3"],
    "organise_arbiters": ["add", "remove"],
    "organise_club_create": [*ClubCreateForm.base_fields],
    "organise_invite": ["email", "role", "player", "tournament"],
    "organise_resend_invitation": [],
    "organise_revoke_invitation": [],
    "organise_confirm_report": [],
    "organise_reject_report": [],
    "organise_bye": ["registration", "round_number", "kind"],
    "organise_cancel_bye": [],
    "organise_forbidden": ["player_a", "player_b"],
    "organise_add_round": ["date"],
    "organise_pair": ["number", "absent"],
    "organise_check_in_rule": ["rule"],
    "organise_check_in_tap": ["round", "present", "q"],
    "organise_open_registration": [],
    "organise_finish": [],
    "organise_reopen": [],
    "organise_publish": [],
    "organise_discard": [],
    "organise_swap": ["board", "other", "version"],
    "organise_add_board": ["board", "white", "black", "bye"],
    "organise_delete_board": [],
    "organise_armageddon_colours": [],
    "organise_edit_board": ["white", "black", "version"],
    "organise_result": ["result", "correction", "based_on", "confirm_later"],
    "organise_create": [*TournamentCreateForm.base_fields],
    "organise_add_player": [*ClubPlayerForm.base_fields],
    "fide_import": ["list_date", "federation"],
    "report_result": ["result"],
    "organise_club_games": [*ClubGamesForm.base_fields],
    "report_club_game": [*ClubGameReportForm.base_fields],
    "join_ladder": [],
    "confirm_club_game": [],
    "reject_club_game": [],
    "organise_teams": [*NewTeamForm.base_fields],
    "organise_team": ["form", *TeamForm.base_fields, "place_1", "place_2", "place_3"],
    "line_up": ["board_1", "board_2"],
    "organise_match_outcome": [*MatchOutcomeForm.base_fields],
    "organise_prizes": [
        "currency",
        "method",
        "prizes-TOTAL_FORMS",
        "prizes-INITIAL_FORMS",
        *(f"prizes-0-{name}" for name in PrizeRowForm.base_fields),
        *(f"prizes-1-{name}" for name in PrizeRowForm.base_fields),
    ],
}
"""Every POST form of the organiser, arbiter and player pages, with its fields."""

#: The event's forms (organisers': the event, its sections, discounts, entries and fees;
#: everybody's: the entry form, the confirmation and withdraw links), named with their
#: namespace. The section form's prefix is its section's (``section-<pk>-``).
FIELDS |= {
    "events:organise_create": [*EventForm.base_fields],
    "events:organise": [*EventForm.base_fields],
    "events:organise_new_section": [f"new-{name}" for name in NewSectionForm.base_fields],
    "events:organise_attach_section": ["attach-tournament"],
    "events:organise_section": [*SectionForm.base_fields],
    "events:organise_remove_section": [],
    "events:organise_discounts": [
        "discounts-TOTAL_FORMS",
        "discounts-INITIAL_FORMS",
        *(f"discounts-0-{name}" for name in DiscountRowForm.base_fields),
    ],
    "events:organise_entries": [*DecisionForm.base_fields],
    "events:organise_fees": [*PaymentForm.base_fields],
    "events:enter": ["sections", "withdraw", *GuestForm.base_fields],
    "events:confirm": [],
    "events:entry_withdraw": [],
}
#: The leagues' forms (their season, division and match are drawn from the league below).
FIELDS |= {
    "leagues:organise_season_create": [*SeasonForm.base_fields],
    "leagues:organise_season": [*DivisionForm.base_fields],
    "leagues:organise_schedule": [],
    "leagues:organise_postpone": [*PostponeForm.base_fields],
    "leagues:organise_default": [*DefaultForm.base_fields],
    "leagues:organise_decide_card": [],
    "leagues:match_card": [
        "played_on",
        *(f"{kind}_{board}" for board in (1, 2) for kind in ("white", "black", "result")),
    ],
    "leagues:confirm_card": [],
    "leagues:dispute_card": [*DisputeForm.base_fields],
}
FORMS = sorted(FIELDS)
ELSEWHERE = {"trf_import": "tests/safety/test_fuzz.py::TestFuzzUploadsAndLogin"}
ROLES = ["staff", "organiser", "arbiter", "player"]
SLUGS = ["swiss", "swiss-draft", "manual", "no-such-tournament"]
EVENT_SLUGS = ["knights-weekend", "no-such-event"]
SEASON_SLUGS = ["knights-league", "no-such-season"]
DIVISION_SLUGS = ["premier", "no-such-division"]
EXTRA = [
    "²",
    "٣",
    "\x00",
    "40000",
    "32768",
    str(2**31),
    str(2**63),
    "-1",
    "9999-12-31",
    "0001-01-01",
    "1899-12-31",
    "2026-06-01T10:00",
    "x" * 3000,
]

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "20"))
QUICK = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
THOROUGH = settings(QUICK, max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")))


def post_patterns() -> list[URLPattern]:
    """The POST views of the organiser, arbiter and player pages and of the events' pages,
    each pattern named as :data:`FIELDS` names it (the events' with ``events:``)."""
    found = []
    groups = [
        ("", backoffice_urls.tournament_patterns),
        ("events:", backoffice_urls.event_patterns + public_urls.event_patterns),
        ("leagues:", backoffice_urls.league_patterns),
    ]
    for namespace, patterns in groups:
        for pattern in patterns:
            view = getattr(pattern.callback, "view_class", None)
            if view is not None and hasattr(view, "post") and "post" in view.http_method_names:
                found.append((namespace + pattern.name, pattern))
    return found


def snapshot() -> dict[str, tuple[int, str]]:
    """Every table of our apps and the accounts: (row count, checksum of the rows)."""
    tables = {}
    for label in ("players", "tournaments", "ratings", "events", "core", "auth"):
        for model in apps.get_app_config(label).get_models():
            rows = list(model.objects.order_by("pk").values_list())
            tables[model._meta.db_table] = (
                len(rows),
                hashlib.sha256(repr(rows).encode()).hexdigest(),
            )
            for field in model._meta.local_many_to_many:
                through = field.remote_field.through
                links = list(through.objects.order_by("pk").values_list())
                digest = hashlib.sha256(repr(links).encode()).hexdigest()
                tables[through._meta.db_table] = (len(links), digest)
    return tables


class FormFuzzCase(FuzzCase):
    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        users = get_user_model().objects
        cls.club = Club.objects.create(name="Knights")
        Tournament.objects.update(club=cls.club, players_report_results=True)
        cls.organiser = users.create_user("organiser")
        cls.club.organisers.add(cls.organiser)
        cls.arbiter = users.create_user("arbiter")
        for tournament in Tournament.objects.all():
            tournament.arbiters.add(cls.arbiter)
        cls.player_user = users.create_user("player")
        first = Player.objects.order_by("pk").first()
        first.account = cls.player_user
        first.save()
        event = make_event(
            "Knights Weekend", slug="knights-weekend", club=cls.club, entries_open=True
        )
        cls.section = make_section(event, Tournament.objects.get(slug="swiss"), cap=8)
        Entry.objects.create(
            section=cls.section,
            last_name="Guest",
            sex="m",
            email="guest@example.org",
            status=EntryStatus.PENDING,
        )
        # The club rates club games; its players report them (against their club mates).
        Player.objects.update(club=cls.club)
        set_club_games(actor=SYSTEM, club=cls.club, system="glicko2")
        # The club's league: two teams of two boards, the calendar made, a card waiting.
        season = create_season(
            actor=SYSTEM,
            club=cls.club,
            name="Knights League",
            start_date=datetime.date(2026, 9, 1),
            end_date=datetime.date(2027, 5, 31),
            match_dates=[datetime.date(2026, 9, 6), datetime.date(2026, 9, 20)],
        )
        players = list(Player.objects.order_by("pk")[:4])
        division = add_division(
            actor=SYSTEM,
            season=season,
            name="Premier",
            boards=2,
            teams=[
                {"name": "Knights A", "captain": players[0], "players": players[:2]},
                {"name": "Knights B", "players": players[2:4]},
            ],
        )
        division.tournament.arbiters.add(cls.arbiter)
        schedule_division(actor=SYSTEM, division=division)
        cls.matches = list(
            TeamMatch.objects.filter(round__tournament=division.tournament).values_list(
                "pk", flat=True
            )
        )
        cls.ids += [
            *(str(pk) for pk in cls.matches),
            str(cls.section.pk),
            *(str(pk) for pk in Entry.objects.values_list("pk", flat=True)),
            str(cls.club.pk),
            *(str(pk) for pk in Game.objects.values_list("pk", flat=True)),
        ]
        cls.users = {
            "staff": cls.staff,
            "organiser": cls.organiser,
            "arbiter": cls.arbiter,
            "player": cls.player_user,
        }

    def url(self, data, name: str) -> tuple[str, str]:
        """The form's URL and its fields' prefix."""
        small = st.one_of(st.integers(0, 4), st.integers(0, 10**12))
        if name == "report_result":
            game = data.draw(st.sampled_from([*Game.objects.values_list("pk", flat=True), 999999]))
            return reverse("tournaments:report_result", args=[game]), f"g{game}-"
        if name == "organise_add_player":
            club = data.draw(st.sampled_from([self.club.pk, 999999]))
            return reverse("tournaments:organise_add_player", args=[club]), ""
        pattern = next(p for qualified, p in post_patterns() if qualified == name)
        if name.startswith("leagues:"):
            return self.league_url(data, name, pattern), ""
        event = name.startswith("events:")
        kwargs = {}
        for parameter in pattern.pattern.converters:
            if parameter == "slug":
                kwargs["slug"] = data.draw(st.sampled_from(EVENT_SLUGS if event else SLUGS))
            elif parameter == "token":
                kwargs["token"] = data.draw(st.sampled_from(["x" * 43, "Zm9v", "0"]))
            elif parameter == "pk" and event:
                kwargs["pk"] = data.draw(st.sampled_from([self.section.pk, 999999]))
            else:
                kwargs[parameter] = data.draw(small)
        prefix = f"b{kwargs['board']}-" if name == "organise_result" else ""
        if name == "events:organise_section":
            prefix = f"section-{kwargs['pk']}-"
        return reverse(name if event else f"tournaments:{name}", kwargs=kwargs), prefix

    def league_url(self, data, name: str, pattern: URLPattern) -> str:
        choices = {
            "season": SEASON_SLUGS,
            "division": DIVISION_SLUGS,
            "match": [*self.matches, 999999],
        }
        kwargs = {
            parameter: data.draw(st.sampled_from(choices[parameter]))
            for parameter in pattern.pattern.converters
        }
        return reverse(name, kwargs=kwargs)

    def fuzz(self, data) -> None:
        name = data.draw(st.sampled_from(FORMS), label="form")
        role = data.draw(st.sampled_from(ROLES), label="role")
        address, prefix = self.url(data, name)
        samples = [*self.ids, *EXTRA, "swiss", "Club open", "2026-06-01", "arbiter"]
        fields = {prefix + f: data.draw(value(samples), label=f) for f in FIELDS[name]}
        client = Client()
        client.force_login(self.users[role])
        before = snapshot()
        response = client.post(address, fields)
        assert response.status_code < 500, (address, role, fields, response.status_code)
        levels = {m.level for m in get_messages(response.wsgi_request)}
        refused = (
            response.status_code in (200, 429)
            or 400 <= response.status_code < 500
            or (constants.ERROR in levels and constants.SUCCESS not in levels)
        )
        if refused:
            after = snapshot()
            changed = {t: (before[t], after.get(t)) for t in before if before[t] != after.get(t)}
            assert not changed, (address, role, fields, changed)


def test_every_post_url_is_fuzzed():
    posted = {name for name, _pattern in post_patterns()}
    assert posted - set(FIELDS) - set(ELSEWHERE) == set()
    assert set(FIELDS) - posted == set()


class TestEveryBackOfficeForm(FormFuzzCase):
    @QUICK
    @given(data=st.data())
    def test_generated_posts_by_every_role(self, data):
        self.fuzz(data)


@pytest.mark.slow
class TestEveryBackOfficeFormThoroughly(FormFuzzCase):
    @THOROUGH
    @given(data=st.data())
    def test_generated_posts_by_every_role(self, data):
        self.fuzz(data)

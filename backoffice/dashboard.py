"""The organiser dashboard of one tournament, built in one place.

:func:`dashboard` reads what the page shows: the tournament's next step, its rounds with their
completeness (one query, :func:`tournaments.queries.rounds.rounds_progress`), its players with
the registration section, the results players reported, its requested byes and forbidden
pairs, its arbiters and the frozen final standings. It takes the same queries whatever the
number of rounds, and its rows are plain (:class:`RoundRow`): nothing is hung on a model
instance. :func:`registration` is the registration section alone, which the htmx answers of
the registration views send back.

:func:`render_dashboard` draws the page, also with a refused form and its errors: the settings
and the views entering players show a refusal that way, so neither view module imports the
other.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from backoffice.forms.tournaments import (
    AddRoundForm,
    ByeForm,
    EntriesForm,
    ForbiddenPairForm,
    NewcomerForm,
    SettingsForm,
    WithdrawForm,
)
from backoffice.queries import account_name, candidates, tournament_game
from backoffice.tables import RegistrationTable, RoundTable
from core import roles
from events.queries.sections import event_of
from players.models import Player
from ratings.queries.tournaments import tournament_grades
from tournaments.enums import PairingSystem, RoundStatus, TournamentStatus
from tournaments.models import ForbiddenPair, Registration, RequestedBye, ResultReport, Tournament
from tournaments.queries.games import pending_reports
from tournaments.queries.pairing import entry_grades
from tournaments.queries.rounds import (
    NextStep,
    highest_round_number,
    next_step,
    planned_rounds,
    rounds_progress,
)
from tournaments.queries.teams import missing_line_ups, team_standings
from web.params import parse_text
from web.points import format_points, stored_value

TEMPLATE = "backoffice/organiser/dashboard.html"


def _context(row: Any) -> dict[str, Any]:
    """A dataclass's fields as a template context (not ``asdict``: that copies the values)."""
    return {field.name: getattr(row, field.name) for field in fields(row)}


@dataclass(frozen=True)
class RoundRow:
    """One round of the dashboard's table: its page, status, when it was published and
    whether every result is in."""

    number: int
    status: str
    published_at: datetime.datetime | None
    complete: bool
    url: str

    @property
    def status_label(self) -> str:
        return RoundStatus(self.status).label


@dataclass(frozen=True)
class Registrations:
    """The registration section (``_registration.html``, ``_entered.html``): the players
    entered, the picker's search and candidates, who may enter players, and the next step."""

    tournament: Tournament
    players_table: RegistrationTable
    players_count: int
    q: str
    candidates: list[Player]
    show_fide: bool
    can_enter: bool
    can_manage: bool
    step: NextStep


@dataclass(frozen=True)
class Dashboard:
    """Everything the dashboard shows beside the forms."""

    registration: Registrations
    rounds: list[RoundRow]
    manual: bool
    reports: list[ResultReport]
    requested_byes: list[RequestedBye]
    forbidden_pairs: list[ForbiddenPair]
    #: The arbiters' accounts, by the name the pages give them.
    arbiter_accounts: list[Any]
    frozen: dict[str, Any] | None

    @property
    def arbiters(self) -> list[str]:
        return [account_name(account) for account in self.arbiter_accounts]


def registration(request: HttpRequest, tournament: Tournament, query: str = "") -> Registrations:
    """The registration section of ``tournament`` for ``request``'s user, the picker
    searching ``query``."""
    registrations = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player", "player__club")
        .order_by("pairing_number", "player__last_name")
    )
    grades = (
        entry_grades(tournament, registrations)
        if tournament.uses_mcmahon_engine
        else tournament_grades(tournament, [r.player_id for r in registrations])
    )
    chess = tournament_game(tournament) == "chess"
    return Registrations(
        tournament=tournament,
        players_table=RegistrationTable(registrations, grades=grades, fide=chess),
        players_count=len(registrations),
        q=query,
        candidates=candidates(tournament, query),
        show_fide=chess,
        can_enter=tournament.status != TournamentStatus.FINISHED,
        can_manage=roles.can_manage_tournament(request.user, tournament),
        step=next_step(tournament),
    )


def dashboard(request: HttpRequest, tournament: Tournament, query: str = "") -> Dashboard:
    """The dashboard of ``tournament`` for ``request``'s user, the player picker searching
    ``query``."""
    return Dashboard(
        registration=registration(request, tournament, query),
        rounds=[
            RoundRow(
                number=round_.number,
                status=round_.status,
                published_at=round_.published_at,
                complete=round_.complete,
                url=reverse("tournaments:organise_round", args=[tournament.slug, round_.number]),
            )
            for round_ in rounds_progress(tournament)
        ],
        manual=tournament.pairing_system == PairingSystem.MANUAL,
        reports=pending_reports(tournament),
        requested_byes=_requested_byes(tournament),
        forbidden_pairs=list(
            ForbiddenPair.objects.filter(tournament=tournament).select_related(
                "player_a", "player_b"
            )
        ),
        arbiter_accounts=sorted(tournament.arbiters.all(), key=account_name),
        frozen=frozen_standings(tournament.final_standings),
    )


def _requested_byes(tournament: Tournament) -> list[RequestedBye]:
    """The requested byes by round; none for a round robin, whose page shows none."""
    if tournament.is_round_robin:
        return []
    return list(
        RequestedBye.objects.filter(registration__tournament=tournament)
        .select_related("registration__player")
        .order_by("round_number")
    )


def frozen_standings(frozen: dict[str, Any] | None) -> dict[str, Any] | None:
    """The frozen final standings with their points and tie-breaks as the public standings
    print them (4½, 25,25), not as stored (``"9/2"``, ``"101/4"``)."""
    if not frozen:
        return frozen
    rows = [
        {
            **row,
            "points": format_points(Fraction(row["points"])),
            "tiebreaks": [stored_value(value) for value in row["tiebreaks"]],
        }
        for row in frozen["rows"]
    ]
    return {**frozen, "rows": rows}


def _query(request: HttpRequest, extra: dict[str, Any]) -> str:
    """The picker's search: given (a refused post keeps it), else the page's ``?q=``."""
    return parse_text(extra.pop("q", request.GET.get("q")))


def _entry_forms(extra: dict[str, Any]) -> dict[str, Any]:
    """The registration section's forms: a refused one taken out of ``extra``, else empty."""
    return {
        "entries_form": extra.pop("entries_form", None) or EntriesForm(auto_id="entries-%s"),
        "newcomer_form": extra.pop("newcomer_form", None) or NewcomerForm(auto_id="new-%s"),
    }


def registration_context(
    request: HttpRequest, tournament: Tournament, **extra: Any
) -> dict[str, Any]:
    """What the registration section's templates show, with its forms (``entries_form``,
    ``newcomer_form``: given when refused) and ``extra``."""
    section = registration(request, tournament, _query(request, extra))
    return {**_context(section), **_entry_forms(extra), **extra}


def dashboard_context(request: HttpRequest, tournament: Tournament, **extra: Any) -> dict[str, Any]:
    """The dashboard template's context: :func:`dashboard`, its forms (a refused one given by
    name: ``settings_form``, ``entries_form``, ``newcomer_form``) and ``extra``."""
    page = dashboard(request, tournament, _query(request, extra))
    settings_form = extra.pop("settings_form", None) or SettingsForm(
        instance=tournament, auto_id="settings-%s"
    )
    return {
        **_context(page.registration),
        **_entry_forms(extra),
        "arbiters": page.arbiters,
        "arbiter_accounts": page.arbiter_accounts,
        "reports": page.reports,
        "rounds_table": RoundTable(page.rounds),
        "manual": page.manual,
        "add_round_form": AddRoundForm(auto_id="round-%s"),
        "withdraw_form": WithdrawForm(tournament=tournament, auto_id="withdraw-%s"),
        "bye_form": ByeForm(tournament=tournament, auto_id="bye-%s"),
        "forbidden_form": ForbiddenPairForm(tournament=tournament, auto_id="forbidden-%s"),
        "settings_form": settings_form,
        "requested_byes": page.requested_byes,
        "forbidden_pairs": page.forbidden_pairs,
        "frozen": page.frozen,
        "event": event_of(tournament),
        "team_panel": team_panel(tournament),
        **extra,
    }


def team_panel(tournament: Tournament) -> dict[str, Any] | None:
    """A team competition's panel: the team standings and the teams whose line-up for the
    next round is missing; ``None`` for an individual tournament."""
    if not tournament.is_team:
        return None
    number = highest_round_number(tournament) + 1
    total = planned_rounds(tournament, 0)
    return {
        "standings": team_standings(tournament),
        "next_round": number,
        "missing": missing_line_ups(tournament, number) if not total or number <= total else [],
    }


def render_dashboard(request: HttpRequest, tournament: Tournament, **extra: Any) -> HttpResponse:
    """The dashboard page (:func:`dashboard_context`): a refused form is given by name and
    shown with its errors."""
    return render(request, TEMPLATE, dashboard_context(request, tournament, **extra))

"""Tables of the organiser pages (players, rounds, boards with their forms); each is a stack
of cards on a phone (:class:`web.tables.CardsMixin`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from events.models import Event
from events.queries.sections import event_of
from tournaments.models import Registration, Tournament
from web.tables import (
    BaseTable,
    CardsMixin,
    DateColumn,
    DateTimeColumn,
    GradeColumn,
    PlayerColumn,
    player_link,
)


def signed(value: Decimal) -> str:
    """``+7.6``, ``−12``, ``0``: an unrounded change with its sign, no trailing zeros."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    if value > 0:
        return f"+{text}"
    return f"−{text}" if value < 0 else "0"


class RegistrationTable(CardsMixin, BaseTable):
    pairing_number = tables.Column(verbose_name=_("No."), default="–")
    player = tables.Column(verbose_name=_("Player"), accessor="player__name", orderable=False)
    title = tables.Column(verbose_name=_("Title"), accessor="player__title", default="")
    grade = GradeColumn()
    rating_at_start = tables.Column(verbose_name=_("Rating"), default="–")
    fide = tables.Column(
        verbose_name=_("FIDE rating"), accessor="player__fide_standard", default="–"
    )
    club = tables.Column(verbose_name=_("Club"), accessor="player__club__name", default="")
    entered_round = tables.Column(verbose_name=_("From round"))
    withdrawn_after_round = tables.Column(
        verbose_name=_("Withdrawn after round"), default="", orderable=False
    )

    class Meta(BaseTable.Meta):
        model = Registration
        fields = ()
        orderable = False

    def __init__(self, *args, grades: dict[int, str] | None = None, fide: bool = True, **kwargs):
        """``grades`` (go and shogi lists): player id -> grade; ``None`` hides the column.
        ``fide``: the FIDE rating column (chess)."""
        self.grades = grades or {}
        if grades is None:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "grade")
        if not fide:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "fide")
        super().__init__(*args, **kwargs)


class RoundTable(CardsMixin, BaseTable):
    """The dashboard's rounds (:class:`backoffice.dashboard.RoundRow`), each linking to its
    page."""

    number = tables.Column(verbose_name=_("Round"))
    status = tables.Column(verbose_name=_("Status"))
    complete = tables.BooleanColumn(verbose_name=_("All results in"))
    published_at = DateTimeColumn(
        verbose_name=_("Published"), default="", format="SHORT_DATETIME_FORMAT"
    )

    class Meta(BaseTable.Meta):
        fields = ()
        orderable = False

    def render_number(self, record: Any, value: int) -> str:
        return format_html('<a href="{}">{}</a>', record.url, value)

    def render_status(self, record: Any) -> str:
        return record.status_label


class OrganiserEventTable(CardsMixin, BaseTable):
    """The organiser's events: each links to its organiser page and its public page."""

    wide = ("name",)

    name = tables.Column(verbose_name=_("Event"), orderable=False)
    club = tables.Column(verbose_name=_("Club"), accessor="club__name", default="–")
    start_date = DateColumn(verbose_name=_("Start"), format="SHORT_DATE_FORMAT", orderable=False)
    end_date = DateColumn(verbose_name=_("End"), format="SHORT_DATE_FORMAT", orderable=False)
    public = tables.Column(verbose_name="", accessor="slug", orderable=False)

    class Meta(BaseTable.Meta):
        model = Event
        fields = ()
        orderable = False

    def render_name(self, record: Event, value: str) -> str:
        url = reverse("events:organise", args=[record.slug])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_public(self, record: Event) -> str:
        return format_html('<a href="{}">{}</a>', record.get_absolute_url(), _("Public page"))


class OrganiserTournamentTable(CardsMixin, BaseTable):
    """The organiser's tournaments: each links to its dashboard, public page and TRF file."""

    wide = ("name", "links")

    name = tables.Column(verbose_name=_("Tournament"))
    start_date = DateColumn(verbose_name=_("Start"), format="SHORT_DATE_FORMAT")
    end_date = DateColumn(verbose_name=_("End"), format="SHORT_DATE_FORMAT")
    status = tables.Column(verbose_name=_("Status"))
    pairing_system = tables.Column(verbose_name=_("Pairing system"))
    players_count = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})
    rounds_count = tables.Column(verbose_name=_("Rounds"), attrs={"td": {"class": "num"}})
    links = tables.Column(verbose_name="", accessor="slug", orderable=False)

    class Meta(BaseTable.Meta):
        model = Tournament
        fields = ()

    def render_name(self, record: Tournament, value: str) -> str:
        """The tournament, to its dashboard; under it, the event it is a section of (to the
        event's organiser page), in the same cell so that the table keeps its width."""
        url = reverse("tournaments:organise", args=[record.slug])
        name = format_html('<a href="{}">{}</a>', url, value)
        event = event_of(record)
        if event is None:
            return name
        return format_html(
            '{}<br><small>{} <a href="{}">{}</a></small>',
            name,
            _("Section of"),
            reverse("events:organise", args=[event.slug]),
            event.name,
        )

    def render_pairing_system(self, record: Tournament) -> str:
        return record.get_pairing_system_display()

    def render_status(self, record: Tournament) -> str:
        return record.get_status_display()

    def render_links(self, record: Tournament) -> str:
        """The public page and the results file of the tournament's game: the FIDE TRF for
        chess, the EGD ``.h9`` for go, FESA's ``turnering.txt`` for shogi."""
        name, label = {
            "go": ("tournaments:h9_export", _("EGD results (.h9)")),
            "shogi": ("tournaments:turnering_export", _("FESA results (turnering.txt)")),
        }.get(record.game or "", ("tournaments:trf_export", _("TRF file")))
        return format_html(
            '<a href="{}">{}</a><br><a href="{}">{}</a>',
            record.get_absolute_url(),
            _("Public page"),
            reverse(name, args=[record.slug]),
            label,
        )


class OrganiserClubTable(CardsMixin, BaseTable):
    """My clubs: players and tournaments counted; each links to its club page."""

    name = tables.Column(
        verbose_name=_("Club"),
        linkify=lambda record: reverse("tournaments:organise_club", args=[record.pk]),
    )
    city = tables.Column(verbose_name=_("City"), default="")
    players_count = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})
    tournaments_count = tables.Column(verbose_name=_("Tournaments"), attrs={"td": {"class": "num"}})

    class Meta(BaseTable.Meta):
        fields = ()
        orderable = False


class ReportTable(CardsMixin, BaseTable):
    """Results reported by players, with the arbiter's confirm / reject buttons (cards on a
    phone)."""

    wide = ("white", "black", "actions")

    round = tables.Column(verbose_name=_("Round"), accessor="game__round__number")
    board = tables.Column(verbose_name=_("Board"), accessor="game__board")
    white = tables.Column(verbose_name=_("White"), accessor="game__white__name")
    black = tables.Column(verbose_name=_("Black"), accessor="game__black__name")
    result = tables.Column(verbose_name=_("Reported result"))
    player = tables.Column(verbose_name=_("Reported by"), accessor="player__name")
    actions = tables.TemplateColumn(
        verbose_name="",
        template_name="backoffice/organiser/_report_actions.html",
        orderable=False,
    )

    class Meta(BaseTable.Meta):
        fields = ()
        orderable = False

    def render_result(self, record: Any) -> str:
        return record.get_result_display()


class ReportableGameTable(CardsMixin, BaseTable):
    """A player's games they may report, with the report form (cards on a phone)."""

    wide = ("tournament", "white", "black", "form")

    tournament = tables.Column(verbose_name=_("Tournament"), accessor="round__tournament__name")
    round = tables.Column(verbose_name=_("Round"), accessor="round__number")
    board = tables.Column(verbose_name=_("Board"))
    white = tables.Column(verbose_name=_("White"), accessor="white__name")
    black = tables.Column(verbose_name=_("Black"), accessor="black__name")
    reported = tables.Column(verbose_name=_("Your report"), accessor="pk", default="")
    form = tables.TemplateColumn(
        verbose_name="", template_name="backoffice/reports/_report_form.html", orderable=False
    )

    class Meta(BaseTable.Meta):
        fields = ()
        orderable = False

    def render_reported(self, record: Any) -> str:
        return record.my_report.get_result_display() if record.my_report else ""


class ClubPlayerTable(CardsMixin, BaseTable):
    """The players of one club (organiser's club page)."""

    wide = ("name",)

    name = PlayerColumn(verbose_name=_("Player"), accessor="pk", orderable=False)
    birth_year = tables.Column(verbose_name=_("Born"), accessor="birth_date__year", default="")
    federation = tables.Column(verbose_name=_("Federation"), default="")
    fide_id = tables.Column(verbose_name=_("FIDE ID"), default="")
    fide_standard = tables.Column(verbose_name=_("FIDE rating"), default="")
    account = tables.Column(verbose_name=_("Account"), accessor="account__username", default="")

    class Meta(BaseTable.Meta):
        fields = ()
        orderable = False

    def render_name(self, record: Any) -> str:
        return player_link(record)


class PrizePreviewTable(CardsMixin, BaseTable):
    """The prize list the current standings give (organiser's prize page)."""

    wide = ("player",)

    place = tables.Column(verbose_name=_("Place"))
    player = tables.Column(verbose_name=_("Player"))
    prize = tables.Column(verbose_name=_("Prize"))
    amount = tables.Column(verbose_name=_("Amount"))
    shared = tables.Column(verbose_name=_("Shared with"), default="")

    class Meta(BaseTable.Meta):
        orderable = False

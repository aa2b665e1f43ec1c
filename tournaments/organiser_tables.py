"""Tables of the organiser pages (players, rounds, boards with their forms)."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from players.tables import BaseTable
from tournaments.models import Registration, Tournament


class RegistrationTable(BaseTable):
    pairing_number = tables.Column(verbose_name=_("No."), default="–")
    player = tables.Column(verbose_name=_("Player"), accessor="player__name", orderable=False)
    title = tables.Column(verbose_name=_("Title"), accessor="player__title", default="")
    rating_at_start = tables.Column(verbose_name=_("Rating"), default="–")
    entered_round = tables.Column(verbose_name=_("From round"))
    withdrawn_after_round = tables.Column(
        verbose_name=_("Withdrawn after round"), default="", orderable=False
    )

    class Meta(BaseTable.Meta):
        model = Registration
        fields = ()
        orderable = False


class RoundTable(BaseTable):
    number = tables.Column(verbose_name=_("Round"))
    status = tables.Column(verbose_name=_("Status"))
    complete = tables.BooleanColumn(verbose_name=_("All results in"))
    published_at = tables.DateTimeColumn(verbose_name=_("Published"), default="")

    class Meta(BaseTable.Meta):
        fields = ()
        orderable = False

    def render_number(self, record: Any, value: int) -> str:
        url = reverse("tournaments:organise_round", args=[record.tournament.slug, value])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_status(self, record: Any) -> str:
        return record.get_status_display()


class BoardTable(BaseTable):
    """Boards of one round; the last column holds the board's edit or result form."""

    board = tables.Column(verbose_name=_("Board"), attrs={"td": {"class": "num"}})
    white = tables.Column(verbose_name=_("White"), accessor="white__name")
    black = tables.Column(verbose_name=_("Black"), accessor="black__name", default=_("bye"))
    result = tables.Column(verbose_name=_("Result"), default="")
    form = tables.TemplateColumn(
        verbose_name="",
        template_name="tournaments/organiser/_board_form.html",
        orderable=False,
    )

    class Meta(BaseTable.Meta):
        fields = ()
        orderable = False

    def __init__(self, *args: Any, draft: bool, manual: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.draft = draft
        self.manual = manual

    def render_result(self, record: Any) -> str:
        return record.get_result_display()


class OrganiserTournamentTable(BaseTable):
    """The organiser's tournaments: each links to its dashboard, public page and TRF file."""

    name = tables.Column(verbose_name=_("Tournament"))
    start_date = tables.DateColumn(verbose_name=_("Start"), format="SHORT_DATE_FORMAT")
    end_date = tables.DateColumn(verbose_name=_("End"), format="SHORT_DATE_FORMAT")
    pairing_system = tables.Column(verbose_name=_("Pairing system"))
    players_count = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})
    rounds_count = tables.Column(verbose_name=_("Rounds"), attrs={"td": {"class": "num"}})
    links = tables.Column(verbose_name="", accessor="slug", orderable=False)

    class Meta(BaseTable.Meta):
        model = Tournament
        fields = ()

    def render_name(self, record: Tournament, value: str) -> str:
        url = reverse("tournaments:organise", args=[record.slug])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_pairing_system(self, record: Tournament) -> str:
        return record.get_pairing_system_display()

    def render_links(self, record: Tournament) -> str:
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>',
            record.get_absolute_url(),
            _("Public page"),
            reverse("tournaments:trf_export", args=[record.slug]),
            _("TRF file"),
        )

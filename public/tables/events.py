"""Tables of the public event pages: the list of events and an event's sections (a stack of
cards on a phone, so nothing scrolls sideways)."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from events.models import Event
from events.queries.sections import SectionRow
from public.tables.columns import PriorityMixin
from web.points import format_points
from web.tables import BaseTable, CardsMixin, DateColumn, player_link


class EventTable(PriorityMixin, BaseTable):
    """Events, as the tournament list shows tournaments."""

    priorities = {
        "name": "key",
        "start_date": "key",
        "end_date": 2,
        "city": 3,
        "club": 3,
        "sections_count": 2,
    }

    name = tables.Column(verbose_name=gettext_lazy("Event"), linkify=True)
    start_date = DateColumn(verbose_name=gettext_lazy("Start"), format="SHORT_DATE_FORMAT")
    end_date = DateColumn(verbose_name=gettext_lazy("End"), format="SHORT_DATE_FORMAT")
    city = tables.Column(verbose_name=gettext_lazy("City"), default="")
    club = tables.Column(verbose_name=gettext_lazy("Club"), default="")
    sections_count = tables.Column(
        verbose_name=gettext_lazy("Sections"), attrs={"td": {"class": "num"}}
    )

    class Meta(BaseTable.Meta):
        model = Event
        fields = ()
        orderable = False


class SectionTable(CardsMixin, BaseTable):
    """An event's sections as chess-results lists them: each links to its tournament."""

    wide = ("name",)

    name = tables.Column(verbose_name=gettext_lazy("Section"), accessor="tournament__name")
    system = tables.Column(verbose_name=gettext_lazy("Format"), accessor="tournament")
    game = tables.Column(
        verbose_name=gettext_lazy("Game and time control"),
        accessor="tournament__rating_list",
        default=gettext_lazy("unrated"),
    )
    restrictions = tables.Column(verbose_name=gettext_lazy("Who may play"))
    fee = tables.Column(verbose_name=gettext_lazy("Entry fee"), attrs={"td": {"class": "num"}})
    entries = tables.Column(
        verbose_name=gettext_lazy("Entries"), accessor="accepted", attrs={"td": {"class": "num"}}
    )
    rounds = tables.Column(
        verbose_name=gettext_lazy("Rounds"),
        accessor="rounds_played",
        attrs={"td": {"class": "num"}},
    )
    leader = tables.Column(verbose_name=gettext_lazy("Leader"), default="–")
    calendar = tables.Column(verbose_name="", accessor="tournament__slug")

    class Meta(BaseTable.Meta):
        fields = ()
        orderable = False
        attrs = {"class": "table sections"}

    def render_name(self, record: SectionRow, value: str) -> str:
        return format_html('<a href="{}">{}</a>', record.tournament.get_absolute_url(), value)

    def render_system(self, record: SectionRow) -> str:
        return record.tournament.get_pairing_system_display()

    def render_game(self, value) -> str:
        return value.label

    def render_fee(self, record: SectionRow) -> str:
        return record.fee_text

    def render_entries(self, record: SectionRow) -> str:
        if record.cap:
            return f"{record.accepted} / {record.cap}"
        return str(record.accepted)

    def render_rounds(self, record: SectionRow) -> str:
        if record.rounds_planned:
            return f"{record.rounds_played} / {record.rounds_planned}"
        return str(record.rounds_played)

    def render_leader(self, record: SectionRow) -> str:
        url = reverse("tournaments:standings", args=[record.tournament.slug])
        return format_html(
            '{} <a href="{}">{}</a>',
            player_link(record.leader),
            url,
            _("%(points)s pts") % {"points": format_points(record.leader_points)},
        )

    def render_calendar(self, value: str) -> str:
        url = reverse("tournaments:rounds_ics", args=[value])
        return format_html('<a href="{}">{}</a>', url, _("Calendar"))

"""Tables of the norm pages: every player's norm per title, and a player's opponents as
FIDE's norm report lists them."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from public.tables.columns import key, priority
from ratings.queries.norms import NormLine
from web.tables import BaseTable, PlayerColumn


class NormColumn(tables.Column):
    """One title's verdict: the norm, what is still needed, or why not."""

    def render(self, value: NormLine) -> str:
        css = "norm-met" if value.passed else "norm-open"
        return format_html('<span class="{}">{}</span>', css, value.summary)

    def value(self, value: NormLine) -> str:
        return value.summary


class NormsTable(BaseTable):
    """Each player: number, name, federation, rating, points, the four norms, the report."""

    tpn = tables.Column(verbose_name=_("No."), default="–", attrs=key(num=True))
    player = PlayerColumn(verbose_name=_("Name"), attrs=key())
    federation = tables.Column(
        verbose_name=_("Fed."), accessor="player__federation", default="", attrs=priority(2)
    )
    rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=priority(2, num=True))
    points = tables.Column(verbose_name=_("Pts"), attrs=priority(2, num=True))
    gm = NormColumn(verbose_name="GM", attrs=key())
    im = NormColumn(verbose_name="IM", attrs=key())
    wgm = NormColumn(verbose_name="WGM", attrs=priority(2))
    wim = NormColumn(verbose_name="WIM", attrs=priority(2))
    report = tables.Column(verbose_name=_("Report"), default="", attrs=key())

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, rows, *, slug: str):
        self.slug = slug
        super().__init__(rows)

    def render_report(self, value, record) -> str:
        if record["tpn"] is None:
            return ""
        url = reverse("tournaments:norm_report", args=[self.slug, record["tpn"]])
        return format_html('<a href="{}">{}</a>', url, _("Norm report"))


def norm_rows(players) -> list[dict]:
    rows = []
    for entry in players:
        by_title = {line.title.value.lower(): line for line in entry.norms}
        rows.append(
            {
                "tpn": entry.tpn,
                "player": entry.player,
                "rating": entry.rating,
                "points": entry.points,
                "report": entry.tpn,
                **by_title,
            }
        )
    return rows


class OpponentsTable(BaseTable):
    """A player's rounds: opponent with title, federation and rating, result, counted."""

    round = tables.Column(verbose_name=_("Round"), attrs=key(num=True))
    tpn = tables.Column(verbose_name=_("No."), default="–", attrs=priority(3, num=True))
    opponent = PlayerColumn(verbose_name=_("Opponent"), default="–", attrs=key())
    title = tables.Column(
        verbose_name=_("Title"), accessor="opponent__title", default="", attrs=priority(2)
    )
    federation = tables.Column(
        verbose_name=_("Fed."), accessor="opponent__federation", default="", attrs=priority(2)
    )
    rating = tables.Column(verbose_name=_("Rating"), default="–", attrs=key(num=True))
    result = tables.Column(verbose_name=_("Result"), attrs=key())
    note = tables.Column(verbose_name=_("Counted"), empty_values=(), attrs=priority(2))

    class Meta(BaseTable.Meta):
        orderable = False

    def render_note(self, value, record) -> str:
        return value or _("yes")

    def value_note(self, value, record) -> str:
        return value or str(_("yes"))


class EarnedNormsTable(BaseTable):
    """A player's norms: the tournament (linked to the norm report), its end, the title, the
    games the norm counts for, Ra and Rp."""

    tournament = tables.Column(verbose_name=_("Tournament"), attrs=key())
    date = tables.Column(verbose_name=_("Date"), accessor="tournament__end_date", attrs=priority(2))
    title = tables.Column(verbose_name=_("Norm"), attrs=key())
    games = tables.Column(verbose_name=_("Games"), attrs=key(num=True))
    average = tables.Column(verbose_name="Ra", attrs=priority(2, num=True))
    performance = tables.Column(verbose_name="Rp", attrs=priority(2, num=True))

    class Meta(BaseTable.Meta):
        orderable = False

    def render_tournament(self, value, record) -> str:
        if record.tpn is None:
            return value.name
        url = reverse("tournaments:norm_report", args=[value.slug, record.tpn])
        return format_html('<a href="{}">{}</a>', url, value.name)

    def value_tournament(self, value) -> str:
        return value.name

    def render_date(self, value) -> str:
        return date_format(value, "SHORT_DATE_FORMAT")

    def render_title(self, value) -> str:
        return value.value

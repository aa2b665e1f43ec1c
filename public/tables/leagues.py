"""The tables of a league division's page: the division table (promotion and relegation
places marked) and the season's calendar of the division's matches."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from public.tables.columns import key, priority
from public.tables.tournaments import PointsColumn
from web.points import format_points
from web.tables import BaseTable

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class ZoneColumn(tables.Column):
    """Promotion or relegation, in words (the row's colour says it too)."""

    def render(self, value: str) -> str:
        return {"promotion": _("promotion"), "relegation": _("relegation")}.get(value, "")

    def value(self, value: str) -> str:
        return str(self.render(value))


class DivisionTable(BaseTable):
    """Place, team, matches played, won, drawn, lost, game points, match points, zone."""

    place = tables.Column(verbose_name=_("Place"), attrs=key(num=True))
    team = tables.Column(verbose_name=_("Team"), attrs=key())
    played = tables.Column(verbose_name=_("Pl"), attrs=priority(2, num=True))
    won = tables.Column(verbose_name=_("W"), attrs=priority(2, num=True))
    drawn = tables.Column(verbose_name=_("D"), attrs=priority(2, num=True))
    lost = tables.Column(verbose_name=_("L"), attrs=priority(2, num=True))
    game_points = PointsColumn(verbose_name=_("Game points"), attrs=key(num=True))
    match_points = tables.Column(verbose_name=_("Match points"), attrs=key(num=True))
    zone = ZoneColumn(verbose_name=_("Zone"), default="", attrs=priority(2))

    class Meta(BaseTable.Meta):
        orderable = False
        row_attrs = {"class": lambda record: record["zone"] or None}


def division_rows(lines: list[Any]) -> list[dict[str, Any]]:
    """The table's rows from ``events.queries.leagues.table``."""
    return [
        {
            "place": f"{line.row.rank}=" if line.row.shared else str(line.row.rank),
            "team": line.team.name,
            "played": line.row.played,
            "won": line.row.won,
            "drawn": line.row.drawn,
            "lost": line.row.lost,
            "game_points": line.row.game_points,
            "match_points": line.row.match_points,
            "zone": line.row.zone,
        }
        for line in lines
    ]


def score_text(row: Any) -> str:
    """A calendar row's score, ``2½–1½``; a default says who did not come."""
    if not row.played:
        return ""
    text = f"{format_points(row.home_points)}–{format_points(row.away_points)}"
    if row.default:
        return _("%(score)s (default)") % {"score": text}
    return text

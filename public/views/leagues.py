"""League pages (public): the seasons, a season's divisions, a division's table and
calendar, and the table as CSV."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from events.models import Season
from events.queries.leagues import calendar, division_by_slugs, divisions_of, seasons, table
from public.tables.leagues import DivisionTable, division_rows, score_text
from public.views.downloads import table_csv


class LeagueListView(TemplateView):
    template_name = "public/leagues/list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        found = list(seasons().prefetch_related("divisions"))
        return super().get_context_data(seasons=found, **kwargs)


class SeasonView(TemplateView):
    template_name = "public/leagues/season.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        season = get_object_or_404(Season.objects.select_related("club"), slug=kwargs["season"])
        kwargs["season"] = season
        return super().get_context_data(divisions=list(divisions_of(season)), **kwargs)


class DivisionView(TemplateView):
    """A division's table (promotion and relegation places marked) and its calendar, round
    by round, with the results and the postponed matches; ``csv=True``: the table as CSV."""

    template_name = "public/leagues/division.html"
    csv = False

    def get(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponse:
        division = division_by_slugs(kwargs["season"], kwargs["division"])
        if division is None:
            raise Http404
        rows = calendar(division)
        division_table = DivisionTable(division_rows(table(division, rows)))
        if self.csv:
            response = HttpResponse(
                table_csv(division_table), content_type="text/csv; charset=utf-8"
            )
            name = f"{division.season.slug}-{division.slug}.csv"
            response["Content-Disposition"] = f'attachment; filename="{name}"'
            return response
        rounds = [
            (number, [(row, score_text(row)) for row in matches])
            for number, matches in groupby(rows, key=lambda row: row.round)
        ]
        context = self.get_context_data(
            division=division,
            season=division.season,
            table=division_table,
            rounds=rounds,
            postponed=[row for row in rows if row.postponed_to and not row.played],
        )
        return self.render_to_response(context)

"""CSV downloads of the tournament pages: the page's own table, as the page shows it."""

import csv
import html
import io
import re

from django.http import HttpResponse
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from public.exports import safe_text
from web.tables import BaseTable, PlayerColumn

_NUMBER = re.compile(r"[+\-−]?\d+([.,]\d+)?")


def _text(value) -> str:
    """A cell as text: HTML removed, entities read."""
    return "" if value is None else html.unescape(strip_tags(str(value))).strip()


def _titled(bound) -> bool:
    """A player column whose page shows the title in front of the name."""
    return isinstance(bound.column, PlayerColumn) and bound.column.titled


def table_csv(table: BaseTable) -> str:
    """A table as CSV: its header and rows as the page shows them (HTML removed; the
    values django-tables2 exports, :meth:`web.tables.BaseTable.export_rows`), every text
    cell neutralised with :func:`safe_text`; numbers (``-3``, ``+12.40``) are left as they
    are. Points are decimals, as the tie-breaks are (``4.5``, not the page's ``4½``: the
    columns' ``value``); a player's title, shown on the page in front of the name, gets a
    column of its own before the name's."""
    columns = [bound for bound in table.columns.iterall() if not bound.column.exclude_from_export]
    header = []
    for bound in columns:
        if _titled(bound):
            header.append(str(_("Title")))
        header.append(_text(bound.header))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([safe_text(cell) for cell in header])
    for row, values in table.export_rows(columns):
        cells = []
        for bound, value in zip(columns, values, strict=True):
            if _titled(bound):
                player = bound.column.player_of(bound.accessor.resolve(row.record, quiet=True))
                cells.append(player.title if player is not None else "")
            cells.append(_text(value))
        writer.writerow([cell if _NUMBER.fullmatch(cell) else safe_text(cell) for cell in cells])
    return out.getvalue()


class CsvMixin:
    """``csv=True`` in the URL pattern: the page's table as a CSV download."""

    csv = False
    #: The file's name after the tournament's slug, e.g. "standings".
    file_part = ""

    def render_to_response(self, context, **kwargs):
        if not self.csv:
            return super().render_to_response(context, **kwargs)
        response = HttpResponse(table_csv(context["table"]), content_type="text/csv; charset=utf-8")
        name = f"{self.object.slug}-{self.csv_name(context)}.csv"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response

    def csv_name(self, context) -> str:
        return self.file_part

"""CSV downloads of the tournament pages: the page's own table, as the page shows it."""

import csv
import html
import io
import re

from django.http import HttpResponse
from django.utils.html import strip_tags

from public.exports import safe_text

_NUMBER = re.compile(r"[+\-−]?\d+([.,]\d+)?")


def table_csv(table) -> str:
    """A django-tables2 table as CSV: its header and rows as the page shows them (HTML
    removed), every text cell neutralised with :func:`safe_text`; numbers (``-3``,
    ``+12.40``) are left as they are."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in table.as_values():
        cells = [
            "" if cell is None else html.unescape(strip_tags(str(cell))).strip() for cell in row
        ]
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

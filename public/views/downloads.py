"""CSV downloads of the tournament pages: the page's own table, as the page shows it."""

from django.http import HttpResponse

from public.exports import table_csv


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

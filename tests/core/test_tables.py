"""The tables write what django-tables2's own template and columns write, faster: the rows
of a page in Python (``BaseTable.body_html``) and date columns without a template per cell."""

import datetime
import re
from decimal import Decimal

import django_tables2 as tables
import pytest
from django.test import RequestFactory
from django.utils import timezone, translation

from core.tables import BaseTable, DateColumn, DateTimeColumn

ROWS = [
    {
        "name": "Ann <b>",
        "day": datetime.date(2026, 3, 1),
        "at": datetime.datetime(2026, 3, 1, 22, 30, tzinfo=datetime.UTC),
        "points": Decimal("1234.5"),
        "raw": Decimal("1234.5"),
    },
    {"name": "", "day": None, "at": None, "points": None, "raw": Decimal("7")},
]


class Fast(BaseTable):
    name = tables.Column(default="–", attrs={"td": {"class": "key"}})
    day = DateColumn(format="SHORT_DATE_FORMAT", default="?")
    iso = DateColumn(accessor="day", format="Y-m-d")
    at = DateTimeColumn(format="Y-m-d H:i")
    points = tables.Column(localize=True, default="")
    raw = tables.Column(localize=False)

    class Meta(BaseTable.Meta):
        orderable = False


class Plain(tables.Table):
    """The same columns as django-tables2 writes them (its template, its date columns)."""

    name = tables.Column(default="–", attrs={"td": {"class": "key"}})
    day = tables.DateColumn(format="SHORT_DATE_FORMAT", default="?")
    iso = tables.DateColumn(accessor="day", format="Y-m-d")
    at = tables.DateTimeColumn(format="Y-m-d H:i")
    points = tables.Column(localize=True, default="")
    raw = tables.Column(localize=False)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "table"}
        orderable = False


def _body(table) -> str:
    html = table.as_html(RequestFactory().get("/"))
    body = html[html.index("<tbody") : html.index("</tbody>")]
    return re.sub(r">\s+<", "><", body).strip()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_rows_and_dates_are_written_as_django_tables2_writes_them(settings, language):
    settings.TIME_ZONE = "Europe/Moscow"
    with translation.override(language), timezone.override("Europe/Moscow"):
        fast, plain = _body(Fast(ROWS)), _body(Plain(ROWS))

    assert fast == plain
    expected_day = "01.03.2026" if language == "ru" else "2026-03-01"
    assert f"<td >{expected_day}</td><td >2026-03-01</td><td >2026-03-02 01:30</td>" in fast
    assert '<td class="key">Ann &lt;b&gt;</td>' in fast
    assert '<td class="key">–</td><td >?</td><td >—</td>' in fast


class FastWithRowAttrs(Fast):
    class Meta(Fast.Meta):
        row_attrs = {"data-name": lambda record: record["name"], "class": "mine"}


class PlainWithRowAttrs(Plain):
    class Meta(Plain.Meta):
        row_attrs = {"data-name": lambda record: record["name"], "class": "mine"}


def test_rows_with_the_tables_own_attributes_are_written_as_django_tables2_writes_them():
    fast, plain = _body(FastWithRowAttrs(ROWS)), _body(PlainWithRowAttrs(ROWS))

    assert fast == plain
    assert '<tr data-name="Ann &lt;b&gt;" class="mine even">' in fast

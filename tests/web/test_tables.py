"""The tables write what django-tables2's own template and columns write, faster: the rows
of a page in Python (``BaseTable.body_html``) and date columns without a template per cell."""

import datetime
import re
from dataclasses import dataclass
from decimal import Decimal

import django_tables2 as tables
import pytest
from django.test import RequestFactory
from django.utils import timezone, translation
from django.utils.html import format_html

from web.tables import BaseTable, DateColumn, DateTimeColumn

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
    long_day = DateColumn(accessor="day", short=False)
    short_at = DateTimeColumn(accessor="at", default="?")
    long_at = DateTimeColumn(accessor="at", short=False)

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
    long_day = tables.DateColumn(accessor="day", short=False)
    short_at = tables.DateTimeColumn(accessor="at", default="?")
    long_at = tables.DateTimeColumn(accessor="at", short=False)

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
    defaults = {  # no format: the short or long setting, as django-tables2 names them
        "en": "<td >March 1, 2026</td><td >2026-03-02 01:30</td><td >March 2, 2026, 1:30 a.m.</td>",
        "ru": "<td >1 марта 2026 г.</td><td >02.03.2026 01:30</td><td >2 марта 2026 г. 1:30</td>",
    }
    assert defaults[language] in fast
    assert "<td >7</td><td >—</td><td >?</td><td >—</td></tr>" in fast


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


# The short way of ``body_html`` (its per-column plans) against django-tables2's row
# machinery, over what the site's tables hold: model rows (a choices field shows its label),
# dicts, objects, accessors across relations and through None, render methods taking any of
# the cell's arguments, a callable value, a missing key, links.


class Seat:
    def __init__(self, player, rating=None, note=None):
        self.player, self.rating, self.note = player, rating, note

    def shout(self):
        return "called"


def _players():
    from players.models import Player

    return [
        Player(pk=5, first_name="Ann", last_name="Ames <i>", title="GM", sex="f"),
        Player(pk=6, first_name="Ben", last_name="Bell", title="", sex="m"),
    ]


class ModelRows(BaseTable):
    name = tables.Column(accessor="last_name")
    title = tables.Column(default="–")  # choices: get_title_display()
    sex = tables.Column()
    link = tables.Column(accessor="first_name", linkify=lambda record: f"/p/{record.pk}/")
    club = tables.Column(accessor="club__name", default="none")
    pk = tables.Column(localize=True)

    class Meta(BaseTable.Meta):
        orderable = False

    def render_sex(self, value, record, bound_row, column):
        return format_html("<b>{}</b> {} {}", value, record.pk, column.verbose_name)


class ObjectRows(BaseTable):
    who = tables.Column(accessor="player__last_name")
    title = tables.Column(accessor="player__title", default="–")
    rating = tables.Column(default="–")
    note = tables.Column(default="?", empty_values=(None,))
    shout = tables.Column()
    table_name = tables.Column(accessor="rating", default="")

    class Meta(BaseTable.Meta):
        orderable = False

    def render_rating(self, value, table):
        return f"{value} ({type(table).__name__})"

    def render_table_name(self, **kwargs):
        return f"{kwargs['value']}/{kwargs['bound_column'].name}"


class DictRows(BaseTable):
    name = tables.Column(default="–")
    missing = tables.Column(default="gone")
    nested = tables.Column(accessor="inner__deep", default="–")
    flat = tables.Column(accessor="inner__deep")  # the flat key wins, as in Accessor.resolve
    fn = tables.Column(default="–")

    class Meta(BaseTable.Meta):
        orderable = False

    def render_name(self, value, unknown_argument):  # never called: django-tables2 gives None
        return "never"


def _same(table_class, rows):
    plain = table_class(rows, template_name="django_tables2/table.html")
    return _body(table_class(rows)), _body(plain)


def test_model_rows_take_the_short_way_as_django_tables2_does():
    fast, plain = _same(ModelRows, _players())
    assert fast == plain
    assert "<td >Ames &lt;i&gt;</td><td >Grandmaster</td><td ><b>female</b> 5 None</td>" in fast
    assert '<a href="/p/5/">Ann</a>' in fast
    assert "<td >none</td>" in fast


def test_object_rows_take_the_short_way_as_django_tables2_does():
    ann, ben = _players()
    rows = [Seat(ann, 2310, ""), Seat(None), Seat(ben, 0, None)]
    fast, plain = _same(ObjectRows, rows)
    assert fast == plain
    assert "<td >2310 (ObjectRows)</td><td ></td><td >called</td><td >2310/table_name</td>" in fast
    assert "<td >—</td><td >–</td><td >–</td><td >?</td><td >called</td><td ></td>" in fast


def test_dict_rows_take_the_short_way_as_django_tables2_does():
    rows = [
        {"name": "Ann", "inner": {"deep": "down"}, "inner__deep": "flat", "fn": lambda: "lambda"},
        {"name": "", "inner": None, "fn": None},
        {"name": "Cay", "inner": {"deep": "down"}, "fn": "text"},
    ]
    fast, plain = _same(DictRows, rows)
    assert fast == plain
    assert "<td >None</td><td >gone</td><td >flat</td><td >flat</td><td >lambda</td>" in fast
    assert "<td >None</td><td >gone</td><td >down</td><td >down</td><td >text</td>" in fast
    assert "<td >–</td><td >gone</td><td >–</td><td >—</td><td >–</td>" in fast


class AttrsRows(DictRows):
    """Row attributes of every kind django-tables2 takes: text, callables asking for the
    record, the table, anything (``**kwargs``) or an argument it does not give, a dict."""

    class Meta(DictRows.Meta):
        row_attrs = {
            "data-name": lambda record: record["name"],
            "data-table": lambda table: type(table).__name__,
            "data-all": lambda **kwargs: sorted(kwargs),
            "data-never": lambda record, row_number: "never",
            "class": lambda record: "empty" if not record["name"] else "",
            "id": "fixed",
        }


def test_row_attributes_of_every_kind_are_written_as_django_tables2_writes_them():
    rows = [{"name": "Ann", "inner": None, "fn": None}, {"name": "", "inner": None, "fn": None}]
    fast, plain = _same(AttrsRows, rows)

    assert fast == plain
    assert (
        '<tr data-name="" data-table="AttrsRows" data-all="[&#x27;record&#x27;, &#x27;table&#x27;]"'
        ' class="empty odd" id="fixed">'
    ) in fast


# The values of an export (``BaseTable.export_rows``, the CSV downloads) against
# django-tables2's ``BoundRow.get_cell_value``: the table's ``value_FOO``, else its
# ``render_FOO``, else the column's ``value`` (which renders with the column's ``render``);
# no default for an empty value, no link.


class Shouting(tables.Column):
    def render(self, value):
        return f"{value}!"


class Counted(tables.Column):
    def value(self, value, record):
        return f"{value} of {record.rating}"


class ExportRows(BaseTable):
    who = tables.Column(accessor="player__last_name", linkify=lambda record: "/p/")
    title = tables.Column(accessor="player__title", default="–")
    sex = Shouting(accessor="player__sex")
    rating = tables.Column(default="–")
    note = Counted(default="?", empty_values=(None,))
    day = DateColumn(accessor="when", default="?")
    shout = tables.Column()
    html = tables.Column(accessor="rating")
    never = tables.Column(accessor="rating")

    class Meta(BaseTable.Meta):
        orderable = False

    def render_rating(self, value):
        return f"<b>{value}</b>"

    def value_html(self, value, bound_column):
        return f"{value} ({bound_column.name})"

    def value_never(self, value, unknown):
        return "never"


def test_exported_values_are_django_tables2s_values():
    ann, ben = _players()
    rows = [Seat(ann, 2310, ""), Seat(None), Seat(ben, 0, None)]
    rows[0].when, rows[1].when, rows[2].when = datetime.date(2026, 3, 1), None, "soon"
    table = ExportRows(rows)
    columns = list(table.columns.iterall())

    exported = [values for _row, values in table.export_rows(columns)]

    assert exported == [[row.get_cell_value(bound.name) for bound in columns] for row in table.rows]
    assert exported[0] == [
        "Ames <i>",
        "GM",  # the record is no model: no choices' label (get_field finds no field)
        "f!",
        "<b>2310</b>",
        " of 2310",
        "2026-03-01",
        "called",
        "2310 (html)",
        None,
    ]
    assert exported[1][:6] == [None, None, None, None, None, "?"]  # a date column renders None


def test_signatures_are_read_once_per_column_not_per_cell(monkeypatch):
    """What ``utils.signature`` costs (``inspect.signature``) is paid per column and page:
    a page of 30 rows reads as many signatures as a page of 3."""
    read = []
    signature = tables.utils.signature

    def counted(function):
        read.append(function)
        return signature(function)

    monkeypatch.setattr(tables.utils, "signature", counted)
    ann, ben = _players()

    def reads(rows: int) -> int:
        read.clear()
        seats = [Seat(ann, 2310, ""), Seat(None), Seat(ben, 0, None)] * (rows // 3)
        dicts = [{"name": "", "inner": {"deep": 1}, "fn": lambda: 1}] * rows
        for seat in seats:
            seat.when = datetime.date(2026, 3, 1)
        ObjectRows(seats).body_html()
        AttrsRows(dicts).body_html()
        table = ExportRows(seats)
        list(table.export_rows([bound for bound in table.columns if bound.name != "who"]))
        return len(read)

    assert reads(3) == reads(30) > 0


# A table of one page a query has cut (``BaseTable.of_page``): what django-tables2 writes for
# the same page of a table it sorts and paginates itself, headers and pager included.


@dataclass(frozen=True)
class _Page:
    rows: list
    order: tuple[str, ...]
    number: int
    num_pages: int

    @property
    def has_previous(self):
        return self.number > 1

    @property
    def has_next(self):
        return self.number < self.num_pages

    @property
    def previous_page_number(self):
        return self.number - 1

    @property
    def next_page_number(self):
        return self.number + 1


class Sorted(BaseTable):
    name = tables.Column()
    points = tables.Column(orderable=False)


NAMES = [{"name": f"N{n:02d}", "points": n % 4} for n in range(40)]


def _whole(html: str) -> str:
    return html[html.index('<div class="table-container">') :]


@pytest.mark.parametrize(
    ("query", "number", "order"),
    [("", 1, ()), ("?page=3&sort=-name", 3, ("-name",)), ("?page=15&sort=name", 15, ("name",))],
)
def test_a_table_of_one_page_writes_what_django_tables2_writes_for_that_page(query, number, order):
    request = RequestFactory().get("/" + query)
    plain = Sorted(NAMES, order_by=order or None)
    tables.RequestConfig(request, paginate={"per_page": 2}).configure(plain)
    rows = sorted(NAMES, key=lambda row: row["name"], reverse=order == ("-name",))
    page = _Page(rows[(number - 1) * 2 : number * 2], order, number, 20)

    mine = Sorted.of_page(page)
    html = mine.as_html(request)

    assert _whole(html) == _whole(plain.as_html(request))
    assert [row.record["name"] for row in mine.paginated_rows] == [row["name"] for row in page.rows]
    assert re.search(r'<li class="active">\s*<a href="[^"]*page=(\d+)', html)[1] == str(number)


def test_a_table_of_one_page_keeps_the_rows_in_the_querys_order():
    """The database sorted the rows (in its collation): the table shows the order in its
    headers and does not sort the rows again."""
    rows = [{"name": "b", "points": 1}, {"name": "A", "points": 2}, {"name": "a", "points": 3}]
    table = Sorted.of_page(_Page(rows, ("name",), 1, 1))
    html = table.as_html(RequestFactory().get("/?sort=name"))

    assert [row.record["name"] for row in table.paginated_rows] == ["b", "A", "a"]
    assert '<th class="asc orderable">' in html
    assert "pagination" not in html  # one page: no pager

"""Shared django-tables2 base class and the players' own columns."""

from __future__ import annotations

import inspect
from typing import Protocol

import django_tables2 as tables
from django.core.exceptions import FieldDoesNotExist
from django.core.paginator import Paginator
from django.db import models
from django.template import defaultfilters
from django.utils import formats
from django.utils.html import conditional_escape, format_html, strip_tags
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext_lazy as _
from django_tables2 import utils
from django_tables2.columns.linkcolumn import BaseLinkColumn
from django_tables2.columns.manytomanycolumn import ManyToManyColumn
from django_tables2.data import TableListData
from django_tables2.utils import AttributeDict

from players.models import Player


def remember_signatures() -> None:
    """Make django-tables2 read the signature of a cell's render method once per method, not
    once per cell: it inspects the method to pass only the arguments it takes, and on a page
    of a few hundred cells that inspection was a tenth of the CPU. The answer is kept per
    function (and whether it is bound), so it is the one ``inspect`` gives. Called once, when
    the app is ready."""
    from django_tables2 import utils

    if getattr(utils.signature, "remembered", False):
        return
    inspect_signature = utils.signature
    known: dict[tuple, tuple] = {}

    def signature(fn):
        function = getattr(fn, "__func__", None)
        if function is None and not inspect.isfunction(fn):
            return inspect_signature(fn)  # a partial or a callable object: as it comes
        key = (function or fn, function is not None)
        if key not in known:
            if len(known) >= 10_000:  # functions made per request: keep the memory bounded
                known.clear()
            known[key] = inspect_signature(fn)
        return known[key]

    signature.remembered = True
    utils.signature = signature


MAX_PER_PAGE = 200
"""The most rows a visitor's ``?per_page=`` may ask for on one page."""


class BaseTable(tables.Table):
    """Every table of the site: one template, one set of attributes, no empty surprises."""

    class Meta:
        template_name = "includes/table.html"
        attrs = {"class": "table"}
        empty_text = ""

    #: The page a query cut the rows from (:meth:`of_page`), drawn as the table's pager.
    pager: Pager | None = None

    @classmethod
    def of_page(cls, page: Pager, **kwargs) -> BaseTable:
        """The table of one page of rows a query has cut and sorted (``page.rows``, in the
        order ``page.order`` names, as ``?sort=`` does): the headers show that order and
        link to the others, the rows stay as they come (:class:`PageRows`), and the pager
        comes from ``page`` (``includes/pager.html``), not from django-tables2's
        pagination."""
        table = cls(PageRows(page.rows), order_by=page.order, **kwargs)
        table.pager = page
        return table

    def paginate(self, paginator_class=Paginator, per_page=None, page=1, *args, **kwargs):
        """Paginate with ``per_page`` (from ``?per_page=``, read by django-tables2 with
        ``int()``) kept within 1..:data:`MAX_PER_PAGE`: ``-1`` broke the paginator (a 500)."""
        if per_page is not None:
            per_page = min(max(per_page, 1), MAX_PER_PAGE)
        return super().paginate(paginator_class, per_page, page, *args, **kwargs)

    def body_html(self) -> SafeString:
        """The rows of the page (``<tr>`` elements), rendered here rather than cell by cell
        by the template engine and django-tables2's row machinery: what its template writes
        for each row, at a fraction of the CPU (a leaderboard page has 500 cells, a
        crosstable 700). Each column's way to its cell is worked out once per page
        (:class:`_CellPlan`); a cell it cannot take the short way goes django-tables2's."""
        parts = []
        plans = [_CellPlan(self, column) for column in self.columns]
        for row in self.paginated_rows:
            if self.row_attrs:
                parts.append(f"<tr {row.attrs.as_html()}>")
            else:  # what the row's attrs are without any of the table's own
                parts.append(f'<tr class="{row.get_even_odd_css_class()}">')
            for plan in plans:
                parts.append(f"<td {plan.td}>{_cell_html(plan.cell(row), plan.localize)}</td>")
            parts.append("</tr>\n")
        return mark_safe("".join(parts))  # noqa: S308 - every part escaped above


class Pager(Protocol):
    """One page of rows cut by a query, and where it is among the pages (what
    ``includes/pager.html`` reads, as django-tables2's pager reads a ``Page``)."""

    rows: list
    order: tuple[str, ...]
    number: int
    num_pages: int
    has_previous: bool
    has_next: bool
    previous_page_number: int
    next_page_number: int


class PageRows(TableListData):
    """The rows of a page as its query sorted them: the table's order (``order_by``) marks
    the headers and leaves the rows as they are (the database sorted them, in its
    collation)."""

    def order_by(self, aliases):
        pass


class _Slow(Exception):
    """The cell takes django-tables2's own way (``BoundRow.get_cell``)."""


_CELL_ARGUMENTS = ("value", "record", "column", "bound_column", "bound_row", "table")


class _CellPlan:
    """How one column's cells are drawn on this page: what ``BoundRow.get_cell`` does for
    each cell (resolve the accessor, the default for an empty value, the render method with
    the arguments it takes, the link), with the lookups it repeats per cell done once. A
    value the short way cannot resolve as django-tables2 would (a callable, a missing key, a
    choices field's display, a sequence, link columns of old and many-to-many columns) goes
    its way."""

    def __init__(self, table: tables.Table, bound: tables.columns.BoundColumn):
        self.table, self.bound, self.name = table, bound, bound.name
        self.td = bound.attrs["td"].as_html()
        self.localize = bound.localize
        column = bound.column
        self.accessor = utils.Accessor(bound.accessor)
        self.bits = tuple(self.accessor.bits)
        self.empty, self.default = column.empty_values, bound.default
        self.render = bound.render
        wanted, catch_all = utils.signature(self.render)
        self.link = bound.link
        self.slow = bool(
            isinstance(column, (BaseLinkColumn, ManyToManyColumn))
            or (not catch_all and any(arg not in _CELL_ARGUMENTS for arg in wanted))
            or getattr(self.accessor, "callable_args", None)
            or getattr(self.accessor, "callable_kwargs", None)
        )
        self.arguments = _CELL_ARGUMENTS if catch_all else tuple(wanted)
        self.identity = getattr(self.render, "__func__", None) is tables.Column.render
        self.choices: dict[type, bool] = {}  # model -> its field at the accessor has choices

    def cell(self, row):
        if self.slow:
            return row.get_cell(self.name)
        record = row.record
        try:
            value = self._value(record)
        except _Slow:
            return row.get_cell(self.name)
        if value in self.empty:
            return self.default
        if self.identity and not self.link:
            return value
        given = {
            "value": value,
            "record": record,
            "column": self.bound.column,
            "bound_column": self.bound,
            "bound_row": row,
            "table": self.table,
        }
        content = value if self.identity else self.render(**{n: given[n] for n in self.arguments})
        return self.link(content, **given) if self.link else content

    def _value(self, record):
        """The accessor's value as ``Accessor.resolve`` finds it, or :class:`_Slow`."""
        if type(record) is dict and self.accessor in record:
            return record[self.accessor]
        current, last = record, len(self.bits) - 1
        for index, bit in enumerate(self.bits):
            if type(current) is dict:
                if bit not in current:
                    raise _Slow
                current = current[bit]
            else:
                if hasattr(type(current), "__getitem__"):
                    raise _Slow  # a sequence or a mapping: its items come first
                model = index == last and isinstance(current, models.Model)
                if model and self._has_choices(record):
                    raise _Slow  # get_FOO_display()
                try:
                    current = getattr(current, bit)
                except AttributeError:
                    raise _Slow from None
            if callable(current):
                raise _Slow
            if current is None:
                break
        return current

    def _has_choices(self, record) -> bool:
        kind = type(record)
        if kind not in self.choices:
            try:
                field = self.accessor.get_field(record)
            except FieldDoesNotExist:
                field = None
            self.choices[kind] = bool(getattr(field, "choices", ()))
        return self.choices[kind]


def _cell_html(value, localize: bool | None) -> str:
    """A cell's value as ``{{ cell }}`` (``localize``: ``|localize`` or ``|unlocalize``)
    writes it in a template: called if callable (as the template engine calls a variable),
    in local time, localized, escaped."""
    if callable(value) and not getattr(value, "do_not_call_in_templates", False):
        value = value()
    value = template_localtime(value)
    value = formats.localize(value, use_l10n=localize)
    return conditional_escape(value if isinstance(value, str) else str(value))


class CardsMixin:
    """A table that becomes a stack of cards on a phone: see :func:`as_cards`. The columns
    named in ``wide`` (names, forms) take a line of their own in the card."""

    wide: tuple[str, ...] = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        as_cards(self, wide=self.wide)


def as_cards(table: tables.Table, *, wide: tuple[str, ...] = ()) -> None:
    """Make ``table`` a stack of cards on a phone (``table.cards`` in
    ``static/css/layout.css``): every cell carries its column's name (``data-label``), shown
    before the value, so no column is hidden and nothing scrolls sideways; the cells of the
    ``wide`` columns take a line of their own."""
    css = f"{table.attrs.get('class', '')} cards".strip()
    table.attrs = AttributeDict({**table.attrs, "class": css})
    for bound in table.columns:
        column = bound.column
        attrs = {part: dict(values) for part, values in (column.attrs or {}).items()}
        cell = attrs.setdefault("td", {})
        label = strip_tags(str(bound.header)).strip()
        if label:
            cell["data-label"] = label
        if bound.name in wide:
            cell["class"] = f"{cell.get('class', '')} wide".strip()
        column.attrs = attrs


class _DateFormatMixin:
    """What ``{{ value|date:format|default:default }}`` (django-tables2's template) writes,
    without rendering a template for every cell: in local time, formatted, escaped, the
    column's default when the format gives nothing. The format is the column's ``format``,
    else the setting django-tables2's column names for ``short`` (``default_formats``: the
    short one, the long one), which the ``date`` filter reads in the current language."""

    default_formats: tuple[str, str]

    def __init__(self, format=None, short=True, *args, **kwargs):
        super().__init__(format, short, *args, **kwargs)
        if format is None:
            format = self.default_formats[0 if short else 1]
        self.date_format = format

    def render(self, value, bound_column, **kwargs):
        text = defaultfilters.date(template_localtime(value), self.date_format)
        return conditional_escape(text or bound_column.default)


class DateColumn(_DateFormatMixin, tables.DateColumn):
    """django-tables2's date column, rendered in Python (see :class:`_DateFormatMixin`)."""

    default_formats = ("SHORT_DATE_FORMAT", "DATE_FORMAT")


class DateTimeColumn(_DateFormatMixin, tables.DateTimeColumn):
    """django-tables2's date and time column, rendered in Python."""

    default_formats = ("SHORT_DATETIME_FORMAT", "DATETIME_FORMAT")


class PlayerColumn(tables.Column):
    """A player's name linked to their page, FIDE title in front unless ``show_title=False``.

    A CSV download (``public.views.downloads.table_csv``) writes the name alone
    (:meth:`value`) and, when the page shows the title, the title in a column of its own
    before it (:attr:`titled`, :meth:`player_of`)."""

    def __init__(self, *args, show_title: bool = True, **kwargs):
        self.show_title = show_title
        super().__init__(*args, **kwargs)

    @property
    def titled(self) -> bool:
        """Whether the page shows the title in front of the name (the CSV: its own column)."""
        return self.show_title

    def player_of(self, value) -> Player | None:
        """The player of a cell's value."""
        return value

    def render(self, value: Player) -> str:
        return player_link(value, show_title=self.show_title)

    def value(self, value) -> str:
        player = self.player_of(value)
        return "" if player is None else player.name


class SeatColumn(PlayerColumn):
    """A player column whose cell value holds the player in ``.player`` (a board's seat, a
    row of a round by name); no player there is a bye."""

    def player_of(self, value) -> Player | None:
        return getattr(value, "player", None)

    def render(self, value) -> str:
        player = self.player_of(value)
        if player is None:
            return _("bye")
        return player_link(player, show_title=self.show_title)

    def value(self, value) -> str:
        player = self.player_of(value)
        return str(_("bye")) if player is None else player.name


def player_link(player: Player | None, *, show_title: bool = True) -> str:
    """HTML for a linked player name with their FIDE title, or an empty string."""
    if player is None:
        return ""
    if show_title and player.title:
        return format_html(
            '<abbr class="title" title="{}">{}</abbr> <a href="{}">{}</a>',
            player.get_title_display(),
            player.title,
            player.get_absolute_url(),
            player.name,
        )
    return format_html('<a href="{}">{}</a>', player.get_absolute_url(), player.name)


class GradeColumn(tables.Column):
    """A player's grade in a go or shogi list, for tables of other apps (tournament pages).

    The accessor gives the player; the table holds ``grades`` (player id -> grade, from
    :func:`ratings.queries.grades_for`).
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Grade"))
        kwargs.setdefault("accessor", "player")
        super().__init__(default="–", orderable=False, **kwargs)

    def render(self, value, table) -> str:
        return table.grades.get(value.pk) or "–"

"""Shared django-tables2 base class and the players' own columns."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import django_tables2 as tables
from django.core.paginator import Paginator
from django.template import defaultfilters
from django.utils.html import conditional_escape, format_html, strip_tags
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableListData
from django_tables2.rows import BoundRow
from django_tables2.utils import AttributeDict

from players.models import Player
from web.cells import CellPlan, RowAttrs, cell_html

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
        crosstable 700). Each column's way to its cells is worked out once per page
        (:class:`web.cells.CellPlan`), and so are the rows' attributes."""
        parts = []
        plans = [
            (CellPlan(self, bound), bound.attrs["td"].as_html(), bound.localize)
            for bound in self.columns
        ]
        row_attrs = RowAttrs(self) if self.row_attrs else None
        for row in self.paginated_rows:
            if row_attrs:
                parts.append(f"<tr {row_attrs.html(row)}>")
            else:  # what the row's attrs are without any of the table's own
                parts.append(f'<tr class="{row.get_even_odd_css_class()}">')
            for plan, td, localize in plans:
                parts.append(f"<td {td}>{cell_html(plan.cell(row), localize)}</td>")
            parts.append("</tr>\n")
        return mark_safe("".join(parts))  # noqa: S308 - every part escaped above

    def export_rows(self, columns) -> Iterator[tuple[BoundRow, list]]:
        """Every row (not one page) with the values of ``columns`` (bound columns) for an
        export: what ``row.get_cell_value(name)`` gives for each, the way to each column's
        values worked out once (:class:`web.cells.CellPlan`)."""
        plans = [CellPlan(self, bound, export=True) for bound in columns]
        for row in self.rows:
            yield row, [plan.cell(row) for plan in plans]


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
    :func:`ratings.queries.lists.grades_for`).
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Grade"))
        kwargs.setdefault("accessor", "player")
        super().__init__(default="–", orderable=False, **kwargs)

    def render(self, value, table) -> str:
        return table.grades.get(value.pk) or "–"

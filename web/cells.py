"""The cells of a table's rows as django-tables2's row machinery makes them, with what it
repeats for every cell done once per column and page.

For each cell ``BoundRow.get_cell`` resolves the accessor, gives the column's default for an
empty value, inspects the render method's signature (``utils.signature``) to pass it only the
arguments it takes, and wraps the result in the column's link; ``get_cell_value`` (the CSV
downloads) does the same with the column's ``value``. On a page of a few hundred cells that
inspection alone was a tenth of the CPU. A :class:`CellPlan` reads the signature once per
column and page, and resolves values the short way where it can; :class:`RowAttrs` does the
same for the table's ``row_attrs``. The output is django-tables2's own
(``tests/web/test_tables.py`` compares them). What stays django-tables2's, signature per cell
included: a link made by a callable (``linkify=`` a function: the organiser's few clubs) and
link columns of old and many-to-many columns (none here).
"""

from __future__ import annotations

import django_tables2 as tables
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils import formats
from django.utils.html import conditional_escape
from django.utils.timezone import template_localtime
from django_tables2 import utils
from django_tables2.columns.linkcolumn import BaseLinkColumn
from django_tables2.columns.manytomanycolumn import ManyToManyColumn
from django_tables2.utils import AttributeDict

CELL_ARGUMENTS = ("value", "record", "column", "bound_column", "bound_row", "table")
"""What a cell's render or value method may ask for (django-tables2 passes the ones it takes)."""


class _Slow(Exception):
    """The value is resolved as ``BoundRow`` resolves it (:meth:`CellPlan._resolved`)."""


class CellPlan:
    """How one column's cells are made on this page: what ``BoundRow.get_cell`` (or, with
    ``export``, ``BoundRow.get_cell_value``) does for each cell, with the signature of the
    method it calls read once.

    A value is read the short way (:meth:`_value`) unless django-tables2 would find another
    (a callable, a missing key, a choices field's display, a sequence or mapping on the
    way, an accessor with arguments): those are resolved as ``BoundRow`` does. Link columns
    of old and many-to-many columns, which have their own ways to a value, go
    django-tables2's way."""

    def __init__(self, table: tables.Table, bound: tables.columns.BoundColumn, *, export=False):
        self.table, self.bound, self.name, self.export = table, bound, bound.name, export
        column = bound.column
        self.accessor = utils.Accessor(bound.accessor)
        self.bits = tuple(self.accessor.bits)
        self.empty = column.empty_values
        self.default = None if export else bound.default
        self.link = None if export else bound.link
        function = bound.value if export else bound.render
        if export and getattr(function, "__func__", None) is tables.Column.value:
            function = column.render  # what Column.value calls
        self.function = function
        wanted, catch_all = utils.signature(function)
        self.arguments = CELL_ARGUMENTS if catch_all else tuple(wanted)
        # django-tables2 calls nothing when the method asks for an argument it does not give
        self.never = any(argument not in CELL_ARGUMENTS for argument in self.arguments)
        self.identity = getattr(function, "__func__", None) is tables.Column.render
        self.library = isinstance(column, (BaseLinkColumn, ManyToManyColumn))
        self.resolve = bool(self.accessor.callable_args or self.accessor.callable_kwargs)
        self.choices: dict[type, bool] = {}  # model -> its field at the accessor has choices

    def cell(self, row):
        """The cell of ``row``: what ``row.get_cell(name)`` (``export``:
        ``row.get_cell_value(name)``) gives."""
        if self.library:
            return row.get_cell_value(self.name) if self.export else row.get_cell(self.name)
        record = row.record
        try:
            value = self._resolved(record) if self.resolve else self._value(record)
        except _Slow:
            value = self._resolved(record)
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
        if self.never:
            content = None
        elif self.identity:
            content = value
        else:
            content = self.function(**{name: given[name] for name in self.arguments})
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

    def _resolved(self, record):
        """The value as ``BoundRow`` resolves it: a choices field's display, else what the
        accessor finds (called if callable), ``None`` where it finds nothing."""
        penultimate, remainder = self.accessor.penultimate(record)
        if isinstance(penultimate, models.Model):
            try:
                field = self.accessor.get_field(record)
                display = getattr(penultimate, f"get_{remainder}_display", None)
                if getattr(field, "choices", ()) and display:
                    return display()
            except FieldDoesNotExist:
                pass
        if not remainder:
            return None
        try:
            return self.accessor.resolve(record)
        except Exception:  # what django-tables2 does: the cell is empty
            return None

    def _has_choices(self, record) -> bool:
        kind = type(record)
        if kind not in self.choices:
            try:
                field = self.accessor.get_field(record)
            except FieldDoesNotExist:
                field = None
            self.choices[kind] = bool(getattr(field, "choices", ()))
        return self.choices[kind]


class RowAttrs:
    """The attributes of each row as ``BoundRow.attrs`` gives them: the table's
    ``row_attrs``, a callable called with those of ``table`` and ``record`` it takes
    (signatures read once), the row's ``even``/``odd`` class added."""

    def __init__(self, table: tables.Table):
        self.table = table
        self.items = []
        for name, value in table.row_attrs.items():
            arguments = None
            if callable(value):
                wanted, catch_all = utils.signature(value)
                arguments = ("table", "record") if catch_all else tuple(wanted)
            self.items.append((name, value, arguments))

    def html(self, row) -> str:
        given = {"table": self.table, "record": row.record}
        attrs = {}
        for name, value, arguments in self.items:
            if arguments is not None:
                if any(argument not in given for argument in arguments):
                    value = None  # django-tables2 calls nothing
                else:
                    value = value(**{argument: given[argument] for argument in arguments})
            if isinstance(value, dict):
                value = utils.computed_values(value, kwargs=given)
            attrs[name] = value
        css = row.get_even_odd_css_class()
        attrs["class"] = attrs["class"] + " " + css if attrs.get("class") else css
        return AttributeDict(attrs).as_html()


def cell_html(value, localize: bool | None) -> str:
    """A cell's value as ``{{ cell }}`` (``localize``: ``|localize`` or ``|unlocalize``)
    writes it in a template: called if callable (as the template engine calls a variable),
    in local time, localized, escaped."""
    if callable(value) and not getattr(value, "do_not_call_in_templates", False):
        value = value()
    value = template_localtime(value)
    value = formats.localize(value, use_l10n=localize)
    return conditional_escape(value if isinstance(value, str) else str(value))

"""Sane windows for the dates organisers type, upload or import.

Birth years lie in ``settings.BIRTH_YEAR_MIN``..``BIRTH_YEAR_MAX`` (1900–2100); tournament
and round dates lie within ``settings.TOURNAMENT_DATE_YEARS`` (5) years of today. Forms, the
admin and the TRF import use the same validators, so no path stores year 1 or 9999 (a date
at the calendar's edge breaks date arithmetic on every page showing it).
"""

from __future__ import annotations

import datetime

from django import forms
from django.conf import settings
from django.core import validators
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _


def birth_years() -> tuple[int, int]:
    """The first and last birth year accepted."""
    return settings.BIRTH_YEAR_MIN, settings.BIRTH_YEAR_MAX


def _years_from(day: datetime.date, years: int) -> datetime.date:
    """``day`` moved by ``years`` (29 February becomes 28 February), within the calendar."""
    year = min(max(day.year + years, datetime.MINYEAR), datetime.MAXYEAR)
    try:
        return day.replace(year=year)
    except ValueError:
        return day.replace(year=year, day=28)


def tournament_dates(today: datetime.date | None = None) -> tuple[datetime.date, datetime.date]:
    """The first and last tournament date accepted: ``TOURNAMENT_DATE_YEARS`` around today."""
    today = today or timezone.localdate()
    years = settings.TOURNAMENT_DATE_YEARS
    return _years_from(today, -years), _years_from(today, years)


def validate_birth_year(year: int) -> None:
    first, last = birth_years()
    if not first <= year <= last:
        raise ValidationError(
            _("The birth year must be from %(first)d to %(last)d.")
            % {"first": first, "last": last},
            code="birth_year",
        )


def validate_birth_date(value: datetime.date) -> None:
    validate_birth_year(value.year)


def validate_tournament_date(value: datetime.date) -> None:
    first, last = tournament_dates()
    if not first <= value <= last:
        raise ValidationError(
            _("The date must be from %(first)s to %(last)s.")
            % {"first": first.isoformat(), "last": last.isoformat()},
            code="tournament_date",
        )


DATE_WINDOWS = {
    "birth_date": validate_birth_date,
    "start_date": validate_tournament_date,
    "end_date": validate_tournament_date,
    "date": validate_tournament_date,
    "list_date": validate_tournament_date,
}
"""The window each date field of our forms is checked against, by the field's name."""


class DateWindowMixin:
    """A form mixin: every date field named in :data:`DATE_WINDOWS` that the user filled or
    changed must lie in its window. An unchanged date of an existing row (a tournament of 2015
    edited today) is left alone."""

    def clean(self):
        cleaned = super().clean()
        for name, check in DATE_WINDOWS.items():
            value = cleaned.get(name)
            if name not in self.fields or not isinstance(value, datetime.date):
                continue
            if self.initial.get(name) == value:
                continue
            try:
                check(value)
            except ValidationError as error:
                self.add_error(name, error)
        return cleaned


def imported_tournament_dates() -> tuple[datetime.date, datetime.date]:
    """The window of an imported tournament's dates: a TRF file may record a tournament of any
    past year from the first birth year on (an archive), but none later than the window of
    the forms (``TOURNAMENT_DATE_YEARS`` from today)."""
    return datetime.date(settings.BIRTH_YEAR_MIN, 1, 1), tournament_dates()[1]


def validate_imported_tournament_date(value: datetime.date) -> None:
    first, last = imported_tournament_dates()
    if not first <= value <= last:
        raise ValidationError(
            _("The date must be from %(first)s to %(last)s.")
            % {"first": first.isoformat(), "last": last.isoformat()},
            code="tournament_date",
        )


COLUMN_RANGES = {
    "SmallIntegerField": (-(2**15), 2**15 - 1),
    "PositiveSmallIntegerField": (0, 2**15 - 1),
    "IntegerField": (-(2**31), 2**31 - 1),
    "PositiveIntegerField": (0, 2**31 - 1),
    "BigIntegerField": (-(2**63), 2**63 - 1),
    "PositiveBigIntegerField": (0, 2**63 - 1),
}
"""The range of each integer column in PostgreSQL (SQLite stores any 64-bit integer: the
forms bound to PostgreSQL's so that both databases refuse the same values)."""


def bound_to_columns(form) -> None:
    """Give every integer field of a model form its column's range (a tighter bound the form
    already has stays): 40000 in a ``PositiveSmallIntegerField`` is a form error, not a 500.
    A field the form cleans itself (``clean_<name>``) is left to that method, which bounds it
    with its own message."""
    model = getattr(getattr(form, "_meta", None), "model", None)
    if model is None:
        return
    for name, field in form.fields.items():
        if not isinstance(field, forms.IntegerField) or hasattr(form, f"clean_{name}"):
            continue
        try:
            column = model._meta.get_field(name)
        except FieldDoesNotExist:
            continue
        low, high = COLUMN_RANGES.get(column.get_internal_type(), (None, None))
        if low is not None and (field.min_value is None or field.min_value < low):
            field.min_value = low
            field.validators.append(validators.MinValueValidator(low))
            field.widget.attrs["min"] = low
        if high is not None and (field.max_value is None or field.max_value > high):
            field.max_value = high
            field.validators.append(validators.MaxValueValidator(high))
            field.widget.attrs["max"] = high


class BoundedFormMixin(DateWindowMixin):
    """Dates in their windows and integers in their columns' ranges."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        bound_to_columns(self)

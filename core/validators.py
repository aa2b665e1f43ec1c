"""Sane windows for the dates organisers type, upload or import.

Birth years lie in ``settings.BIRTH_YEAR_MIN``..``BIRTH_YEAR_MAX`` (1900–2100); tournament
and round dates lie within ``settings.TOURNAMENT_DATE_YEARS`` (5) years of today. Forms, the
admin and the TRF import use the same validators, so no path stores year 1 or 9999 (a date
at the calendar's edge breaks date arithmetic on every page showing it).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
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

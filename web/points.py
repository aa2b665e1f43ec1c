"""Points and tie-break values as every page prints them: 2½, ½, 3, 25,25."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.formats import get_format

from rules.standings import format_value, half_points


def format_points(value: Fraction | Decimal) -> str:
    """Points of any point system: 2½, ½, 3, 7 (3-1-0), or a decimal for odd fractions."""
    value = Fraction(value)
    return half_points(value) or localized(format_value(value))


def points_value(value: Fraction | Decimal) -> str:
    """Points as the CSV downloads write them: a decimal as the tie-breaks are written
    (4.5, 3.0, 2.25; with the language's decimal separator), never ``4½``."""
    return localized(format_value(Fraction(value)))


def localized(text: str) -> str:
    """A decimal written with a point, in the current language's separator (2.25 → 2,25)."""
    return text.replace(".", get_format("DECIMAL_SEPARATOR"))


def stored_value(text: str | None) -> str:
    """A tie-break value stored as text (``"101/4"``, ``"1732"``) as the pages print it."""
    if text is None:
        return "–"
    if "/" in text:
        return localized(format_value(Fraction(text)))
    return localized(text)

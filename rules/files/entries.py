"""Players entered in bulk: lines pasted from a spreadsheet, or a CSV file.

One player per line, the fields in this order (trailing ones may be left out, any may be
empty)::

    name, sex, birth year, federation, FIDE ID, rating

``name`` is written as FIDE writes it, ``Lastname, Firstname`` (without a comma the last word
is the last name); ``sex`` is ``m`` or ``f``; the birth year has four digits (a full date
``YYYY-MM-DD`` gives its year); the federation is FIDE's three-letter code; the rating is a
whole number. Fields are separated by tabs (a spreadsheet's copy), semicolons, or commas
(CSV, with quotes around a name that holds a comma: ``"Spencer, Lucy",f,1994,ENG,,1650``; an
unquoted ``Spencer, Lucy, f, …`` is read the same). Blank lines and a header line starting
with ``name`` are skipped.

:func:`parse_entries` returns :class:`EntryLine` s or raises :class:`EntryError` naming the
first bad line and why. Pure: standard library only.
"""

from __future__ import annotations

import csv
import datetime
import re
from dataclasses import dataclass

SEXES = {"m": "m", "male": "m", "f": "f", "female": "f", "w": "f"}
_FEDERATION = re.compile(r"^[A-Za-z]{3}$")
_DATE = re.compile(r"^(\d{4})-\d{2}-\d{2}$")
MAX_LINES = 500


@dataclass(frozen=True)
class EntryLine:
    line: int
    last_name: str
    first_name: str = ""
    sex: str = ""
    birth_year: int | None = None
    federation: str = ""
    fide_id: int | None = None
    rating: int | None = None

    @property
    def name(self) -> str:
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name


class EntryError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def _fields(text: str) -> list[str]:
    if "\t" in text:
        return [f.strip() for f in text.split("\t")]
    if ";" in text:
        return [f.strip() for f in text.split(";")]
    fields = [f.strip() for f in next(csv.reader([text], skipinitialspace=True))]
    # "Spencer, Lucy, f, 1994": an unquoted name with its comma.
    second = fields[1] if len(fields) > 1 else ""
    if second and second.lower() not in SEXES and not second.isdigit():
        third = fields[2].lower() if len(fields) > 2 else ""
        if len(fields) in (2, 7) or third in SEXES or not third:
            fields = [f"{fields[0]}, {second}", *fields[2:]]
    return fields


def _name(value: str) -> tuple[str, str]:
    if "," in value:
        last, first = value.split(",", 1)
        return last.strip(), first.strip()
    words = value.split()
    if len(words) <= 1:
        return (words or [""])[0], ""
    return words[-1], " ".join(words[:-1])


def _whole(value: str, what: str, low: int, high: int) -> int | None:
    if not value:
        return None
    if not value.isdigit() or not low <= int(value) <= high:
        raise ValueError(f"{what} “{value}” is not a whole number from {low} to {high}")
    return int(value)


def _line(number: int, text: str, this_year: int) -> EntryLine:
    fields = _fields(text)
    if len(fields) > 6:
        raise EntryError(number, f"{len(fields)} fields, at most 6 expected")
    fields += [""] * (6 - len(fields))
    name, sex, born, federation, fide_id, rating = fields
    last, first = _name(name)
    if not last:
        raise EntryError(number, "the name is missing")
    if sex and sex.lower() not in SEXES:
        raise EntryError(number, f"sex “{sex}” is neither m nor f")
    dated = _DATE.match(born)
    try:
        year = _whole(dated.group(1) if dated else born, "birth year", 1900, this_year)
        fide = _whole(fide_id, "FIDE ID", 1, 10**12)
        points = _whole(rating, "rating", 0, 3500)
    except ValueError as error:
        raise EntryError(number, str(error)) from None
    if federation and not _FEDERATION.match(federation):
        raise EntryError(number, f"federation “{federation}” is not a three-letter code")
    return EntryLine(
        line=number,
        last_name=last,
        first_name=first,
        sex=SEXES.get(sex.lower(), ""),
        birth_year=year,
        federation=federation.upper(),
        fide_id=fide,
        rating=points,
    )


def parse_entries(text: str, *, this_year: int | None = None) -> list[EntryLine]:
    """The players of pasted lines or a CSV file's text (see the module's documentation)."""
    year = this_year or datetime.date.today().year
    entries = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip(" \r\n")
        if not line.strip() or (not entries and line.lower().startswith("name")):
            continue
        entries.append(_line(number, line, year))
        if len(entries) > MAX_LINES:
            raise EntryError(number, f"more than {MAX_LINES} players at once")
    return entries

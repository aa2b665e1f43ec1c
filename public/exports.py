"""Published rating lists as files: CSV and a FIDE-style fixed-width TXT.

Both take the ranked rows of ``ratings.queries.lists.published_rows`` (``rank`` and ``is_new``
annotated, players and clubs joined) and return text. Columns (in this order):

CSV (UTF-8, comma-separated, header row, ``\\r\\n`` line ends as the csv module writes):
``rank, id, fide_id, name, federation, sex, title, club, birth_year, rating, change, games,
k, new`` — ``id`` is the player's id on this site, ``change`` is signed and empty for a new
entry without one, ``new`` is ``1`` for a player not in the previous list, else ``0``.

TXT (one header line, then one line per player, ``\\n`` line ends; columns padded with
spaces, left-aligned text, right-aligned numbers, widths in brackets):
``Rank`` [5], ``ID Number`` [10], ``FIDE ID`` [11], ``Name`` [33], ``Fed`` [4], ``Sex`` [4],
``Tit`` [5], ``Rtng`` [5], ``Chg`` [5], ``Gms`` [4], ``K`` [3], ``B-day`` [6], ``Flag`` [5].
As in FIDE's TXT lists, ``B-day`` is the birth year and ``Flag`` holds ``w`` for a woman and
``n`` (our addition) for a new entry. A name longer than its column is cut.

Safety: a text cell (name, federation, club) starting with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return gets a leading apostrophe in both files (:func:`safe_text`), so no
spreadsheet runs it as a formula; the TXT cuts the cell to its column as before, so the
columns stay aligned.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from rules.files.text import one_line

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is read as a formula by spreadsheets."""


def safe_text(value: str) -> str:
    """A text cell a spreadsheet will not run: one starting with ``= + - @``, a tab or a
    carriage return gets a leading apostrophe (OWASP's advice for CSV injection). Numbers we
    write ourselves (ratings, signed changes) are not text and are left alone."""
    if value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


CSV_COLUMNS = (
    "rank",
    "id",
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "club",
    "birth_year",
    "rating",
    "change",
    "games",
    "k",
    "new",
)

# (header, width, align) of the TXT columns; "<" left, ">" right.
TXT_COLUMNS = (
    ("Rank", 5, ">"),
    ("ID Number", 10, ">"),
    ("FIDE ID", 11, ">"),
    ("Name", 33, "<"),
    ("Fed", 4, "<"),
    ("Sex", 4, "<"),
    ("Tit", 5, "<"),
    ("Rtng", 5, ">"),
    ("Chg", 5, ">"),
    ("Gms", 4, ">"),
    ("K", 3, ">"),
    ("B-day", 6, ">"),
    ("Flag", 5, "<"),
)


def _signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


def _values(row) -> list[str]:
    player = row.player
    return [
        str(row.rank),
        str(player.pk),
        "" if player.fide_id is None else str(player.fide_id),
        safe_text(player.name),
        safe_text(player.federation),
        player.sex.upper(),
        player.title,
        safe_text(player.club.name) if player.club else "",
        "" if player.birth_date is None else str(player.birth_date.year),
        str(row.rating),
        _signed(row.change),
        str(row.games),
        "" if row.k is None else str(row.k),
        "1" if row.is_new else "0",
    ]


def published_csv(rows: Iterable) -> str:
    """The rows as CSV text (see the module docstring for the columns)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(_values(row))
    return out.getvalue()


def _line(cells: list[str]) -> str:
    parts = []
    for (_header, width, align), cell in zip(TXT_COLUMNS, cells, strict=True):
        cell = one_line(cell)
        cell = cell[: width - 1] if len(cell) >= width else cell
        parts.append(f"{cell:{align}{width - 1}} ")
    return "".join(parts).rstrip() + "\n"


def published_txt(rows: Iterable) -> str:
    """The rows as fixed-width text (see the module docstring for the columns)."""
    lines = [_line([header for header, _width, _align in TXT_COLUMNS])]
    for row in rows:
        values = _values(row)
        flag = ("w" if row.player.sex == "f" else "") + ("n" if row.is_new else "")
        rank, pk, fide_id, name, fed, sex, title = values[:7]
        rating, change, games, k = values[9:13]
        lines.append(
            _line(
                [
                    rank,
                    pk,
                    fide_id,
                    name,
                    fed,
                    sex,
                    title,
                    rating,
                    change,
                    games,
                    k,
                    values[8],
                    flag,
                ]
            )
        )
    return "".join(lines)

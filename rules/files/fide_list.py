"""FIDE's downloadable rating list: the combined players list (standard, rapid and blitz) as
fixed-width TXT (``players_list_foa.txt``), alone or in its zip (``players_list.zip``).

The file starts with a header line naming the columns, each name where its column starts:
``ID Number``, ``Name``, ``Fed``, ``Sex``, ``Tit``, ``WTit``, ``OTit``, ``FOA``, ``SRtng SGm SK``
(standard rating, games, K), ``RRtng RGm Rk`` (rapid), ``BRtng BGm BK`` (blitz), ``B-day``,
``Flag``; it has one player per line below it, each field in the columns of its name in the header
(``ID Number`` in columns 1–15, ``Name`` in 16–76, ``Fed`` 77–80, ``Sex`` 81–84, ``Tit``
85–89, ``WTit`` 90–94, ``OTit`` 95–109, ``FOA`` 110–113, then the standard, rapid and blitz
rating, games and K, the birth year and the flags). The columns are read from the header,
not hard-wired: the legacy list without ``FOA`` reads the same. A rating of ``0`` or blank is
no rating; a birth year of ``0`` or blank is unknown; the titles are ``GM IM FM CM WGM WIM WFM
WCM`` (the old one-letter codes ``g m f c wg wm wf wc`` too); ``Flag`` holds ``i`` (inactive)
and ``w`` (woman). A few real lines are one character longer because the other titles
(``OTit``) overflow into ``FOA``: the columns after ``OTit`` are then read one further right.

:func:`iter_fide_list` reads the lines one at a time (a full list is about 1.5 million lines;
nothing is kept) and raises :class:`FideListError` with the line number and the reason at the
first line that is not a player. :func:`text_lines` opens the TXT or the zip. Pure: standard
library only.
"""

from __future__ import annotations

import contextlib
import io
import re
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

#: Header names -> our field names; ``required`` ones must be in the header.
COLUMNS = {
    "ID Number": "id",
    "Name": "name",
    "Fed": "fed",
    "Sex": "sex",
    "Tit": "title",
    "WTit": "women_title",
    "OTit": "other_titles",
    "FOA": "foa",
    "SRtng": "standard",
    "SGm": "standard_games",
    "SK": "standard_k",
    "RRtng": "rapid",
    "RGm": "rapid_games",
    "Rk": "rapid_k",
    "BRtng": "blitz",
    "BGm": "blitz_games",
    "BK": "blitz_k",
    "B-day": "born",
    "Flag": "flag",
}
REQUIRED = ("ID Number", "Name", "Fed", "Sex", "Tit", "SRtng", "RRtng", "BRtng", "B-day")
#: FIDE's title codes (and the old one-letter ones) -> the title.
TITLES = {
    "GM": "GM",
    "IM": "IM",
    "FM": "FM",
    "CM": "CM",
    "WGM": "WGM",
    "WIM": "WIM",
    "WFM": "WFM",
    "WCM": "WCM",
    "G": "GM",
    "M": "IM",
    "F": "FM",
    "C": "CM",
    "WG": "WGM",
    "WM": "WIM",
    "WF": "WFM",
    "WC": "WCM",
}
#: The order of C.04.2 2.2 (the best title first).
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_HEADER_TOKEN = re.compile(r"ID Number|\S+")
_FEDERATION = re.compile(r"^[A-Z]{3}$")
MAX_RATING = 3500


@dataclass(frozen=True)
class FidePlayer:
    """One player of the list. Ratings and K are ``None`` when FIDE gives none."""

    fide_id: int
    last_name: str
    first_name: str
    federation: str
    sex: str
    title: str
    standard: int | None
    rapid: int | None
    blitz: int | None
    standard_k: int | None
    rapid_k: int | None
    blitz_k: int | None
    birth_year: int | None
    inactive: bool


class FideListError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Layout:
    """Where each column is: field name -> (start, end), 0-based, end exclusive; ``after``:
    the start of the first column that an overflowing ``OTit`` shifts; ``width``: the length
    of a regular line."""

    columns: dict[str, tuple[int, int]]
    after: int
    width: int


def read_header(line: str) -> Layout:
    """The layout of the header line; ``FideListError`` (line 1) when it is not FIDE's."""
    header = line.rstrip("\r\n")
    tokens = [(m.group(0), m.start()) for m in _HEADER_TOKEN.finditer(header)]
    names = [name for name, _start in tokens]
    missing = [name for name in REQUIRED if name not in names]
    if missing:
        raise FideListError(
            1, f"not a FIDE players list: the header has no {', '.join(missing)} column"
        )
    columns = {}
    for index, (name, start) in enumerate(tokens):
        end = tokens[index + 1][1] if index + 1 < len(tokens) else None
        if name in COLUMNS:
            columns[COLUMNS[name]] = (start, end if end is not None else start + 6)
    after = columns.get("foa", columns["standard"])[0]
    return Layout(columns, after, columns[COLUMNS[tokens[-1][0]]][1])


def _field(line: str, layout: Layout, name: str, shift: int) -> str:
    if name not in layout.columns:
        return ""
    start, end = layout.columns[name]
    if start >= layout.after:
        start, end = start + shift, end + shift
    return line[start:end].strip()


def _number(value: str, what: str, high: int) -> int | None:
    if value in ("", "0"):
        return None
    if not value.isdigit() or int(value) > high:
        raise ValueError(f"{what} “{value}” is not a number from 0 to {high}")
    return int(value)


def _title(title: str, women: str) -> str:
    found = []
    for code in (title, women):
        if not code:
            continue
        if code.upper() not in TITLES:
            raise ValueError(f"unknown title “{code}”")
        found.append(TITLES[code.upper()])
    return min(found, key=TITLE_ORDER.index) if found else ""


def parse_line(line: str, layout: Layout, number: int) -> FidePlayer:
    """One player line (``number`` is its line number, for the error)."""
    text = line.rstrip("\r\n")
    shift = max(0, len(text) - layout.width)
    get = lambda name: _field(text, layout, name, shift)  # noqa: E731
    try:
        identifier = get("id")
        if not identifier.isdigit():
            raise ValueError(f"the ID “{identifier}” is not a number")
        name = get("name")
        if not name:
            raise ValueError("the name is missing")
        last, _comma, first = name.partition(",")
        federation = get("fed").upper()
        if federation and not _FEDERATION.match(federation):
            raise ValueError(f"the federation “{federation}” is not a three-letter code")
        sex = get("sex").upper()
        if sex not in ("M", "F"):
            raise ValueError(f"the sex “{sex}” is neither M nor F")
        born = get("born")
        return FidePlayer(
            fide_id=int(identifier),
            last_name=last.strip(),
            first_name=first.strip(),
            federation=federation,
            sex=sex.lower(),
            title=_title(get("title"), get("women_title")),
            standard=_number(get("standard"), "the standard rating", MAX_RATING),
            rapid=_number(get("rapid"), "the rapid rating", MAX_RATING),
            blitz=_number(get("blitz"), "the blitz rating", MAX_RATING),
            standard_k=_number(get("standard_k"), "the standard K", 100),
            rapid_k=_number(get("rapid_k"), "the rapid K", 100),
            blitz_k=_number(get("blitz_k"), "the blitz K", 100),
            birth_year=_number(born, "the birth year", 2100),
            inactive="i" in get("flag").lower(),
        )
    except ValueError as error:
        raise FideListError(number, str(error)) from None


def iter_fide_list(lines: Iterable[str]) -> Iterator[FidePlayer]:
    """The players of a list's lines, in order (blank lines skipped); the first line is the
    header. Raises :class:`FideListError` at the first bad line."""
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None:
        raise FideListError(1, "the file is empty")
    layout = read_header(first.lstrip("\ufeff"))
    for number, line in enumerate(iterator, start=2):
        if line.strip():
            yield parse_line(line, layout, number)


#: The most a zip may unpack to (bytes): FIDE's full list is about 250 MB of text.
MAX_UNPACKED_BYTES = 512 * 1024 * 1024
#: The most a zip may unpack to per byte packed: FIDE's list packs about 1:7, a zip bomb
#: 1:1000.
MAX_RATIO = 30
#: The longest line read (characters): FIDE's lines are about 160.
MAX_LINE = 1000


def text_lines(
    stream: BinaryIO, *, max_bytes: int = MAX_UNPACKED_BYTES, max_ratio: int = MAX_RATIO
) -> Iterator[str]:
    """The lines of a FIDE list file, the TXT itself or its zip (the first ``.txt`` inside),
    decoded as Latin-1 (the lists are ASCII), one at a time.

    A zip is bounded before and while it is unpacked: the sizes its directory declares are
    checked first, then the bytes actually unpacked are counted, and reading stops with a
    :class:`FideListError` (line 0: the file as a whole) once they pass ``max_bytes`` or
    ``max_ratio`` times the packed size, whatever the directory said. A line longer than
    :data:`MAX_LINE` stops the reading too (a file of one endless line would fill memory)."""
    if not _is_zip(stream):
        yield from _decoded(stream)
        return
    try:
        with zipfile.ZipFile(stream) as archive:
            info, packed = _member(archive, stream, max_bytes, max_ratio)
            with archive.open(info) as member:
                capped = _Capped(member, min(max_bytes, max_ratio * packed))
                yield from _decoded(io.BufferedReader(capped))
    except ZIP_ERRORS as error:
        raise FideListError(0, f"the zip cannot be read ({error})") from None


ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError)


def check_archive(
    stream: BinaryIO, *, max_bytes: int = MAX_UNPACKED_BYTES, max_ratio: int = MAX_RATIO
) -> None:
    """Raise :class:`FideListError` if ``stream`` is a zip whose directory declares more than
    the bounds of :func:`text_lines` (nothing is unpacked); rewinds the stream."""
    if _is_zip(stream):
        try:
            with zipfile.ZipFile(stream) as archive:
                _member(archive, stream, max_bytes, max_ratio)
        except ZIP_ERRORS as error:
            raise FideListError(0, f"the zip cannot be read ({error})") from None
    stream.seek(0)


def _is_zip(stream: BinaryIO) -> bool:
    stream.seek(0)
    start = stream.read(4)
    stream.seek(0)
    return start == b"PK\x03\x04"


def _member(
    archive: zipfile.ZipFile, stream: BinaryIO, max_bytes: int, max_ratio: int
) -> tuple[zipfile.ZipInfo, int]:
    """The list in the zip and its packed size (no more than the file), checked against
    the sizes the directory declares."""
    names = [n for n in archive.namelist() if n.lower().endswith(".txt")]
    if not names:
        raise FideListError(1, "the zip holds no .txt list")
    info = archive.getinfo(names[0])
    packed = max(1, min(info.compress_size, stream.seek(0, io.SEEK_END)))
    _check_declared(info, packed, max_bytes, max_ratio)
    return info, packed


def _mb(size: int) -> str:
    return f"{size / 1024 / 1024:.0f} MB" if size >= 1024 * 1024 else f"{size} bytes"


def _check_declared(info: zipfile.ZipInfo, packed: int, max_bytes: int, max_ratio: int) -> None:
    """Refuse a zip whose directory already declares too much."""
    if info.file_size > max_bytes:
        raise FideListError(
            0, f"the zip unpacks to {_mb(info.file_size)}, more than the {_mb(max_bytes)} allowed"
        )
    if info.file_size > max_ratio * packed:
        raise FideListError(
            0,
            f"the zip unpacks to {info.file_size // packed} times its packed size, more than "
            f"the {max_ratio} times of a list (a zip bomb?)",
        )


class _Capped(io.RawIOBase):
    """A member of a zip, read through a count of the bytes it unpacks to."""

    def __init__(self, member: BinaryIO, limit: int) -> None:
        self.member, self.limit, self.read_so_far = member, limit, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.member.read(min(len(buffer), self.limit + 1 - self.read_so_far))
        self.read_so_far += len(data)
        if self.read_so_far > self.limit:
            raise FideListError(
                0,
                f"the zip unpacks to more than {_mb(self.limit)}, more than its directory "
                "declared or than a list packed that small holds (a zip bomb?)",
            )
        buffer[: len(data)] = data
        return len(data)


def _decoded(stream: BinaryIO) -> Iterator[str]:
    """Latin-1 lines of ``stream``, leaving the stream itself to its owner; a line longer
    than :data:`MAX_LINE` raises :class:`FideListError`."""
    text = io.TextIOWrapper(stream, encoding="latin-1", newline=None)
    try:
        number = 0
        while line := text.readline(MAX_LINE + 1):
            number += 1
            if len(line) > MAX_LINE and not line.endswith("\n"):
                raise FideListError(number, f"the line is longer than {MAX_LINE} characters")
            yield line
    finally:
        with contextlib.suppress(ValueError):  # the owner closed the stream first
            text.detach()

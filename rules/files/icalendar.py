"""iCalendar (RFC 5545) files: a calendar of timed events, written by hand (it is small).

:func:`calendar` writes a ``VCALENDAR`` with one ``VEVENT`` per :class:`CalendarEvent`:
lines end in CRLF and are folded at 75 octets (section 3.1), text values are escaped
(section 3.3.11: backslash, semicolon, comma, line break) and every date-time is written in
UTC (``…Z``, section 3.3.5), so no time-zone component is needed.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

PRODID = "-//clubrating//Round schedule//EN"
LINE_OCTETS = 75


@dataclass(frozen=True)
class CalendarEvent:
    """One ``VEVENT``: ``uid`` stays the same for the same event from one download to the
    next; ``start`` and ``stamp`` (when it was last changed) are time-zone aware."""

    uid: str
    start: datetime.datetime
    stamp: datetime.datetime
    summary: str
    location: str = ""
    url: str = ""


def escape(text: str) -> str:
    """A TEXT value (RFC 5545 3.3.11): ``\\`` ``;`` ``,`` escaped, line breaks as ``\\n``."""
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return text.replace("\r\n", "\\n").replace("\r", "\\n").replace("\n", "\\n")


def utc(moment: datetime.datetime) -> str:
    """A DATE-TIME in UTC: ``20260307T090000Z``; a naive date-time is refused."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("an iCalendar date-time here must be time-zone aware")
    return moment.astimezone(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")


def fold(line: str) -> str:
    """A content line folded at 75 octets (RFC 5545 3.1): CRLF and one space before each
    continuation, never inside a UTF-8 character."""
    parts: list[str] = []
    current, size = "", 0
    limit = LINE_OCTETS
    for char in line:
        octets = len(char.encode("utf-8"))
        if size + octets > limit:
            parts.append(current)
            current, size = " ", 1
        current += char
        size += octets
    parts.append(current)
    return "\r\n".join(parts)


def _event_lines(event: CalendarEvent) -> list[str]:
    lines = [
        "BEGIN:VEVENT",
        f"UID:{escape(event.uid)}",
        f"DTSTAMP:{utc(event.stamp)}",
        f"DTSTART:{utc(event.start)}",
        f"SUMMARY:{escape(event.summary)}",
    ]
    if event.location:
        lines.append(f"LOCATION:{escape(event.location)}")
    if event.url:
        lines.append(f"URL:{event.url}")
    lines.append("END:VEVENT")
    return lines


def calendar(name: str, events: Iterable[CalendarEvent]) -> str:
    """The whole ``.ics`` text: a ``VCALENDAR`` named ``name`` holding ``events``."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    for event in events:
        lines.extend(_event_lines(event))
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)

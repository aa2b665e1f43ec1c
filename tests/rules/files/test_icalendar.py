"""The iCalendar writer: exact output, escaping, folding, UTC date-times (no database)."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest

from rules.files.icalendar import CalendarEvent, calendar, escape, fold, utc

MOSCOW = ZoneInfo("Europe/Moscow")


def test_a_small_schedule_is_written_exactly():
    stamp = datetime.datetime(2026, 3, 1, 8, 0, tzinfo=datetime.UTC)
    events = [
        CalendarEvent(
            uid="tournament-7-round-1@example.org",
            start=datetime.datetime(2026, 3, 7, 12, 0, tzinfo=MOSCOW),
            stamp=stamp,
            summary="Spring Open, round 1",
            location="Club; hall 2, York",
            url="https://example.org/tournaments/spring/round/1/",
        ),
        CalendarEvent(
            uid="tournament-7-round-2@example.org",
            start=datetime.datetime(2026, 3, 7, 17, 30, tzinfo=MOSCOW),
            stamp=stamp,
            summary="Spring Open, round 2",
        ),
    ]

    text = calendar("Spring Open", events)

    assert text == (
        "BEGIN:VCALENDAR\r\n"
        "VERSION:2.0\r\n"
        "PRODID:-//clubrating//Round schedule//EN\r\n"
        "CALSCALE:GREGORIAN\r\n"
        "X-WR-CALNAME:Spring Open\r\n"
        "BEGIN:VEVENT\r\n"
        "UID:tournament-7-round-1@example.org\r\n"
        "DTSTAMP:20260301T080000Z\r\n"
        "DTSTART:20260307T090000Z\r\n"
        "SUMMARY:Spring Open\\, round 1\r\n"
        "LOCATION:Club\\; hall 2\\, York\r\n"
        "URL:https://example.org/tournaments/spring/round/1/\r\n"
        "END:VEVENT\r\n"
        "BEGIN:VEVENT\r\n"
        "UID:tournament-7-round-2@example.org\r\n"
        "DTSTAMP:20260301T080000Z\r\n"
        "DTSTART:20260307T143000Z\r\n"
        "SUMMARY:Spring Open\\, round 2\r\n"
        "END:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )


def test_an_empty_calendar_has_no_event():
    assert calendar("A", []) == (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//clubrating//Round schedule//EN\r\n"
        "CALSCALE:GREGORIAN\r\nX-WR-CALNAME:A\r\nEND:VCALENDAR\r\n"
    )


@pytest.mark.parametrize(
    ("text", "escaped"),
    [
        ("a\\b", "a\\\\b"),
        ("a;b,c", "a\\;b\\,c"),
        ("one\ntwo\r\nthree", "one\\ntwo\\nthree"),
        ("Кубок: тур 1", "Кубок: тур 1"),
    ],
)
def test_text_values_are_escaped(text, escaped):
    assert escape(text) == escaped


def test_long_lines_fold_at_75_octets_without_splitting_a_character():
    line = "SUMMARY:" + "Ш" * 60  # 8 + 120 octets

    folded = fold(line)

    parts = folded.split("\r\n")
    assert [len(part.encode()) for part in parts] == [74, 55]
    assert parts[1].startswith(" ")
    assert "".join(part[1:] if i else part for i, part in enumerate(parts)) == line


def test_a_short_line_is_not_folded():
    assert fold("X" * 75) == "X" * 75
    assert fold("X" * 76) == "X" * 75 + "\r\n X"


def test_a_naive_date_time_is_refused():
    with pytest.raises(ValueError, match="time-zone aware"):
        utc(datetime.datetime(2026, 3, 7, 12, 0))

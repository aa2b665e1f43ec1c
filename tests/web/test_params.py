"""The query-string parsers: ASCII digits only, within bounds, text without NUL."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.params import MAX_ID, parse_id, parse_int, parse_text


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("7", 7),
        (" 12 ", 12),
        ("²", None),  # str.isdigit() says yes, int() refuses
        ("٣", None),  # int() accepts an Arabic-Indic three: not an id we print
        ("１", None),  # a fullwidth one
        ("0", None),
        ("-3", None),
        ("+3", None),
        ("3.0", None),
        ("", None),
        (None, None),
        ("1\x00", None),
        (str(MAX_ID), MAX_ID),
        (str(MAX_ID + 1), None),
        ("9" * 5000, None),
    ],
)
def test_parse_id(raw, expected):
    assert parse_id(raw) == expected


def test_parse_int_bounds_and_default():
    assert parse_int("40000", maximum=32767) is None
    assert parse_int("40000", maximum=32767, default=5) == 5
    assert parse_int("-5", minimum=-10, maximum=10) == -5
    assert parse_int("-5", minimum=0, maximum=10) is None
    assert parse_int("0", minimum=0, maximum=10) == 0


def test_parse_text_strips_nul_and_caps_length():
    assert parse_text("\x00a\x00b ") == "ab"
    assert parse_text("x" * 500) == "x" * 100
    assert parse_text("x" * 500, limit=3) == "xxx"
    assert parse_text(None) == ""


@given(st.text(max_size=40))
def test_parse_id_gives_none_or_an_id_in_the_column_range(raw):
    found = parse_id(raw)
    assert found is None or (1 <= found <= MAX_ID and str(found) == raw.strip().lstrip("0"))


@given(st.text(max_size=200))
def test_parse_text_never_holds_nul(raw):
    assert "\x00" not in parse_text(raw)

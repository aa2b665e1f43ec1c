"""Players entered in bulk: the pasted lines and CSV files the organiser's form reads."""

import pytest

from rules.files.entries import EntryError, EntryLine, parse_entries


def test_tab_separated_lines_from_a_spreadsheet():
    text = "Spencer, Lucy\tf\t1994\tENG\t\t1650\nCarlsen, Magnus\tm\t1990\tNOR\t1503014\t2830\n"

    assert parse_entries(text, this_year=2026) == [
        EntryLine(1, "Spencer", "Lucy", "f", 1994, "ENG", None, 1650),
        EntryLine(2, "Carlsen", "Magnus", "m", 1990, "NOR", 1503014, 2830),
    ]


def test_csv_with_a_header_quoted_names_and_unquoted_ones():
    text = (
        "name,sex,birth year,federation,FIDE ID,rating\n"
        '"Spencer, Lucy",f,1994,eng,,1650\n'
        "Spencer, Tom, m, 2012-05-01\n"
        "\n"
        "Lucy Brown;f\n"
    )

    assert parse_entries(text, this_year=2026) == [
        EntryLine(2, "Spencer", "Lucy", "f", 1994, "ENG", None, 1650),
        EntryLine(3, "Spencer", "Tom", "m", 2012),
        EntryLine(5, "Brown", "Lucy", "f"),
    ]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("Ok, Anna\tf\nBad\tx", 2, "sex “x” is neither m nor f"),
        ("A\tm\t1850\n", 1, "birth year “1850” is not a whole number from 1900 to 2026"),
        ("A\tm\t\tEN", 1, "federation “EN” is not a three-letter code"),
        ("A\tm\t\t\t12a", 1, "FIDE ID “12a” is not a whole number from 1 to 1000000000000"),
        ("A\tm\t\t\t\t4000", 1, "rating “4000” is not a whole number from 0 to 3500"),
        ("\tm", 1, "the name is missing"),
        ("A\tm\t\t\t\t\t\t", 1, "8 fields, at most 6 expected"),
    ],
)
def test_a_bad_line_is_refused_with_its_number(text, line, message):
    with pytest.raises(EntryError) as refused:
        parse_entries(text, this_year=2026)

    assert (refused.value.line, refused.value.message) == (line, message)

"""FIDE's combined players list (fixed-width TXT, or its zip): the streaming reader."""

from __future__ import annotations

import pytest

from rules.files.fide_list import FideListError, FidePlayer, iter_fide_list, text_lines
from tests.datafiles import FIDE


def _players(name: str) -> list[FidePlayer]:
    with (FIDE / name).open("rb") as stream:
        return list(iter_fide_list(text_lines(stream)))


def test_every_field_of_the_sample_list():
    players = _players("players_list_foa.txt")

    assert [p.fide_id for p in players] == [
        1503014, 4100018, 4100026, 4100034, 4100042, 4100050, 4100069, 4100077, 4100093,
    ]  # fmt: skip
    assert players[0] == FidePlayer(
        fide_id=1503014,
        last_name="Carlsen",
        first_name="Magnus",
        federation="NOR",
        sex="m",
        title="GM",
        standard=2830,
        rapid=2815,
        blitz=2880,
        standard_k=10,
        rapid_k=10,
        blitz_k=10,
        birth_year=1990,
        inactive=False,
    )
    # Women's title in its own column; the better of two titles (C.04.2 order: IM before WGM).
    assert [(p.last_name, p.title) for p in players if p.title] == [
        ("Carlsen", "GM"),
        ("Spencer", "WFM"),
        ("Okafor", "WCM"),
        ("Lindqvist", "FM"),
        ("Ivanova", "IM"),
    ]
    unrated = players[5]
    assert (unrated.standard, unrated.rapid, unrated.blitz, unrated.standard_k) == (None,) * 4
    assert (players[4].inactive, players[7].first_name, players[7].last_name) == (
        True,
        "",
        "Brown",
    )
    # The line whose other titles overflow by one character reads the columns after them.
    assert (players[8].last_name, players[8].standard, players[8].birth_year) == (
        "Moreau",
        2004,
        1979,
    )


def test_the_zip_reads_as_the_text():
    assert _players("players_list.zip") == _players("players_list_foa.txt")


def test_a_malformed_line_is_refused_with_its_number():
    with pytest.raises(FideListError) as refused:
        _players("players_list_malformed.txt")

    assert (refused.value.line, refused.value.message) == (5, "the sex “X” is neither M nor F")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "the file is empty"),
        ("Name Fed\n", 1, "not a FIDE players list: the header has no ID Number, Sex, Tit, "
         "SRtng, RRtng, BRtng, B-day column"),
    ],
)  # fmt: skip
def test_a_file_that_is_not_a_list_is_refused(text, line, message):
    with pytest.raises(FideListError) as refused:
        list(iter_fide_list(text.splitlines(keepends=True)))

    assert (refused.value.line, refused.value.message) == (line, message)


def test_the_reader_keeps_nothing_between_lines():
    """A generator: each player is produced from its line alone (memory stays flat)."""
    header = (FIDE / "players_list_foa.txt").read_text(encoding="latin-1").splitlines()[0]
    row = (FIDE / "players_list_foa.txt").read_text(encoding="latin-1").splitlines()[2]

    def lines():
        yield header
        for number in range(100_000):
            yield f"{4_000_000 + number:<15}{row[15:]}"

    reader = iter_fide_list(lines())
    first = next(reader)
    count = 1 + sum(1 for _player in reader)

    assert (first.fide_id, first.last_name, count) == (4_000_000, "Spencer", 100_000)

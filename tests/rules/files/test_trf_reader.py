"""Reading real and sample TRF files: fields, quirks and TRF-2026 / engine records."""

from __future__ import annotations

import datetime as dt

import pytest

from rules.files.trf import PointSystem, RoundEntry, parse_trf, parse_trf_date, read_trf
from tests.rules.files.sample import SAMPLE


def test_sample_player_fields():
    trf = parse_trf(SAMPLE)

    p = trf.player(1)
    assert (p.tpn, p.sex, p.title, p.name, p.rating, p.federation) == (
        1,
        "m",
        "GM",
        "Alpha, Anna",
        2500,
        "NOR",
    )
    assert (p.fide_id, p.birth_date, p.points, p.rank) == (1503014, "1990/11/30", 2.0, 1)
    assert p.rounds == [RoundEntry(3, "w", "1"), RoundEntry(2, "b", "1")]
    q = trf.player(4)
    assert (q.sex, q.title, q.normalized_title, q.fide_id, q.birth_date) == (
        "",
        "wf",
        "WFM",
        None,
        "2001",
    )
    assert q.rounds[2] == RoundEntry(None, "-", "H")


def test_sample_header_records():
    trf = parse_trf(SAMPLE)

    assert trf.name == "Club Championship"
    assert trf.headers["022"] == "Oslo"
    assert trf.start_date == dt.date(2026, 2, 1)
    assert trf.end_date == dt.date(2026, 2, 3)
    assert trf.deputies == ["Deputy, One", "Deputy, Two"]
    assert (trf.total_rounds, trf.initial_colour) == (3, "w")
    assert trf.point_system == PointSystem()


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_line_endings(ending):
    assert parse_trf(SAMPLE.replace("\n", ending)) == parse_trf(SAMPLE)


def test_byte_order_mark_ignored():
    assert parse_trf("\ufeff" + SAMPLE) == parse_trf(SAMPLE)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026/02/01", dt.date(2026, 2, 1)),
        ("1969.12.06", dt.date(1969, 12, 6)),
        ("28. 07. 2005", dt.date(2005, 7, 28)),
        ("May 29, 2020", dt.date(2020, 5, 29)),
        ("26/03/05", dt.date(2026, 3, 5)),
        ("2001", None),
        ("", None),
        ("2005/13/40", None),
    ],
)
def test_parse_trf_date(text, expected):
    assert parse_trf_date(text) == expected


def test_trf2026_and_engine_records():
    extra = (
        "162  W 3.0    D 1.0    L 0.0    P 1.0\n"
        "240 H   3    4\n"
        "250       1.0   1   2    1    2\n"
        "260   1   9    1    2\n"
        "XXP 3 4\n"
        "XXZ 2\n"
        "### a comment\n"
    )
    text = SAMPLE.replace("142 3\n", "142 3\n" + extra.split("\n", 1)[0] + "\n")
    text += "".join(line + "\n" for line in extra.split("\n")[1:] if line)
    for tpn, points in ((1, " 6.0"), (2, " 1.0"), (4, " 5.0")):
        lines = text.split("\n")
        i = next(k for k, line in enumerate(lines) if line.startswith(f"001 {tpn:4d}"))
        lines[i] = lines[i][:80] + points + lines[i][84:]
        text = "\n".join(lines)

    trf = parse_trf(text)

    assert trf.point_system == PointSystem(
        win=3, draw=1, loss=0, forfeit_win=3, pab=1, half_bye=1, full_bye=3
    )
    assert trf.byes == [("H", 3, 4)]
    assert trf.accelerations == {1: [1.0, 1.0], 2: [1.0, 1.0]}
    assert trf.forbidden_pairs == [(1, 9, (1, 2)), (1, None, (3, 4))]
    assert trf.absent_next_round == [2]
    assert trf.other_lines == ["### a comment"]


def test_xxs_and_bbp_point_records():
    text = SAMPLE + "XXS W=1 D=0.5 HPB=0 PAB=0.5\nBBF  0.0\n"
    text = text.replace(
        "2200 NOR             2001        2.0", "2200 NOR             2001        1.5"
    )

    trf = parse_trf(text)

    assert trf.point_system == PointSystem(half_bye=0, pab="0.5")


def test_example1_fide_sample(data_dir):
    trf = read_trf(data_dir / "trf-real" / "example1.trf")

    assert len(trf.players) == 283
    assert [p.name for p in trf.bye_placeholders] == ["spielfrei"]
    assert trf.name == "9. Karl-Mala-Gedenkturnier"
    assert trf.start_date == dt.date(2005, 7, 28)
    assert trf.end_date == dt.date(2005, 7, 31)
    assert trf.deputies == ["NSR Thomas Rondio, NSR Wolfgang Hettler"]
    first = trf.player(1)
    assert (first.name, first.title, first.normalized_title, first.rating) == (
        "Vasquez,Rodrigo",
        "g",
        "GM",
        2558,
    )
    assert (first.federation, first.fide_id, first.birth_date) == ("CHI", 3400042, "1969.12.06")
    assert (first.points, first.rank) == (6.0, 4)
    winner = trf.player(5)
    assert (winner.name, winner.points, winner.rank) == ("Mikhaletz,Lubomir", 6.5, 1)
    assert trf.player(13).points == 0.0
    assert trf.player(13).rounds == [RoundEntry(153, "-", "-")]
    assert trf.player(153).rounds[0] == RoundEntry(13, "-", "+")
    assert trf.player(282).rounds[4] == RoundEntry(None, "-", "+")
    assert trf.player(283).points == 2.5
    assert sum(p.points for p in trf.players) == 981.0
    assert max(len(p.rounds) for p in trf.players) == 7


def test_lichess_exports(data_dir):
    june = read_trf(data_dir / "trf-real" / "2020_06.trf")
    march = read_trf(data_dir / "trf-real" / "2021_03.trf")

    assert (len(june.players), june.total_rounds, june.initial_colour) == (13, 10, "w")
    assert (len(march.players), march.total_rounds, march.initial_colour) == (9, 9, "b")
    assert june.player(5).rounds[:2] == [RoundEntry(None, "-", "H"), RoundEntry(None, "-", "-")]
    assert june.player(5).points == 5.5
    assert june.player(6).rounds[1] == RoundEntry(None, "-", "U")
    assert march.player(1).rounds[8] == RoundEntry(None, "-", "U")
    assert [p.points for p in march.players] == [7.5, 7.5, 6.0, 6.0, 6.0, 4.0, 3.5, 2.5, 2.0]


def test_all_shared_files_read(data_dir):
    files = sorted(data_dir.glob("*/*.trf"))

    counts = {f.name: len(read_trf(f).players) for f in files}

    # with gacrux/zero-bye-then-forfeit.trf, the 24 team files of gacrux-teams/ and the team
    # export of team-trf/ (their member 001 records read as an individual file)
    assert len(files) == 56
    assert counts["issue_7.trf"] == 60
    assert counts["rtg-1023-126p-9r.trf"] == 126
    assert read_trf(data_dir / "dutch-2026" / "rtg-1002-37p-7r.trf").point_system.win == 3.0

"""Writing TRF-2026: read -> write -> read is identical, our own output is byte-stable."""

from __future__ import annotations

from rules.files.trf import PlayerRecord, PointSystem, RoundEntry, TrfFile, parse_trf, write_trf
from tests.rules.files.sample import SAMPLE


def test_sample_written_byte_identical():
    assert write_trf(parse_trf(SAMPLE)) == SAMPLE


def test_write_with_crlf():
    text = write_trf(parse_trf(SAMPLE), line_ending="\r\n")

    assert text == SAMPLE.replace("\n", "\r\n")


def test_written_player_columns():
    trf = TrfFile(total_rounds=2)
    trf.players = [
        PlayerRecord(
            7,
            "Doe, Jane",
            "w",
            "WIM",
            1987,
            "USA",
            2000123,
            "1999/01/31",
            1.0,
            2,
            [RoundEntry(8, "w", "1"), RoundEntry(None, "-", "Z")],
        ),
        PlayerRecord(
            8,
            "Roe, Rick",
            "m",
            "",
            0,
            "",
            None,
            "",
            0.5,
            1,
            [RoundEntry(7, "b", "0"), RoundEntry(None, "-", "H")],
        ),
    ]

    lines = write_trf(trf).split("\n")

    assert lines[1] == (
        "001    7 wWIM "
        + "Doe, Jane".ljust(33)
        + " 1987 USA     2000123 1999/01/31  1.0    2     8 w 1  0000 - Z"
    )
    assert lines[2][80:84] == " 0.5"
    assert lines[2][91:95] == "   7"
    assert lines[2][96] == "b"
    assert lines[2][98] == "0"


def test_three_one_zero_writes_162():
    trf = parse_trf(SAMPLE)
    trf.point_system = PointSystem(win=3, draw=1, forfeit_win=3, pab=3, half_bye=1, full_bye=3)
    for p, points in zip(trf.players, (6.0, 1.0, 0.0, 5.0), strict=True):
        p.points = points

    text = write_trf(trf)

    assert "162  W 3.0    D 1.0    L 0.0\n" in text
    assert "XXS" not in text
    assert parse_trf(text) == trf


def test_unusual_point_system_also_writes_xxs():
    trf = parse_trf(SAMPLE)
    trf.point_system = PointSystem(half_bye=0)
    trf.player(4).points = 1.5

    text = write_trf(trf)

    assert "XXS W=1 D=0.5 L=0 FW=1 FL=0 ZPB=0 HPB=0 FPB=1 PAB=1\n" in text
    assert parse_trf(text).point_system == PointSystem(half_bye=0)


def test_real_and_reference_files_round_trip(data_dir):
    files = sorted(data_dir.glob("*/*.trf"))

    for path in files:
        first = parse_trf(path.read_text(encoding="utf-8"))
        written = write_trf(first)
        second = parse_trf(written)
        assert second == first, path.name
        assert write_trf(second) == written, path.name


def test_example1_placeholder_written_after_players(data_dir):
    trf = parse_trf((data_dir / "trf-real" / "example1.trf").read_text(encoding="utf-8"))

    lines = write_trf(trf).rstrip("\n").split("\n")

    assert lines[-1].startswith("001  284      spielfrei")
    assert sum(1 for line in lines if line.startswith("001")) == 284


def test_round_dates_and_trf2026_text_records_round_trip():
    dates = "132" + " " * 88 + "26/02/01  26/02/02  26/02/03"
    text = SAMPLE.replace("142 3\n", f"{dates}\n142 3\n") + "192 FIDE_DUTCH_2026\n202 BH:GP/C1\n"

    trf = parse_trf(text)
    written = write_trf(trf)

    assert trf.round_dates == ["26/02/01", "26/02/02", "26/02/03"]
    assert trf.headers["192"] == "FIDE_DUTCH_2026"
    assert parse_trf(written) == trf
    assert dates in written.split("\n")
    assert write_trf(parse_trf(written)) == written

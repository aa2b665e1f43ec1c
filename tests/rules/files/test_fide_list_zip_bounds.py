"""FIDE's zip, bounded: by what it unpacks to and by its compression ratio, checked on the
sizes its directory declares and again on the bytes actually unpacked; a line that never ends
stops the reading too.

Before: a 1 MB zip held a worker 30 s, a 306 KB zip took it to 680 MB."""

from __future__ import annotations

import io
import random

import pytest

from rules.files.fide_list import MAX_LINE, FideListError, check_archive, text_lines
from tests.datafiles import FIDE_SAMPLE as SAMPLE
from tests.datafiles import declaring, zipped


def noise(size: int) -> bytes:
    """Lines of random letters: they pack about 1:1.6, like nothing FIDE would send."""
    letters = random.Random(19)
    lines = ("".join(letters.choices("ABCDEFGHIJKLMNOP", k=79)) for _ in range(size // 80 + 1))
    return "\n".join(lines).encode()[:size]


def _read(data: bytes, **bounds: int) -> list[str]:
    return list(text_lines(io.BytesIO(data), **bounds))


def test_a_zip_that_unpacks_beyond_the_bound_is_refused_before_it_is_unpacked():
    archive = zipped(noise(300_000))

    with pytest.raises(FideListError) as declared:
        check_archive(io.BytesIO(archive), max_bytes=200_000)
    with pytest.raises(FideListError) as read:
        _read(archive, max_bytes=200_000)

    assert len(archive) < 200_000
    assert (declared.value.line, declared.value.message) == (
        0,
        "the zip unpacks to 300000 bytes, more than the 200000 bytes allowed",
    )
    assert read.value.message == declared.value.message


def test_a_zip_bomb_with_an_absurd_ratio_is_refused():
    archive = zipped(b"0" * 20_000_000)  # 20 MB of one byte: about 20 KB packed

    with pytest.raises(FideListError) as refused:
        check_archive(io.BytesIO(archive))

    assert len(archive) < 40_000
    assert refused.value.line == 0
    assert refused.value.message.startswith("the zip unpacks to ")
    assert refused.value.message.endswith(
        " times its packed size, more than the 30 times of a list (a zip bomb?)"
    )


def test_a_zip_that_lies_about_its_size_is_stopped_while_it_is_read():
    # The directory says 2,000 bytes: within every bound. The member holds 20 MB.
    archive = declaring(zipped(SAMPLE + b"0" * 20_000_000), 2_000)
    check_archive(io.BytesIO(archive))  # the declared sizes pass

    with pytest.raises(FideListError) as refused:
        _read(archive)

    assert (refused.value.line, refused.value.message) == (
        0,
        "the zip cannot be read (Bad CRC-32 for file 'players_list_foa.txt')",
    )


def test_the_unpacked_bytes_are_counted_whatever_the_directory_says():
    archive = zipped(noise(50_000))

    lines = _read(archive, max_bytes=50_000)
    with pytest.raises(FideListError) as refused:
        _read(archive, max_bytes=50_000, max_ratio=1)  # packed about 31,000 bytes

    assert "".join(lines).encode() == noise(50_000)
    assert refused.value.message.startswith("the zip unpacks to 1 times its packed size")


def test_a_line_that_never_ends_stops_the_reading():
    endless = SAMPLE.split(b"\n")[0] + b"\n" + noise(200_000).replace(b"\n", b"")

    for data in (endless, zipped(endless)):
        with pytest.raises(FideListError) as refused:
            _read(data)

        assert (refused.value.line, refused.value.message) == (
            2,
            f"the line is longer than {MAX_LINE} characters",
        )


def test_a_broken_zip_is_a_message_not_a_crash():
    broken = zipped(SAMPLE)[:200]

    with pytest.raises(FideListError) as refused:
        check_archive(io.BytesIO(broken))

    assert refused.value.line == 0
    assert refused.value.message.startswith("the zip cannot be read (")

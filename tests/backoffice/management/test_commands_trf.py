"""The import_trf and export_trf management commands."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from ratings.models import PlayerRating
from tests.factories import standard_list
from tests.trf_samples import SMALL
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_import_trf_command_creates_a_rated_tournament(tmp_path: Path):
    path = tmp_path / "small.trf"
    path.write_text(SMALL, encoding="utf-8")
    out = StringIO()

    call_command(
        "import_trf", str(path), "--list", "chess-standard", "--starting-ratings", stdout=out
    )

    t = Tournament.objects.get()
    assert t.rating_list == standard_list()
    assert "3 players created" in out.getvalue()
    ratings = PlayerRating.objects.filter(rating_list=t.rating_list)
    assert sorted(r.starting_rating for r in ratings) == [1800, 1900, 2000]


def test_import_trf_command_lists_every_problem_and_fails(tmp_path: Path):
    path = tmp_path / "bad.trf"
    path.write_text(SMALL.replace("2000 ENG", "2x00 ENG").replace("001    3", "001    x"))

    with pytest.raises(CommandError) as failure:
        call_command("import_trf", str(path))

    message = str(failure.value)
    assert "line 5, column 49" in message
    assert "line 7, column 5" in message
    assert Tournament.objects.count() == 0


def test_import_trf_command_refuses_a_missing_file(tmp_path: Path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_trf", str(tmp_path / "missing.trf"))


def test_export_trf_command_writes_the_file(tmp_path: Path):
    path = tmp_path / "small.trf"
    path.write_text(SMALL, encoding="utf-8")
    call_command("import_trf", str(path), stdout=StringIO())
    slug = Tournament.objects.get().slug
    out = StringIO()

    call_command("export_trf", slug, stdout=out)
    call_command("export_trf", slug, "-o", str(tmp_path / "out.trf"), stdout=StringIO())

    assert out.getvalue().startswith("012 Club Open\n")
    assert (tmp_path / "out.trf").read_text(encoding="utf-8") == out.getvalue()


def test_export_trf_command_refuses_an_unknown_tournament():
    with pytest.raises(CommandError, match="No tournament"):
        call_command("export_trf", "nope")


@pytest.mark.parametrize("key", ["²", "٣", "9" * 40, "\x00"])
def test_export_trf_command_refuses_a_key_that_is_no_id(key):
    with pytest.raises(CommandError, match="No tournament"):
        call_command("export_trf", key)

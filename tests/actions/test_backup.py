"""export_all / import_all: the demo club round-trips with identical ratings; bad exports
and non-empty databases are refused with nothing written."""

from __future__ import annotations

import hashlib
import json
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management import CommandError, call_command
from django.db import connection

from actions.backup import (
    DERIVED_FIELDS,
    DERIVED_MODELS,
    MANIFEST,
    ExactJSONEncoder,
    exported_models,
)
from core.models import AuditEntry
from players.models import Player
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange, RatingList
from tournaments.models import Game

pytestmark = pytest.mark.django_db

SMALL = ["--players", "30", "--months", "2", "--today", "2026-03-15"]


def source_rows() -> dict[str, str]:
    """Every exported row (primary keys included), serialized the way the export does it."""
    return {
        model._meta.label_lower: serializers.serialize(
            "json",
            model._default_manager.order_by("pk"),
            fields=[
                f.name
                for f in [*model._meta.local_fields, *model._meta.local_many_to_many]
                if f.name not in DERIVED_FIELDS.get(model._meta.label_lower, ())
            ],
            use_natural_foreign_keys=True,
            cls=ExactJSONEncoder,
        )
        for model in exported_models()
    }


def derived_rows() -> dict[str, list]:
    """Every PlayerRating, PublishedRating and ledger row, and the list checkpoints."""
    return {
        "ratings": list(PlayerRating.objects.order_by("pk").values()),
        "published": list(
            PublishedRating.objects.order_by("published_list_id", "player_id").values_list(
                "published_list_id", "player_id", "rating", "games", "k", "change"
            )
        ),
        "ledger": list(
            RatingChange.objects.order_by("game_id", "player_id").values_list(*RatingChange.COLUMNS)
        ),
        "lists": list(PublishedList.objects.order_by("pk").values()),
    }


def run(command: str, *args: str) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def flush() -> None:
    """``manage.py flush`` inside the test's transaction (rolled back after the test).

    PostgreSQL cannot TRUNCATE tables with deferred foreign-key checks pending: run them first.
    """
    connection.check_constraints()
    call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def demo(tmp_path):
    """The (small) demo club with a staff user, exported to ``tmp_path / "export"``."""
    run("seed_demo", *SMALL)
    get_user_model().objects.create_user("arbiter", password="pw-for-tests", is_staff=True)  # noqa: S106
    directory = tmp_path / "export"
    run("export_all", str(directory))
    return directory


def test_round_trip_of_the_demo_club_gives_identical_rows_and_ratings(demo, tmp_path):
    source, derived = source_rows(), derived_rows()
    counts = {e["model"]: e["count"] for e in json.loads((demo / MANIFEST).read_text())["models"]}
    flush()

    message = run("import_all", str(demo))

    assert source_rows() == source
    assert derived_rows() == derived
    assert counts["tournaments.game"] == Game.objects.count() > 200
    assert counts["auth.user"] == 1
    assert (
        message
        == f"Imported {sum(counts.values())} rows of {len(counts)} models; ratings replayed.\n"
    )
    # A second export of the rebuilt site is byte-identical, file by file.
    again = tmp_path / "again"
    run("export_all", str(again))
    for entry in json.loads((demo / MANIFEST).read_text())["models"]:
        assert (again / entry["file"]).read_bytes() == (demo / entry["file"]).read_bytes()


def test_export_leaves_out_derived_models_and_columns(demo):
    manifest = json.loads((demo / MANIFEST).read_text())
    files = sorted(p.name for p in demo.iterdir())
    ratings = json.loads((demo / "ratings.playerrating.json").read_text())

    assert (manifest["format"], manifest["version"]) == ("clubrating-export", 1)
    assert {e["model"] for e in manifest["models"]}.isdisjoint(DERIVED_MODELS)
    assert "ratings.ratingchange.json" not in files
    assert "ratings.publishedrating.json" not in files
    assert set(ratings[0]["fields"]) == {
        "rating_list",
        "player",
        "starting_rating",
        "starting_games",
        "starting_date",
        "declared_grade",
    }
    assert manifest["derived_fields"]["ratings.publishedlist"] == ["replay_state"]


def test_import_into_a_database_with_data_is_refused(demo):
    players = Player.objects.count()

    with pytest.raises(CommandError) as refused:
        run("import_all", str(demo))

    assert str(refused.value).startswith(
        "Nothing imported: The database is not empty (auth.user, core.auditentry, "
        "events.discount, events.division, events.event, events.matchcard, "
        "events.matchcardboard, events.matchday, events.season, events.section, players.club"
    )
    assert Player.objects.count() == players


def _rewrite(directory: Path, name: str, text: str) -> None:
    """Replace a file of the export and fix its checksum, as a tampered export would."""
    (directory / name).write_text(text)
    manifest = json.loads((directory / MANIFEST).read_text())
    for entry in manifest["models"]:
        if entry["file"] == name:
            entry["sha256"] = hashlib.sha256(text.encode()).hexdigest()
    (directory / MANIFEST).write_text(json.dumps(manifest))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("checksum", "players.player.json does not match its checksum: the file is damaged."),
        ("missing", "players.player.json is missing from the export."),
        ("manifest", "manifest.json is not valid JSON"),
        ("version", "Export format version 99; this site reads 1."),
        ("dangling", "(references between files)"),
        ("not json", "players.player.json: "),
        ("count", "players.player.json: 29 rows, the manifest says 30."),
    ],
)
def test_a_bad_export_is_refused_and_the_database_stays_empty(demo, damage, message):
    players_file = demo / "players.player.json"
    if damage == "checksum":
        players_file.write_text(players_file.read_text().replace("Ames", "Amos", 1) + " ")
    elif damage == "missing":
        players_file.unlink()
    elif damage == "manifest":
        (demo / MANIFEST).write_text("{not json")
    elif damage == "version":
        manifest = json.loads((demo / MANIFEST).read_text())
        (demo / MANIFEST).write_text(json.dumps({**manifest, "version": 99}))
    elif damage == "dangling":
        games = json.loads((demo / "tournaments.game.json").read_text())
        games[0]["fields"]["white"] = 999999
        _rewrite(demo, "tournaments.game.json", json.dumps(games))
    elif damage == "not json":
        _rewrite(demo, "players.player.json", "[{]")
    else:
        rows = json.loads(players_file.read_text())
        manifest = json.loads((demo / MANIFEST).read_text())
        for entry in manifest["models"]:
            if entry["model"] == "players.player":
                entry["count"] = 30
        (demo / MANIFEST).write_text(json.dumps(manifest))
        _rewrite(demo, "players.player.json", json.dumps(rows[:29]))
    flush()

    with pytest.raises(CommandError) as refused:
        run("import_all", str(demo))

    assert message in str(refused.value)
    assert Player.objects.count() == 0
    assert Game.objects.count() == 0
    assert RatingList.objects.count() == 0
    assert AuditEntry.objects.count() == 0


def test_export_refuses_a_directory_that_is_not_empty(tmp_path):
    (tmp_path / "old.txt").write_text("x")

    with pytest.raises(CommandError) as refused:
        run("export_all", str(tmp_path))

    assert str(refused.value) == f"{tmp_path} is not an empty directory."

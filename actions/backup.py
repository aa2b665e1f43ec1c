"""Export everything needed to rebuild the site, and rebuild it into an empty database.

The export holds the source-of-truth rows only: every model of the project's own apps plus
users and groups, serialized generically with Django's JSON serializer (one file per model,
in dependency order), and a manifest with the format version, the row counts and a SHA-256
of every file. Derived rows (the ledger, published list rows) and derived columns (the
replayed fields of ``PlayerRating``, the checkpoints of ``PublishedList``) are left out:
the import replays every rating list, which writes them again.

A model added later (by any app of the project) is exported without changes here, unless it
holds derived data: then add it to :data:`DERIVED_MODELS` or :data:`DERIVED_FIELDS`.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core import serializers
from django.core.exceptions import FieldDoesNotExist, ObjectDoesNotExist, ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, connection, models, transaction
from django.utils import timezone

from core import roles
from core.roles import Actor
from core.unit_of_work import FROM_THE_START, change
from players.models import Club, Player
from ratings.models import PlayerRating, RatingList
from rules.search_key import club_key, player_key

FORMAT = "clubrating-export"
VERSION = 1
MANIFEST = "manifest.json"

#: Models the replay writes (and its bookkeeping of updates to do): never exported.
DERIVED_MODELS = frozenset(
    {"ratings.ratingchange", "ratings.publishedrating", "ratings.pendingupdate"}
)
#: Columns the replay writes in models that are otherwise inputs: not exported.
DERIVED_FIELDS: dict[str, frozenset[str]] = {
    "ratings.playerrating": frozenset(PlayerRating.DERIVED_FIELDS),
    "ratings.publishedlist": frozenset({"replay_state"}),
    "ratings.ratinglist": frozenset({"version", "roster_version"}),
    # The names folded for the search (rules.search_key): written again from the names.
    "players.player": frozenset({"search_key"}),
    "players.club": frozenset({"search_key"}),
}
#: Models whose rows the migrations create (the rating lists, the "Staff" group): an "empty"
#: database may hold them, and the import overwrites them (groups: the one of the same name).
CREATED_BY_MIGRATIONS = frozenset({"ratings.ratinglist", "auth.group"})


class ExactJSONEncoder(DjangoJSONEncoder):
    """Django's encoder, but times keep their microseconds (Django cuts them to milliseconds),
    so that an imported row equals the exported one."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime):
            value = o.isoformat()
            return value[:-6] + "Z" if value.endswith("+00:00") else value
        if isinstance(o, datetime.time):
            return o.isoformat()
        return super().default(o)


class BackupError(Exception):
    """The export or import cannot go on; the message says why (nothing was written)."""


def _label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def _project_apps() -> list[Any]:
    base = Path(settings.BASE_DIR).resolve()
    found = []
    for config in apps.get_app_configs():
        path = Path(config.path).resolve()
        if base in path.parents and ".venv" not in path.parts:
            found.append(config)
    return found


def exported_models() -> list[type[models.Model]]:
    """The models exported, in an order that loads every row after the rows it points to."""
    candidates: list[type[models.Model]] = [Group, get_user_model()]
    for config in _project_apps():
        candidates.extend(config.get_models())
    chosen = [
        model
        for model in candidates
        if _label(model) not in DERIVED_MODELS and not model._meta.proxy and model._meta.managed
    ]
    return _in_dependency_order(chosen)


def _in_dependency_order(chosen: list[type[models.Model]]) -> list[type[models.Model]]:
    """Every model after the models its foreign keys point to (ties: the given order)."""
    targets = {
        model: {
            field.related_model
            for field in [*model._meta.local_fields, *model._meta.local_many_to_many]
            if field.is_relation
            and field.related_model in chosen
            and field.related_model is not model
        }
        for model in chosen
    }
    ordered: list[type[models.Model]] = []
    remaining = list(chosen)
    while remaining:
        ready = [m for m in remaining if targets[m] <= set(ordered)] or remaining[:1]  # a cycle
        ordered.extend(ready)
        remaining = [m for m in remaining if m not in ready]
    return ordered


def _fields(model: type[models.Model]) -> list[str]:
    skipped = DERIVED_FIELDS.get(_label(model), frozenset())
    names = [
        field.name
        for field in model._meta.local_fields
        if not field.primary_key and field.name not in skipped
    ]
    names += [field.name for field in model._meta.local_many_to_many]
    return names


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def export_all(directory: Path) -> dict[str, Any]:
    """Write every exported model to ``directory`` (absent or empty) and the manifest.

    Reads in one transaction (a consistent snapshot on PostgreSQL). Returns the manifest.
    """
    directory = Path(directory)
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise BackupError(f"{directory} is not an empty directory.")
    directory.mkdir(parents=True, exist_ok=True)
    entries = []
    with transaction.atomic():
        for model in exported_models():
            label = _label(model)
            name = f"{label}.json"
            queryset = model._default_manager.order_by("pk")
            count = queryset.count()
            with (directory / name).open("w", encoding="utf-8") as stream:
                serializers.serialize(
                    "json",
                    queryset.iterator(chunk_size=2000),
                    fields=_fields(model),
                    use_natural_foreign_keys=True,
                    stream=stream,
                    cls=ExactJSONEncoder,
                )
            entries.append(
                {"model": label, "file": name, "count": count, "sha256": _sha256(directory / name)}
            )
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "models": entries,
        "derived_models": sorted(DERIVED_MODELS),
        "derived_fields": {label: sorted(names) for label, names in DERIVED_FIELDS.items()},
    }
    (directory / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def read_manifest(directory: Path) -> dict[str, Any]:
    """The manifest of an export, checked: format, version, known models, files intact."""
    directory = Path(directory)
    path = directory / MANIFEST
    if not path.is_file():
        raise BackupError(f"{directory} has no {MANIFEST}: not an export of clubrating.")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        raise BackupError(f"{MANIFEST} is not valid JSON: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError(f"{MANIFEST} is not a clubrating export manifest.")
    if manifest.get("version") != VERSION:
        raise BackupError(
            f"Export format version {manifest.get('version')!r}; this site reads {VERSION}."
        )
    entries = manifest.get("models")
    if not isinstance(entries, list):
        raise BackupError(f"{MANIFEST} lists no models.")
    for entry in entries:
        if not isinstance(entry, dict) or not {"model", "file", "count", "sha256"} <= set(entry):
            raise BackupError(f"{MANIFEST}: malformed entry {entry!r}.")
        try:
            apps.get_model(_current_label(entry["model"]))
        except (LookupError, ValueError):
            raise BackupError(
                f"The export has rows of {entry['model']}, a model this site does not have."
            ) from None
        file = directory / Path(entry["file"]).name
        if not file.is_file():
            raise BackupError(f"{file.name} is missing from the export.")
        if _sha256(file) != entry["sha256"]:
            raise BackupError(f"{file.name} does not match its checksum: the file is damaged.")
    return manifest


#: Models that moved app since an export could have been made: old label -> current label.
RENAMED_MODELS = {"tournaments.auditentry": "core.auditentry"}


def _current_label(label: str) -> str:
    return RENAMED_MODELS.get(label.lower(), label)


def _not_empty(labels: list[str]) -> list[str]:
    filled = []
    for label in labels:
        if label in CREATED_BY_MIGRATIONS:
            continue
        model = apps.get_model(label)
        if model._default_manager.exists():
            filled.append(label)
    return filled


def _replace_groups(rows: list[dict[str, Any]]) -> None:
    """Make room for the exported groups: the migrations' group of the same name (with
    another primary key) goes, the export's row takes its place."""
    names = [row.get("fields", {}).get("name") for row in rows]
    Group.objects.filter(name__in=names).exclude(pk__in=[row.get("pk") for row in rows]).delete()


def _write_search_keys() -> None:
    """The search key of every player and club, from their names (a derived column: not in
    the export, and an export made before the keys existed has none)."""
    for model, key, names in (
        (Player, player_key, ("last_name", "first_name")),
        (Club, club_key, ("name", "short_name")),
    ):
        rows = [
            model(pk=pk, search_key=key(*parts))
            for pk, *parts in model.objects.values_list("pk", *names).iterator()
        ]
        model.objects.bulk_update(rows, ["search_key"], batch_size=500)


def import_all(directory: Path, *, actor: Actor) -> dict[str, int]:
    """Load an export into an empty database in one transaction, then replay every list.

    Refused (nothing written): a damaged or foreign export, a database that already has
    data, rows that do not fit the schema or point to missing rows. Returns rows per model.
    """
    directory = Path(directory)
    manifest = read_manifest(directory)
    filled = _not_empty(sorted({_label(m) for m in exported_models()}))
    if filled:
        raise BackupError(
            "The database is not empty (" + ", ".join(filled) + "): import_all only "
            "rebuilds into an empty database (e.g. after `manage.py flush`)."
        )
    loaded: dict[str, int] = {}
    loaded_models: list[type[models.Model]] = []
    current = ""
    existing = list(RatingList.objects.values_list("pk", flat=True))  # the migrations' lists
    try:
        with change(actor=actor, role=roles.staff(), lists=existing) as unit:
            for entry in manifest["models"]:
                current = entry["file"]
                model = apps.get_model(_current_label(entry["model"]))
                count = 0
                with (directory / Path(current).name).open(encoding="utf-8") as stream:
                    rows = json.load(stream)
                    for row in rows:
                        row["model"] = _current_label(row.get("model", ""))
                    if model is Group:
                        _replace_groups(rows)
                    for item in serializers.deserialize(
                        "python", rows, handle_forward_references=True
                    ):
                        if type(item.object) is not model:
                            raise BackupError(
                                f"{current}: a row of {_label(type(item.object))} in the file "
                                f"of {entry['model']}."
                            )
                        item.save()
                        count += 1
                if count != entry["count"]:
                    raise BackupError(
                        f"{current}: {count} rows, the manifest says {entry['count']}."
                    )
                loaded[entry["model"]] = count
                loaded_models.append(model)
            current = "(references between files)"
            connection.check_constraints(
                table_names=[model._meta.db_table for model in loaded_models]
            )
            statements = connection.ops.sequence_reset_sql(no_style(), loaded_models)
            with connection.cursor() as cursor:
                for statement in statements:
                    cursor.execute(statement)
            current = "(the search keys)"
            _write_search_keys()
            current = "(the replay)"
            for rating_list in RatingList.objects.order_by("pk"):
                if rating_list.pk not in unit.lists:
                    unit.created(rating_list)  # a list of the file: the unit's own row
                unit.replay(rating_list, from_date=FROM_THE_START)
            # No audit entry: the rebuilt site is the exported one, its own trail included.
            unit.touched()
    except BackupError:
        raise
    except (
        DeserializationError,
        DatabaseError,
        FieldDoesNotExist,
        ObjectDoesNotExist,
        ValidationError,
        ValueError,
        TypeError,
        KeyError,
    ) as error:
        raise BackupError(f"{current}: {error}") from None
    return loaded

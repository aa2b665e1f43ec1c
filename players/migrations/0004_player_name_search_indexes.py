"""Indexes for the name search (``players.queries.search.search_players``) on PostgreSQL.

The search asks ``UPPER(last_name) LIKE 'SPENCER%'`` (Django's ``istartswith``); an index on
the same expression with ``text_pattern_ops`` answers such a prefix in any collation. SQLite
has no such index: there the migration does nothing (a club's list is small).
"""

from django.db import migrations

INDEXES = {
    "players_player_upper_last_name": "last_name",
    "players_player_upper_first_name": "first_name",
}


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, column in INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON players_player "
            f"(UPPER({column}::text) text_pattern_ops)"
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("players", "0003_player_account")]

    operations = [migrations.RunPython(create, drop, elidable=False)]

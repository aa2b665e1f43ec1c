"""The folded search keys of players and clubs (``rules.search_key``), filled for every row,
and on PostgreSQL their trigram indexes.

A search word ``w`` asks ``search_key LIKE '% w%'`` (``players.queries``); a GIN index with
``gin_trgm_ops`` answers that on PostgreSQL (the extension ``pg_trgm`` is created if missing:
it ships with PostgreSQL and is a trusted extension since PostgreSQL 13, so the database's
owner may create it). SQLite has no index that answers a pattern inside a string: there the
search reads the one short column of every row (a club's list is small), and the migration
only fills the keys.

The keys are computed with the current ``rules.search_key``: if its folding changes, a later
migration refills them the same way.
"""

from django.db import migrations, models

from rules.search_key import club_key, player_key

BATCH = 2000

INDEXES = {
    "players_player_search_key_trgm": "players_player",
    "players_club_search_key_trgm": "players_club",
}


def _refill(schema_editor, table, columns, key):
    connection = schema_editor.connection
    quote = connection.ops.quote_name
    select = f"SELECT id, {', '.join(map(quote, columns))} FROM {quote(table)} ORDER BY id"  # noqa: S608
    update = f"UPDATE {quote(table)} SET search_key = %s WHERE id = %s"  # noqa: S608
    with connection.cursor() as reading:
        reading.execute(select)
        while rows := reading.fetchmany(BATCH):
            with connection.cursor() as writing:
                writing.executemany(update, [(key(*names), pk) for pk, *names in rows])


def fill(apps, schema_editor):
    _refill(schema_editor, "players_player", ("last_name", "first_name"), player_key)
    _refill(schema_editor, "players_club", ("name", "short_name"), club_key)


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, table in INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin (search_key gin_trgm_ops)"
        )


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("players", "0005_player_fide_ratings")]

    operations = [
        migrations.AddField(
            model_name="club",
            name="search_key",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.AddField(
            model_name="player",
            name="search_key",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=False),
        migrations.RunPython(create_indexes, drop_indexes, elidable=False),
    ]

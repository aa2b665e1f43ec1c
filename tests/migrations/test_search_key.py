"""Players migration 0006: the search keys of the players and clubs already there are filled,
and on PostgreSQL the keys have trigram indexes (``pg_trgm``) that the search's
``LIKE '% word%'`` uses; on SQLite the migration adds no index."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from players.models import Club, Player
from players.queries.search import by_name, key_match
from rules.search_key import club_key, player_key

INDEXES = ["players_club_search_key_trgm", "players_player_search_key_trgm"]
BEFORE = [("players", "0005_player_fide_ratings")]


def _migrate(executor: MigrationExecutor, targets) -> None:
    executor.loader.build_graph()  # the applied set changed since the last plan
    executor.migrate(targets)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_migration_fills_the_keys_of_existing_rows():
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    latest = executor.loader.graph.leaf_nodes()
    try:
        _migrate(executor, BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        club = old.get_model("players", "Club").objects.create(name="Шахматный клуб Ладья")
        old.get_model("players", "Player").objects.create(
            last_name="Семёнова", first_name="Анна", sex="f", club_id=club.pk
        )
        old.get_model("players", "Player").objects.create(last_name="López", sex="m")
        _migrate(executor, latest)
    finally:
        _migrate(executor, latest)

    assert sorted(Player.objects.values_list("last_name", "search_key")) == [
        ("López", " lopez"),
        ("Семёнова", " semenova ana"),
    ]
    assert Club.objects.get().search_key == club_key("Шахматный клуб Ладья")
    assert player_key("Семенова", "Анна") == " semenova ana"


@pytest.mark.django_db
def test_the_trigram_indexes_exist_on_postgresql_only():
    found = {}
    with connection.cursor() as cursor:
        for table in ("players_player", "players_club"):
            found.update(connection.introspection.get_constraints(cursor, table))

    ours = sorted(name for name in found if name in INDEXES)
    assert ours == (INDEXES if connection.vendor == "postgresql" else [])


@pytest.mark.django_db
def test_a_search_reads_the_trigram_index_on_postgresql_and_scans_the_keys_on_sqlite():
    """The search's own query (ordered by name, cut to a page). On PostgreSQL, with
    sequential scans off (on a tiny table the planner would rightly prefer one), it reads
    the trigram index, not the name index in name order. SQLite has no index for a pattern
    inside a string: it scans the table once, not the name index row by row."""
    query = Player.objects.filter(key_match("иванова анна")).order_by(*by_name()).values("pk")[:51]
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute(f"EXPLAIN {sql}", params)
        else:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        plan = "\n".join(str(row[-1]) for row in cursor.fetchall())
    if connection.vendor == "postgresql":
        assert "Bitmap Index Scan on players_player_search_key_trgm" in plan
    else:
        assert "SCAN players_player\n" in plan + "\n"
    assert Player._meta.indexes[0].name not in plan  # (last_name, first_name)

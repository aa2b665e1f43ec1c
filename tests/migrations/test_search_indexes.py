"""The name search's indexes (players migration 0004): on PostgreSQL, prefix indexes on
``UPPER(last_name)`` and ``UPPER(first_name)``; elsewhere the migration adds nothing."""

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db

NAMES = ["players_player_upper_first_name", "players_player_upper_last_name"]


def test_the_search_indexes_exist_on_postgresql_only():
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, "players_player")

    ours = sorted(name for name in found if name in NAMES)
    if connection.vendor == "postgresql":
        assert ours == NAMES
    else:
        assert ours == []

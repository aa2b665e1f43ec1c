"""History entries stored before their params (core migration 0006): the migration reads the
params out of the summaries it can parse, in English or in Russian, and those are then told in
the reader's language; an entry it cannot parse keeps its summary."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from core import history
from core.models import AuditEntry

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

BEFORE = [("core", "0007_invitations")]
SUMMARIES = [
    ("result_corrected", "Round 2, board 5: Ames, Ann – Bell, Bob 10 (was 01)"),
    ("result_entered", "Round 1, board 3: Ames, Ann – bye F"),
    ("result_entered", "Тур 4, доска 2: Ames, Ann – Bell, Bob == (было 10)"),
    ("round_published", "Pairings of round 5 published"),
    ("starting_rating_set", "Ames, Ann: starting rating in Chess standard set to 1650"),
    ("result_reported", "Round 2, board 5: Bell, Bob reports 0–1"),
    ("tournament_status_changed", "Autumn Open: running → finished"),
    ("bye_requested", "Ames, Ann: bye H requested for round 3"),
    (
        "result_entered",
        "Round 3, board 1: Ames, Ann – Bell, Bob 01 "
        "(confirmed: later rounds 4, 5 were already paired)",
    ),
    ("result_corrected", "Autumn Open, round 1, board 1: 0–1 → 1–0 (Ashby – Brook)"),
]


def _migrate(executor, targets):
    executor.loader.build_graph()
    executor.migrate(targets)


def test_old_summaries_become_params_told_in_russian():
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    latest = executor.loader.graph.leaf_nodes()
    try:
        _migrate(executor, BEFORE)
        old = executor.loader.project_state(BEFORE).apps.get_model("core", "AuditEntry")
        ids = [old.objects.create(action=a, summary=s).pk for a, s in SUMMARIES]
        _migrate(executor, latest)
    finally:
        _migrate(executor, latest)

    entries = [AuditEntry.objects.get(pk=pk) for pk in ids]
    assert entries[0].params == {
        "round": 2,
        "board": 5,
        "white": "Ames, Ann",
        "black": "Bell, Bob",
        "result": "10",
        "previous": "01",
    }
    assert entries[1].params == {
        "round": 1,
        "board": 3,
        "white": "Ames, Ann",
        "black": None,
        "result": "F",
    }
    assert entries[-1].params is None
    with translation.override("ru"):
        told = [history.sentence(entry) for entry in entries]
    assert told == [
        "Тур 2, доска 5: Ames, Ann – Bell, Bob 1–0 (было 0–1)",
        "Тур 1, доска 3: Ames, Ann – свободен (1 очко)",
        "Тур 4, доска 2: Ames, Ann – Bell, Bob ½–½ (было 1–0)",
        "Жеребьёвка 5-го тура опубликована",
        "Ames, Ann: в листе Шахматы, классика установлен начальный рейтинг 1650",
        "Тур 2, доска 5: Bell, Bob сообщает результат 0–1",
        "Autumn Open: идёт → завершён",
        "Ames, Ann: запрос на пропуск 3-го тура — свободен (½ очка)",
        "Тур 3, доска 1: Ames, Ann – Bell, Bob 0–1 "
        "(подтверждено: жеребьёвка туров 4, 5 уже была составлена)",
        "Autumn Open, round 1, board 1: 0–1 → 1–0 (Ashby – Brook)",
    ]

"""The one unit of work: actor, role, locks, replay, audit and cache in one place."""

from __future__ import annotations

import ast
import datetime
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from actions.players import update_player
from actions.results import record_result
from core import roles, unit_of_work
from core.models import AuditEntry
from core.roles import SYSTEM
from core.unit_of_work import change
from ratings.models import PlayerRating
from tests.factories import (
    make_club,
    make_game,
    make_player,
    make_rating,
    make_round,
    make_superuser,
    make_tournament,
    register,
    standard_list,
)

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("actions", "api", "backoffice", "core", "players", "public", "ratings", "rules",
           "tournaments", "clubrating")  # fmt: skip


def _calls(name: str) -> list[str]:
    """Every place in the project's source that calls ``name`` (``x.name(...)`` or
    ``name(...)``), as ``path:line``."""
    found = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called == name:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_only_the_unit_of_work_and_its_replays_take_locks():
    assert [place.split(":")[0] for place in _calls("select_for_update")] == [
        "core/replays.py",
        "core/unit_of_work.py",
        "core/unit_of_work.py",
    ]


def test_only_the_replays_of_the_unit_of_work_replay():
    assert [place.split(":")[0] for place in _calls("replay_locked")] == ["core/replays.py"]
    assert [place.split(":")[0] for place in _calls("update_locked")] == [
        "core/replays.py",
        "core/replays.py",
    ]


def test_an_action_without_an_actor_is_refused():
    with pytest.raises(TypeError, match="actor"), change(actor=None, role=roles.staff()):
        pass  # pragma: no cover - never reached


@pytest.mark.django_db
def test_units_do_not_nest():
    with (
        pytest.raises(RuntimeError, match="do not nest"),
        change(actor=SYSTEM, role=roles.staff()),
        change(actor=SYSTEM, role=roles.staff()),
    ):
        pass  # pragma: no cover - never reached


@pytest.mark.django_db
def test_the_role_is_checked_before_anything_is_written():
    tournament = make_tournament(club=make_club())
    white, black = make_player("White"), make_player("Black")
    register(tournament, white, black)
    game = make_game(make_round(tournament), white, black, "")
    nobody = make_superuser("nobody")
    nobody.is_staff = nobody.is_superuser = False
    nobody.save()

    with pytest.raises(PermissionDenied):
        record_result(game=game, result="10", actor=nobody)

    game.refresh_from_db()
    assert (game.result, AuditEntry.objects.count()) == ("", 0)


@pytest.mark.django_db
def test_a_result_locks_the_list_the_tournament_then_its_players_ratings_and_updates_once():
    tournament = make_tournament(start_date=datetime.date(2026, 3, 1))
    white, black = make_player("White"), make_player("Black")
    for player, rating in ((white, 1700), (black, 1600)):
        make_rating(player, rating, starting_rating=rating)
    register(tournament, white, black)
    game = make_game(make_round(tournament), white, black, "")

    with unit_of_work.observe() as units:
        record_result(game=game, result="10", actor=SYSTEM)

    (unit,) = units
    ratings = sorted(PlayerRating.objects.filter(player__in=[white, black]).values_list("pk"))
    assert unit.locked == [
        ("ratings_ratinglist", standard_list().pk),
        ("tournaments_tournament", tournament.pk),
        *(("ratings_playerrating", pk) for (pk,) in ratings),
    ]
    assert [(s.rating_list_id, s.incremental, s.games) for s in unit.stats] == [
        (standard_list().pk, True, 1)
    ]


@pytest.mark.django_db
def test_a_new_name_shows_at_once_on_a_cached_page(client):
    """Renaming a player replays nothing, yet the page cached for visitors shows the new
    name on the next request: the unit makes every cached page stale."""
    player = make_player("Smith", "Ann")
    make_rating(player, 1800)
    url = reverse("ratings:player", args=[player.pk])
    assert "Smith, Ann" in client.get(url).content.decode()

    update_player(player=player, changes={"last_name": "Jones"}, actor=SYSTEM)

    page = client.get(url).content.decode()
    assert ("Jones, Ann" in page, "Smith, Ann" in page) == (True, False)

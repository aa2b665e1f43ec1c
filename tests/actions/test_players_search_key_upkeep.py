"""The search key follows the name: every action that creates or renames a player or a club
writes ``search_key`` (no ``save()`` override, no signal), and the search finds the new name
at once and no longer the old one.

The writers: ``actions.players`` (create, update, merge), ``actions.clubs``, the newcomers of
``actions.entries`` (the registration page), the TRF import, FIDE's list import, the admin
(through the same actions), the demo seed and the import of a backup (which leaves the key out
as derived and writes it again)."""

from __future__ import annotations

import datetime
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from actions.clubs import create_club, update_club
from actions.entries import register_entries
from actions.fide_list import import_fide_list
from actions.players import create_player, merge_players, update_player
from actions.tournaments import create_tournament
from actions.trf_import import import_trf
from core.roles import SYSTEM
from players.models import Club, Player
from players.queries.search import search_clubs, search_players
from rules.files.entries import EntryLine
from rules.search_key import club_key, player_key
from tests.datafiles import FIDE
from tests.factories import make_player, make_superuser
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


def names(query: str) -> list[str]:
    return [player.name for player in search_players(query)]


def stored_key(player: Player) -> str:
    return Player.objects.values_list("search_key", flat=True).get(pk=player.pk)


def test_a_created_player_is_found_by_the_key_the_action_wrote():
    player = create_player(last_name="Иванова", first_name="Анна", sex="f", actor=SYSTEM)

    assert stored_key(player) == " ivanova ana"
    assert names("ivanova anna") == ["Иванова, Анна"]


def test_a_renamed_player_is_found_by_the_new_name_only():
    player = create_player(last_name="Smith", first_name="Anna", sex="f", actor=SYSTEM)

    renamed = update_player(
        player=player, changes={"last_name": "Семёнова", "first_name": "Анна"}, actor=SYSTEM
    )

    assert stored_key(player) == " semenova ana" == renamed.search_key == player.search_key
    assert names("Семенова") == ["Семёнова, Анна"]
    assert names("Smith") == []


def test_a_change_of_another_field_keeps_the_key():
    player = create_player(last_name="López", first_name="Juan", sex="m", actor=SYSTEM)

    update_player(player=player, changes={"federation": "ESP"}, actor=SYSTEM)

    assert stored_key(player) == " lopez iuan"


def test_a_merge_that_fills_the_first_name_refreshes_the_key():
    keep = make_player("Иванова")
    duplicate = make_player("Ivanova", "Anna")

    merge_players(keep=keep, duplicate=duplicate, actor=SYSTEM)

    assert stored_key(keep) == player_key("Иванова", "Anna") == " ivanova ana"
    assert names("Иванова Анна") == ["Иванова, Anna"]


def test_clubs_get_their_key_when_created_and_renamed():
    club = create_club(fields={"name": "Ладья", "short_name": "", "city": ""}, actor=SYSTEM)
    assert Club.objects.get(pk=club.pk).search_key == " ladia"

    update_club(club=club, changes={"name": "Шахматный клуб Ферзь"}, actor=SYSTEM)

    assert Club.objects.get(pk=club.pk).search_key == club_key("Шахматный клуб Ферзь")
    assert [c.name for c in search_clubs("ФЕРЗЬ")] == ["Шахматный клуб Ферзь"]
    assert search_clubs("ладья") == []


def test_a_newcomer_entered_on_the_registration_page_gets_a_key():
    tournament = create_tournament(
        name="Кубок",
        slug="cup",
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 2),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        initial_colour="w",
        actor=SYSTEM,
    )

    register_entries(
        tournament=tournament,
        entries=[EntryLine(line=1, last_name="Петров", first_name="Семён", sex="m")],
        actor=SYSTEM,
    )

    assert Player.objects.get().search_key == " petrov semen"
    assert names("Petrov Semen") == ["Петров, Семён"]


TRF = """\
012 Открытый турнир
042 2026/03/01
052 2026/03/02
001    1 m    Иванов, Пётр                      2000 RUS             1990/01/02  0.0    1
001    2 w    López, María                      1900                 1985/05/05  0.0    2
"""


def test_players_created_by_a_trf_import_get_a_key():
    import_trf(text=TRF, actor=SYSTEM)

    assert dict(Player.objects.values_list("last_name", "search_key")) == {
        "Иванов": " ivanov petr",
        "López": " lopez maria",
    }
    assert names("Иванов Петр") == ["Иванов, Пётр"]


def _fide_lines(rename: dict[str, str] | None = None) -> list[str]:
    """Two lines of the FOA sample list, names replaced at their fixed width."""
    lines = (FIDE / "players_list_foa.txt").read_text(encoding="utf-8").splitlines()
    header, kept = lines[0], lines[1:3]
    width = header.index("Fed") - header.index("Name")
    start = header.index("Name")
    out = [header]
    for line in kept:
        name = line[start : start + width].strip()
        name = (rename or {}).get(name, name)
        out.append(line[:start] + name.ljust(width) + line[start + width :])
    return out


def test_fide_list_import_writes_the_key_of_new_and_renamed_players():
    import_fide_list(lines=_fide_lines(), list_date=datetime.date(2026, 10, 1), actor=SYSTEM)
    assert names("LUCY spencer") == ["Spencer, Lucy"]

    stats = import_fide_list(
        lines=_fide_lines({"Spencer, Lucy": "Spencer-Okafor, Lucy"}),
        list_date=datetime.date(2026, 11, 1),
        actor=SYSTEM,
    )

    assert (stats.updated, stats.unchanged) == (1, 1)
    lucy = Player.objects.get(fide_id=4100018)
    assert lucy.search_key == player_key("Spencer-Okafor", "Lucy") == " spencer okafor luci"
    assert names("Okafor") == ["Spencer-Okafor, Lucy"]
    assert names("Carlsen") == ["Carlsen, Magnus"]


def test_the_admin_writes_the_key_through_the_actions(client):
    client.force_login(make_superuser())
    form = {
        "last_name": "Ivanova",
        "first_name": "Anna",
        "sex": "f",
        "federation": "RUS",
        "birth_date": "",
        "club": "",
        "fide_id": "",
        "title": "",
        "ratings-TOTAL_FORMS": "0",
        "ratings-INITIAL_FORMS": "0",
        "ratings-MIN_NUM_FORMS": "0",
        "ratings-MAX_NUM_FORMS": "1000",
    }
    assert client.post(reverse("admin:players_player_add"), form).status_code == 302
    player = Player.objects.get()
    assert names("Иванова") == ["Ivanova, Anna"]

    change = reverse("admin:players_player_change", args=[player.pk])
    response = client.post(change, {**form, "last_name": "Ivanova-Petrova"})

    assert response.status_code == 302
    assert stored_key(player) == player_key("Ivanova-Petrova", "Anna")
    assert names("Петрова") == ["Ivanova-Petrova, Anna"]


def test_every_seeded_player_and_club_has_its_key():
    call_command(
        "seed_demo",
        "--players",
        "20",
        "--months",
        "2",
        "--today",
        "2026-03-15",
        "--no-ratings",
        stdout=StringIO(),
    )

    players = list(Player.objects.values_list("last_name", "first_name", "search_key"))
    clubs = list(Club.objects.values_list("name", "short_name", "search_key"))
    assert len(players) > 20 and len(clubs) >= 3
    assert [key for *_, key in players] == [player_key(last, first) for last, first, _ in players]
    assert [key for *_, key in clubs] == [club_key(name, short) for name, short, _ in clubs]


def test_a_backup_leaves_the_key_out_and_its_import_writes_it_again(tmp_path):
    make_player("Иванова", "Анна", sex="f")
    create_club(fields={"name": "Ладья", "short_name": "", "city": ""}, actor=SYSTEM)
    call_command("export_all", str(tmp_path / "export"), stdout=StringIO())
    exported = json.loads((tmp_path / "export" / "players.player.json").read_text())
    connection.check_constraints()  # PostgreSQL: deferred checks before TRUNCATE
    call_command("flush", interactive=False, verbosity=0)

    call_command("import_all", str(tmp_path / "export"), stdout=StringIO())

    assert "search_key" not in exported[0]["fields"]
    assert Player.objects.get().search_key == " ivanova ana"
    assert names("Ivanova") == ["Иванова, Анна"]
    assert [club.name for club in search_clubs("ЛАДЬЯ")] == ["Ладья"]

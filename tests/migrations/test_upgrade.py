"""A database made at the previous schema upgrades with ``migrate`` and keeps every row.

The previous schema (before the restructure) ends at players 0002, tournaments 0006 and
ratings 0008, with no ``core`` app: the audit trail's model was ``tournaments.AuditEntry`` and
a player's login was ``Player.user``. The test migrates the test database back to those
nodes, writes rows of every model of our apps with the historical models of that state,
migrates forward to the latest nodes and reads every row back with the current models: same
primary keys, same values (``user_id`` is now ``account_id``), the audit entry's content type
renamed to ``core.auditentry`` with its permissions (and who holds them) unchanged.

It always ends with the database migrated to the latest nodes, for the tests that follow;
``serialized_rollback`` restores the rows the data migrations wrote once it is done.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.apps import apps as current_apps
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from core.models import AuditEntry
from players.models import Club, Player
from ratings.models import PlayerRating, PublishedList, PublishedRating, RatingChange, RatingList
from rules.search_key import club_key, player_key
from tournaments.models import (
    ForbiddenPair,
    Game,
    Registration,
    RequestedBye,
    ResultReport,
    Round,
    Tournament,
)

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

#: The last migration of each app at the previous schema; ``core`` and ``events`` did not exist.
PREVIOUS = [
    ("players", "0002_club_organisers_player_user"),
    ("tournaments", "0006_mcmahon_settings_and_entry_grades"),
    ("ratings", "0008_rating_list_version"),
    ("core", None),
    ("events", None),
]

#: Our apps' models at the previous schema, as "app.Model" labels.
OLD_MODELS = [
    "players.Club",
    "players.Player",
    "ratings.RatingList",
    "ratings.PlayerRating",
    "ratings.PublishedList",
    "ratings.PublishedRating",
    "ratings.RatingChange",
    "tournaments.Tournament",
    "tournaments.Registration",
    "tournaments.RequestedBye",
    "tournaments.ForbiddenPair",
    "tournaments.Round",
    "tournaments.Game",
    "tournaments.ResultReport",
    "tournaments.AuditEntry",
]
#: Where each model lives now, when it moved.
MOVED = {"tournaments.AuditEntry": "core.AuditEntry"}
#: Renamed columns (``values()`` keys), per model label at the previous schema.
RENAMED = {"players.Player": {"user_id": "account_id"}}
#: Columns added since, with the value an upgraded row gets, per model label.
ADDED = {
    "players.Player": {"fide_standard": None, "fide_rapid": None, "fide_blitz": None},
    "tournaments.Tournament": {
        "status": "running",
        "final_standings": None,
        "knockout_games": 2,
        "knockout_rapid_pairs": 1,
        "knockout_blitz_pairs": 1,
        "knockout_armageddon": True,
        "team_boards": None,
        "team_match_win": 2,
        "team_match_draw": 1,
        "team_match_loss": 0,
        "team_primary_score": "match",
        "team_colour_preference": "A",
        "team_pab_match_points": None,
        "team_pab_game_points": None,
        "team_board_order": "locked",
        "team_rating_tolerance": 0,
        "team_line_up_deadline": None,
    },
    "tournaments.Game": {
        "match": None,
        "match_game": None,
        "stage": "classical",
        "rating_list_id": None,
        "team_match_id": None,
        "team_board": None,
    },
    "ratings.RatingList": {"roster_version": 0},
    "tournaments.AuditEntry": {"params": None},  # a summary no sentence parses: kept as is
}
#: Columns added later whose value the migration derives from the row (players 0006: the
#: names folded for the search).
DERIVED = {
    "players.Player": lambda row: {"search_key": player_key(row["last_name"], row["first_name"])},
    "players.Club": lambda row: {"search_key": club_key(row["name"], row["short_name"])},
}
#: The many-to-many tables: (model label, field name).
M2M = [("players.Club", "organisers"), ("tournaments.Tournament", "arbiters")]

NO_PASSWORD = make_password(None)  # unusable, as for accounts made without one
WHEN = dt.datetime(2026, 11, 20, 18, 30, 15, 123456, tzinfo=dt.UTC)


def _migrate(executor: MigrationExecutor, targets) -> None:
    executor.loader.build_graph()  # the applied set changed since the last plan
    executor.migrate(targets)
    ContentType.objects.clear_cache()


def _latest(executor: MigrationExecutor):
    executor.loader.build_graph()
    return executor.loader.graph.leaf_nodes()


def _snapshot(apps) -> dict[str, dict]:
    """Every row of our apps' tables (and the many-to-many ones), by model label and pk."""
    rows = {}
    for label in OLD_MODELS:
        model = apps.get_model(label)
        rows[label] = {row["id"]: row for row in model.objects.values()}
    for label, name in M2M:
        through = apps.get_model(label)._meta.get_field(name).remote_field.through
        rows[f"{label}.{name}"] = {row["id"]: row for row in through.objects.values()}
    return rows


def _seed_previous_schema(apps) -> dict:
    """Rows of every model at the previous schema, written with its historical models."""
    User_ = apps.get_model("auth", "User")
    Group_ = apps.get_model("auth", "Group")
    Permission_ = apps.get_model("auth", "Permission")
    ContentType_ = apps.get_model("contenttypes", "ContentType")
    Club_ = apps.get_model("players", "Club")
    Player_ = apps.get_model("players", "Player")
    RatingList_ = apps.get_model("ratings", "RatingList")
    PlayerRating_ = apps.get_model("ratings", "PlayerRating")
    PublishedList_ = apps.get_model("ratings", "PublishedList")
    PublishedRating_ = apps.get_model("ratings", "PublishedRating")
    RatingChange_ = apps.get_model("ratings", "RatingChange")
    Tournament_ = apps.get_model("tournaments", "Tournament")
    Registration_ = apps.get_model("tournaments", "Registration")
    RequestedBye_ = apps.get_model("tournaments", "RequestedBye")
    ForbiddenPair_ = apps.get_model("tournaments", "ForbiddenPair")
    Round_ = apps.get_model("tournaments", "Round")
    Game_ = apps.get_model("tournaments", "Game")
    ResultReport_ = apps.get_model("tournaments", "ResultReport")
    AuditEntry_ = apps.get_model("tournaments", "AuditEntry")

    organiser = User_.objects.create(username="org", email="org@example.org", password=NO_PASSWORD)
    arbiter = User_.objects.create(username="arb", password=NO_PASSWORD)
    account = User_.objects.create(username="anna", first_name="Anna", password=NO_PASSWORD)
    auditor = User_.objects.create(username="auditor", password=NO_PASSWORD, is_staff=True)

    # The admin permissions of the audit trail, as the previous schema's database has them.
    audit_type = ContentType_.objects.get(app_label="tournaments", model="auditentry")
    audit_perms = list(Permission_.objects.filter(content_type=audit_type).order_by("pk"))
    assert {p.codename for p in audit_perms} >= {"view_auditentry", "delete_auditentry"}
    auditors = Group_.objects.create(name="Auditors")
    auditors.permissions.set(audit_perms)
    auditor.user_permissions.add(next(p for p in audit_perms if p.codename == "view_auditentry"))

    club = Club_.objects.create(
        name="Kingside CC", short_name="KCC", city="Leeds", federation="ENG"
    )
    club.organisers.set([organiser, arbiter])
    anna = Player_.objects.create(
        last_name="Ashby",
        first_name="Anna",
        sex="F",
        birth_date=dt.date(1990, 2, 3),
        federation="ENG",
        club=club,
        fide_id=400123,
        title="WFM",
        user=account,
    )
    ben = Player_.objects.create(last_name="Brook", first_name="Ben", sex="M", club=club)
    cara = Player_.objects.create(last_name="Cole", sex="F", federation="SCO")

    rating_list = RatingList_.objects.create(
        name="Upgrade test list",
        slug="upgrade-test",
        game="chess",
        time_control="standard",
        system="fide",
        description="Kept across the upgrade.",
        position=42,
        version=7,
    )
    PlayerRating_.objects.create(
        rating_list=rating_list,
        player=anna,
        starting_rating=2105,
        starting_games=31,
        starting_date=dt.date(2026, 1, 1),
        declared_grade="",
        rating=2112,
        live_rating=Decimal("2114.35"),
        period_change=Decimal("2.35"),
        period_games=3,
        k=20,
        games=40,
        peak=2120,
        last_played=dt.date(2026, 11, 2),
        grade="",
        status="active",
    )
    published = PublishedList_.objects.create(
        rating_list=rating_list,
        date=dt.date(2026, 10, 31),
        closed_by=organiser,
        replay_state={"players": {str(anna.pk): [2112, 40]}, "period": "2026-10"},
    )
    PublishedRating_.objects.create(
        published_list=published, player=anna, rating=2112, games=4, k=20, change=7, grade=""
    )

    tournament = Tournament_.objects.create(
        name="Autumn Open",
        slug="autumn-open",
        club=club,
        rating_list=rating_list,
        rating_class="B",
        city="Leeds",
        start_date=dt.date(2026, 10, 3),
        end_date=dt.date(2026, 10, 4),
        rounds_planned=5,
        pairing_system="swiss_dutch",
        points_draw=Decimal("0.5"),
        initial_colour="drawn",
        drawn_colour="b",
        accelerated=True,
        tiebreaks="BH/C1 BH",
        max_half_point_byes=2,
        players_report_results=True,
        top_bar="3d",
        floor_bar="20k",
        handicap_policy="none",
        handicap_cap=5,
        komi=Decimal("7.5"),
    )
    tournament.arbiters.set([arbiter])
    entry = Registration_.objects.create(
        tournament=tournament,
        player=anna,
        pairing_number=1,
        rating_at_start=2105,
        withdrawn_after_round=4,
        entered_round=1,
        grade="",
    )
    Registration_.objects.create(tournament=tournament, player=ben, pairing_number=2)
    RequestedBye_.objects.create(registration=entry, round_number=3, kind="H")
    ForbiddenPair_.objects.create(tournament=tournament, player_a=anna, player_b=ben)
    round_one = Round_.objects.create(
        tournament=tournament,
        number=1,
        date=dt.date(2026, 10, 3),
        status="published",
        published_at=WHEN,
    )
    game = Game_.objects.create(round=round_one, board=1, white=anna, black=ben, result="10")
    Game_.objects.create(round=round_one, board=2, white=cara, black=None, result="", handicap=0)
    ResultReport_.objects.create(game=game, player=ben, result="10")
    RatingChange_.objects.create(
        rating_list=rating_list,
        period=published,
        game=game,
        tournament=tournament,
        player=anna,
        opponent=ben,
        date=dt.date(2026, 10, 3),
        rating_used=2105,
        opponent_rating=1950,
        opponent_rating_used=1950,
        capped=False,
        score=Decimal("1.0"),
        expected=Decimal("0.7054"),
        k=20,
        change=Decimal("5.8920"),
        details={"note": "FIDE", "weights": [1, 0.5]},
    )
    audit = AuditEntry_.objects.create(
        created_at=WHEN,
        user=organiser,
        action="result_corrected",
        tournament=tournament,
        player=anna,
        other_player=ben,
        rating_list=rating_list,
        before={"result": "01", "board": 1, "when": "2026-10-03"},
        after={"result": "10", "board": 1, "nested": {"list": [1, 2.5, None, "ü"]}},
        summary="Autumn Open, round 1, board 1: 0–1 → 1–0 (Ashby – Brook)",
    )
    return {
        "audit": audit.pk,
        "audit_type": audit_type.pk,
        "audit_perms": [p.pk for p in audit_perms],
        "organiser": organiser.pk,
        "arbiter": arbiter.pk,
        "account": account.pk,
        "auditor": auditor.pk,
        "anna": anna.pk,
        "tournament": tournament.pk,
        "rating_list": rating_list.pk,
    }


def _check_current_schema(ids: dict) -> None:
    """Spot checks with the current models (on top of the row-by-row comparison)."""
    entry = AuditEntry.objects.get(pk=ids["audit"])
    assert entry.created_at == WHEN
    assert entry.action == "result_corrected"
    assert entry.summary == "Autumn Open, round 1, board 1: 0–1 → 1–0 (Ashby – Brook)"
    assert entry.before == {"result": "01", "board": 1, "when": "2026-10-03"}
    assert entry.after == {"result": "10", "board": 1, "nested": {"list": [1, 2.5, None, "ü"]}}
    assert entry.user_id == ids["organiser"]
    assert entry.tournament_id == ids["tournament"]
    assert entry.player_id == ids["anna"]
    assert entry.other_player.last_name == "Brook"
    assert entry.rating_list_id == ids["rating_list"]
    assert list(Tournament.objects.get(pk=ids["tournament"]).audit_entries.all()) == [entry]

    anna = Player.objects.get(pk=ids["anna"])
    assert anna.account_id == ids["account"]
    assert User.objects.get(pk=ids["account"]).player == anna

    club = Club.objects.get(name="Kingside CC")
    assert set(club.organisers.values_list("pk", flat=True)) == {ids["organiser"], ids["arbiter"]}
    tournament = Tournament.objects.get(pk=ids["tournament"])
    assert list(tournament.arbiters.values_list("pk", flat=True)) == [ids["arbiter"]]
    assert tournament.registrations.count() == 2
    registration = Registration.objects.get(tournament=tournament, player=anna)
    assert (registration.pairing_number, registration.withdrawn_after_round) == (1, 4)
    assert RequestedBye.objects.get(registration__player=anna).kind == "H"
    assert ForbiddenPair.objects.filter(tournament=tournament).count() == 1
    game = Game.objects.get(round__tournament=tournament, board=1)
    assert (game.white_id, game.black.last_name, game.result) == (anna.pk, "Brook", "10")
    assert ResultReport.objects.get(game=game).result == "10"
    assert Round.objects.get(tournament=tournament, number=1).published_at == WHEN
    change = RatingChange.objects.get(game=game)
    assert change.change == Decimal("5.8920")
    assert change.details == {"note": "FIDE", "weights": [1, 0.5]}
    assert PlayerRating.objects.get(player=anna).live_rating == Decimal("2114.35")
    published = PublishedList.objects.get(rating_list_id=ids["rating_list"])
    assert published.replay_state == {"players": {str(anna.pk): [2112, 40]}, "period": "2026-10"}
    assert PublishedRating.objects.get(published_list=published).rating == 2112
    assert RatingList.objects.get(pk=ids["rating_list"]).version == 7

    # The content type moved with the model: same row, new app label, same permissions.
    audit_type = ContentType.objects.get_for_model(AuditEntry)
    assert (audit_type.pk, audit_type.app_label, audit_type.model) == (
        ids["audit_type"],
        "core",
        "auditentry",
    )
    assert not ContentType.objects.filter(app_label="tournaments", model="auditentry").exists()
    perms = Permission.objects.filter(content_type=audit_type).order_by("pk")
    assert [p.pk for p in perms] == ids["audit_perms"]
    assert {p.codename for p in perms} == {
        f"{action}_auditentry" for action in ("add", "change", "delete", "view")
    }
    group = Group.objects.get(name="Auditors")
    assert sorted(group.permissions.values_list("pk", flat=True)) == ids["audit_perms"]
    auditor = User.objects.get(pk=ids["auditor"])
    assert auditor.has_perm("core.view_auditentry")
    assert not auditor.has_perm("core.change_auditentry")


def _add_states(ratings: dict, lists: dict) -> None:
    """The column ratings 0009 adds: each player's entry of their list's latest checkpoint."""
    latest = {}
    for row in sorted(lists.values(), key=lambda row: row["date"]):
        latest[row["rating_list_id"]] = row["replay_state"] or {}
    for row in ratings.values():
        entries = latest.get(row["rating_list_id"], {}).get("players", {})
        row["state"] = entries.get(str(row["player_id"]))


def test_previous_schema_database_upgrades_with_every_row():
    executor = MigrationExecutor(connection)
    latest = _latest(executor)
    try:
        _migrate(executor, PREVIOUS)
        ours = {app for app, _ in PREVIOUS}
        others = [node for node in latest if node[0] not in ours]  # auth, contenttypes, ...
        old_apps = executor.loader.project_state(others + PREVIOUS[:3]).apps
        assert not ContentType.objects.filter(app_label="core").exists()
        with connection.cursor() as cursor:
            columns = {
                c.name
                for c in connection.introspection.get_table_description(cursor, "players_player")
            }
        assert "user_id" in columns and "account_id" not in columns

        ids = _seed_previous_schema(old_apps)
        before = _snapshot(old_apps)

        _migrate(executor, _latest(executor))
    finally:
        # Whatever happened, the tests that follow get the latest schema.
        _migrate(executor, latest)

    new_apps = executor.loader.project_state(_latest(executor)).apps
    assert new_apps.get_model("core", "AuditEntry")._meta.db_table == "tournaments_auditentry"
    assert current_apps.get_model("core", "AuditEntry") is AuditEntry

    for label, rows in before.items():
        if label.count(".") == 2:  # a many-to-many table: same model, same field
            app, model_name, field = label.split(".")
            model = current_apps.get_model(app, model_name)
            current = model._meta.get_field(field).remote_field.through
        else:
            current = current_apps.get_model(MOVED.get(label, label))
        renamed = RENAMED.get(label, {})
        expected = {
            pk: {
                **{renamed.get(key, key): value for key, value in row.items()},
                **ADDED.get(label, {}),
                **(DERIVED[label](row) if label in DERIVED else {}),
            }
            for pk, row in rows.items()
        }
        if label == "ratings.PlayerRating":
            _add_states(expected, before["ratings.PublishedList"])
        after = {row["id"]: row for row in current.objects.values()}
        assert after == expected, label
    assert before["tournaments.AuditEntry"], "the audit table was empty: nothing was checked"

    _check_current_schema(ids)

"""Roles: the predicates of ``core.roles``, the services' own checks, players
reporting results for an arbiter to confirm, and the role links in the navigation."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from actions.boards import add_game
from actions.ratings import set_starting_rating
from actions.registrations import register_player
from actions.reports import confirm_report, reject_report, report_result
from actions.results import record_result
from actions.rounds import add_round
from actions.tournaments import create_tournament, set_arbiters, update_tournament
from core import roles
from core.roles import SYSTEM
from events.queries.check_in import code_of
from players.models import Club, Player
from ratings.models import PlayerRating, RatingChange
from tests.factories import make_event, make_player, make_tournament, register, standard_list
from tests.trf_samples import SMALL
from tournaments.enums import PairingSystem
from tournaments.models import Game, ResultReport, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """Club A (organiser ``orga``) runs a rated manual tournament with arbiter ``arb``; board 1
    is ``alice`` (a player account) against Bob, no result yet. Club B has organiser ``orgb``."""
    users = {
        name: get_user_model().objects.create_user(name)
        for name in ("orga", "orgb", "arb", "alice", "nobody")
    }
    club_a, club_b = Club.objects.create(name="A"), Club.objects.create(name="B")
    club_a.organisers.add(users["orga"])
    club_b.organisers.add(users["orgb"])
    alice = make_player("Alice", account=users["alice"], club=club_a)
    bob = make_player("Bob")
    for player, rating in ((alice, 1900), (bob, 1900)):
        set_starting_rating(player=player, rating_list=standard_list(), rating=rating, actor=SYSTEM)
    tournament = create_tournament(
        name="Open",
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 1),
        club=club_a,
        rating_list=standard_list(),
        pairing_system=PairingSystem.MANUAL,
        players_report_results=True,
        actor=SYSTEM,
    )
    tournament.arbiters.add(users["arb"])
    for player in (alice, bob):
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    round_ = add_round(tournament=tournament, actor=SYSTEM)
    game = add_game(round=round_, board=1, white=alice, black=bob, actor=SYSTEM)
    return users, tournament, game


def test_predicates_for_each_role(event):
    users, tournament, game = event

    table = {
        name: (
            roles.can_manage_tournament(user, tournament),
            roles.can_arbitrate(user, tournament),
            roles.can_report_result(user, game),
            roles.has_role(user),
        )
        for name, user in users.items()
    }

    assert table == {
        "orga": (True, True, False, True),
        "orgb": (False, False, False, True),
        "arb": (False, True, False, True),
        "alice": (False, False, True, False),
        "nobody": (False, False, False, False),
    }


def test_an_inactive_organiser_has_no_role(event):
    users, tournament, _game = event
    users["orga"].is_active = False
    users["orga"].save()

    assert roles.can_manage_tournament(users["orga"], tournament) is False
    assert roles.has_role(users["orga"]) is False


def test_a_service_refuses_another_clubs_organiser_before_writing(event):
    users, _tournament, game = event

    with pytest.raises(PermissionDenied):
        record_result(game=game, result="10", actor=users["orgb"])

    game.refresh_from_db()
    assert (game.result, RatingChange.objects.count()) == ("", 0)


def test_an_arbiter_cannot_change_settings_or_appoint_arbiters(event):
    users, tournament, _game = event

    with pytest.raises(PermissionDenied):
        update_tournament(tournament=tournament, actor=users["arb"], changes={"rounds_planned": 9})
    with pytest.raises(PermissionDenied):
        set_arbiters(tournament=tournament, arbiters=[users["arb"]], actor=users["arb"])

    tournament.refresh_from_db()
    assert tournament.rounds_planned == 0


def test_organisers_create_tournaments_for_their_own_clubs_only(event):
    users, tournament, _game = event
    fields = {"start_date": datetime.date(2026, 4, 1), "end_date": datetime.date(2026, 4, 1)}

    mine = create_tournament(name="Mine", club=tournament.club, actor=users["orga"], **fields)
    with pytest.raises(PermissionDenied):
        create_tournament(name="Theirs", club=tournament.club, actor=users["orgb"], **fields)
    with pytest.raises(PermissionDenied):
        create_tournament(name="No club", actor=users["orga"], **fields)
    with pytest.raises(PermissionDenied):
        update_tournament(
            tournament=mine, actor=users["orga"], changes={"club": Club.objects.get(name="B")}
        )

    assert sorted(Tournament.objects.values_list("name", "club__name")) == [
        ("Mine", "A"),
        ("Open", "A"),
    ]


def test_the_organiser_appoints_arbiters_who_then_enter_results(event, client):
    users, tournament, game = event
    make_player("Nobody", account=users["nobody"], club=tournament.club)  # a club's account
    client.force_login(users["orga"])

    response = client.post(
        reverse("tournaments:organise_arbiters", args=[tournament.slug]),
        {"remove": users["arb"].pk},
    )
    client.post(
        reverse("tournaments:organise_arbiters", args=[tournament.slug]),
        {"add": users["nobody"].pk},
    )
    record_result(game=game, result="==", actor=users["nobody"])

    assert response.status_code == 302
    assert list(tournament.arbiters.values_list("username", flat=True)) == ["nobody"]
    with pytest.raises(PermissionDenied):
        record_result(game=game, result="10", actor=users["arb"], correction=True)
    game.refresh_from_db()
    assert game.result == "=="


def test_appointing_an_unknown_user_writes_nothing(event, client):
    users, tournament, _game = event
    client.force_login(users["orga"])

    response = client.post(
        reverse("tournaments:organise_arbiters", args=[tournament.slug]),
        {"add": 999999},
    )

    assert response.status_code == 302
    assert list(tournament.arbiters.values_list("username", flat=True)) == ["arb"]


def test_an_organiser_cannot_pick_an_account_outside_the_club(event, client):
    users, tournament, _game = event  # "orgb" organises club B only: not one of club A's
    client.force_login(users["orga"])

    response = client.post(
        reverse("tournaments:organise_arbiters", args=[tournament.slug]),
        {"add": users["orgb"].pk},
        follow=True,
    )

    assert [str(m) for m in response.context["messages"]] == [
        "This account is not one of the club's: invite them by e-mail first."
    ]
    assert list(tournament.arbiters.values_list("username", flat=True)) == ["arb"]


# --------------------------------------------------------------------------- reports


def _report(client, users, game, result):
    client.force_login(users["alice"])
    return client.post(
        reverse("tournaments:report_result", args=[game.pk]), {f"g{game.pk}-result": result}
    )


def test_a_player_report_waits_apart_from_the_official_result(event, client):
    users, _tournament, game = event

    response = _report(client, users, game, "10")
    _report(client, users, game, "==")  # reporting again replaces the first report

    game.refresh_from_db()
    assert response.status_code == 302
    assert game.result == ""
    assert list(ResultReport.objects.values_list("game_id", "player__last_name", "result")) == [
        (game.pk, "Alice", "==")
    ]
    assert RatingChange.objects.count() == 0


def test_the_arbiter_confirms_a_report_and_the_result_is_rated(event, client):
    users, tournament, game = event
    report = report_result(game=game, result="10", actor=users["alice"])
    client.force_login(users["arb"])

    response = client.post(
        reverse("tournaments:organise_confirm_report", args=[tournament.slug, report.pk])
    )

    game.refresh_from_db()
    assert (response.status_code, response["Location"]) == (
        302,
        reverse("tournaments:organise_round", args=[tournament.slug, 1]),
    )
    assert (game.result, ResultReport.objects.count()) == ("10", 0)
    assert sorted(RatingChange.objects.values_list("player__last_name", "change")) == [
        ("Alice", 20),  # K 40: fewer than 30 rated games
        ("Bob", -20),
    ]
    assert PlayerRating.objects.get(player=game.white).live_rating == 1920


def test_the_arbiter_rejects_a_report_and_nothing_else_changes(event):
    users, _tournament, game = event
    report = report_result(game=game, result="01", actor=users["alice"])

    reject_report(report=report, actor=users["arb"])

    game.refresh_from_db()
    assert (game.result, ResultReport.objects.count()) == ("", 0)


def test_reports_are_refused_when_not_allowed(event, client):
    users, tournament, game = event
    bob_user = get_user_model().objects.create_user("bob")
    outsider = make_player("Outsider", account=bob_user)

    assert outsider.pk not in (game.white_id, game.black_id)
    with pytest.raises(PermissionDenied):
        report_result(game=game, result="10", actor=bob_user)
    with pytest.raises(ValidationError):
        report_result(game=game, result="+-", actor=users["alice"])
    with pytest.raises(PermissionDenied):  # an arbiter confirms, not the player
        confirm_report(
            report=ResultReport(game=game, player=game.white, result="10"), actor=users["alice"]
        )
    Tournament.objects.filter(pk=tournament.pk).update(players_report_results=False)
    assert _report(client, users, game, "10").status_code == 403
    assert ResultReport.objects.count() == 0


def test_no_report_once_the_result_is_recorded(event):
    users, _tournament, game = event
    record_result(game=game, result="==", actor=SYSTEM)
    game = Game.objects.select_related("round__tournament").get(pk=game.pk)

    with pytest.raises(PermissionDenied):
        report_result(game=game, result="10", actor=users["alice"])


def test_my_games_lists_the_games_to_report(event, client):
    users, _tournament, game = event
    report_result(game=game, result="10", actor=users["alice"])
    client.force_login(users["alice"])

    rows = client.get(reverse("tournaments:my_games")).context["table"].rows

    assert [(r.get_cell("board"), r.get_cell("reported")) for r in rows] == [(1, "1–0")]


def test_round_page_lists_reports_with_confirm_and_reject(event, client):
    users, tournament, game = event
    report = report_result(game=game, result="10", actor=users["alice"])
    client.force_login(users["arb"])

    html = client.get(reverse("tournaments:organise_round", args=[tournament.slug, 1])).content

    for name in ("organise_confirm_report", "organise_reject_report"):
        assert reverse(f"tournaments:{name}", args=[tournament.slug, report.pk]).encode() in html


# --------------------------------------------------------------------------- navigation


@pytest.mark.parametrize(
    ("name", "links"),
    [
        ("orga", ["Organise"]),
        ("orgb", ["Organise"]),
        ("arb", ["Organise"]),
        ("alice", ["Report result"]),
        ("nobody", []),
    ],
)
def test_navigation_shows_the_role_links(event, client, name, links):
    users, _tournament, _game = event
    client.force_login(users[name])

    html = client.get(reverse("tournaments:list")).content.decode()

    shown = [
        label
        for label, url in (
            ("Organise", reverse("tournaments:organise_list")),
            ("Report result", reverse("tournaments:my_games")),
            ("Administration", reverse("admin:index")),
        )
        if f'href="{url}"' in html
    ]
    assert shown == links


def test_the_organiser_adds_a_player_to_the_club(event, client):
    users, tournament, _game = event
    client.force_login(users["orga"])
    url = reverse("tournaments:organise_club", args=[tournament.club.pk])

    response = client.post(
        reverse("tournaments:organise_add_player", args=[tournament.club.pk]),
        {"last_name": "Carol", "first_name": "C", "sex": "f", "federation": "ENG"},
    )
    rows = client.get(url).context["players_table"].rows

    assert (response.status_code, response["Location"]) == (302, url)
    assert [(r.get_cell("federation"), r.get_cell("account")) for r in rows] == [
        ("", "alice"),
        ("ENG", ""),
    ]


def test_a_refused_player_shows_the_error_and_writes_nothing(event, client):
    users, tournament, _game = event
    client.force_login(users["orga"])

    response = client.post(
        reverse("tournaments:organise_add_player", args=[tournament.club.pk]),
        {"last_name": "Carol", "sex": "f", "federation": "england"},
    )

    assert response.status_code == 200
    assert list(response.context["form"].errors) == ["federation"]
    assert not Player.objects.filter(last_name="Carol").exists()


@pytest.mark.parametrize(("name", "shown"), [("arb", True), ("orgb", False), ("alice", False)])
def test_public_tournament_page_links_the_dashboard_for_its_arbiters(event, client, name, shown):
    users, tournament, _game = event
    client.force_login(users[name])

    html = client.get(reverse("tournaments:standings", args=[tournament.slug])).content.decode()

    assert (reverse("tournaments:organise", args=[tournament.slug]) in html) is shown


def test_an_organiser_imports_a_trf_file_for_their_club(event, client):
    users, tournament, _game = event
    client.force_login(users["orga"])
    upload = SimpleUploadedFile("t.trf", SMALL.encode(), content_type="text/plain")

    form = client.get(reverse("tournaments:trf_import")).context["form"]
    response = client.post(
        reverse("tournaments:trf_import"), {"file": upload, "club": tournament.club.pk}
    )

    imported = Tournament.objects.exclude(pk=tournament.pk).get()
    assert list(form.fields["club"].queryset) == [tournament.club]
    assert (response.status_code, imported.club) == (302, tournament.club)


def test_the_create_form_offers_an_organiser_their_clubs_only(event, client):
    users, tournament, _game = event
    client.force_login(users["orga"])

    form = client.get(reverse("tournaments:organise_create")).context["form"]

    assert (list(form.fields["club"].queryset), form.fields["club"].required) == (
        [tournament.club],
        True,
    )


def test_a_player_checks_in_by_their_account_or_their_code():
    tournament = make_tournament("Spring Open")
    own, other = register(tournament, make_player("Adams"), make_player("Baker"))
    account = get_user_model().objects.create_user("adams")
    own.player.account = account
    own.player.save()
    stranger = get_user_model().objects.create_user("stranger")

    assert roles.self_checker_of(own).allows(account)
    assert not roles.self_checker_of(other).allows(account)
    assert not roles.self_checker_of(own).allows(stranger)
    assert not roles.self_checker_of(own).allows(AnonymousUser())
    assert roles.self_checker_of(other, code_of(other).lower()).allows(AnonymousUser())
    assert not roles.self_checker_of(other, code_of(own)).allows(AnonymousUser())


def test_an_event_is_managed_by_its_clubs_organisers_and_staff():
    home, away = Club.objects.create(name="Home"), Club.objects.create(name="Away")
    users = {
        name: get_user_model().objects.create_user(name)
        for name in ("organiser", "away", "inactive", "player")
    }
    staff = get_user_model().objects.create_user("staff", is_staff=True)
    home.organisers.add(users["organiser"], users["inactive"])
    away.organisers.add(users["away"])
    users["inactive"].is_active = False
    users["inactive"].save()
    event = make_event("Home Weekend", club=home)
    clubless = make_event("Festival")

    may = {name: roles.can_manage_event(user, event) for name, user in users.items()}

    assert may == {"organiser": True, "away": False, "inactive": False, "player": False}
    assert roles.can_manage_event(staff, clubless) is True
    assert roles.can_manage_event(users["organiser"], clubless) is False
    assert roles.organiser_of_event(event).allows(SYSTEM) is True
    assert [e.name for e in roles.managed_events(users["organiser"])] == ["Home Weekend"]
    assert [e.name for e in roles.managed_events(staff)] == ["Festival", "Home Weekend"]

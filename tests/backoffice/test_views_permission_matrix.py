"""The permission matrix: every write URL of the site and every admin action, tried as each role.

Roles: anonymous, a player, another club's organiser, the arbiter of another tournament, the
tournament's arbiter, its club's organiser, staff. Only the expected roles succeed (a redirect
and a changed database); the others get 403 (anonymous: the login page) and the database is
exactly as before (a snapshot of every row of every project table, compared with ``==``).

The URL patterns are enumerated: a new URL that is not listed here (as a write with its
expected roles, or as a page that only reads) fails :func:`test_every_url_is_in_the_matrix`.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from actions import club_games, invitations, leagues, online_entries, reports, rounds
from actions.boards import add_game
from actions.byes import request_bye
from actions.check_in import set_check_in_rule
from actions.ratings import replay_rating_list
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.teams.rosters import add_team, set_roster
from actions.tournaments import create_tournament, finish_tournament
from core.roles import SYSTEM
from events.models import Entry, Event, Section
from players.models import Club
from ratings.models import PlayerRating
from tests.datafiles import FIDE
from tests.factories import (
    make_entry_section,
    make_event,
    make_open_event,
    make_player,
    make_section,
    register,
    standard_list,
)
from tests.helpers import snapshot
from tests.trf_samples import SMALL
from tournaments.enums import PairingSystem
from tournaments.models import (
    Game,
    RequestedBye,
    ResultReport,
    Round,
    Team,
    TeamMatch,
    Tournament,
)

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "player", "other_organiser", "other_arbiter", "arbiter", "organiser", "staff")
MANAGERS = frozenset({"organiser", "staff"})
ARBITERS = frozenset({"arbiter", "organiser", "staff"})
PLAYER = frozenset({"player"})

#: Pages that only read (GET/HEAD): not part of the write matrix (the back-office ones are
#: checked for their roles in ``test_back_office_pages_need_the_role``).
READ_ONLY = frozenset(
    {
        "ratings:home",
        "ratings:leaderboard",
        "ratings:published_list",
        "ratings:player",
        "tournaments:list",
        "tournaments:detail",
        "tournaments:standings",
        "tournaments:crosstable",
        "tournaments:progress",
        "tournaments:prizes",
        "tournaments:prizes_csv",
        "tournaments:norms",
        "tournaments:norm_report",
        "ratings:player_norms",
        "tournaments:bracket",
        "tournaments:bracket_live",
        # A team tournament's public pages (public/views/teams.py).
        "tournaments:team_standings",
        "tournaments:team_standings_csv",
        "tournaments:team_standings_live",
        "tournaments:team_crosstable",
        "tournaments:team_crosstable_csv",
        "tournaments:team_rounds",
        "tournaments:team_round",
        "tournaments:team_round_csv",
        "tournaments:team_round_live",
        "tournaments:team_card",
        "tournaments:board_prizes",
        "tournaments:board_prizes_csv",
        "tournaments:trf_export",
        "tournaments:h9_export",
        "tournaments:turnering_export",
        "tournaments:organise_list",
        "tournaments:organise_clubs",
        "tournaments:organise_club",
        "tournaments:organise",
        "tournaments:organise_round",
        "tournaments:my_games",
        "tournaments:organise_players",
        "tournaments:organise_arbiter_search",
        "tournaments:organise_print",
        "tournaments:organise_print_list",
        "healthz",
        "readyz",
        "admin_auditentry_moved",
        "ratings:archive",
        "ratings:compare",
        "ratings:distribution",
        "ratings:head_to_head",
        "ratings:player_games",
        "ratings:published_csv",
        "ratings:published_txt",
        "tournaments:round",
        "tournaments:rounds",
        "api:api-root",
        "api:leaderboard",
        "api:openapi-json",
        "api:openapi-view",
        "api:player_detail",
        "api:players",
        "api:rating_lists",
        "api:tournament_detail",
        "api:tournaments",
        "ratings:calculator_egf",
        "ratings:calculator_fesa",
        "ratings:calculator_fide",
        "ratings:calculator_initial",
        "ratings:calculator_performance",
        "ratings:reference",
        "ratings:reference_classes",
        "ratings:reference_expected_score",
        "ratings:reference_go_grades",
        "ratings:reference_shogi_grades",
        "ratings:reference_titles",
        "ratings:search",
        "ratings:search_suggest",
        "tournaments:crosstable_csv",
        "tournaments:player_card",
        "tournaments:players",
        "tournaments:players_csv",
        "tournaments:progress_csv",
        "tournaments:round_by_name",
        "tournaments:round_by_name_csv",
        "tournaments:round_csv",
        "tournaments:round_live",
        "tournaments:round_why",
        "tournaments:standings_csv",
        "tournaments:standings_live",
        "tournaments:screen",
        "tournaments:rounds_ics",
        "tournaments:organise_check_in",
        "tournaments:organise_check_in_qr",
        "tournaments:organise_check_in_codes",
        "events:list",
        "events:event",
        "events:rounds_ics",
        "events:organise_list",
        "events:entries",
        "tournaments:club_ladder",
        "leagues:list",
        "leagues:season",
        "leagues:division",
        "leagues:division_csv",
        "leagues:organise_list",
        "leagues:organise_division",
        "leagues:my_matches",
        "tournaments:my_teams",
    }
)
#: Writes that touch only the visitor's own session or account (the site's login, logout,
#: password change and reset: tests/backoffice/views/test_accounts.py), never the project's tables.
SESSION_ONLY = frozenset(
    {
        "set_language",
        "account",
        "login",
        "logout",
        "password_change",
        "password_change_done",
        "password_reset",
        "password_reset_done",
        "password_reset_confirm",
        "password_reset_complete",
    }
)
#: Writes allowed to whoever holds a one-time link, whatever their role (accepting an
#: invitation: tests/backoffice/views/test_invitations.py tries used, revoked, expired and wrong
#: tokens, each writing nothing).
#: Unsubscribing from a kind of mail is the same, by the signed link of a mail
#: (tests/backoffice/views/test_mail.py tries tampered tokens, each writing nothing).
TOKEN_HOLDER = frozenset(
    {"accept_invitation", "mail_unsubscribe", "events:confirm", "events:entry_withdraw"}
)
#: Everybody signed in: their own account's settings.
SIGNED_IN = frozenset(ROLES[1:])
#: Writes open to everybody (an online entry: a guest's is confirmed by the mailed link;
#: tests/public/test_entries.py and tests/actions/test_online_entries.py try its refusals).
ANYBODY = frozenset({"events:enter"})


@dataclass
class World:
    users: dict[str, Any]
    club: Club
    tournament: Tournament
    players: list[Any]


@pytest.fixture
def world() -> World:
    user_model = get_user_model()
    users = {
        name: user_model.objects.create_user(name, password="x")  # noqa: S106 -- test user
        for name in ROLES[1:]
    }
    users["staff"].is_staff = users["staff"].is_superuser = True
    users["staff"].save()
    club, other_club = Club.objects.create(name="Home"), Club.objects.create(name="Away")
    club.organisers.add(users["organiser"])
    other_club.organisers.add(users["other_organiser"])
    players = [make_player(f"P{i}") for i in range(1, 6)]
    players[0].account = users["player"]
    players[0].save()
    PlayerRating.objects.bulk_create(
        PlayerRating(player=player, rating_list=standard_list(), starting_rating=rating)
        for rating, player in zip((2100, 2000, 1900, 1800, 1700), players, strict=True)
    )
    replay_rating_list(rating_list=standard_list(), actor=SYSTEM)
    tournament = create_tournament(
        name="Home Open",
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 5),
        club=club,
        rating_list=standard_list(),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=5,
        players_report_results=True,
        actor=SYSTEM,
    )
    register(tournament, *players[:4])
    tournament.arbiters.add(users["arbiter"])
    other = create_tournament(
        name="Away Open",
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 5),
        club=other_club,
        actor=SYSTEM,
    )
    other.arbiters.add(users["other_arbiter"])
    return World(users, club, tournament, players)


# --------------------------------------------------------------------------- set-ups


def _published_round(w: World) -> Round:
    """Round 1 published, boards P1-P2 and P3-P4 without results."""
    round_ = pair_next_round(tournament=w.tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    return round_


def _draft_round(w: World) -> Round:
    return pair_next_round(tournament=w.tournament, actor=SYSTEM)


def _manual(w: World) -> None:
    Tournament.objects.filter(pk=w.tournament.pk).update(pairing_system=PairingSystem.MANUAL)
    w.tournament.refresh_from_db()


def _game(round_: Round, board: int = 1) -> Game:
    return Game.objects.get(round=round_, board=board)


def _slug(w: World, name: str, *args: Any) -> str:
    return reverse(f"tournaments:{name}", args=[w.tournament.slug, *args])


def create(w: World) -> tuple[str, dict]:
    data = {
        "name": "New Open",
        "club": w.club.pk,
        "start_date": "2026-05-01",
        "end_date": "2026-05-02",
        "pairing_system": PairingSystem.SWISS_DUTCH,
        "rounds_planned": 5,
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "1",
        "points_half_bye": "0.5",
        "initial_colour": "drawn",
        "seeding": "rating",
    }
    return reverse("tournaments:organise_create"), data


def trf_import(w: World) -> tuple[str, dict]:
    upload = SimpleUploadedFile("t.trf", SMALL.encode(), content_type="text/plain")
    return reverse("tournaments:trf_import"), {"file": upload, "club": w.club.pk}


def add_player(w: World) -> tuple[str, dict]:
    url = reverse("tournaments:organise_add_player", args=[w.club.pk])
    return url, {"last_name": "Newcomer", "sex": "f"}


def register_player(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_register"), {"player": w.players[4].pk}


def settings(w: World) -> tuple[str, dict]:
    t = w.tournament
    data = {
        "pairing_system": t.pairing_system,
        "rounds_planned": 7,
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "1",
        "points_half_bye": "0.5",
        "initial_colour": t.initial_colour,
        "seeding": t.seeding,
        "tiebreaks": t.tiebreaks,
        "players_report_results": "on",
    }
    return _slug(w, "organise_settings"), data


def prizes(w: World) -> tuple[str, dict]:
    data = {
        "currency": "EUR",
        "method": "hort",
        "prizes-TOTAL_FORMS": "1",
        "prizes-INITIAL_FORMS": "0",
        "prizes-0-kind": "place",
        "prizes-0-place": "1",
        "prizes-0-amount": "100",
    }
    return _slug(w, "organise_prizes"), data


def arbiters(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_arbiters"), {"remove": w.users["arbiter"].pk}


def club_create(w: World) -> tuple[str, dict]:
    data = {"name": "New Club", "city": "York", "organiser_email": "boss@example.org"}
    return reverse("tournaments:organise_club_create"), data


def invite(w: World) -> tuple[str, dict]:
    url = reverse("tournaments:organise_invite", args=[w.club.pk])
    return url, {"email": "arbiter@example.org", "role": "arbiter"}


def _invitation(w: World) -> Any:
    sent = invitations.invite(
        actor=SYSTEM, club=w.club, email="org@example.org", role="organiser", link=str
    )
    return sent.invitation


def resend_invitation(w: World) -> tuple[str, dict]:
    args = [w.club.pk, _invitation(w).pk]
    return reverse("tournaments:organise_resend_invitation", args=args), {}


def revoke_invitation(w: World) -> tuple[str, dict]:
    args = [w.club.pk, _invitation(w).pk]
    return reverse("tournaments:organise_revoke_invitation", args=args), {}


def withdraw(w: World) -> tuple[str, dict]:
    registration = w.tournament.registrations.get(player=w.players[3])
    return _slug(w, "organise_withdraw"), {"registration": registration.pk, "after_round": 0}


def bye(w: World) -> tuple[str, dict]:
    registration = w.tournament.registrations.get(player=w.players[3])
    return _slug(w, "organise_bye"), {
        "registration": registration.pk,
        "round_number": 2,
        "kind": "H",
    }


def cancel_bye(w: World) -> tuple[str, dict]:
    registration = w.tournament.registrations.get(player=w.players[3])
    request_bye(registration=registration, round_number=2, kind="H", actor=SYSTEM)
    requested = RequestedBye.objects.get()
    return _slug(w, "organise_cancel_bye", requested.pk), {}


def forbidden(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_forbidden"), {
        "player_a": w.players[0].pk,
        "player_b": w.players[1].pk,
    }


def schedule(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_schedule"), {"round_1": "2026-03-01T10:00", "round_2": ""}


def check_in_rule(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_check_in_rule"), {"rule": "first"}


def check_in_tap(w: World) -> tuple[str, dict]:
    set_check_in_rule(actor=SYSTEM, tournament=w.tournament, rule="first")
    registration = w.tournament.registrations.get(player=w.players[1])
    return _slug(w, "organise_check_in_tap", registration.pk), {"round": 1, "present": "on"}


def self_check_in(w: World) -> tuple[str, dict]:
    set_check_in_rule(actor=SYSTEM, tournament=w.tournament, rule="first")
    return _slug(w, "check_in"), {}


def add_round(w: World) -> tuple[str, dict]:
    _manual(w)
    return _slug(w, "organise_add_round"), {"date": "2026-03-01"}


def pair(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_pair"), {}


def publish(w: World) -> tuple[str, dict]:
    _draft_round(w)
    return _slug(w, "organise_publish", 1), {}


def discard(w: World) -> tuple[str, dict]:
    _draft_round(w)
    return _slug(w, "organise_discard", 1), {"confirm": "yes"}


def open_registration(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_open_registration"), {}


def _played_out(w: World) -> None:
    Tournament.objects.filter(pk=w.tournament.pk).update(rounds_planned=1)
    w.tournament.refresh_from_db()
    round_ = _published_round(w)
    for game in Game.objects.filter(round=round_, result=""):
        record_result(game=game, result="10", actor=SYSTEM)


def finish(w: World) -> tuple[str, dict]:
    _played_out(w)
    return _slug(w, "organise_finish"), {}


def reopen(w: World) -> tuple[str, dict]:
    _played_out(w)
    finish_tournament(tournament=w.tournament, actor=SYSTEM)
    return _slug(w, "organise_reopen"), {}


def fide_list(w: World) -> tuple[str, dict]:
    upload = SimpleUploadedFile(
        "players_list_foa.txt", (FIDE / "players_list_foa.txt").read_bytes(), "text/plain"
    )
    return reverse("tournaments:fide_import"), {"file": upload, "list_date": "2026-10-01"}


def register_lines(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_register_lines"), {"lines": "Newcomer, Nina\tf\t2001"}


def register_new(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_register_new"), {"last_name": "Newcomer", "sex": "f"}


def swap(w: World) -> tuple[str, dict]:
    _draft_round(w)
    return _slug(w, "organise_swap", 1), {"board": 1, "other": 2}


def edit_board(w: World) -> tuple[str, dict]:
    game = _game(_draft_round(w))
    return _slug(w, "organise_edit_board", 1, 1), {
        "b1-white": game.black_id,
        "b1-black": game.white_id,
    }


def add_board(w: World) -> tuple[str, dict]:
    _manual(w)
    rounds.add_round(tournament=w.tournament, actor=SYSTEM)
    return _slug(w, "organise_add_board", 1), {
        "white": w.players[0].pk,
        "black": w.players[1].pk,
    }


def delete_board(w: World) -> tuple[str, dict]:
    _manual(w)
    round_ = rounds.add_round(tournament=w.tournament, actor=SYSTEM)
    add_game(round=round_, board=1, white=w.players[0], black=w.players[1], actor=SYSTEM)
    return _slug(w, "organise_delete_board", 1, 1), {}


def armageddon_colours(w: World) -> tuple[str, dict]:
    """A knockout of one-game matches without rapid or blitz: a draw on board 1 adds the
    armageddon."""
    Tournament.objects.filter(pk=w.tournament.pk).update(
        pairing_system=PairingSystem.KNOCKOUT,
        knockout_games=1,
        knockout_rapid_pairs=0,
        knockout_blitz_pairs=0,
    )
    w.tournament.refresh_from_db()
    round_ = _published_round(w)
    record_result(game=_game(round_, 1), result="==", actor=SYSTEM)
    game = Game.objects.get(round=round_, stage="armageddon")
    return _slug(w, "organise_armageddon_colours", round_.number, game.board), {}


def result(w: World) -> tuple[str, dict]:
    _published_round(w)
    return _slug(w, "organise_result", 1, 1), {"b1-result": "10"}


def _reported(w: World) -> ResultReport:
    game = _game(_published_round(w))
    player_game = (
        game if w.players[0].pk in (game.white_id, game.black_id) else _game(game.round, 2)
    )
    return reports.report_result(game=player_game, result="==", actor=w.users["player"])


def confirm_report(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_confirm_report", _reported(w).pk), {}


def reject_report(w: World) -> tuple[str, dict]:
    return _slug(w, "organise_reject_report", _reported(w).pk), {}


def report_result(w: World) -> tuple[str, dict]:
    round_ = _published_round(w)
    game = next(
        g for g in Game.objects.filter(round=round_) if w.players[0].pk in (g.white_id, g.black_id)
    )
    return reverse("tournaments:report_result", args=[game.pk]), {f"g{game.pk}-result": "10"}


def _club_games(w: World) -> None:
    """Home rates club games; P1 (the player) and P2 (with an account of their own) play."""
    club_games.set_club_games(actor=SYSTEM, club=w.club, system="glicko2")
    w.players[1].account = get_user_model().objects.create_user("p2", password="x")  # noqa: S106
    for player in w.players[:2]:
        player.club = w.club
        player.save()


def organise_club_games(w: World) -> tuple[str, dict]:
    url = reverse("tournaments:organise_club_games", args=[w.club.pk])
    return url, {"system": "glicko2", "game_kind": "chess", "reach": "3"}


def report_club_game(w: World) -> tuple[str, dict]:
    _club_games(w)
    data = {
        "opponent": w.players[1].pk,
        "colour": "white",
        "result": "1",
        "date": "2026-03-10",
        "time_control": "15+10",
    }
    return reverse("tournaments:report_club_game", args=[w.club.pk]), data


def join_ladder(w: World) -> tuple[str, dict]:
    _club_games(w)
    return reverse("tournaments:join_ladder", args=[w.club.pk]), {}


def _club_report(w: World) -> Any:
    _club_games(w)
    return club_games.report_club_game(
        actor=w.players[1].account,
        club=w.club,
        opponent=w.players[0],
        colour="black",
        result="0.5",
        date=datetime.date(2026, 3, 10),
    )


def confirm_club_game(w: World) -> tuple[str, dict]:
    args = [w.club.pk, _club_report(w).pk]
    return reverse("tournaments:confirm_club_game", args=args), {}


def reject_club_game(w: World) -> tuple[str, dict]:
    args = [w.club.pk, _club_report(w).pk]
    return reverse("tournaments:reject_club_game", args=args), {}


def mail_preferences(w: World) -> tuple[str, dict]:
    """Every user has an address (their own: ``<name>@example.org``); pairings off."""
    for user in w.users.values():
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    return reverse("mail_preferences"), {"receive": ["entry", "results", "reports"]}


def _event(w: World, *, section: bool = True) -> Event:
    """The club's event; with ``section``, the tournament is its section."""
    event = make_event("Home Weekend", slug="home-weekend", club=w.club)
    if section:
        make_section(event, w.tournament)
    return event


def event_create(w: World) -> tuple[str, dict]:
    data = {
        "name": "Spring Weekend",
        "club": w.club.pk,
        "start_date": "2026-05-01",
        "end_date": "2026-05-02",
        "currency": "EUR",
    }
    return reverse("events:organise_create"), data


def event_update(w: World) -> tuple[str, dict]:
    event = _event(w)
    data = {
        "name": "Home Weekend Open",
        "slug": event.slug,
        "club": w.club.pk,
        "start_date": "2026-03-07",
        "end_date": "2026-03-08",
        "currency": "EUR",
        "venue": "Town hall",
    }
    return reverse("events:organise", args=[event.slug]), data


def event_new_section(w: World) -> tuple[str, dict]:
    event = _event(w, section=False)
    data = {"new-name": "Open B", "new-pairing_system": "swiss_dutch", "new-rounds_planned": 5}
    return reverse("events:organise_new_section", args=[event.slug]), data


def event_attach_section(w: World) -> tuple[str, dict]:
    event = _event(w, section=False)
    url = reverse("events:organise_attach_section", args=[event.slug])
    return url, {"attach-tournament": w.tournament.pk}


def event_section(w: World) -> tuple[str, dict]:
    section = Section.objects.get(event=_event(w))
    prefix = f"section-{section.pk}"
    data = {f"{prefix}-order": 1, f"{prefix}-cap": 10, f"{prefix}-rated": "any"}
    data[f"{prefix}-fee"] = "15"
    return reverse("events:organise_section", args=[section.event.slug, section.pk]), data


def event_remove_section(w: World) -> tuple[str, dict]:
    section = Section.objects.get(event=_event(w))
    url = reverse("events:organise_remove_section", args=[section.event.slug, section.pk])
    return url, {}


def event_discounts(w: World) -> tuple[str, dict]:
    event = _event(w)
    data = {
        "discounts-TOTAL_FORMS": "1",
        "discounts-INITIAL_FORMS": "0",
        "discounts-0-kind": "junior",
        "discounts-0-age": "18",
        "discounts-0-percent": "50",
    }
    return reverse("events:organise_discounts", args=[event.slug]), data


def _pending_entry(w: World) -> Any:
    """An event of the tournament's club that approves entries, with the player's entry
    awaiting approval."""
    event = make_open_event("Home Weekend", slug="home-weekend", club=w.club, approve_entries=True)
    section = make_entry_section(event, name="Home Rapid")
    w.users["player"].email = "player@example.org"
    w.users["player"].save()
    (entry,) = online_entries.enter(
        actor=w.users["player"], sections=[section], links=online_entries.Links.of(str)
    )
    return entry


def decide_entry(w: World) -> tuple[str, dict]:
    entry = _pending_entry(w)
    url = reverse("events:organise_entries", args=["home-weekend"])
    return url, {"entry": entry.pk, "decision": "approve"}


def record_fee(w: World) -> tuple[str, dict]:
    entry = _pending_entry(w)
    Entry.objects.filter(pk=entry.pk).update(fee=20)
    return reverse("events:organise_fees", args=["home-weekend"]), {"entry": entry.pk, "amount": 20}


# --------------------------------------------------------------------------- leagues


def _season(w: World) -> Any:
    return leagues.create_season(
        actor=SYSTEM,
        club=w.club,
        name="Home League",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2027, 5, 31),
        match_dates=[datetime.date(2026, 9, 6), datetime.date(2026, 9, 20)],
    )


def _division(w: World, *, scheduled: bool = True) -> Any:
    """Home League's division: Home A (captain P1, the player) and Away A (captain P3, with
    an account of its own), two boards, double round robin; the arbiter arbitrates it."""
    away = Club.objects.get(name="Away")
    w.players[2].account = get_user_model().objects.create_user("p3", password="x")  # noqa: S106
    w.players[2].save()
    teams = [
        {"name": "Home A", "captain": w.players[0], "players": w.players[:2]},
        {"name": "Away A", "club": away, "captain": w.players[2], "players": w.players[2:4]},
    ]
    division = leagues.add_division(
        actor=SYSTEM, season=_season(w), name="Premier", teams=teams, boards=2
    )
    division.tournament.arbiters.add(w.users["arbiter"])
    if scheduled:
        leagues.schedule_division(actor=SYSTEM, division=division)
    return division


def _league_match(w: World) -> Any:
    division = _division(w)
    return TeamMatch.objects.get(round__tournament=division.tournament, round__number=1)


def _card_boards(w: World, match: Any) -> list[dict]:
    """Board 1: the first team's P1 or P3 with White; board 2: the other team's player."""
    home = [w.players[0], w.players[1]] if match.first.name == "Home A" else w.players[2:4]
    away = w.players[2:4] if match.first.name == "Home A" else [w.players[0], w.players[1]]
    return [
        {"white": home[0], "black": away[0], "result": "10"},
        {"white": away[1], "black": home[1], "result": "=="},
    ]


def _away_card(w: World) -> Any:
    """A card of round 1 entered by the captain of Away A, for the player to confirm."""
    match = _league_match(w)
    return leagues.submit_match_card(
        actor=w.players[2].account, match=match, boards=_card_boards(w, match)
    )


def season_create(w: World) -> tuple[str, dict]:
    data = {
        "club": w.club.pk,
        "name": "Spring League",
        "start_date": "2026-09-01",
        "end_date": "2027-05-31",
        "match_dates": "2026-09-06 2026-09-20",
    }
    return reverse("leagues:organise_season_create"), data


def season_division(w: World) -> tuple[str, dict]:
    season = _season(w)
    data = {
        "name": "Premier",
        "level": 1,
        "boards": 2,
        "double": "on",
        "promotion": 0,
        "relegation": 0,
        "home_white": "on",
        "table_order": "mp gp",
        "teams": "Home A: P1; P2\nAway A: P3; P4",
    }
    return reverse("leagues:organise_season", args=[season.slug]), data


def league_schedule(w: World) -> tuple[str, dict]:
    division = _division(w, scheduled=False)
    return reverse("leagues:organise_schedule", args=[division.season.slug, division.slug]), {}


def league_postpone(w: World) -> tuple[str, dict]:
    match = _league_match(w)
    return reverse("leagues:organise_postpone", args=[match.pk]), {"to": "2026-10-04"}


def league_default(w: World) -> tuple[str, dict]:
    match = _league_match(w)
    return reverse("leagues:organise_default", args=[match.pk]), {"absent": "second"}


def league_decide(w: World) -> tuple[str, dict]:
    card = _away_card(w)
    leagues.dispute_match_card(actor=w.users["player"], card=card, reason="Board 2 was 1-0.")
    return reverse("leagues:organise_decide_card", args=[card.match_id]), {}


def league_card(w: World) -> tuple[str, dict]:
    match = _league_match(w)
    data = {"played_on": "2026-09-06"}
    for board, row in enumerate(_card_boards(w, match), start=1):
        data |= {
            f"white_{board}": row["white"].pk,
            f"black_{board}": row["black"].pk,
            f"result_{board}": row["result"],
        }
    return reverse("leagues:match_card", args=[match.pk]), data


def league_confirm(w: World) -> tuple[str, dict]:
    return reverse("leagues:confirm_card", args=[_away_card(w).match_id]), {}


def league_dispute(w: World) -> tuple[str, dict]:
    url = reverse("leagues:dispute_card", args=[_away_card(w).match_id])
    return url, {"reason": "Board 2 was a win for Black."}


def _teams(w: World) -> list[Team]:
    """The tournament made a 2-board team round robin: Home A (P1, the player, its captain;
    P2) against Home B (P3, P4)."""
    Tournament.objects.filter(pk=w.tournament.pk).update(
        pairing_system=PairingSystem.TEAM_ROUND_ROBIN, team_boards=2
    )
    w.tournament.refresh_from_db()
    teams = []
    for name, captain, players in (
        ("Home A", w.players[0], w.players[:2]),
        ("Home B", None, w.players[2:4]),
    ):
        team = add_team(
            actor=SYSTEM, tournament=w.tournament, name=name, club=w.club, captain=captain
        )
        set_roster(actor=SYSTEM, team=team, players=players)
        teams.append(team)
    return teams


def add_team_(w: World) -> tuple[str, dict]:
    _teams(w)
    return _slug(w, "organise_teams"), {"name": "Home C", "club": w.club.pk}


def team(w: World) -> tuple[str, dict]:
    home_a, _home_b = _teams(w)
    data = {"form": "team", "name": "Home A1", "club": w.club.pk, "captain": w.players[0].pk}
    return _slug(w, "organise_team", home_a.pk), data


def line_up(w: World) -> tuple[str, dict]:
    home_a, _home_b = _teams(w)
    return _slug(w, "line_up", home_a.pk), {"board_1": w.players[0].pk, "board_2": w.players[1].pk}


def match_outcome(w: World) -> tuple[str, dict]:
    _teams(w)
    round_ = _published_round(w)
    match = TeamMatch.objects.get(round=round_)
    return _slug(w, "organise_match_outcome", 1, match.pk), {"outcome": "second_absent"}


#: Every write URL: how to set it up, and the roles that may use it.
WRITES: dict[str, tuple[Callable[[World], tuple[str, dict]], frozenset[str]]] = {
    "tournaments:organise_create": (create, MANAGERS),
    "tournaments:trf_import": (trf_import, MANAGERS),
    "tournaments:organise_add_player": (add_player, MANAGERS),
    "tournaments:organise_register": (register_player, MANAGERS),
    "tournaments:organise_register_lines": (register_lines, MANAGERS),
    "tournaments:fide_import": (fide_list, frozenset({"staff"})),
    "tournaments:organise_register_new": (register_new, MANAGERS),
    "tournaments:organise_open_registration": (open_registration, MANAGERS),
    "tournaments:organise_finish": (finish, ARBITERS),
    "tournaments:organise_reopen": (reopen, MANAGERS),
    "tournaments:organise_settings": (settings, MANAGERS),
    "tournaments:organise_prizes": (prizes, MANAGERS),
    "tournaments:organise_schedule": (schedule, MANAGERS),
    "tournaments:organise_check_in_rule": (check_in_rule, MANAGERS),
    "tournaments:organise_check_in_tap": (check_in_tap, ARBITERS),
    "tournaments:check_in": (self_check_in, PLAYER),
    "tournaments:organise_arbiters": (arbiters, MANAGERS),
    "tournaments:organise_club_create": (club_create, frozenset({"staff"})),
    "tournaments:organise_invite": (invite, MANAGERS),
    "tournaments:organise_resend_invitation": (resend_invitation, MANAGERS),
    "tournaments:organise_revoke_invitation": (revoke_invitation, MANAGERS),
    "tournaments:organise_withdraw": (withdraw, ARBITERS),
    "tournaments:organise_bye": (bye, ARBITERS),
    "tournaments:organise_cancel_bye": (cancel_bye, ARBITERS),
    "tournaments:organise_forbidden": (forbidden, ARBITERS),
    "tournaments:organise_add_round": (add_round, ARBITERS),
    "tournaments:organise_pair": (pair, ARBITERS),
    "tournaments:organise_publish": (publish, ARBITERS),
    "tournaments:organise_discard": (discard, ARBITERS),
    "tournaments:organise_swap": (swap, ARBITERS),
    "tournaments:organise_edit_board": (edit_board, ARBITERS),
    "tournaments:organise_add_board": (add_board, ARBITERS),
    "tournaments:organise_delete_board": (delete_board, ARBITERS),
    "tournaments:organise_result": (result, ARBITERS),
    "tournaments:organise_armageddon_colours": (armageddon_colours, ARBITERS),
    "tournaments:organise_confirm_report": (confirm_report, ARBITERS),
    "tournaments:organise_reject_report": (reject_report, ARBITERS),
    "tournaments:report_result": (report_result, PLAYER),
    "mail_preferences": (mail_preferences, SIGNED_IN),
    "events:organise_create": (event_create, MANAGERS),
    "events:organise": (event_update, MANAGERS),
    "events:organise_new_section": (event_new_section, MANAGERS),
    "events:organise_attach_section": (event_attach_section, MANAGERS),
    "events:organise_section": (event_section, MANAGERS),
    "events:organise_remove_section": (event_remove_section, MANAGERS),
    "events:organise_discounts": (event_discounts, MANAGERS),
    "events:organise_entries": (decide_entry, MANAGERS),
    "events:organise_fees": (record_fee, MANAGERS),
    "tournaments:organise_club_games": (organise_club_games, MANAGERS),
    "tournaments:report_club_game": (report_club_game, PLAYER),
    "tournaments:join_ladder": (join_ladder, PLAYER),
    "tournaments:confirm_club_game": (confirm_club_game, PLAYER | MANAGERS),
    "leagues:organise_season_create": (season_create, MANAGERS),
    "leagues:organise_season": (season_division, MANAGERS),
    "leagues:organise_schedule": (league_schedule, MANAGERS),
    "leagues:organise_postpone": (league_postpone, ARBITERS),
    "leagues:organise_default": (league_default, ARBITERS),
    "leagues:organise_decide_card": (league_decide, ARBITERS),
    "leagues:match_card": (league_card, PLAYER | ARBITERS),
    "leagues:confirm_card": (league_confirm, PLAYER | ARBITERS),
    "leagues:dispute_card": (league_dispute, PLAYER | ARBITERS),
    "tournaments:reject_club_game": (reject_club_game, PLAYER | MANAGERS),
    "tournaments:organise_teams": (add_team_, MANAGERS),
    "tournaments:organise_team": (team, MANAGERS),
    "tournaments:line_up": (line_up, PLAYER | ARBITERS),
    "tournaments:organise_match_outcome": (match_outcome, ARBITERS),
}

#: Roles that pass the role check of a create page but are refused by its form: the other
#: club's organiser may create tournaments, but not for this club (200 with the form error).
FORM_REFUSED = {
    ("tournaments:organise_create", "other_organiser"),
    ("tournaments:trf_import", "other_organiser"),
    ("events:organise_create", "other_organiser"),
    ("leagues:organise_season_create", "other_organiser"),
}
#: The players' own check-in page is open to everyone (a visitor types a player's code): who
#: does not play in the tournament and gives no code gets the page again with the refusal
#: (tests/public/views/test_check_in.py tries codes, right and wrong).
FORM_REFUSED |= {("tournaments:check_in", role) for role in ROLES if role != "player"}


def _url_names(patterns: list[Any], namespace: str = "") -> set[str]:
    names: set[str] = set()
    for entry in patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            names |= _url_names(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern):
            names.add(f"{namespace}{entry.name}")
    return names


def _client(w: World, role: str) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(w.users[role])
    return client


def test_every_url_is_in_the_matrix():
    names = _url_names(get_resolver().url_patterns)

    unlisted = names - set(WRITES) - READ_ONLY - SESSION_ONLY - TOKEN_HOLDER - ANYBODY

    assert unlisted == set()
    assert set(WRITES) | READ_ONLY | SESSION_ONLY | TOKEN_HOLDER | ANYBODY <= names


def _outcome(response: Any, changed: bool) -> str:
    """ "done" (redirect, database changed), "login" (redirect to the login page, unchanged),
    "forbidden" (403, unchanged), "form" (200 with the form's errors, unchanged)."""
    if response.status_code == 302 and response["Location"].startswith(reverse("login")):
        return "login" if not changed else "login, changed"
    if response.status_code == 302:
        return "done" if changed else "redirect, unchanged"
    if response.status_code == 403:
        return "forbidden" if not changed else "forbidden, changed"
    if response.status_code == 200:
        return "form" if not changed else "form, changed"
    return f"{response.status_code}"


@pytest.mark.parametrize("name", sorted(WRITES))
def test_write_url_as_each_role(world, name):
    setup, allowed = WRITES[name]
    outcomes = {}

    for role in ROLES:
        # Each role starts from the same database: the set-up and the request run in a
        # savepoint that is rolled back afterwards.
        with transaction.atomic():
            world.tournament.refresh_from_db()
            url, data = setup(world)
            client = _client(world, role)
            before = snapshot()
            response = client.post(url, data)
            outcomes[role] = _outcome(response, snapshot() != before)
            transaction.set_rollback(True)

    expected = {
        role: "done"
        if role in allowed
        else "form"
        if (name, role) in FORM_REFUSED
        else "login"
        if role == "anonymous"
        else "forbidden"
        for role in ROLES
    }
    assert outcomes == expected


#: Back-office pages (GET) and the roles that see them.
PAGES = {
    "organise_list": frozenset({"other_organiser", "other_arbiter"}) | ARBITERS,
    "organise_clubs": frozenset({"other_organiser", "other_arbiter"}) | ARBITERS,
    "organise_create": frozenset({"other_organiser"}) | MANAGERS,
    "trf_import": frozenset({"other_organiser"}) | MANAGERS,
    "fide_import": frozenset({"staff"}),
    "organise_club": MANAGERS,
    "organise_club_create": frozenset({"staff"}),
    "organise": ARBITERS,
    "organise_schedule": MANAGERS,
    "organise_round": ARBITERS,
    "organise_print": ARBITERS,
    "organise_print_list": ARBITERS,
    "organise_prizes": MANAGERS,
    "organise_check_in": ARBITERS,
    "organise_check_in_qr": ARBITERS,
    "organise_check_in_codes": ARBITERS,
    "trf_export": ARBITERS,
    "my_games": PLAYER,
    "my_teams": SIGNED_IN,
    "organise_teams": MANAGERS,
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_back_office_pages_need_the_role(world, name):
    _published_round(world)
    args = {
        "organise": [world.tournament.slug],
        "organise_schedule": [world.tournament.slug],
        "organise_round": [world.tournament.slug, 1],
        "organise_print": [world.tournament.slug, 1, "slips"],
        "organise_print_list": [world.tournament.slug, "wallchart"],
        "trf_export": [world.tournament.slug],
        "organise_prizes": [world.tournament.slug],
        "organise_check_in": [world.tournament.slug],
        "organise_check_in_qr": [world.tournament.slug],
        "organise_check_in_codes": [world.tournament.slug],
        "organise_club": [world.club.pk],
        "organise_teams": [world.tournament.slug],
    }.get(name, [])
    url = reverse(f"tournaments:{name}", args=args)

    statuses = {role: _client(world, role).get(url).status_code for role in ROLES}

    expected = {
        role: 200 if role in PAGES[name] else (302 if role == "anonymous" else 403)
        for role in ROLES
    }
    assert statuses == expected


@pytest.mark.parametrize(
    "name", ["tournaments:norms", "tournaments:norm_report", "ratings:player_norms"]
)
def test_the_norm_pages_are_read_by_everyone(world, name):
    _published_round(world)
    args = {
        "tournaments:norms": [world.tournament.slug],
        "tournaments:norm_report": [world.tournament.slug, 1],
        "ratings:player_norms": [world.players[0].pk],
    }[name]
    url = reverse(name, args=args)

    statuses = {role: _client(world, role).get(url).status_code for role in ROLES}

    assert statuses == dict.fromkeys(ROLES, 200)


#: The organiser pages of events (GET) and the roles that see them.
EVENT_PAGES = {
    "organise_list": frozenset({"other_organiser"}) | MANAGERS,
    "organise_create": frozenset({"other_organiser"}) | MANAGERS,
    "organise": MANAGERS,
}


@pytest.mark.parametrize("name", sorted(EVENT_PAGES))
def test_event_organiser_pages_need_the_role(world, name):
    event = _event(world)
    args = [event.slug] if name == "organise" else []
    url = reverse(f"events:{name}", args=args)

    statuses = {role: _client(world, role).get(url).status_code for role in ROLES}

    expected = {
        role: 200 if role in EVENT_PAGES[name] else (302 if role == "anonymous" else 403)
        for role in ROLES
    }
    assert statuses == expected


def test_an_event_organiser_page_that_does_not_exist_looks_forbidden(world):
    url = reverse("events:organise", args=["no-such-event"])

    statuses = {role: _client(world, role).get(url).status_code for role in ROLES}

    assert statuses == {role: 302 if role == "anonymous" else 403 for role in ROLES[:-1]} | {
        "staff": 404
    }


def test_my_events_lists_only_the_events_of_my_clubs(world):
    _event(world)
    away = Club.objects.get(name="Away")
    make_event("Away Weekend", club=away)
    names = {
        role: [
            e.name
            for e in _client(world, role).get(reverse("events:organise_list")).context["table"].data
        ]
        for role in ("other_organiser", "organiser", "staff")
    }

    assert names == {
        "other_organiser": ["Away Weekend"],
        "organiser": ["Home Weekend"],
        "staff": ["Away Weekend", "Home Weekend"],
    }


@pytest.mark.parametrize("name", ["organise_entries", "organise_fees"])
def test_event_entry_pages_need_the_role(world, name):
    make_event("Home Weekend", slug="home-weekend", club=world.club)
    url = reverse(f"events:{name}", args=["home-weekend"])

    statuses = {role: _client(world, role).get(url).status_code for role in ROLES}

    assert statuses == {
        role: 200 if role in MANAGERS else (302 if role == "anonymous" else 403) for role in ROLES
    }


def test_my_tournaments_lists_only_the_users_tournaments(world):
    names = {
        role: [
            t.name
            for t in _client(world, role)
            .get(reverse("tournaments:organise_list"))
            .context["table"]
            .data
        ]
        for role in ("other_organiser", "other_arbiter", "arbiter", "organiser", "staff")
    }

    assert names == {
        "other_organiser": ["Away Open"],
        "other_arbiter": ["Away Open"],
        "arbiter": ["Home Open"],
        "organiser": ["Home Open"],
        "staff": ["Away Open", "Home Open"],
    }


# --------------------------------------------------------------------------- the admin

#: Every admin action (model admin -> action names); a new one must be added here.
ADMIN_ACTIONS = {
    "axes.accessattempt": ["cleanup_expired_attempts"],
    "players.player": ["merge_action"],
    "ratings.ratinglist": ["recompute"],
    "core.outgoingmail": ["retry"],
}


def _admin_actions(request: Any) -> dict[str, list[str]]:
    found = {}
    for model, model_admin in admin.site._registry.items():
        names = sorted(
            name for name in model_admin.get_actions(request) if name != "delete_selected"
        )
        if names:
            found[model._meta.label_lower] = names
    return found


def test_every_admin_action_is_in_the_matrix(world, rf):
    request = rf.get("/")
    request.user = world.users["staff"]

    assert _admin_actions(request) == ADMIN_ACTIONS


@pytest.mark.parametrize("role", ROLES[:-1])
def test_admin_is_for_staff_only(world, role):
    client = _client(world, role)
    urls = [reverse("admin:index")] + [
        reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        for model in admin.site._registry
    ]

    statuses = {url: client.get(url).status_code for url in urls}

    assert set(statuses.values()) == {302}


def _admin_action_posts(w: World) -> list[tuple[str, dict]]:
    """Every admin action, including delete_selected of every model that allows deleting,
    posted (confirmed) on the tournament, its players and the rating list."""
    targets = {
        "ratings.ratinglist": standard_list().pk,
        "tournaments.tournament": w.tournament.pk,
        "players.player": w.players[4].pk,
        "players.club": w.club.pk,
    }
    posts = []
    for model in admin.site._registry:
        label = model._meta.label_lower
        if label not in targets:
            continue
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        for action in [*ADMIN_ACTIONS.get(label, []), "delete_selected"]:
            posts.append(
                (url, {"action": action, "_selected_action": [targets[label]], "post": "yes"})
            )
    return posts


@pytest.mark.parametrize("role", ROLES[:-1])
def test_admin_actions_refuse_everyone_but_staff(world, role):
    client = _client(world, role)
    before = snapshot()

    posts = _admin_action_posts(world)

    statuses = [client.post(url, data).status_code for url, data in posts]

    assert (len(posts), statuses) == (6, [302] * 6)
    assert snapshot() == before


def test_admin_recompute_action_works_for_staff(world):
    client = _client(world, "staff")
    url = reverse("admin:ratings_ratinglist_changelist")

    response = client.post(
        url, {"action": "recompute", "_selected_action": [standard_list().pk]}, follow=True
    )

    assert response.status_code == 200
    assert response.redirect_chain == [(url, 302)]

"""Rated club games and the ladder: reports, confirmations, the club's Glicko-2 list."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError

from actions.club_games import (
    confirm_club_game,
    join_ladder,
    reject_club_game,
    report_club_game,
    set_club_games,
)
from core import mail
from core.enums import AuditAction
from core.models import AuditEntry
from events.models import ClubGameReport, ClubGames, ClubGameStatus, LadderPlace
from ratings.models import PlayerRating, RatingChange
from rules.ratings import glicko2
from rules.ratings.glicko2 import Glicko, Outcome
from tests.factories import make_club, make_player
from tournaments.models import Game

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 3, 10)


def _user(name):
    return get_user_model().objects.create_user(name, password="pw-" + name)


@pytest.fixture
def club_setup():
    club = make_club("Knights")
    organiser = _user("org")
    club.organisers.add(organiser)
    players = {}
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        players[name] = make_player(name, club=club, account=_user(name.lower()))
    settings = set_club_games(actor=organiser, club=club, system="glicko2", reach=3)
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        join_ladder(actor=players[name].account, club=club)
    return club, organiser, players, settings


def _ladder(settings):
    return list(
        LadderPlace.objects.filter(club_games=settings)
        .order_by("place")
        .values_list("player__last_name", flat=True)
    )


def test_setting_up_creates_the_clubs_own_glicko2_list(club_setup):
    _club, _organiser, _players, settings = club_setup
    assert settings.rating_list.name == "Knights club games"
    assert settings.rating_list.system == "glicko2"
    assert settings.reach == 3
    assert _ladder(settings) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert AuditEntry.objects.filter(action=AuditAction.LADDER_JOINED).count() == 5


def test_a_confirmed_challenge_rates_both_and_moves_the_ladder(club_setup):
    club, _organiser, p, settings = club_setup
    report = report_club_game(
        actor=p["Eve"].account, club=club, opponent=p["Bob"], colour="white", result="1",
        date=DAY, time_control="15+10",
    )  # fmt: skip
    assert report.status == ClubGameStatus.PENDING
    assert not Game.objects.exists()
    game = confirm_club_game(actor=p["Bob"].account, report=report)
    assert game.result == "10" and game.white == p["Eve"] and game.black == p["Bob"]
    assert game.round.tournament.name == "Knights club games, 2026-03"
    assert game.round.tournament.rating_list == settings.rating_list
    assert _ladder(settings) == ["Ann", "Eve", "Bob", "Cat", "Dan"]
    winner = glicko2.rate(Glicko(), [Outcome(Glicko(), 1.0)])
    loser = glicko2.rate(Glicko(), [Outcome(Glicko(), 0.0)])
    rows = {
        r.player.last_name: r for r in PlayerRating.objects.filter(rating_list=settings.rating_list)
    }
    assert str(rows["Eve"].live_rating) == f"{winner.rating:.2f}" == "1662.31"
    assert str(rows["Bob"].live_rating) == "1337.69"
    assert round(loser.rating, 2) == 1337.69
    assert RatingChange.objects.filter(game=game).count() == 2
    report.refresh_from_db()
    assert report.status == ClubGameStatus.CONFIRMED and report.game == game
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {AuditAction.CLUB_GAME_CONFIRMED, AuditAction.LADDER_MOVED} <= actions


def test_a_draw_or_a_win_from_above_leaves_the_ladder(club_setup):
    club, organiser, p, settings = club_setup
    report = report_club_game(
        actor=p["Dan"].account, club=club, opponent=p["Ann"], colour="black", result="0.5",
        date=DAY,
    )  # fmt: skip
    confirm_club_game(actor=organiser, report=report)  # an organiser may confirm
    assert _ladder(settings) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    report = report_club_game(
        actor=p["Eve"].account, club=club, opponent=p["Ann"], colour="white", result="1",
        date=DAY,
    )  # fmt: skip
    confirm_club_game(actor=p["Ann"].account, report=report)  # out of reach (4 places)
    assert _ladder(settings) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert Game.objects.count() == 2


def test_refusals_write_nothing(club_setup):
    club, _organiser, p, _settings = club_setup
    outsider = make_player("Out", account=_user("out"))
    before = AuditEntry.objects.count()
    with pytest.raises(PermissionDenied):
        report_club_game(
            actor=outsider.account, club=club, opponent=p["Ann"], colour="white",
            result="1", date=DAY,
        )  # fmt: skip
    with pytest.raises(ValidationError) as refused:
        report_club_game(
            actor=p["Ann"].account, club=club, opponent=outsider, colour="red", result="2",
            date=datetime.date.today() + datetime.timedelta(days=1),
        )  # fmt: skip
    assert set(refused.value.message_dict) == {"colour", "result", "opponent", "date"}
    report = report_club_game(
        actor=p["Ann"].account, club=club, opponent=p["Bob"], colour="white", result="1",
        date=DAY,
    )  # fmt: skip
    before = AuditEntry.objects.count()
    for actor in (p["Ann"].account, p["Cat"].account, outsider.account):
        with pytest.raises(PermissionDenied):  # the reporter cannot confirm their own game
            confirm_club_game(actor=actor, report=report)
        with pytest.raises(PermissionDenied):
            reject_club_game(actor=actor, report=report)
    assert AuditEntry.objects.count() == before
    assert not Game.objects.exists()
    reject_club_game(actor=p["Bob"].account, report=report)
    report.refresh_from_db()
    assert report.status == ClubGameStatus.REJECTED
    with pytest.raises(ValidationError):
        confirm_club_game(actor=p["Bob"].account, report=report)
    assert not Game.objects.exists()
    assert ClubGameReport.objects.count() == 1


def test_only_an_organiser_sets_up_club_games_and_the_system_stays_once_rated(club_setup):
    club, organiser, p, settings = club_setup
    with pytest.raises(PermissionDenied):
        set_club_games(actor=p["Ann"].account, club=club, system="fide", reach=2)
    report = report_club_game(
        actor=p["Bob"].account, club=club, opponent=p["Ann"], colour="white", result="1",
        date=DAY,
    )  # fmt: skip
    confirm_club_game(actor=p["Ann"].account, report=report)
    with pytest.raises(ValidationError):
        set_club_games(actor=organiser, club=club, system="fide", reach=3)
    set_club_games(actor=organiser, club=club, system="glicko2", reach=5)
    assert ClubGames.objects.get(pk=settings.pk).reach == 5
    assert ClubGames.objects.get(pk=settings.pk).rating_list.system == "glicko2"


def test_the_opponent_gets_a_mail_to_confirm_the_game(club_setup, smtp_server, settings):
    settings.SITE_URL = "https://club.example"
    club, _organiser, p, _settings = club_setup
    for name in ("Ann", "Bob"):
        p[name].account.email = f"{name.lower()}@example.org"
        p[name].account.save()
    report_club_game(
        actor=p["Bob"].account, club=club, opponent=p["Ann"], colour="black", result="0.5",
        date=DAY,
    )  # fmt: skip
    assert mail.deliver_due() == (1, 0)
    (received,) = smtp_server.to("ann@example.org")
    assert received.subject == "A club game to confirm: Ann – Bob"
    assert received.body.startswith(
        "Bob reports Ann – Bob ½–½, played on 2026-03-10.\n\n"
        "Confirm or reject it: https://club.example/tournaments/my-games/\n"
    )
    assert smtp_server.to("bob@example.org") == []

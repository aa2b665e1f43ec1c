"""The club games' pages: the report form, my games' confirmations, the public ladder."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from actions.club_games import confirm_club_game, join_ladder, report_club_game, set_club_games
from core.roles import SYSTEM
from events.models import ClubGameReport, ClubGameStatus, LadderPlace
from tests.factories import make_club, make_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = make_club("Rooks")
    set_club_games(actor=SYSTEM, club=club, system="glicko2", reach=2)
    for name in ("Ann", "Bob", "Cat"):
        account = get_user_model().objects.create_user(name.lower(), password="pw")  # noqa: S106
        make_player(name, club=club, account=account)
        join_ladder(actor=account, club=club)
    return club


def _client(username: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return client


def test_the_ladder_shows_the_challenge_links_of_the_signed_in_player(club):
    url = reverse("tournaments:club_ladder", args=[club.pk])
    anonymous = Client().get(url)
    assert anonymous.status_code == 200
    assert [r.player.last_name for r in anonymous.context["rungs"]] == ["Ann", "Bob", "Cat"]
    assert b'class="button secondary challenge"' not in anonymous.content
    cat = _client("cat").get(url)
    assert [r.player.last_name for r in cat.context["rungs"] if r.can_challenge] == ["Ann", "Bob"]
    bob = _client("bob").get(url)
    assert [r.player.last_name for r in bob.context["rungs"] if r.can_challenge] == ["Ann"]


def test_a_report_from_the_form_waits_in_the_opponents_games(club):
    cat = LadderPlace.objects.get(player__last_name="Cat").player
    ann = LadderPlace.objects.get(player__last_name="Ann").player
    url = reverse("tournaments:report_club_game", args=[club.pk])
    page = _client("cat").get(url, {"opponent": ann.pk})
    assert page.context["form"].initial["opponent"] == ann.pk
    response = _client("cat").post(
        url,
        {"opponent": ann.pk, "colour": "black", "result": "1", "date": "2026-03-10"},
    )
    assert response.status_code == 302
    report = ClubGameReport.objects.get()
    assert (report.white, report.black, report.result) == (ann, cat, "01")
    mine = _client("ann").get(reverse("tournaments:my_games"))
    assert mine.context["club_reports"] == [report]
    response = _client("ann").post(
        reverse("tournaments:confirm_club_game", args=[club.pk, report.pk])
    )
    assert response.status_code == 302
    report.refresh_from_db()
    assert report.status == ClubGameStatus.CONFIRMED
    ladder = _client("ann").get(reverse("tournaments:club_ladder", args=[club.pk]))
    assert [r.player.last_name for r in ladder.context["rungs"]] == ["Cat", "Ann", "Bob"]


def test_the_form_shows_the_actions_refusal(club):
    ann = LadderPlace.objects.get(player__last_name="Ann").player
    response = _client("cat").post(
        reverse("tournaments:report_club_game", args=[club.pk]),
        {"opponent": ann.pk, "colour": "white", "result": "1", "date": "2999-01-01"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["date"] == ["The game cannot be played in the future."]
    assert not ClubGameReport.objects.exists()


def test_report_and_confirm_pages_refuse_outsiders(club):
    outsider = get_user_model().objects.create_user("out", password="pw")  # noqa: S106
    make_player("Out", account=outsider)
    client = Client()
    client.force_login(outsider)
    assert client.get(reverse("tournaments:report_club_game", args=[club.pk])).status_code == 403
    ann = LadderPlace.objects.get(player__last_name="Ann").player
    bob = LadderPlace.objects.get(player__last_name="Bob").player
    report = report_club_game(
        actor=bob.account, club=club, opponent=ann, colour="white", result="1",
        date=datetime.date(2026, 3, 1),
    )  # fmt: skip
    url = reverse("tournaments:confirm_club_game", args=[club.pk, report.pk])
    assert client.post(url).status_code == 403
    assert _client("cat").post(url).status_code == 403
    report.refresh_from_db()
    assert report.status == ClubGameStatus.PENDING


def test_the_players_page_shows_the_glicko2_calculation(club):
    cat = LadderPlace.objects.get(player__last_name="Cat").player
    ann = LadderPlace.objects.get(player__last_name="Ann").player
    report = report_club_game(
        actor=cat.account, club=club, opponent=ann, colour="white", result="1",
        date=datetime.date(2026, 3, 1),
    )  # fmt: skip
    confirm_club_game(actor=ann.account, report=report)
    page = Client().get(reverse("ratings:player", args=[cat.pk]))
    (calculation,) = page.context["calculations"]
    assert calculation["system"] == "glicko2"
    (period,) = calculation["periods"]
    table = period["table"]
    assert type(table).__name__ == "Glicko2LedgerTable"
    (row,) = table.rows
    cells = {column.name: row.get_cell(column.name) for column in table.columns}
    # Two newcomers (1500, RD 350): E = 0.5, the winner's change +162.31.
    assert cells["opponent_rating_used"] == 1500
    assert (cells["opponent_rd"], cells["rd"]) == ("350.0", "350.0")
    assert cells["expected"] == "0.5000"
    assert cells["change"] == "+162.31"

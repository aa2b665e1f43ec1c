"""Ratings are inputs only trusted roles set: what a TRF import does to ratings (issue 15).

An organiser's file names another club's player by FIDE ID with the file's rating: the
player is linked to the tournament, unchanged, and gets no rating; the file's ratings are
the tournament's ratings at start. Staff may give the players an import creates the file's
ratings as starting ratings, valid from the tournament's start, with an audit entry each.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from actions.trf_import import import_trf
from core.enums import AuditAction
from core.models import AuditEntry
from players.models import Player
from ratings.models import PlayerRating, PublishedList, PublishedRating
from tests.factories import make_club, make_player, standard_list
from tests.helpers import body_rows, rated_history
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def record(tpn, name, rating, fide, points, rank, *rounds):
    """A ``001`` line; ``rounds``: (opponent, colour, result) per round."""
    line = f"001 {tpn:4d} m    {name:<33} {rating:4d} ENG {fide:>11} {'':<10} {points:>4} {rank:>4}"
    return line + "".join(f"  {opp:4d} {colour} {result}" for opp, colour, result in rounds)


def trf_file(start: str, victim_fide: int | str) -> str:
    """Four players, two rounds; start rank 1 names the other club's player."""
    lines = [
        "012 Rating grab",
        f"042 {start}",
        f"052 {start}",
        "062 4",
        "XXR 2",
        record(1, "Victim, Renamed", 2700, victim_fide, "2.0", 1, (2, "w", "1"), (3, "b", "1")),
        record(2, "New, One", 2100, "", "1.0", 2, (1, "b", "0"), (4, "w", "1")),
        record(3, "New, Two", 2000, "", "0.0", 4, (4, "w", "0"), (1, "w", "0")),
        record(4, "New, Three", 1900, "", "1.0", 3, (3, "b", "1"), (2, "b", "0")),
    ]
    return "\n".join(lines) + "\n"


def published_state(client) -> dict:
    lists = PublishedList.objects.filter(rating_list=standard_list()).order_by("date")
    return {
        "rows": sorted(
            PublishedRating.objects.values_list("published_list_id", "player_id", "rating")
        ),
        "csv": [
            client.get(
                reverse("ratings:published_csv", args=["chess-standard", published.date])
            ).content
            for published in lists
        ],
    }


@pytest.fixture
def history():
    return rated_history(players=6, rounds=2)


@pytest.fixture
def victim():
    return make_player("Victim", "Vera", fide_id=999001, club=make_club("Rival"))


@pytest.fixture
def organiser():
    user = get_user_model().objects.create_user("orga")
    club = make_club("Home")
    club.organisers.add(user)
    return user, club


@pytest.fixture
def staff():
    return get_user_model().objects.create_user("staffer", is_staff=True)


def test_an_organisers_import_never_rates_another_clubs_player(
    history, victim, organiser, staff, client
):
    user, club = organiser
    before = published_state(client)
    audited = AuditEntry.objects.filter(action=AuditAction.STARTING_RATING_SET).count()
    assert len(before["csv"]) == 1 and b"Victim" not in before["csv"][0]

    # Dated before the published list: the old import made the rating valid from the start.
    report = import_trf(
        text=trf_file("2025/01/20", victim.fide_id),
        rating_list=standard_list(),
        club=club,
        actor=user,
    )

    assert report.errors == []
    victim.refresh_from_db()
    assert (victim.last_name, victim.first_name, victim.club.name) == ("Victim", "Vera", "Rival")
    assert list(
        PlayerRating.objects.filter(player=victim).values_list("starting_rating", "rating")
    ) in ([], [(None, None)])
    assert not PlayerRating.objects.filter(
        player__last_name="New", starting_rating__isnull=False
    ).exists()
    assert published_state(client) == before
    assert AuditEntry.objects.filter(action=AuditAction.STARTING_RATING_SET).count() == audited
    # The file's ratings are the tournament's ratings at start, shown as such to staff.
    registration = Registration.objects.get(tournament=report.tournament, player=victim)
    assert registration.rating_at_start == 2700
    client.force_login(staff)
    page = client.get(reverse("tournaments:players", args=[report.tournament.slug]))
    (row,) = [r for r in body_rows(page.content) if any("Victim" in cell for cell in r)]
    assert "2700" in row


def test_an_organiser_cannot_ask_for_starting_ratings(victim, organiser):
    user, club = organiser
    with pytest.raises(PermissionDenied):
        import_trf(
            text=trf_file("2026/03/01", victim.fide_id),
            rating_list=standard_list(),
            club=club,
            starting_ratings=True,
            actor=user,
        )
    assert not Player.objects.filter(last_name="New").exists()


def test_staff_give_created_players_starting_ratings_from_the_tournaments_start(victim, staff):
    report = import_trf(
        text=trf_file("2026/03/01", victim.fide_id),
        rating_list=standard_list(),
        starting_ratings=True,
        actor=staff,
    )

    assert report.errors == []
    created = PlayerRating.objects.filter(player__last_name="New").order_by("-starting_rating")
    assert [(r.player.first_name, r.starting_rating, r.starting_date) for r in created] == [
        ("One", 2100, datetime.date(2026, 3, 1)),
        ("Two", 2000, datetime.date(2026, 3, 1)),
        ("Three", 1900, datetime.date(2026, 3, 1)),
    ]
    # The player found by FIDE ID is linked, not rated by the file.
    assert not PlayerRating.objects.filter(player=victim, starting_rating__isnull=False).exists()
    entries = AuditEntry.objects.filter(action=AuditAction.STARTING_RATING_SET)
    assert sorted((e.player.first_name, e.after["starting_rating"]) for e in entries) == [
        ("One", 2100),
        ("Three", 1900),
        ("Two", 2000),
    ]
    assert {e.user_id for e in entries} == {staff.pk}


def test_staff_import_refuses_a_rating_out_of_range_with_its_line(staff):
    text = trf_file("2026/03/01", "").replace("2100", "3900")

    report = import_trf(text=text, rating_list=standard_list(), starting_ratings=True, actor=staff)

    assert [(p.line, p.column) for p in report.errors] == [(7, 49)]
    assert not Player.objects.filter(last_name="New").exists()


def test_the_import_form_offers_starting_ratings_to_staff_only(organiser, staff, client):
    client.force_login(organiser[0])
    assert (
        "starting_ratings"
        not in client.get(reverse("tournaments:trf_import")).context["form"].fields
    )
    client.force_login(staff)
    assert (
        "starting_ratings" in client.get(reverse("tournaments:trf_import")).context["form"].fields
    )

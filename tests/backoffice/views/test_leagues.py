"""The league pages of organisers and captains: a season made from the form, a division
added from its teams' lines, the calendar made, a match postponed, a captain's card entered
and confirmed by the other captain, an ineligible player refused on the form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.leagues import schedule_division
from core.roles import SYSTEM
from events.models import Division, MatchCard, MatchCardStatus, Season
from events.queries.leagues import table
from players.models import Club
from tests.factories import make_club, make_player
from tests.helpers import league_division, snapshot
from tournaments.models import Game, TeamMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(django_user_model):
    user = django_user_model.objects.create_user("org", password="pw-org")  # noqa: S106
    club = make_club("Kingside")
    club.organisers.add(user)
    return user


def test_an_organiser_makes_a_season_and_a_division_from_the_forms(client, organiser):
    club = Club.objects.get(name="Kingside")
    for name in ("Ames", "Bell", "Cole", "Dunn"):
        make_player(name, "A", club=club)
    client.force_login(organiser)

    response = client.post(
        reverse("leagues:organise_season_create"),
        {
            "club": club.pk,
            "name": "Kingside League",
            "start_date": "2026-09-01",
            "end_date": "2027-05-31",
            "match_dates": "2026-09-06\n2026-09-20",
        },
    )
    season = Season.objects.get()
    assert response["Location"] == reverse("leagues:organise_season", args=[season.slug])

    response = client.post(
        reverse("leagues:organise_season", args=[season.slug]),
        {
            "name": "Premier",
            "level": 1,
            "boards": 2,
            "double": "on",
            "promotion": 1,
            "relegation": 0,
            "home_white": "on",
            "table_order": "mp gp direct",
            "teams": "Kingside A: Ames, A; Bell, A\nKingside B: Cole, A; Dunn, A",
        },
    )
    division = Division.objects.get()
    assert response["Location"] == reverse(
        "leagues:organise_division", args=[season.slug, division.slug]
    )
    assert [(t.name, t.captain.last_name) for t in division.tournament.teams.all()] == [
        ("Kingside A", "Ames"),
        ("Kingside B", "Cole"),
    ]

    client.post(reverse("leagues:organise_schedule", args=[season.slug, division.slug]))
    page = client.get(reverse("leagues:organise_division", args=[season.slug, division.slug]))
    assert page.status_code == 200
    assert TeamMatch.objects.filter(round__tournament=division.tournament).count() == 2


def test_a_team_line_naming_an_unknown_player_is_shown_on_the_form(client, organiser):
    club = Club.objects.get(name="Kingside")
    make_player("Ames", "A", club=club)
    client.force_login(organiser)
    league = league_division(club_names=("Kingside", "Riverside"), teams=2)
    before = snapshot()

    response = client.post(
        reverse("leagues:organise_season", args=[league["season"].slug]),
        {
            "name": "Second",
            "level": 2,
            "boards": 2,
            "promotion": 0,
            "relegation": 0,
            "table_order": "mp gp",
            "teams": "Kingside C: Ames, A; Nobody, N",
        },
    )

    assert response.status_code == 200
    assert "Line 1: No player is called “Nobody, N”." in response.content.decode()
    assert snapshot() == before


@pytest.fixture
def league():
    made = league_division(teams=4, boards=2)
    schedule_division(actor=SYSTEM, division=made["division"])
    return made


def _card_data(match, results=("10", "10")):
    first = [m.player for m in match.first.members.order_by("order")]
    second = [m.player for m in match.second.members.order_by("order")]
    return {
        "played_on": "2026-09-06",
        "white_1": first[0].pk,
        "black_1": second[0].pk,
        "result_1": results[0],
        "white_2": second[1].pk,
        "black_2": first[1].pk,
        "result_2": results[1],
    }


def test_captains_enter_and_confirm_a_card(client, league):
    match = TeamMatch.objects.get(round__tournament=league["tournament"], round__number=1, number=1)
    home, away = league["captains"][0], league["captains"][3]  # Club 1 A – Club 4 A
    client.force_login(home)

    mine = client.get(reverse("leagues:my_matches"))
    assert reverse("leagues:match_card", args=[match.pk]) in mine.content.decode()
    client.post(reverse("leagues:match_card", args=[match.pk]), _card_data(match))
    assert MatchCard.objects.get().status == MatchCardStatus.SUBMITTED

    client.force_login(away)
    page = client.get(reverse("leagues:match_card", args=[match.pk])).content.decode()
    assert "Confirm the card" in page
    client.post(reverse("leagues:confirm_card", args=[match.pk]))

    assert MatchCard.objects.get().status == MatchCardStatus.CONFIRMED
    assert list(Game.objects.filter(team_match=match).values_list("result", flat=True)) == [
        "10",
        "10",
    ]
    # Board 2: Club 4 A's player had White and won: 1–1, a drawn match.
    assert [line.row.match_points for line in table(league["division"])][:2] == [1, 1]


def test_an_ineligible_player_is_refused_on_the_card_form(client, league):
    match = TeamMatch.objects.get(round__tournament=league["tournament"], round__number=1, number=1)
    client.force_login(league["captains"][0])
    data = _card_data(match)
    outsider = league["teams"][1].members.order_by("order").first().player  # Club 2 A's
    before = snapshot()

    response = client.post(
        reverse("leagues:match_card", args=[match.pk]), data | {"white_1": outsider.pk}
    )

    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 302), ("captain of another match", 403), ("captain", 200)]
)
def test_the_card_page_needs_a_captain_of_the_match(client, league, who, status):
    match = TeamMatch.objects.get(round__tournament=league["tournament"], round__number=1, number=1)
    if who == "captain":
        client.force_login(league["captains"][0])
    elif who != "anonymous":
        client.force_login(league["captains"][1])

    assert client.get(reverse("leagues:match_card", args=[match.pk])).status_code == status


def test_the_division_page_needs_its_arbiter_or_organiser(client, league, django_user_model):
    url = reverse(
        "leagues:organise_division", args=[league["season"].slug, league["division"].slug]
    )
    stranger = django_user_model.objects.create_user("stranger")

    client.force_login(stranger)
    assert client.get(url).status_code == 403
    league["tournament"].arbiters.add(stranger)
    assert client.get(url).status_code == 200

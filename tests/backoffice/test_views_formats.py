"""Every format starts from the organiser pages: the create form never hides a required field,
and the pages of an empty round robin (its rounds not known yet) say what to do next."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from ratings.models import PlayerRating, RatingList
from tests.factories import make_club, make_player, make_tournament, register
from tournaments.enums import PairingSystem
from tournaments.models import Registration, Tournament
from tournaments.queries.rounds import next_step, planned_rounds

pytestmark = pytest.mark.django_db

CREATE = reverse("tournaments:organise_create")


def _rounds_input(html: str) -> str:
    found = re.search(r"<input[^>]*name=\"rounds_planned\"[^>]*>", html)
    assert found is not None
    return found.group(0)


@pytest.mark.parametrize("game", ["chess", "go", "shogi"])
def test_the_number_of_rounds_is_neither_required_by_the_browser_nor_zero(admin_client, game):
    html = admin_client.get(f"{CREATE}?game={game}").content.decode()

    field = _rounds_input(html)
    assert " required" not in field
    assert 'value="0"' not in field
    assert 'min="1"' in field


@pytest.mark.parametrize(
    ("game", "system", "list_slug"),
    [
        ("chess", "round_robin", "chess-standard"),
        ("chess", "double_round_robin", "chess-standard"),
        ("shogi", "round_robin", "shogi-fesa"),
        ("go", "double_round_robin", "go-egf"),
    ],
)
def test_a_round_robin_is_created_without_a_number_of_rounds(admin_client, game, system, list_slug):
    rating_list = RatingList.objects.get(slug=list_slug)
    data = {
        "game": game,
        "name": "Club Championship",
        "start_date": "2026-10-01",
        "end_date": "2026-10-05",
        "rating_list": rating_list.pk,
        "pairing_system": system,
        "rounds_planned": "",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "0.5",
        "points_half_bye": "0.5",
        "seeding": "rating",
    }
    if game == "chess":
        data["initial_colour"] = "w"  # a select: the browser posts its value, hidden or not

    response = admin_client.post(f"{CREATE}?game={game}", data)

    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    assert (tournament.pairing_system, tournament.rounds_planned) == (system, 0)
    dashboard = admin_client.get(response.url)
    assert dashboard.status_code == 200
    assert "enter at least two players first." in dashboard.content.decode()


def test_a_swiss_without_a_number_of_rounds_is_refused_with_a_message(admin_client):
    response = admin_client.post(
        CREATE,
        {
            "name": "Autumn Swiss",
            "start_date": "2026-10-01",
            "end_date": "2026-10-05",
            "pairing_system": "swiss_dutch",
            "rounds_planned": "",
            "points_win": "1",
            "points_draw": "0.5",
            "points_loss": "0",
            "points_forfeit_win": "1",
            "points_pab": "0.5",
            "points_half_bye": "0.5",
            "initial_colour": "w",
        },
    )

    assert response.status_code == 200
    assert response.context["form"].errors["rounds_planned"] == ["Enter the number of rounds."]
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("system", ["round_robin", "double_round_robin"])
@pytest.mark.parametrize("list_slug", ["chess-standard", "shogi-fesa", "go-egf"])
def test_an_empty_round_robin_has_no_planned_rounds_yet_and_every_page_answers(
    admin_client, client, system, list_slug
):
    tournament = make_tournament(
        "Empty RR",
        slug="empty-rr",
        pairing_system=system,
        rating_list=RatingList.objects.get(slug=list_slug),
    )
    assert planned_rounds(tournament, 0) is None
    assert planned_rounds(tournament, 1) is None
    assert str(next_step(tournament)) == "enter at least two players first."
    register(tournament, make_player("Solo"))
    assert str(next_step(tournament)) == "enter at least two players first."

    pages = [
        reverse("tournaments:organise", args=["empty-rr"]),
        reverse("tournaments:detail", args=["empty-rr"]),
        reverse("tournaments:standings", args=["empty-rr"]),
        reverse("tournaments:crosstable", args=["empty-rr"]),
        reverse("tournaments:progress", args=["empty-rr"]),
        reverse("tournaments:players", args=["empty-rr"]),
        reverse("tournaments:rounds", args=["empty-rr"]),
        reverse("tournaments:trf_export", args=["empty-rr"]),
        reverse("tournaments:organise_print_list", args=["empty-rr", "start-list"]),
        reverse("tournaments:organise_print_list", args=["empty-rr", "wallchart"]),
    ]
    for url in pages:
        assert admin_client.get(url).status_code == 200, url
    results_file = {"go-egf": "h9_export", "shogi-fesa": "turnering_export"}.get(list_slug)
    if results_file:  # nothing to send yet: back to the dashboard with a message, not a 500
        response = admin_client.get(reverse(f"tournaments:{results_file}", args=["empty-rr"]))
        assert (response.status_code, response.url) == (302, pages[0])
    refused = admin_client.post(reverse("tournaments:organise_pair", args=["empty-rr"]))
    assert refused.status_code in (200, 302)
    assert not tournament.rounds.exists()


@pytest.mark.parametrize(("players", "rounds"), [(2, 1), (3, 3), (4, 3), (5, 5)])
def test_a_round_robin_plans_the_berger_rounds_of_its_players(players, rounds):
    single = make_tournament(pairing_system=PairingSystem.ROUND_ROBIN)
    double = make_tournament(pairing_system=PairingSystem.DOUBLE_ROUND_ROBIN)

    assert planned_rounds(single, players) == rounds
    assert planned_rounds(double, players) == 2 * rounds


def test_the_create_form_preselects_the_organisers_only_club(client):
    organiser = get_user_model().objects.create_user("olga")
    make_club("Another club")
    make_club("Riverside").organisers.add(organiser)
    client.force_login(organiser)

    form = client.get(CREATE).context["form"]

    assert form["club"].value() == organiser.organised_clubs.get().pk
    selected = f'<option value="{form["club"].value()}" selected>Riverside</option>'
    assert selected in client.get(CREATE).content.decode()


def test_the_create_form_preselects_no_club_of_two(client):
    organiser = get_user_model().objects.create_user("olga")
    make_club("Riverside").organisers.add(organiser)
    make_club("Lakeside").organisers.add(organiser)
    client.force_login(organiser)

    form = client.get(CREATE).context["form"]

    assert form["club"].value() is None


def _picker_form(html: str, player_pk: int) -> dict[str, str]:
    """The hidden and number inputs of the picker's row of ``player_pk``, as the browser
    posts them."""
    row = re.search(
        rf'<form[^>]*organise/register/[^>]*>(?:(?!</form>).)*?name="player" value="{player_pk}"'
        r"(?:(?!</form>).)*</form>",
        html,
        re.S,
    )
    assert row is not None
    return dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', row[0]))


@pytest.mark.parametrize(
    ("grade", "declared", "entered"),
    [("8k", "9k", "8k"), ("", "8k", "8k"), ("2d", "", "2d")],
)
def test_a_go_player_picked_with_a_grade_is_entered_with_that_grade(
    admin_client, grade, declared, entered
):
    """Before, a player shown as 8k (the grade of their live rating, 1259.93) was entered with
    the published rating 1200 and so as 9k; a newcomer who declared 8k had no grade at all."""
    go = RatingList.objects.get(slug="go-egf")
    player = make_player("Moreau", "Luc")
    PlayerRating.objects.create(
        rating_list=go,
        player=player,
        rating=1200 if grade else None,
        live_rating=Decimal("1259.93") if grade else None,
        grade=grade,
        declared_grade=declared,
    )
    tournament = make_tournament(
        "Cup", slug="cup", rating_list=go, pairing_system=PairingSystem.MCMAHON_GO, rounds_planned=3
    )
    html = admin_client.get(reverse("tournaments:organise", args=["cup"]) + "?q=Moreau")
    page = html.content.decode()
    assert f'Moreau, Luc <span class="meta">{entered}</span>' in page

    admin_client.post(
        reverse("tournaments:organise_register", args=["cup"]), _picker_form(page, player.pk)
    )

    assert Registration.objects.get(tournament=tournament).grade == entered


@pytest.mark.parametrize("game", ["chess", "go", "shogi"])
def test_no_field_a_format_hides_is_required_by_the_browser(admin_client, game):
    """A field shown for some formats only (``only-*``, ``hide-rr``) is hidden by the style
    sheet for the others: a ``required`` input or select with no value there would block the
    submit without a word, on the create form and on the settings form."""
    tournament = make_tournament(
        "Settings", slug="settings", rating_list=RatingList.objects.filter(game=game).first()
    )
    pages = [
        admin_client.get(f"{CREATE}?game={game}").content.decode(),
        admin_client.get(reverse("tournaments:organise", args=[tournament.slug])).content.decode(),
    ]
    wrappers = 0
    for html in pages:
        for wrapper in re.findall(
            r'<div class="field[^"]*\b(?:only-\w+|hide-rr)\b[^"]*">.*?</div>', html, re.S
        ):
            wrappers += 1
            for control in re.findall(r"<(?:input|select|textarea)[^>]*>", wrapper):
                if " required" in control:
                    assert "<select" in control and "selected" in wrapper, control
    assert wrappers >= 2

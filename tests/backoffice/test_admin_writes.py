"""Admin writes go through the services: results replay ratings; refusals write nothing."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from actions.boards import delete_game
from actions.results import record_result
from core.roles import SYSTEM
from players.models import Player
from ratings.models import PlayerRating, PublishedList, RatingChange
from tests.factories import make_player, make_superuser, standard_list
from tests.form_data import inline_management
from tests.helpers import body_rows
from tournaments.models import Game, Registration, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(make_superuser())
    return client


def leaderboard(client) -> list[tuple[str, str, str]]:
    response = client.get(reverse("ratings:leaderboard", args=["chess-standard"]))
    return [(row[0], row[1], row[5]) for row in body_rows(response.content)]


def live(player: Player) -> Decimal:
    return PlayerRating.objects.get(player=player, rating_list=standard_list()).live_rating


def test_result_entered_in_admin_changes_live_rating_and_leaderboard(admin_client, match):
    game = match["game"]
    assert leaderboard(admin_client) == [
        ("1", "Bell, Bob", "1900"),
        ("2", "Cole, Cy", "1510"),
        ("3", "Ames, Ann", "1500"),
    ]

    response = admin_client.post(
        reverse("admin:tournaments_game_change", args=[game.pk]), {"result": "10"}
    )

    assert response.status_code == 302
    # Difference 400: PD 0.92 / 0.08, K 20: Ann +18.40, Bob −18.40.
    assert live(match["ann"]) == Decimal("1518.40")
    assert live(match["bob"]) == Decimal("1881.60")
    assert leaderboard(admin_client) == [
        ("1", "Bell, Bob", "1881.6"),
        ("2", "Ames, Ann", "1518.4"),
        ("3", "Cole, Cy", "1510"),
    ]


def test_result_corrected_in_the_round_inline_replays(admin_client, match):
    game, round_ = match["game"], match["round"]
    record_result(game=game, result="10", actor=SYSTEM)
    data = {
        "tournament": match["tournament"].pk,
        "number": "1",
        "date": "2026-03-01",
        "games-TOTAL_FORMS": "1",
        "games-INITIAL_FORMS": "1",
        "games-MIN_NUM_FORMS": "0",
        "games-MAX_NUM_FORMS": "1000",
        "games-0-id": str(game.pk),
        "games-0-round": str(round_.pk),
        "games-0-board": "1",
        "games-0-white": str(match["ann"].pk),
        "games-0-black": str(match["bob"].pk),
        "games-0-result": "==",
    }

    response = admin_client.post(reverse("admin:tournaments_round_change", args=[round_.pk]), data)

    assert response.status_code == 302
    # A draw against a player 400 above: Ann 20 × (0.5 − 0.08) = +8.40.
    assert live(match["ann"]) == Decimal("1508.40")
    assert Game.objects.get(pk=game.pk).result == "=="


def test_refused_result_is_a_form_error_and_writes_nothing(admin_client, match):
    game = match["game"]
    record_result(game=game, result="10", actor=SYSTEM)
    Registration.objects.filter(player=match["bob"]).delete()  # Bob withdrew from the event

    response = admin_client.post(
        reverse("admin:tournaments_game_change", args=[game.pk]), {"result": "01"}
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors() == [
        "Bell, Bob is not entered in this tournament."
    ]
    assert Game.objects.get(pk=game.pk).result == "10"
    assert live(match["ann"]) == Decimal("1518.40")


def test_game_added_in_admin_for_an_unregistered_player_is_refused(admin_client, match):
    outsider = make_player("Dunn", "Dan")
    before = Game.objects.count()

    response = admin_client.post(
        reverse("admin:tournaments_game_add"),
        {
            "round": match["round"].pk,
            "board": "2",
            "white": outsider.pk,
            "black": match["cy"].pk,
            "result": "",
        },
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {
        "white": ["Dunn, Dan is not entered in this tournament."]
    }
    assert Game.objects.count() == before


def test_game_added_in_admin_with_a_result_is_rated(admin_client, match):
    delete_game(game=match["game"], actor=SYSTEM)

    response = admin_client.post(
        reverse("admin:tournaments_game_add"),
        {
            "round": match["round"].pk,
            "board": "1",
            "white": match["cy"].pk,
            "black": match["bob"].pk,
            "result": "01",
        },
    )

    assert response.status_code == 302
    # Cy 1510 loses to Bob 1900 (difference 390: PD 0.09): 20 × −0.09 = −1.80.
    assert live(match["cy"]) == Decimal("1508.20")
    assert RatingChange.objects.filter(player=match["cy"]).count() == 1


def test_pairing_change_in_the_round_inline_is_refused(admin_client, match):
    game, round_ = match["game"], match["round"]
    data = {
        "tournament": match["tournament"].pk,
        "number": "1",
        "date": "2026-03-01",
        "games-TOTAL_FORMS": "1",
        "games-INITIAL_FORMS": "1",
        "games-MIN_NUM_FORMS": "0",
        "games-MAX_NUM_FORMS": "1000",
        "games-0-id": str(game.pk),
        "games-0-round": str(round_.pk),
        "games-0-board": "1",
        "games-0-white": str(match["ann"].pk),
        "games-0-black": str(match["cy"].pk),
        "games-0-result": "10",
    }

    response = admin_client.post(reverse("admin:tournaments_round_change", args=[round_.pk]), data)

    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors() == [
        "Board 1: To change a pairing, delete the game and add it again."
    ]
    assert Game.objects.get(pk=game.pk).black_id == match["bob"].pk
    assert Game.objects.get(pk=game.pk).result == ""


def test_game_deleted_in_admin_replays(admin_client, match):
    game = match["game"]
    record_result(game=game, result="10", actor=SYSTEM)

    response = admin_client.post(
        reverse("admin:tournaments_game_delete", args=[game.pk]), {"post": "yes"}
    )

    assert response.status_code == 302
    assert live(match["ann"]) == Decimal("1500.00")
    assert RatingChange.objects.count() == 0


def test_starting_rating_set_in_admin_replays(admin_client):
    player = make_player("Ames", "Ann")

    response = admin_client.post(
        reverse("admin:ratings_playerrating_add"),
        {
            "player": player.pk,
            "rating_list": standard_list().pk,
            "starting_rating": "1720",
            "starting_games": "12",
            "starting_date": "",
        },
    )

    assert response.status_code == 302
    assert live(player) == Decimal("1720.00")


def test_starting_rating_out_of_range_is_a_form_error(admin_client, match):
    rating = PlayerRating.objects.get(player=match["ann"])

    response = admin_client.post(
        reverse("admin:ratings_playerrating_change", args=[rating.pk]),
        {"starting_rating": "3600", "starting_games": "50", "starting_date": ""},
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {
        "starting_rating": ["Ensure this value is less than or equal to 3500."]
    }
    assert PlayerRating.objects.get(pk=rating.pk).starting_rating == 1500


def test_player_added_in_admin_goes_through_the_service(admin_client):
    response = admin_client.post(
        reverse("admin:players_player_add"),
        {
            "last_name": "Ames",
            "first_name": "Ann",
            "sex": "f",
            "federation": "ENG",
            "birth_date": "",
            "club": "",
            "fide_id": "",
            "title": "",
            **inline_management("ratings", 0, 0),
        },
    )

    assert response.status_code == 302
    assert list(Player.objects.values_list("last_name", "federation")) == [("Ames", "ENG")]


def test_published_list_added_in_admin_closes_the_period(admin_client, match):
    record_result(game=match["game"], result="10", actor=SYSTEM)

    response = admin_client.post(
        reverse("admin:ratings_publishedlist_add"),
        {"rating_list": standard_list().pk, "date": "2026-04-01"},
    )

    assert response.status_code == 302
    published = PublishedList.objects.get()
    assert published.date == datetime.date(2026, 4, 1)
    assert PlayerRating.objects.get(player=match["ann"]).rating == 1518


def test_tournament_added_in_admin_with_rounds_and_registrations(admin_client):
    ann = make_player("Ames", "Ann")
    data = {
        "name": "Autumn Open",
        "slug": "autumn-open",
        "club": "",
        "rating_list": standard_list().pk,
        "city": "York",
        "start_date": "2026-10-01",
        "end_date": "2026-10-02",
        "rounds_planned": "2",
        "pairing_system": "manual",
        **inline_management("rounds", 1, 0),
        "rounds-0-number": "1",
        "rounds-0-date": "2026-10-01",
        **inline_management("registrations", 1, 0),
        "registrations-0-player": str(ann.pk),
        "registrations-0-pairing_number": "1",
    }

    response = admin_client.post(reverse("admin:tournaments_tournament_add"), data)

    assert response.status_code == 302
    registration = Registration.objects.get()
    assert (registration.tournament.slug, registration.player_id) == ("autumn-open", ann.pk)
    assert list(Round.objects.values_list("number", flat=True)) == [1]


def test_tournament_moved_to_another_list_in_admin_replays_both_lists(admin_client, match):
    record_result(game=match["game"], result="10", actor=SYSTEM)
    tournament = match["tournament"]
    data = {
        "name": tournament.name,
        "slug": tournament.slug,
        "club": "",
        "rating_list": "",
        "city": "",
        "start_date": "2026-03-01",
        "end_date": "2026-03-01",
        "rounds_planned": "0",
        "pairing_system": "manual",
        **inline_management("rounds", 1, 1),
        "rounds-0-id": str(match["round"].pk),
        "rounds-0-tournament": str(tournament.pk),
        "rounds-0-number": "1",
        "rounds-0-date": "2026-03-01",
        **inline_management("registrations", 3, 3),
    }
    for index, registration in enumerate(Registration.objects.order_by("pk")):
        data[f"registrations-{index}-id"] = str(registration.pk)
        data[f"registrations-{index}-tournament"] = str(tournament.pk)
        data[f"registrations-{index}-player"] = str(registration.player_id)
        data[f"registrations-{index}-pairing_number"] = ""

    response = admin_client.post(
        reverse("admin:tournaments_tournament_change", args=[tournament.pk]), data
    )

    assert response.status_code == 302
    assert live(match["ann"]) == Decimal("1500.00")
    assert RatingChange.objects.count() == 0


def test_round_with_games_cannot_be_deleted_from_the_tournament_form(admin_client, match):
    tournament = match["tournament"]
    data = {
        "name": tournament.name,
        "slug": tournament.slug,
        "club": "",
        "rating_list": standard_list().pk,
        "city": "",
        "start_date": "2026-03-01",
        "end_date": "2026-03-01",
        "rounds_planned": "0",
        "pairing_system": "manual",
        **inline_management("rounds", 1, 1),
        "rounds-0-id": str(match["round"].pk),
        "rounds-0-tournament": str(tournament.pk),
        "rounds-0-number": "1",
        "rounds-0-date": "2026-03-01",
        "rounds-0-DELETE": "on",
        **inline_management("registrations", 0, 0),
    }

    response = admin_client.post(
        reverse("admin:tournaments_tournament_change", args=[tournament.pk]), data
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors() == [
        "Round 1: Delete the round's games before the round."
    ]
    assert Round.objects.filter(pk=match["round"].pk).exists()


def test_birth_date_changed_in_admin_replays_with_the_junior_k(admin_client, match):
    ann = match["ann"]
    record_result(game=match["game"], result="10", actor=SYSTEM)
    assert live(ann) == Decimal("1518.40")

    response = admin_client.post(
        reverse("admin:players_player_change", args=[ann.pk]),
        {
            "last_name": "Ames",
            "first_name": "Ann",
            "sex": "m",
            "federation": "",
            "birth_date": "2012-05-01",
            "club": "",
            "fide_id": "",
            "title": "",
            **inline_management("ratings", 0, 0),
        },
    )

    assert response.status_code == 302
    # Under 18 and below 2300: K 40, so the win over Bob is worth 40 × 0.92 = 36.80.
    assert live(ann) == Decimal("1536.80")


def test_recompute_action_rebuilds_derived_ratings(admin_client, match):
    record_result(game=match["game"], result="10", actor=SYSTEM)
    PlayerRating.objects.filter(player=match["ann"]).update(live_rating=Decimal("1000.00"))

    response = admin_client.post(
        reverse("admin:ratings_ratinglist_changelist"),
        {"action": "recompute", "_selected_action": [standard_list().pk]},
        follow=True,
    )

    assert [str(message) for message in response.context["messages"]] == ["Recomputed 1 list."]
    assert live(match["ann"]) == Decimal("1518.40")

"""Refusals in the admin: form errors on one run of the change form, nothing written.

The actions' checks run in the form's validation, so most refusals start no unit of work at
all; what an action refuses only under its lock is shown on the same bound form, once.
``unit_of_work.observe()`` counts the units (the actions) a request starts.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core import unit_of_work
from core.models import AuditEntry
from players.models import Player
from ratings.models import PlayerRating, RatingList
from tests.factories import (
    make_game,
    make_player,
    make_round,
    make_superuser,
    make_tournament,
    register,
)
from tournaments.models import Game, Registration, Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(make_superuser())
    return client


@pytest.fixture
def paired():
    """Ann and Bob entered in a manual tournament, paired on board 1 of round 1 (Ann won);
    Cy is not entered."""
    ann, bob, cy = make_player("Ames", "Ann"), make_player("Bell", "Bob"), make_player("Cole", "Cy")
    tournament = make_tournament("Spring Open", slug="spring-open", pairing_system="manual")
    register(tournament, ann, bob)
    round_ = make_round(tournament, 1)
    game = make_game(round_, ann, bob, "10")
    return {
        "ann": ann,
        "bob": bob,
        "cy": cy,
        "tournament": tournament,
        "round": round_,
        "game": game,
    }


def post(client, url, data):
    """``(response, units started, queries)`` of one post."""
    with unit_of_work.observe() as units, CaptureQueriesContext(connection) as queries:
        response = client.post(url, data)
    return response, len(units), len(queries.captured_queries)


def management(prefix: str, total: int, initial: int) -> dict[str, str]:
    return {
        f"{prefix}-TOTAL_FORMS": str(total),
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }


def test_a_refused_add_is_an_error_on_its_field_before_any_action_runs(admin_client, paired):
    audit = AuditEntry.objects.count()

    response, units, _queries = post(
        admin_client,
        reverse("admin:tournaments_game_add"),
        {
            "round": paired["round"].pk,
            "board": "2",
            "white": paired["cy"].pk,
            "black": "",
            "result": "",
        },
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {
        "white": ["Cole, Cy is not entered in this tournament."]
    }
    assert units == 0
    assert (Game.objects.count(), AuditEntry.objects.count()) == (1, audit)


def test_a_refusal_under_the_lock_runs_the_action_and_the_form_once(admin_client, paired):
    """The form passes the actions' checks; ``record_result`` refuses under the tournament's
    lock (Bob is no longer entered). The action ran once, its writes were rolled back, and
    the form was shown from the same run of the view: a second run, as the admin used to
    make, read the game and built the form again (23 queries in all, not 20; on PostgreSQL
    one more, the unit's bound on lock waits, ``set_config('lock_timeout', …)``)."""
    Registration.objects.filter(player=paired["bob"]).delete()
    audit = AuditEntry.objects.count()

    response, units, queries = post(
        admin_client,
        reverse("admin:tournaments_game_change", args=[paired["game"].pk]),
        {"result": "01"},
    )

    assert response.status_code == 200
    form = response.context["adminform"].form
    assert form.non_field_errors() == ["Bell, Bob is not entered in this tournament."]
    assert (form.is_bound, form["result"].value()) == (True, "01")
    assert response.context["title"] == "Change game"
    assert units == 1
    assert queries == 20 + (connection.vendor == "postgresql")
    assert Game.objects.get(pk=paired["game"].pk).result == "10"
    assert AuditEntry.objects.count() == audit


def test_a_refusal_left_to_the_action_is_shown_on_its_field_and_writes_nothing(admin_client):
    """A draw in go with a komi of 6.5: a result code the form's check accepts, refused by
    ``record_result`` in its unit, on the result field of the one form shown."""
    go = RatingList.objects.get(slug="go-egf")
    black, white = make_player("Ito", "Aki"), make_player("Sato", "Ken")
    tournament = make_tournament("Go Cup", rating_list=go, pairing_system="manual")
    register(tournament, black, white)
    game = make_game(make_round(tournament, 1), black, white)
    audit = AuditEntry.objects.count()

    response, units, _queries = post(
        admin_client, reverse("admin:tournaments_game_change", args=[game.pk]), {"result": "=="}
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {
        "result": ["A draw is impossible with a komi of 6.5: one of the players won."]
    }
    assert units == 1
    assert Game.objects.get(pk=game.pk).result == ""
    assert AuditEntry.objects.count() == audit


def test_a_starting_rating_out_of_the_lists_bounds_is_refused_on_its_field(admin_client):
    player = make_player("Ames", "Ann")
    go = RatingList.objects.get(slug="go-egf")

    response, units, _queries = post(
        admin_client,
        reverse("admin:ratings_playerrating_add"),
        {
            "player": player.pk,
            "rating_list": go.pk,
            "starting_rating": "3200",
            "starting_games": "0",
            "starting_date": "",
            "declared_grade": "",
        },
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {
        "starting_rating": ["A rating must be a whole number from -900 to 3000."]
    }
    assert units == 0
    assert not PlayerRating.objects.filter(player=player).exists()


def test_a_pairing_setting_changed_once_paired_is_refused_on_its_field(admin_client, paired):
    tournament = paired["tournament"]
    data = {
        "name": tournament.name,
        "slug": tournament.slug,
        "club": "",
        "rating_list": tournament.rating_list_id,
        "city": "",
        "start_date": "2026-03-01",
        "end_date": "2026-03-01",
        "rounds_planned": "5",
        "pairing_system": "swiss_dutch",
        **management("rounds", 0, 0),
        **management("registrations", 0, 0),
    }

    response, units, _queries = post(
        admin_client, reverse("admin:tournaments_tournament_change", args=[tournament.pk]), data
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {
        "pairing_system": ["This cannot change once a round has been paired."]
    }
    assert units == 0
    assert Tournament.objects.get(pk=tournament.pk).pairing_system == "manual"


def test_an_inline_refused_under_the_lock_shows_the_add_form_again_with_its_inlines(
    admin_client, paired
):
    """A new round with a game of a player who is not entered: the round is created, then
    the game refused; both are rolled back and the add form comes back with the posted game."""
    data = {
        "tournament": paired["tournament"].pk,
        "number": "2",
        "date": "2026-03-01",
        **management("games", 1, 0),
        "games-0-board": "1",
        "games-0-white": str(paired["cy"].pk),
        "games-0-black": str(paired["ann"].pk),
        "games-0-result": "",
    }

    response, units, _queries = post(admin_client, reverse("admin:tournaments_round_add"), data)

    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors() == [
        "Board 1: Cole, Cy is not entered in this tournament."
    ]
    assert (response.context["add"], response.context["title"]) == (True, "Add round")
    assert response.context["adminform"].form.instance.pk is None
    (games,) = response.context["inline_admin_formsets"]
    assert [form["white"].value() for form in games.formset.forms] == [str(paired["cy"].pk)]
    assert response.content.decode().count("Cole, Cy is not entered") == 1
    assert units == 2  # create_round, then add_game, which refused
    assert list(Round.objects.values_list("number", flat=True)) == [1]
    assert Game.objects.count() == 1


def test_a_round_added_with_a_taken_number_starts_no_unit(admin_client, paired):
    response, units, _queries = post(
        admin_client,
        reverse("admin:tournaments_round_add"),
        {
            "tournament": paired["tournament"].pk,
            "number": "1",
            "date": "2026-03-01",
            **management("games", 0, 0),
        },
    )

    assert response.status_code == 200
    # The model's own constraint speaks first; the action's check is not repeated after it.
    assert response.context["adminform"].form.errors == {
        "__all__": ["Round with this Tournament and Round already exists."]
    }
    assert units == 0
    assert Round.objects.count() == 1


def test_a_player_added_in_the_admin_still_saves_once(admin_client):
    response, units, _queries = post(
        admin_client,
        reverse("admin:players_player_add"),
        {
            "last_name": "Dunn",
            "first_name": "Dan",
            "sex": "m",
            "federation": "",
            "birth_date": "",
            "club": "",
            "fide_id": "",
            "title": "",
            **management("ratings", 0, 0),
        },
    )

    assert response.status_code == 302
    assert units == 1
    assert list(Player.objects.values_list("last_name", flat=True)) == ["Dunn"]

"""The admin: every model's changelist and change form render, derived data is read-only."""

import datetime

import pytest
from django.urls import reverse

from ratings.models import PublishedRating
from tests.factories import (
    make_change,
    make_club,
    make_game,
    make_player,
    make_published_list,
    make_rating,
    make_round,
    make_superuser,
    make_tournament,
    register,
    standard_list,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(make_superuser())
    return client


@pytest.fixture
def objects():
    club = make_club("Riverside", short_name="RCC")
    ann = make_player("Ames", "Ann", sex="f", club=club, fide_id=4100018)
    bob = make_player("Bell", "Bob")
    rating = make_rating(ann, "1536.80", rating=1500, k=40, games=1)
    tournament = make_tournament("Spring Open")
    registration = register(tournament, ann)[0]
    round_ = make_round(tournament, 1)
    game = make_game(round_, ann, bob, "10")
    change = make_change(
        game,
        ann,
        bob,
        rating_used=1500,
        opponent_rating=1900,
        opponent_rating_used=1900,
        score=1,
        expected="0.08",
        k=40,
        change="36.80",
    )
    published = make_published_list(datetime.date(2026, 2, 1))
    entry = PublishedRating.objects.create(published_list=published, player=ann, rating=1500)
    return {
        "club": club,
        "player": ann,
        "playerrating": rating,
        "tournament": tournament,
        "registration": registration,
        "round": round_,
        "game": game,
        "ratingchange": change,
        "publishedlist": published,
        "publishedrating": entry,
        "ratinglist": standard_list(),
    }


ADMIN_PAGES = [
    # (app, model, a column header of the changelist, a field label of the change form)
    ("players", "club", "Short name", "Short name:"),
    ("players", "player", "FIDE ID", "FIDE ID:"),
    ("ratings", "ratinglist", "Time control", "Rating system:"),
    ("ratings", "playerrating", "Live rating", "Live rating:"),
    ("ratings", "publishedlist", "Closed at", "List date:"),
    ("ratings", "publishedrating", "Games in period", "Games in period:"),
    ("ratings", "ratingchange", "Opponent rating used", "400-point rule applied:"),
    ("tournaments", "tournament", "Rating list", "Pairing system:"),
    ("tournaments", "registration", "Pairing number", "Pairing number:"),
    ("tournaments", "round", "Tournament", "Round:"),
    ("tournaments", "game", "Board", "Result:"),
]


@pytest.mark.parametrize(("app", "model", "header", "label"), ADMIN_PAGES)
def test_admin_changelist_renders(admin_client, objects, app, model, header, label):
    response = admin_client.get(reverse(f"admin:{app}_{model}_changelist"))

    assert response.status_code == 200
    assert f">{header}</a>" in response.content.decode()
    assert response.context["cl"].result_count == {"player": 2, "ratinglist": 5}.get(model, 1)


@pytest.mark.parametrize(("app", "model", "header", "label"), ADMIN_PAGES)
def test_admin_change_form_renders(admin_client, objects, app, model, header, label):
    obj = objects[model]

    response = admin_client.get(reverse(f"admin:{app}_{model}_change", args=[obj.pk]))

    assert response.status_code == 200
    assert label in response.content.decode()


@pytest.mark.parametrize(
    ("app", "model", "label"),
    [
        ("players", "club", "Short name:"),
        ("players", "player", "Last name:"),
        ("ratings", "ratinglist", "Slug:"),
        ("ratings", "playerrating", "Starting rating:"),
        ("ratings", "publishedlist", "List date:"),
        ("tournaments", "tournament", "Start date:"),
        ("tournaments", "registration", "Pairing number:"),
        ("tournaments", "round", "Tournament:"),
        ("tournaments", "game", "Board:"),
    ],
)
def test_admin_add_form_renders(admin_client, app, model, label):
    response = admin_client.get(reverse(f"admin:{app}_{model}_add"))

    assert response.status_code == 200
    assert label in response.content.decode()


@pytest.mark.parametrize("model", ["ratingchange", "publishedrating"])
def test_admin_derived_rows_cannot_be_added(admin_client, model):
    response = admin_client.get(reverse(f"admin:ratings_{model}_add"))

    assert response.status_code == 403


def test_admin_player_rating_shows_derived_fields_read_only(admin_client, objects):
    rating = objects["playerrating"]

    response = admin_client.get(reverse("admin:ratings_playerrating_change", args=[rating.pk]))

    form_fields = set(response.context["adminform"].form.fields)
    assert form_fields == {"starting_rating", "starting_games", "starting_date", "declared_grade"}
    assert '<div class="readonly">1536.80</div>' in response.content.decode()


def test_admin_game_change_form_edits_only_the_result(admin_client, objects):
    game = objects["game"]

    response = admin_client.get(reverse("admin:tournaments_game_change", args=[game.pk]))

    assert set(response.context["adminform"].form.fields) == {"result"}


def test_admin_tournament_form_has_rounds_inline_and_round_form_has_games(admin_client, objects):
    tournament, round_ = objects["tournament"], objects["round"]

    tournament_page = admin_client.get(
        reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    )
    round_page = admin_client.get(reverse("admin:tournaments_round_change", args=[round_.pk]))

    inline_models = [
        f.formset.model.__name__ for f in tournament_page.context["inline_admin_formsets"]
    ]
    assert inline_models == ["Round", "Registration"]
    assert [f.formset.model.__name__ for f in round_page.context["inline_admin_formsets"]] == [
        "Game"
    ]
    assert (
        reverse("admin:tournaments_round_change", args=[round_.pk])
        in tournament_page.content.decode()
    )


def test_admin_tournament_with_games_cannot_be_deleted(admin_client, objects):
    tournament = objects["tournament"]

    response = admin_client.post(
        reverse("admin:tournaments_tournament_delete", args=[tournament.pk]),
        {"post": "yes"},
        follow=True,
    )

    assert [str(m) for m in response.context["messages"]] == [
        "Spring Open has 1 rated games and cannot be deleted: ratings depend on them."
    ]
    assert Tournament.objects.filter(pk=tournament.pk).exists()


def test_admin_player_search_finds_by_name_and_fide_id(admin_client, objects):
    url = reverse("admin:players_player_changelist")

    by_name = admin_client.get(url, {"q": "Ame"})
    by_fide_id = admin_client.get(url, {"q": "4100018"})

    assert [p.last_name for p in by_name.context["cl"].result_list] == ["Ames"]
    assert [p.last_name for p in by_fide_id.context["cl"].result_list] == ["Ames"]


def test_admin_player_form_shows_ratings_read_only(admin_client, objects):
    player = objects["player"]

    response = admin_client.get(reverse("admin:players_player_change", args=[player.pk]))

    (ratings,) = response.context["inline_admin_formsets"]
    assert ratings.formset.model.__name__ == "PlayerRating"
    assert ratings.has_change_permission is False
    assert "<p>1536.80</p>" in response.content.decode()

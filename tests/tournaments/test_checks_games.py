"""A list rates only tournaments of its own game; manual go and shogi tournaments get their
federation's file (issue 15, defect 9)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from actions.boards import add_game
from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import add_round, publish_round
from actions.tournaments import create_tournament, update_tournament
from actions.trf_import import import_trf
from core.roles import SYSTEM
from ratings.models import RatingList
from rules.files.h9 import parse_h9
from rules.files.turnering import parse_turnering
from tests.factories import make_player, make_superuser
from tests.helpers import counts
from tests.trf_samples import SMALL
from tournaments.enums import PairingSystem
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

D = datetime.date


def a_list(slug: str) -> RatingList:
    return RatingList.objects.get(slug=slug)


@pytest.mark.parametrize("slug", ["go-egf", "shogi-fesa"])
def test_a_chess_trf_cannot_be_rated_in_a_go_or_shogi_list(slug):
    before = counts()

    with pytest.raises(ValidationError) as refused:
        import_trf(text=SMALL, rating_list=a_list(slug), actor=SYSTEM)

    assert list(refused.value.message_dict) == ["rating_list"]
    assert counts() == before


def test_the_import_form_offers_chess_lists_only(admin_client):
    go = a_list("go-egf")
    form = admin_client.get(reverse("tournaments:trf_import")).context["form"]
    assert go not in form.fields["rating_list"].queryset
    upload = SimpleUploadedFile("t.trf", SMALL.encode(), content_type="text/plain")

    response = admin_client.post(
        reverse("tournaments:trf_import"), {"file": upload, "rating_list": go.pk}
    )

    assert response.status_code == 200
    assert "rating_list" in response.context["form"].errors
    assert Tournament.objects.count() == 0


@pytest.mark.parametrize(
    ("system", "slug"),
    [
        (PairingSystem.SWISS_DUTCH, "go-egf"),
        (PairingSystem.MCMAHON_GO, "chess-standard"),
        (PairingSystem.SWISS_SHOGI, "go-egf"),
    ],
)
def test_a_list_refuses_a_tournament_of_another_game(system, slug):
    with pytest.raises(ValidationError) as refused:
        create_tournament(
            name="Mixed",
            start_date=D(2026, 5, 1),
            end_date=D(2026, 5, 1),
            pairing_system=system,
            rating_list=a_list(slug),
            actor=SYSTEM,
        )
    assert list(refused.value.message_dict) == ["rating_list"]
    assert Tournament.objects.count() == 0


def test_a_dutch_swiss_cannot_move_to_the_go_list():
    tournament = create_tournament(
        name="Open",
        start_date=D(2026, 5, 1),
        end_date=D(2026, 5, 1),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rating_list=a_list("chess-standard"),
        actor=SYSTEM,
    )
    with pytest.raises(ValidationError) as refused:
        update_tournament(
            tournament=tournament, changes={"rating_list": a_list("go-egf")}, actor=SYSTEM
        )
    assert list(refused.value.message_dict) == ["rating_list"]
    tournament.refresh_from_db()
    assert tournament.rating_list.slug == "chess-standard"


def manual_tournament(slug: str) -> Tournament:
    """A manual tournament of ``slug``'s game, made in the back office: one round, one game."""
    tournament = create_tournament(
        name=f"Manual {slug}",
        slug=f"manual-{slug}",
        start_date=D(2026, 5, 1),
        end_date=D(2026, 5, 1),
        pairing_system=PairingSystem.MANUAL,
        rating_list=a_list(slug),
        city="Lyon",
        actor=SYSTEM,
    )
    white, black = make_player("White", "Wes"), make_player("Black", "Bea")
    for player in (white, black):
        register_player(tournament=tournament, player=player, actor=SYSTEM)
    round_ = add_round(tournament=tournament, actor=SYSTEM)
    game = add_game(round=round_, white=white, black=black, board=1, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    game.refresh_from_db()
    record_result(game=game, result="10", actor=SYSTEM)
    return tournament


def test_a_manual_go_tournament_downloads_its_h9(client):
    tournament = manual_tournament("go-egf")
    client.force_login(make_superuser())

    response = client.get(reverse("tournaments:h9_export", args=[tournament.slug]))

    assert response.status_code == 200
    parsed = parse_h9(response.content.decode())
    assert [(p.last_name, p.games[0].code) for p in parsed.players] == [
        ("White", "2+/w0"),
        ("Black", "1-/b0"),
    ]
    turnering = reverse("tournaments:turnering_export", args=[tournament.slug])
    assert client.get(turnering).status_code == 404


def test_a_manual_shogi_tournament_downloads_its_turnering(client):
    tournament = manual_tournament("shogi-fesa")
    client.force_login(make_superuser())

    response = client.get(reverse("tournaments:turnering_export", args=[tournament.slug]))

    assert response.status_code == 200
    parsed = parse_turnering(response.content.decode("iso-8859-1"))
    assert [(p.last_name, p.points) for p in parsed.players] == [("White", 1), ("Black", 0)]


def test_the_admin_refuses_a_go_list_for_a_dutch_swiss(client):
    client.force_login(make_superuser())
    tournament = create_tournament(
        name="Open",
        start_date=D(2026, 5, 1),
        end_date=D(2026, 5, 1),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rating_list=a_list("chess-standard"),
        rounds_planned=5,
        actor=SYSTEM,
    )
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = client.get(url).context["adminform"].form
    data = {
        name: ("" if value is None else value)
        for name, value in form.initial.items()
        if name in form.fields
    }
    data.update({"rating_list": a_list("go-egf").pk, "tiebreaks": ""})
    for prefix in ("rounds", "registrations"):
        data.update({f"{prefix}-TOTAL_FORMS": 0, f"{prefix}-INITIAL_FORMS": 0})

    response = client.post(url, data)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["rating_list"] == [
        "Go (EGF) rates go games: a tournament paired as “Swiss (FIDE Dutch)” cannot be rated "
        "in it."
    ]
    tournament.refresh_from_db()
    assert tournament.rating_list.slug == "chess-standard"

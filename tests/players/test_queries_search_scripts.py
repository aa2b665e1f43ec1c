"""The search in every script (issue 19): case folded in Cyrillic as in Latin, accents
ignored, ё = е, and a name found from its Latin spelling and back, at every entry point: the
results page, the header's suggestions, the compare page's and the organiser's player
pickers and the API.

Each test failed before the folded search key: ``иванова``, ``ИВАНОВА`` and ``иванова анна``
found nothing while ``Иванова`` did, ``Lopez`` missed "López" and ``Sean`` missed "Seán".
Run on SQLite and on PostgreSQL (``DATABASE_URL``)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from actions.tournaments import create_tournament
from backoffice.queries import candidates
from core.roles import SYSTEM
from players.queries.search import possible_duplicates, search_clubs, search_players
from tests.factories import make_club, make_player
from tests.helpers import body_rows
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db

SEARCH = reverse("ratings:search")
SUGGEST = reverse("ratings:search_suggest")

IVANOVAS = ["Ivanova, Anna", "Иванова, Анна"]


@pytest.fixture
def people():
    club = make_club("Шахматный клуб «Ладья»", short_name="Ладья", city="Тула")
    make_player("Иванова", "Анна", sex="f", club=club)
    make_player("Ivanova", "Anna", sex="f", federation="RUS", fide_id=24101234)
    make_player("Иванов", "Пётр", club=club)
    make_player("López", "Juan", federation="ESP")
    make_player("Lopes", "Maria", sex="f", federation="POR")
    make_player("Murphy", "Seán", federation="IRL")
    make_player("Петров", "Семён", club=club)
    make_player("Семенова", "Ольга", sex="f")
    make_player("Spencer", "Lucy", sex="f")
    return club


def found(client, query: str) -> list[str]:
    """The names on the results page (every rating list's group), sorted: every player of
    the fixture is unrated, so each is listed once."""
    response = client.get(SEARCH, {"q": query})
    assert response.status_code == 200
    return sorted(
        row[0]
        for i, _group in enumerate(response.context["groups"])
        for row in body_rows(response.content, i)
    )


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("Иванова", IVANOVAS),
        ("иванова", IVANOVAS),
        ("ИВАНОВА", IVANOVAS),
        ("иванова анна", IVANOVAS),
        ("АННА иванова", IVANOVAS),
        ("Ivanova", IVANOVAS),  # Latin finds Cyrillic
        ("IVANOVA ANNA", IVANOVAS),
        ("иванов", ["Ivanova, Anna", "Иванов, Пётр", "Иванова, Анна"]),
        ("Lopez", ["López, Juan"]),
        ("LÓPEZ", ["López, Juan"]),
        ("Sean", ["Murphy, Seán"]),
        ("sean murphy", ["Murphy, Seán"]),
        ("Семен", ["Петров, Семён", "Семенова, Ольга"]),  # ё = е
        ("Семён", ["Петров, Семён", "Семенова, Ольга"]),
        ("Semen", ["Петров, Семён", "Семенова, Ольга"]),
        ("Петр", ["Иванов, Пётр", "Петров, Семён"]),
        ("Pyotr", []),  # "yo" for ё is not folded: ё is е
        ("Spencer", ["Spencer, Lucy"]),
        ("Zzz", []),
    ],
)
def test_the_results_page_folds_case_accents_and_script(client, people, query, names):
    assert found(client, query) == names


def test_a_cyrillic_search_finds_the_fide_spelling(client, people):
    """FIDE lists Russian players in Latin: "Иванова" finds "Ivanova, Anna" too."""
    assert "Ivanova, Anna" in found(client, "Иванова")
    assert [p.name for p in search_players("Иванова Анна")] == sorted(IVANOVAS)


def test_the_suggestions_fold_as_the_results_page(client, people):
    html = client.get(SUGGEST, {"q": "иванова анна"}).content.decode()

    assert "Иванова, Анна" in html and "Ivanova, Anna" in html
    assert "Иванов, Пётр" not in html
    assert "López, Juan" in client.get(SUGGEST, {"q": "lopez"}).content.decode()


def test_clubs_are_found_in_any_case_and_script(client, people):
    for query in ["ладья", "ЛАДЬЯ", "Ladya", "шахматный клуб", "Shakhmatnyy"]:
        assert [club.name for club in search_clubs(query)] == ["Шахматный клуб «Ладья»"], query
    html = client.get(SEARCH, {"q": "ладья"}).content.decode()
    assert "Шахматный клуб «Ладья»" in html


@pytest.fixture
def tournament(people, client):
    user = get_user_model().objects.create_user("orga")
    people.organisers.add(user)
    client.force_login(user)
    return create_tournament(
        name="Кубок Тулы",
        slug="tula-cup",
        club=people,
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 2),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=5,
        initial_colour="w",
        actor=SYSTEM,
    )


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("иванова", IVANOVAS),
        ("ИВАНОВА, А", IVANOVAS),
        ("Ivanova", IVANOVAS),
        ("Lopez", ["López, Juan"]),
        ("Sean", ["Murphy, Seán"]),
        ("Семен", ["Петров, Семён", "Семенова, Ольга"]),
        # the club's name: its players
        ("ладья", ["Иванов, Пётр", "Иванова, Анна", "Петров, Семён"]),
        ("24101234", ["Ivanova, Anna"]),
    ],
)
def test_the_organisers_player_picker_folds_as_the_site_search(client, tournament, query, names):
    assert sorted(p.name for p in candidates(tournament, query)) == names
    url = reverse("tournaments:organise_players", args=[tournament.slug])
    response = client.get(url, {"q": query}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert all(name in html for name in names)


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("иванова", IVANOVAS),
        ("ИВАНОВА анна", IVANOVAS),
        ("Ivanova", IVANOVAS),
        ("Lopez", ["López, Juan"]),
        ("Sean", ["Murphy, Seán"]),
        ("Семен", ["Петров, Семён", "Семенова, Ольга"]),
        ("-", []),
    ],
)
def test_the_api_search_folds_as_the_site_search(client, people, query, names):
    response = client.get("/api/players", {"search": query})
    assert response.status_code == 200
    assert sorted(row["name"] for row in response.json()["results"]) == names


def test_a_possible_duplicate_is_recognised_in_any_case_and_script(people):
    """The duplicate warning of a new player compares names folded too: on SQLite
    ``iexact`` folded Latin only, so "ИВАНОВА, анна" passed as new next to "Иванова, Анна"."""
    found = sorted(p.name for p in possible_duplicates("ИВАНОВА", "анна", None))
    assert found == IVANOVAS
    assert [p.name for p in possible_duplicates("Lopez", "JUAN", None)] == ["López, Juan"]
    assert possible_duplicates("Иванова", "Анна", 1990) == []  # born in another year
    assert possible_duplicates("Иванова", "", None) == []


def test_the_compare_pages_picker_folds_as_the_site_search(client, people):
    response = client.get(reverse("ratings:compare"), {"q": "ИВАНОВА анна"})

    assert response.status_code == 200
    assert sorted(row["player"].name for row in response.context["results"]) == IVANOVAS

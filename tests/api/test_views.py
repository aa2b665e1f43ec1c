"""The read-only JSON API: documented fields, errors, pagination, fixed query counts."""

import json

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.api.seed import seed_club

pytestmark = pytest.mark.django_db

ANN = {
    "name": "Alpha, Ann",
    "last_name": "Alpha",
    "first_name": "Ann",
    "title": "WIM",
    "federation": "ENG",
    "fide_id": None,
}


def get_json(client, url, status=200, **params):
    response = client.get(url, params)
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    return response.json()


def test_rating_lists(client):
    seed_club()

    lists = get_json(client, "/api/lists")

    assert lists[0] == {
        "slug": "chess-standard",
        "name": "Chess standard",
        "game": "chess",
        "time_control": "standard",
        "system": "fide",
        "rated_players": 4,
        "last_published": "2026-01-01",
    }
    assert [row["slug"] for row in lists] == [
        "chess-standard",
        "chess-rapid",
        "chess-blitz",
        "go-egf",
        "shogi-fesa",
    ]


def test_leaderboard_rows_and_ties(client):
    club = seed_club()
    ann = club.players[0]

    page = get_json(client, "/api/lists/chess-standard/leaderboard")

    assert {key: page[key] for key in ("count", "page", "page_size", "pages")} == {
        "count": 4,
        "page": 1,
        "page_size": 50,
        "pages": 1,
    }
    assert page["rating_list"] == {"slug": "chess-standard", "name": "Chess standard"}
    assert page["results"][0] == {
        "rank": 1,
        "player": {
            "id": ann.pk,
            **ANN,
            "club": {"id": club.knights.pk, "name": "Knights", "short_name": "KN"},
        },
        "rating": 2200,
        "live_rating": 2210.5,
        "games": 60,
        "k": 20,
        "peak": 2250,
        "last_played": None,
    }
    assert [(row["rank"], row["player"]["last_name"]) for row in page["results"]] == [
        (1, "Alpha"),
        (2, "Beta"),
        (3, "Delta"),
        (3, "Gamma"),
    ]


@pytest.mark.parametrize(
    ("params", "names"),
    [
        ({"sex": "f"}, ["Alpha", "Delta"]),
        ({"federation": "FRA"}, ["Delta", "Gamma"]),
        ({"juniors": "true"}, ["Delta"]),
        ({"sex": "m", "federation": "ENG"}, ["Beta"]),
    ],
)
def test_leaderboard_filters_rank_within_the_filter(client, params, names):
    seed_club()

    page = get_json(client, "/api/lists/chess-standard/leaderboard", **params)

    assert [row["player"]["last_name"] for row in page["results"]] == names
    assert page["results"][0]["rank"] == 1
    assert page["count"] == len(names)


def test_leaderboard_club_filter(client):
    club = seed_club()

    page = get_json(client, "/api/lists/chess-standard/leaderboard", club=club.knights.pk)

    assert [row["player"]["last_name"] for row in page["results"]] == ["Alpha", "Beta"]


def test_leaderboard_pages(client):
    seed_club(extra_players=3)

    second = get_json(client, "/api/lists/chess-standard/leaderboard", page=2, page_size=3)
    beyond = get_json(client, "/api/lists/chess-standard/leaderboard", page=9, page_size=3)

    assert (second["count"], second["pages"]) == (7, 3)
    assert [(row["rank"], row["player"]["last_name"]) for row in second["results"]] == [
        (3, "Gamma"),  # tied with Delta on 1950
        (5, "Extra000"),
        (6, "Extra001"),
    ]
    assert (beyond["count"], beyond["results"]) == (7, [])


def test_player_with_history(client):
    club = seed_club()
    ann = club.players[0]

    player = get_json(client, f"/api/players/{ann.pk}")

    assert player == {
        "id": ann.pk,
        **ANN,
        "club": {"id": club.knights.pk, "name": "Knights", "short_name": "KN"},
        "ratings": [
            {
                "rating_list": {"slug": "chess-standard", "name": "Chess standard"},
                "rating": 2200,
                "live_rating": 2210.5,
                "games": 60,
                "k": 20,
                "peak": 2250,
                "last_played": None,
                "history": [
                    {"date": "2025-12-01", "rating": 2196, "change": None, "games": 0},
                    {"date": "2026-01-01", "rating": 2190, "change": -6, "games": 5},
                ],
            }
        ],
    }


def test_players_search_and_pages(client):
    seed_club(extra_players=2)

    found = get_json(client, "/api/players", search="ga")
    page = get_json(client, "/api/players", page=2, page_size=2)

    assert [row["name"] for row in found["results"]] == ["Gamma, Cid"]
    assert (page["count"], page["pages"]) == (6, 3)
    assert [row["name"] for row in page["results"]] == ["Delta, Dee", "Extra000, Eve"]


def test_tournaments_list(client):
    club = seed_club()

    page = get_json(client, "/api/tournaments")

    assert page["count"] == 2
    assert page["results"][0]["slug"] == "autumn-rapid"
    assert page["results"][0]["rating_list"] is None
    assert page["results"][1:] == [
        {
            "slug": "club-championship",
            "name": "Club Championship",
            "city": "York",
            "start_date": "2026-03-01",
            "end_date": "2026-03-08",
            "rounds_planned": 2,
            "club": {"id": club.knights.pk, "name": "Knights", "short_name": "KN"},
            "rating_list": {"slug": "chess-standard", "name": "Chess standard"},
        }
    ]


def test_tournament_with_standings(client):
    club = seed_club()
    ann, bob, cid, dee = club.players

    detail = get_json(client, "/api/tournaments/club-championship")

    assert detail["completed_rounds"] == 2
    assert detail["after_round"] == 2
    assert detail["round_robin"] is False
    assert [tb["code"] for tb in detail["tiebreaks"]][:2] == ["BH/C1", "BH"]
    assert detail["tiebreaks"][1] == {"code": "BH", "name": "Buchholz"}
    rows = [
        (
            row["place"],
            row["player"]["id"],
            row["rating"],
            row["points"],
            row["tiebreaks"][:2],
            row["rating_change"],
        )
        for row in detail["standings"]
    ]
    # Ann beat Cid and Bob; Cid beat Dee; Dee drew Bob. Bob and Dee tie on points and are
    # split by Buchholz cut 1 (opponents' points 0.5 + 2 vs 0.5 + 1, lowest cut).
    assert rows == [
        ("1", ann.pk, 2190, 2.0, [1.0, 1.5], 4.4),
        ("2", cid.pk, None, 1.0, [2.0, 2.5], None),
        ("3", bob.pk, None, 0.5, [2.0, 2.5], None),
        ("4", dee.pk, None, 0.5, [1.0, 1.5], None),
    ]
    assert detail["standings"][0]["tpn"] == 1
    assert detail["standings"][0]["withdrawn"] is False


def test_tournament_without_results_has_empty_standings(client):
    seed_club()

    detail = get_json(client, "/api/tournaments/autumn-rapid")

    assert (detail["completed_rounds"], detail["after_round"], detail["standings"]) == (0, 0, [])
    assert detail["rating_list"] is None


def test_unknown_ids_give_404_json(client):
    seed_club()

    assert get_json(client, "/api/players/999999", status=404) == {
        "detail": "No player with this id."
    }
    assert get_json(client, "/api/tournaments/no-such-event", status=404) == {
        "detail": "No tournament with this slug."
    }
    assert get_json(client, "/api/lists/no-such-list/leaderboard", status=404) == {
        "detail": "No rating list with this slug."
    }


@pytest.mark.parametrize(
    ("url", "params", "location", "kind"),
    [
        ("/api/players", {"page": "0"}, ["query", "page"], "greater_than_equal"),
        ("/api/players", {"page": "x"}, ["query", "page"], "int_parsing"),
        ("/api/players", {"page_size": "101"}, ["query", "page_size"], "less_than_equal"),
        ("/api/players/abc", {}, ["path", "player_id"], "int_parsing"),
        ("/api/players/99999999999999999999", {}, ["path", "player_id"], "less_than_equal"),
        (
            "/api/lists/chess-standard/leaderboard",
            {"sex": "x"},
            ["query", "sex"],
            "literal_error",
        ),
        (
            "/api/lists/chess-standard/leaderboard",
            {"federation": "england"},
            ["query", "federation"],
            "string_pattern_mismatch",
        ),
        ("/api/tournaments", {"page_size": "-1"}, ["query", "page_size"], "greater_than_equal"),
    ],
)
def test_invalid_parameters_give_422_with_the_problem(client, url, params, location, kind):
    body = get_json(client, url, status=422, **params)

    assert [(problem["loc"], problem["type"]) for problem in body["detail"]] == [(location, kind)]
    assert body["detail"][0]["msg"]


def test_unknown_club_filter_gives_400(client):
    seed_club()

    body = get_json(client, "/api/lists/chess-standard/leaderboard", status=400, club=999999)

    assert body == {
        "detail": "club: Select a valid choice. That choice is not one of the available choices."
    }


def test_api_is_read_only(client):
    club = seed_club()

    assert client.post("/api/lists").status_code == 405
    assert client.delete(f"/api/players/{club.players[0].pk}").status_code == 405


def _queries(client, url) -> int:
    cache.clear()  # a cold request (the leaderboard's federations are cached by version)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("/api/lists", 2),  # the lists, the rated players of every list (one grouped count)
        ("/api/lists/chess-standard/leaderboard?page_size={size}", 4),
        ("/api/lists/chess-standard/leaderboard?page_size={size}&sex=m&juniors=false", 4),
        ("/api/players?page_size={size}", 2),
        ("/api/tournaments?page_size={size}", 2),
    ],
)
def test_query_counts_do_not_grow_with_page_size(client, url, expected):
    seed_club(extra_players=20)

    assert _queries(client, url.format(size=1)) == expected
    assert _queries(client, url.format(size=24)) == expected


def test_player_and_tournament_query_counts_are_fixed(client):
    club = seed_club()
    ann = club.players[0]
    tournament_queries = _queries(client, "/api/tournaments/club-championship")

    assert _queries(client, f"/api/players/{ann.pk}") == 3
    assert tournament_queries == _queries(client, "/api/tournaments/club-championship")
    # The tournament, then standings_input's fixed set (registrations, games, ledger,
    # published ratings, ...), whatever the number of players.
    assert tournament_queries == 8


def test_openapi_schema_documents_every_operation(client):
    schema = get_json(client, "/api/openapi.json")

    assert schema["openapi"].startswith("3.")
    assert sorted(schema["paths"]) == [
        "/api/lists",
        "/api/lists/{slug}/leaderboard",
        "/api/players",
        "/api/players/{player_id}",
        "/api/tournaments",
        "/api/tournaments/{slug}",
    ]
    for path in schema["paths"].values():
        assert list(path) == ["get"]
    leaderboard = schema["paths"]["/api/lists/{slug}/leaderboard"]["get"]
    assert sorted(leaderboard["responses"]) == ["200", "400", "404", "422"]
    row = schema["components"]["schemas"]["LeaderboardRow"]["properties"]
    assert sorted(row) == [
        "games",
        "k",
        "last_played",
        "live_rating",
        "peak",
        "player",
        "rank",
        "rating",
    ]


def test_docs_page_works_offline(client):
    response = client.get("/api/docs")
    html = response.content.decode()

    assert response.status_code == 200
    assert '<script src="/static/ninja/swagger-ui-bundle.js"></script>' in html
    assert "http://" not in html
    assert "https://" not in html
    settings = html.split('id="swagger-settings">')[1].split("</script>")[0]
    assert json.loads(settings)["url"] == "/api/openapi.json"


def test_docs_page_fits_a_phone_and_links_back_to_the_site(client):
    html = client.get("/api/docs").content.decode()

    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert '<a class="api-docs-home" href="/">clubrating</a>' in html

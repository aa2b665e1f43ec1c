"""Every format of every game runs from the organiser pages, from the create form to the
frozen final standings: created, filled by a pasted list, paired (or set by hand), published,
played and finished, each step through the organiser's own views, the dashboard answering
after each. The browser tests (tests/browser/test_formats.py) walk five of them in Chromium."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from ratings.models import RatingList
from tournaments.models import Game, Registration, Tournament
from tournaments.queries.rounds import next_step

pytestmark = pytest.mark.django_db

PLAYERS = [
    "Grant, Gina\tf\t2004\tENG\t\t2300",
    "Hughes, Hal\tm\t1999\tENG\t\t2100",
    "Irwin, Ida\tf\t2010\tSCO\t\t1900",
    "Jones, Jack\tm\t1987\tWLS\t\t1700",
]
#: Manual pairings: round -> boards as indexes into PLAYERS (white, black).
BY_HAND = {1: ((0, 3), (1, 2)), 2: ((2, 0), (3, 1))}

FORMATS = [
    # game, format, list, rounds typed on the form, games played (every one worth 1 point)
    ("chess", "swiss_dutch", "chess-standard", "3", 6),
    ("chess", "round_robin", "chess-standard", "", 6),
    ("chess", "double_round_robin", "chess-rapid", "", 12),
    ("chess", "manual", "chess-blitz", "2", 4),
    ("go", "mcmahon_go", "go-egf", "3", 6),
    ("go", "swiss_go", "go-egf", "3", 6),
    ("go", "round_robin", "go-egf", "", 6),
    ("go", "double_round_robin", "go-egf", "", 12),
    ("go", "manual", "go-egf", "2", 4),
    ("shogi", "mcmahon_shogi", "shogi-fesa", "3", 6),
    ("shogi", "swiss_shogi", "shogi-fesa", "3", 6),
    ("shogi", "round_robin", "shogi-fesa", "", 6),
    ("shogi", "double_round_robin", "shogi-fesa", "", 12),
    ("shogi", "manual", "shogi-fesa", "2", 4),
]


def _post(client, name: str, *args, **data) -> None:
    response = client.post(reverse(f"tournaments:{name}", args=args), data)
    assert response.status_code == 302, (name, response.status_code)
    errors = [str(m) for m in get_messages(response.wsgi_request) if m.level_tag == "error"]
    assert errors == [], (name, errors)


def _create(client, game: str, system: str, list_slug: str, rounds: str) -> Tournament:
    data = {
        "game": game,
        "name": "Every Format",
        "start_date": "2026-11-07",
        "end_date": "2026-11-08",
        "rating_list": RatingList.objects.get(slug=list_slug).pk,
        "pairing_system": system,
        "rounds_planned": rounds,
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "1",
        "points_half_bye": "0.5",
        "seeding": "rating",
    }
    if game == "chess":
        data["initial_colour"] = "w"
    response = client.post(f"{reverse('tournaments:organise_create')}?game={game}", data)
    assert response.status_code == 302, response.context["form"].errors
    return Tournament.objects.get()


def _play(client, tournament: Tournament) -> None:
    """Follow the dashboard's next step until the tournament is finished."""
    slug = tournament.slug
    players = [
        r.player
        for r in Registration.objects.filter(tournament=tournament).order_by("player__last_name")
    ]
    for _step in range(60):
        dashboard = client.get(reverse("tournaments:organise", args=[slug]))
        assert dashboard.status_code == 200
        tournament.refresh_from_db()
        step = next_step(tournament)
        shown = dashboard.content.decode().split('id="next-step"')[1].split("</div>")[0]
        assert str(step) in shown, shown
        if step.kind == "finished":
            return
        if step.kind == "pair":
            _post(client, "organise_pair", slug, number=step.round)
        elif step.kind == "publish":
            _post(client, "organise_publish", slug, step.round)
        elif step.kind == "results":
            for board in step.boards:
                _post(
                    client, "organise_result", slug, step.round, board, **{f"b{board}-result": "1"}
                )
        elif step.kind == "add":
            _post(client, "organise_add_round", slug)
            for white, black in BY_HAND[step.round]:
                _post(
                    client,
                    "organise_add_board",
                    slug,
                    step.round,
                    white=players[white].pk,
                    black=players[black].pk,
                )
        else:
            assert step.kind == "finish", str(step)
            _post(client, "organise_finish", slug)
    pytest.fail("the tournament never finished")


# About three minutes on two cores (every result replays its rated list): run by CI in its
# slow stage, to keep `make test` under five minutes.
@pytest.mark.slow
@pytest.mark.parametrize(("game", "system", "list_slug", "rounds", "games"), FORMATS)
def test_every_format_runs_from_the_create_form_to_the_final_standings(
    admin_client, game, system, list_slug, rounds, games
):
    tournament = _create(admin_client, game, system, list_slug, rounds)
    assert str(next_step(tournament)) == "enter at least two players first."
    _post(admin_client, "organise_register_lines", tournament.slug, lines="\n".join(PLAYERS))
    assert Registration.objects.filter(tournament=tournament).count() == 4

    _play(admin_client, tournament)

    tournament.refresh_from_db()
    assert tournament.status == "finished"
    played = Game.objects.filter(round__tournament=tournament).exclude(black=None)
    assert (played.count(), played.exclude(result="10").count()) == (games, 0)
    rows = tournament.final_standings["rows"]
    assert len(rows) == 4
    assert sum(Fraction(row["points"]) for row in rows) == games
    standings = admin_client.get(reverse("tournaments:standings", args=[tournament.slug]))
    assert standings.status_code == 200

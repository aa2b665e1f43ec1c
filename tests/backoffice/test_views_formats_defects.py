"""Small defects of the organiser pages of each game: each test failed before its fix."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from actions.boards import add_game
from actions.reports import report_result
from actions.results import record_result
from actions.rounds import add_round
from actions.tournaments import finish_tournament
from backoffice.forms.tournaments import ReportForm
from core.roles import SYSTEM
from players.models import Player
from ratings.models import RatingList
from tests.factories import make_game, make_player, make_round, make_tournament, register
from tests.helpers import tables
from tournaments.enums import PairingSystem, TournamentStatus
from tournaments.models import Tournament
from tournaments.queries.rounds import next_step

pytestmark = pytest.mark.django_db


def _list(slug: str) -> RatingList:
    return RatingList.objects.get(slug=slug)


def test_the_frozen_final_standings_print_points_as_the_public_standings_do(admin_client):
    tournament = make_tournament("Final", slug="final", status=TournamentStatus.FINISHED)
    tournament.final_standings = {
        "after_round": 7,
        "tiebreaks": ["SB", "BH"],
        "rows": [
            {"place": "1", "tpn": 1, "player": 1, "name": "Adams, Alan", "points": "23/2",
             "tiebreaks": ["101/4", "31"]},
            {"place": "2", "tpn": 2, "player": 2, "name": "Baker, Beth", "points": "9/2",
             "tiebreaks": ["45/2", None]},
            {"place": "3", "tpn": 3, "player": 3, "name": "Clark, Chris", "points": "3",
             "tiebreaks": ["0", "12"]},
        ],
    }  # fmt: skip
    tournament.save()

    html = admin_client.get(reverse("tournaments:organise", args=["final"])).content
    frozen = next(t for t in tables(html) if t["head"] and "Points" in t["head"][0])

    assert frozen["body"] == [
        ["1", "Adams, Alan", "11½", "25.25", "31"],
        ["2", "Baker, Beth", "4½", "22.5", "–"],
        ["3", "Clark, Chris", "3", "0", "12"],
    ]


@pytest.mark.parametrize(
    ("system", "list_slug", "offered", "not_offered"),
    [
        ("swiss_dutch", "chess-standard", "trf_export", ("h9_export", "turnering_export")),
        ("mcmahon_go", "go-egf", "h9_export", ("trf_export", "turnering_export")),
        ("round_robin", "go-egf", "h9_export", ("trf_export", "turnering_export")),
        ("mcmahon_shogi", "shogi-fesa", "turnering_export", ("trf_export", "h9_export")),
        ("round_robin", "shogi-fesa", "turnering_export", ("trf_export", "h9_export")),
    ],
)
def test_the_organiser_pages_offer_the_results_file_of_the_game(
    admin_client, system, list_slug, offered, not_offered
):
    """Before, go and shogi dashboards offered the FIDE rating report (TRF)."""
    make_tournament("Event", slug="event", pairing_system=system, rating_list=_list(list_slug))
    pages = [
        admin_client.get(reverse("tournaments:organise", args=["event"])).content.decode(),
        admin_client.get(reverse("tournaments:organise_list")).content.decode(),
        admin_client.get(reverse("tournaments:standings", args=["event"])).content.decode(),
    ]

    for html in pages:
        assert reverse(f"tournaments:{offered}", args=["event"]) in html
        for name in not_offered:
            assert reverse(f"tournaments:{name}", args=["event"]) not in html
    assert "FIDE rating report" not in pages[0] or offered == "trf_export"


def test_the_shogi_overview_heads_its_games_sente_and_gote(client):
    """Before, the public overview of a shogi tournament headed its games White and Black."""
    shogi = make_tournament(
        "Keima", slug="keima", pairing_system="round_robin", rating_list=_list("shogi-fesa")
    )
    chess = make_tournament("Chess", slug="chess", pairing_system="round_robin")
    for tournament in (shogi, chess):
        a, b = make_player("Sato"), make_player("Ito")
        register(tournament, a, b)
        make_game(make_round(tournament), a, b, "10")

    def games_head(slug: str) -> list[str]:
        html = client.get(reverse("tournaments:detail", args=[slug])).content
        return next(t["head"][0] for t in tables(html) if t["head"] and "Board" in t["head"][0])

    assert games_head("keima") == ["Board", "Sente", "Result", "Gote"]
    assert games_head("chess") == ["Board", "White", "Result", "Black"]


def test_adding_the_first_round_of_a_manual_tournament_starts_it():
    """Before, a manual tournament (the demo's shogi round robin) stayed a draft however many
    rounds it played."""
    tournament = make_tournament(pairing_system=PairingSystem.MANUAL, rounds_planned=3)
    register(tournament, make_player("A"), make_player("B"))

    add_round(tournament=tournament, actor=SYSTEM)

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING


# --------------------------------------------------------------------------- go draws


def _go_game(*, komi: str = "6.5", handicap: int = 0, report: bool = False):
    tournament = make_tournament(
        "Go Cup",
        slug="go-cup",
        pairing_system=PairingSystem.MCMAHON_GO,
        rating_list=_list("go-egf"),
        komi=Decimal(komi),
        players_report_results=report,
        status=TournamentStatus.RUNNING,
    )
    white, black = make_player("Honinbo"), make_player("Meijin")
    register(tournament, white, black)
    game = make_game(make_round(tournament), white, black)
    game.handicap = handicap
    game.save()
    return game


@pytest.mark.parametrize(("komi", "handicap"), [("6.5", 0), ("7", 2), ("0.5", 0)])
def test_a_go_game_with_a_half_point_of_komi_cannot_be_drawn(komi, handicap):
    game = _go_game(komi=komi, handicap=handicap)
    shown = "0.5" if handicap else komi

    for result in ("==", "DD"):
        with pytest.raises(ValidationError) as refusal:
            record_result(game=game, result=result, actor=SYSTEM)
        assert refusal.value.message_dict == {
            "result": [f"A draw is impossible with a komi of {shown}: one of the players won."]
        }
    game.refresh_from_db()
    assert game.result == ""
    record_result(game=game, result="01", actor=SYSTEM)
    game.refresh_from_db()
    assert game.result == "01"


def test_a_go_game_with_a_whole_komi_can_be_drawn():
    game = _go_game(komi="7", handicap=0)

    record_result(game=game, result="==", actor=SYSTEM)

    game.refresh_from_db()
    assert game.result == "=="


def test_a_player_cannot_report_a_draw_with_a_half_point_of_komi(django_user_model):
    game = _go_game(report=True)
    account = django_user_model.objects.create_user("honinbo")
    Player.objects.filter(pk=game.white_id).update(account=account)

    with pytest.raises(ValidationError, match=r"A draw is impossible with a komi of 6\.5"):
        report_result(game=game, result="==", actor=account)
    choices = [value for value, _label in ReportForm(game=game).fields["result"].choices]
    assert choices == ["", "10", "01"]


def test_a_chess_game_still_offers_and_takes_a_draw():
    tournament = make_tournament(status=TournamentStatus.RUNNING, players_report_results=True)
    a, b = make_player("A"), make_player("B")
    register(tournament, a, b)
    game = make_game(make_round(tournament), a, b)

    assert [v for v, _label in ReportForm(game=game).fields["result"].choices] == [
        "",
        "10",
        "==",
        "01",
    ]
    record_result(game=game, result="==", actor=SYSTEM)
    assert Tournament.objects.get().status == TournamentStatus.RUNNING


def test_the_go_round_page_offers_no_draw_key_with_a_half_point_of_komi(admin_client):
    game = _go_game()
    url = reverse("tournaments:organise_round", args=["go-cup", game.round.number])

    html = admin_client.get(url).content.decode()

    assert "<kbd>1</kbd> White wins · <kbd>0</kbd>" in html
    assert "<kbd>½</kbd>" not in html


def test_a_manual_tournament_of_open_length_finishes_after_a_played_round(admin_client):
    """Before, a manual tournament without a number of rounds could never finish: its next
    step was always "add round n"."""
    tournament = make_tournament(
        "Open", slug="open", pairing_system=PairingSystem.MANUAL, rounds_planned=0
    )
    a, b = make_player("A"), make_player("B")
    register(tournament, a, b)
    with pytest.raises(ValidationError, match="cannot finish yet"):
        finish_tournament(tournament=tournament, actor=SYSTEM)
    round_ = add_round(tournament=tournament, actor=SYSTEM)
    add_game(round=round_, board=1, white=a, black=b, result="10", actor=SYSTEM)

    dashboard = admin_client.get(reverse("tournaments:organise", args=["open"])).content.decode()
    assert "add round 2 and its boards, or finish the tournament." in dashboard
    assert dashboard.count("Finish the tournament") == 1
    finish_tournament(tournament=tournament, actor=SYSTEM)

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert [row["points"] for row in tournament.final_standings["rows"]] == ["1", "0"]


def test_an_empty_manual_tournament_asks_for_players_first():
    """Before, an empty manual tournament's next step was "add round 1 and its boards."."""
    tournament = make_tournament(pairing_system=PairingSystem.MANUAL, rounds_planned=2)
    assert str(next_step(tournament)) == "enter at least two players first."
    register(tournament, make_player("A"), make_player("B"))
    assert str(next_step(tournament)) == "add round 1 and its boards."

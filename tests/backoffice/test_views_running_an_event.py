"""The organiser pages of a running event, one test per defect found when a new organiser
ran a 10-player Swiss (issue "Organisers and arbiters run a whole event in the browser"):
each of these failed before. The browser side (page loads, keyboard, bounding boxes) is in
``tests/browser/test_event.py``."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from actions.registrations import register_player
from actions.results import LaterRoundsPaired, record_result
from actions.rounds import pair_next_round, publish_round
from actions.tournaments import create_tournament
from backoffice.forms.settings import SettingsForm, TournamentCreateForm
from backoffice.queries import candidates
from core.enums import AuditAction
from core.models import AuditEntry
from core.roles import SYSTEM
from players.models import Club, Player
from ratings.models import RatingList
from tests.factories import make_player, make_rating, standard_list
from tests.helpers import full_state
from tournaments.enums import PairingSystem
from tournaments.models import Game, Registration

pytestmark = pytest.mark.django_db

RATINGS = (2200, 2100, 2000, 1900)


@pytest.fixture
def organiser(client):
    user = get_user_model().objects.create_user("orga")
    club = Club.objects.create(name="Riverside")
    club.organisers.add(user)
    client.force_login(user)
    return club


def _swiss(club, rounds: int = 2, rating_list=None):
    tournament = create_tournament(
        name="Spring Swiss",
        slug="spring",
        club=club,
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 2),
        rating_list=rating_list,
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=rounds,
        initial_colour="w",
        actor=SYSTEM,
    )
    for name, rating in zip(("Alpha", "Bravo", "Charlie", "Delta"), RATINGS, strict=True):
        register_player(
            tournament=tournament,
            player=make_player(name, club=club),
            rating_at_start=rating,
            actor=SYSTEM,
        )
    return tournament


def _play(tournament, result: str = "10"):
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    for game in round_.games.filter(result=""):
        record_result(game=game, result=result, actor=SYSTEM)
    return round_


def _url(name: str, *args) -> str:
    return reverse(f"tournaments:{name}", args=["spring", *args])


def test_a_result_field_never_starts_on_a_result_and_an_empty_save_writes_nothing(
    client, organiser
):
    tournament = _swiss(organiser)
    publish_round(round=pair_next_round(tournament=tournament, actor=SYSTEM), actor=SYSTEM)

    page = client.get(_url("organise_round", 1)).content.decode()
    before = full_state()
    response = client.post(_url("organise_result", 1, 1), {"b1-result": ""}, follow=True)

    fields = re.findall(r'<input type="text" name="b\d-result"[^>]*>', page)
    assert len(fields) == 2
    assert [field for field in fields if "value=" in field] == []
    assert [str(m) for m in response.context["messages"]] == [
        "Board 1: Type a result first: nothing was saved."
    ]
    assert full_state() == before


def test_a_result_is_typed_as_a_key_and_saved_without_a_reload(client, organiser):
    tournament = _swiss(organiser)
    publish_round(round=pair_next_round(tournament=tournament, actor=SYSTEM), actor=SYSTEM)

    response = client.post(
        _url("organise_result", 1, 2), {"b2-result": "½", "b2-based_on": ""}, HTTP_HX_REQUEST="true"
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert html.startswith('<tr id="board-2" class="has-result">')
    assert "Saved: ½–½" in html
    assert '<div class="next-step" id="next-step" hx-swap-oob="true">' in html
    assert Game.objects.get(round__tournament=tournament, board=2).result == "=="


def test_the_draft_shows_numbers_ratings_points_and_colours(client, organiser):
    tournament = _swiss(organiser)
    _play(tournament)
    pair_next_round(tournament=tournament, actor=SYSTEM)

    page = client.get(_url("organise_round", 2)).content.decode()

    seats = re.findall(
        r'<span class="meta">(\d+)\.</span> (\w+) <span class="meta">\(([^)]*)\)', page
    )
    assert sorted(seats) == [
        ("1", "Alpha", "2200; 1 pts; W"),
        ("2", "Bravo", "2100; 0 pts; B"),
        ("3", "Charlie", "2000; 0 pts; B"),
        ("4", "Delta", "1900; 1 pts; W"),
    ]


def test_publish_is_the_primary_button_and_discard_asks_first(client, organiser):
    tournament = _swiss(organiser)
    pair_next_round(tournament=tournament, actor=SYSTEM)

    page = client.get(_url("organise_round", 1)).content.decode()
    before = full_state()
    refused = client.post(_url("organise_discard", 1), follow=True)

    assert '<button type="submit" class="primary">Publish the pairings</button>' in page
    assert '<details class="confirm"><summary>Discard the pairings…</summary>' in page
    assert '<input type="hidden" name="confirm" value="yes">' in page
    assert [str(m) for m in refused.context["messages"]] == [
        "Confirm that the draft of round 1 is to be discarded."
    ]
    assert full_state() == before


def test_after_the_last_round_the_next_step_is_finishing_not_pairing(client, organiser):
    tournament = _swiss(organiser, rounds=1)
    _play(tournament)

    page = client.get(_url("organise")).content.decode()

    assert "every round is played: finish the tournament." in page
    assert ">Finish the tournament</button>" in page
    assert _url("organise_pair") not in page


def test_pair_is_offered_only_with_what_is_missing_named(client, organiser):
    tournament = _swiss(organiser)
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    record_result(game=round_.games.get(board=1), result="10", actor=SYSTEM)

    page = client.get(_url("organise")).content.decode()

    assert "<strong>Next:</strong> enter board 2 of round 1 first." in page
    assert _url("organise_pair") not in page


def test_a_correction_after_later_rounds_were_paired_asks_and_is_recorded(client, organiser):
    tournament = _swiss(organiser, rounds=3)
    first = _play(tournament)
    pair_next_round(tournament=tournament, actor=SYSTEM)
    game = first.games.get(board=1)
    before = full_state()

    with pytest.raises(LaterRoundsPaired) as refused:
        record_result(game=game, result="01", correction=True, actor=SYSTEM)
    page = client.post(
        _url("organise_result", 1, 1),
        {"b1-result": "0", "b1-correction": "True", "b1-based_on": "10"},
    ).content.decode()

    assert refused.value.messages == [
        "Round 2 was paired with this result: confirm the correction."
    ]
    assert full_state() == before
    assert ">Correct anyway</button>" in page
    assert 'name="b1-confirm_later" value="True"' in page
    confirmed = client.post(
        _url("organise_result", 1, 1),
        {
            "b1-result": "01",
            "b1-correction": "True",
            "b1-based_on": "10",
            "b1-confirm_later": "True",
        },
    )
    assert confirmed.status_code == 302
    entry = AuditEntry.objects.filter(action=AuditAction.RESULT_CORRECTED).get()
    assert entry.after["later_rounds_paired"] == [2]
    assert entry.summary.endswith("(confirmed: later rounds 2 were already paired)")


@pytest.mark.parametrize(
    ("rounds", "error"),
    [
        ("0", "The number of rounds must be a whole number from 1 to 50."),
        ("99999999999", "The number of rounds must be a whole number from 1 to 50."),
    ],
)
def test_the_create_form_bounds_the_rounds(client, organiser, rounds, error):
    data = {
        "name": "Bounded",
        "club": organiser.pk,
        "start_date": "2026-05-01",
        "end_date": "2026-05-02",
        "pairing_system": PairingSystem.SWISS_DUTCH,
        "rounds_planned": rounds,
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_pab": "1",
        "points_half_bye": "0.5",
        "initial_colour": "drawn",
    }

    response = client.post(reverse("tournaments:organise_create"), data)

    assert response.status_code == 200
    assert response.context["form"].errors["rounds_planned"] == [error]
    assert f'<a href="#id_rounds_planned">Number of rounds: {error}</a>' in (
        response.content.decode()
    )


def test_the_tiebreak_help_names_the_default_the_tournament_applies(organiser):
    tournament = _swiss(organiser, rating_list=standard_list())

    help_text = str(SettingsForm(instance=tournament).fields["tiebreaks"].help_text)
    create_help = str(TournamentCreateForm().fields["tiebreaks"].help_text)

    assert tournament.tiebreak_codes == "BH/C1 BH DE ARO/C1 WIN BWG BPG"
    assert help_text.endswith("Empty: this tournament's default, BH/C1 BH DE ARO/C1 WIN BWG BPG.")
    assert "Swiss in a rating list: BH/C1 BH DE ARO/C1 WIN BWG BPG" in create_help


def test_a_chess_form_shows_no_go_fields_and_groups_its_fields():
    chess = TournamentCreateForm(game="chess")
    go = TournamentCreateForm(game="go")
    shogi = TournamentCreateForm(game="shogi")

    assert {"komi", "handicap_policy", "top_bar", "floor_bar", "rating_class"} & set(
        chess.fields
    ) == set()
    assert {"komi", "handicap_policy", "top_bar", "rating_class"} <= set(go.fields)
    assert {"komi", "handicap_policy", "initial_colour"} & set(shogi.fields) == set()
    assert [str(legend) for legend, _fields in chess.layout] == [
        "The tournament",
        "Format",
        "Pairings",
        "Points",
    ]
    assert list(chess.fields["pairing_system"].choices) == [
        ("swiss_dutch", "Swiss (FIDE Dutch)"),
        ("round_robin", "round robin"),
        ("double_round_robin", "double round robin"),
        ("knockout", "knockout cup"),
        ("team_swiss", "team Swiss (FIDE C.04.6)"),
        ("team_round_robin", "team round robin"),
        ("team_double_round_robin", "team double round robin"),
        ("scheveningen", "Scheveningen (two teams)"),
        ("manual", "manual pairings"),
    ]
    assert {"knockout_games", "knockout_armageddon"} & set(go.fields) == set()
    assert {"team_boards", "team_match_win"} & set(go.fields) == set()
    assert set(go.fields["rating_list"].queryset.values_list("game", flat=True)) == {"go"}


def test_the_picker_offers_only_players_of_the_tournaments_game_with_their_details(
    client, organiser
):
    tournament = _swiss(organiser, rating_list=standard_list())
    lucy = make_player("Spencer", "Lucy", club=organiser, birth_date=datetime.date(1994, 5, 2))
    make_rating(lucy, 1850, rating_list=standard_list())
    go_player = make_player("Spencer", "Go", club=organiser)
    make_rating(go_player, 1500, rating_list=RatingList.objects.get(slug="go-egf"))
    newcomer = make_player("Spencer", "New")

    found = candidates(tournament, "spencer")
    row = client.get(_url("organise_players"), {"q": "Spencer, Lu"}, HTTP_HX_REQUEST="true")

    assert [p.name for p in found] == ["Spencer, Lucy", "Spencer, New"]
    assert newcomer in found and go_player not in found
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", row.content.decode())
    assert cells[:6] == ["Spencer, Lucy", "1850", "–", "1994", "Riverside", ""]


def test_a_possible_duplicate_is_refused_with_a_warning_until_confirmed(client, organiser):
    _swiss(organiser)
    make_player("Spencer", "Lucy", birth_date=datetime.date(1994, 1, 1), club=organiser)
    line = "Spencer, Lucy\tf\t1994\tENG\t\t1650"
    before = full_state()
    players = Player.objects.count()

    warned = client.post(_url("organise_register_lines"), {"lines": line})
    entered = client.post(
        _url("organise_register_lines"), {"lines": line, "allow_duplicates": "on"}
    )

    assert warned.status_code == 200
    assert "These players may already exist:" in warned.content.decode()
    assert "line 1, Spencer, Lucy:" in warned.content.decode()
    assert entered.status_code == 302
    assert Player.objects.count() == players + 1
    assert Registration.objects.filter(player__last_name="Spencer").count() == 1
    assert before["games"] == full_state()["games"]


def test_pasted_lines_and_a_csv_file_enter_known_and_new_players(client, organiser):
    tournament = _swiss(organiser, rating_list=standard_list())
    known = make_player("Known", "Kate", fide_id=4100018)
    lines = "Known, Kate\t\t\t\t4100018\nNewman, Nora\tf\t2001\tENG\t\t1500"

    client.post(_url("organise_register_lines"), {"lines": lines})

    entries = dict(
        Registration.objects.filter(tournament=tournament).values_list(
            "player__last_name", "rating_at_start"
        )
    )
    nora = Player.objects.get(last_name="Newman")
    assert entries["Known"] is None and entries["Newman"] == 1500
    assert Registration.objects.filter(tournament=tournament, player=known).exists()
    assert (nora.sex, nora.federation, nora.birth_date, nora.club) == (
        "f",
        "ENG",
        datetime.date(2001, 1, 1),
        organiser,
    )


def test_a_bad_pasted_line_is_refused_with_its_number_and_nothing_is_written(client, organiser):
    _swiss(organiser)
    before = full_state()

    response = client.post(_url("organise_register_lines"), {"lines": "Ok, Anna\tf\nNo Sex Given"})

    assert response.status_code == 200
    assert "Line 2 (Given, No Sex): a new player needs their sex (m or f)." in (
        response.content.decode()
    )
    assert full_state() == before


def test_the_add_player_errors_are_summarised_at_the_top_of_the_club_page(client, organiser):
    for index in range(30):
        make_player(f"Member{index}", club=organiser)

    response = client.post(
        reverse("tournaments:organise_add_player", args=[organiser.pk]), {"last_name": ""}
    )

    page = response.content.decode()
    assert page.index('class="error-summary"') < page.index("Member0")
    assert '<a href="#id_last_name">Last name: This field is required.</a>' in page


def test_a_duplicate_club_player_is_refused_until_confirmed(client, organiser):
    make_player("Spencer", "Lucy", birth_date=datetime.date(1994, 3, 1))
    url = reverse("tournaments:organise_add_player", args=[organiser.pk])
    data = {"last_name": "Spencer", "first_name": "Lucy", "sex": "f", "birth_date": "1994-07-09"}

    warned = client.post(url, data)
    added = client.post(url, {**data, "allow_duplicate": "on"})

    assert "Already in the database:" in warned.content.decode()
    assert added.status_code == 302
    assert Player.objects.filter(last_name="Spencer").count() == 2


@pytest.mark.parametrize("page", ["organise", "organise_round"])
def test_no_html_id_is_used_twice(client, organiser, page):
    tournament = _swiss(organiser)
    publish_round(round=pair_next_round(tournament=tournament, actor=SYSTEM), actor=SYSTEM)
    url = _url(page, 1) if page == "organise_round" else _url(page)

    ids = re.findall(r'\sid="([^"]+)"', client.get(url).content.decode())

    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []


@pytest.mark.parametrize("kind", ["pairings", "slips"])
def test_the_round_printables(client, organiser, kind):
    tournament = _swiss(organiser)
    publish_round(round=pair_next_round(tournament=tournament, actor=SYSTEM), actor=SYSTEM)

    page = client.get(_url("organise_print", 1, kind)).content.decode()

    if kind == "pairings":
        assert "Pairings by board" in page and "Pairings by name" in page
        assert page.index("<td>Alpha</td>") < page.index("Pairings by name")
    else:
        assert page.count('<div class="slip">') == 2


def test_the_starting_rank_list_and_the_wall_chart(client, organiser):
    tournament = _swiss(organiser)
    _play(tournament)

    start = client.get(_url("organise_print_list", "start-list")).content.decode()
    chart = client.get(_url("organise_print_list", "wallchart")).content.decode()

    assert [name for name in ("Alpha", "Bravo", "Charlie", "Delta") if name in start] == [
        "Alpha",
        "Bravo",
        "Charlie",
        "Delta",
    ]
    assert "<td>3w1</td>" in chart and "<td>1b0</td>" in chart


def test_an_unknown_printable_is_404(client, organiser):
    _swiss(organiser)

    assert client.get(_url("organise_print_list", "pairings")).status_code == 404


def test_settings_refuse_a_round_robin_change_with_bad_rounds(organiser):
    tournament = _swiss(organiser)

    with pytest.raises(ValidationError):
        create_tournament(
            name="X",
            start_date=datetime.date(2026, 1, 1),
            end_date=datetime.date(2026, 1, 1),
            rounds_planned=51,
            actor=SYSTEM,
        )
    assert tournament.rounds_planned == 2


def test_a_players_report_never_starts_on_a_result(client, organiser):
    tournament = _swiss(organiser)
    tournament.players_report_results = True
    tournament.save()
    publish_round(round=pair_next_round(tournament=tournament, actor=SYSTEM), actor=SYSTEM)
    alpha = Player.objects.get(last_name="Alpha")
    alpha.account = get_user_model().objects.create_user("alpha")
    alpha.save()
    client.force_login(alpha.account)
    game = Game.objects.get(round__tournament=tournament, white=alpha)

    page = client.get(reverse("tournaments:my_games")).content.decode()
    before = full_state()
    response = client.post(
        reverse("tournaments:report_result", args=[game.pk]),
        {f"g{game.pk}-result": ""},
        follow=True,
    )

    assert '<option value="" selected>—</option>' in page
    assert [str(m) for m in response.context["messages"]] == ["Choose 1-0, ½-½ or 0-1."]
    assert full_state() == before
    assert not game.reports.exists()

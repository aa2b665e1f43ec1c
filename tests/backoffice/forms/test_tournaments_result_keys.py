"""The result field's keys (issue 19): the message after a key that is no result lists every
key the field takes, ``--`` (double forfeit) and, on a board with a result, ``x`` (clear) too;
the row comes back with its field taking the cursor, and the field lists its keys for the
page's script (``data-keys``), which keeps the cursor on the board for any other key."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from actions.registrations import register_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from actions.tournaments import create_tournament
from backoffice.forms.tournaments import ResultForm
from core.roles import SYSTEM
from players.models import Club
from rules import scoring
from tests.factories import make_player
from tournaments.enums import PairingSystem

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(client):
    user = get_user_model().objects.create_user("orga")
    club = Club.objects.create(name="Riverside")
    club.organisers.add(user)
    client.force_login(user)
    tournament = create_tournament(
        name="Spring Swiss",
        slug="spring",
        club=club,
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 2),
        pairing_system=PairingSystem.SWISS_DUTCH,
        rounds_planned=3,
        initial_colour="w",
        actor=SYSTEM,
    )
    for name in ("Alpha", "Bravo", "Charlie", "Delta", "Echo"):
        register_player(tournament=tournament, player=make_player(name, club=club), actor=SYSTEM)
    round_ = pair_next_round(tournament=tournament, actor=SYSTEM)
    publish_round(round=round_, actor=SYSTEM)
    first = round_.games.get(board=1)
    record_result(game=first, result="10", actor=SYSTEM)
    return {board: round_.games.get(board=board) for board in (1, 2, 3)}


def _post(client, board: int, key: str, correction: bool = False, based_on: str = ""):
    data = {f"b{board}-result": key, f"b{board}-based_on": based_on or ("10" if correction else "")}
    if correction:
        data[f"b{board}-correction"] = "True"
    url = reverse("tournaments:organise_result", args=["spring", 1, board])
    return client.post(url, data, HTTP_HX_REQUEST="true").content.decode()


def _field(html: str, board: int) -> str:
    return re.search(rf'<input[^>]*name="b{board}-result"[^>]*>', html).group(0)


def test_the_message_lists_every_key_and_the_row_takes_the_cursor_back(client, games):
    html = _post(client, 2, "7")

    assert "“7” is not a result: type 1, =, ½, 0, +, -, --." in html
    assert "autofocus" in _field(html, 2) and 'aria-invalid="true"' in _field(html, 2)


def test_a_board_with_a_result_lists_x_which_clears_it(client, games):
    html = _post(client, 1, "q", correction=True)

    assert "“q” is not a result: type 1, =, ½, 0, +, -, --, or x to clear the result." in html


def test_a_bye_lists_its_keys(client, games):
    html = _post(client, 3, "1", based_on="U")

    assert (games[3].black_id, games[3].result) == (None, "U")  # the pairing-allocated bye
    assert "“1” is not a result: type F, H, U, Z, or x to clear the result." in html


def test_the_field_lists_for_the_script_every_key_it_takes(games):
    played, bye = ResultForm(game=games[2]), ResultForm(game=games[3])
    corrected = ResultForm(game=games[1])

    keys = {
        name: form.fields["result"].widget.attrs["data-keys"].split(" ")
        for name, form in (("played", played), ("bye", bye), ("corrected", corrected))
    }
    assert keys["bye"] == ["f", "h", "u", "z", "x"]
    assert {"1", "=", "½", "0", "+", "-", "--", "10", "wl"} <= set(keys["played"])
    assert "x" not in keys["played"] and keys["corrected"][-1] == "x"
    # Every key listed gives a result, as the server reads it.
    assert all(scoring.result_from_key(key, bye=False) for key in keys["played"])
    assert all(scoring.result_from_key(key, bye=True) for key in keys["bye"][:-1])

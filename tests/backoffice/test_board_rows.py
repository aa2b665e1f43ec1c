"""The round page's result entry, drawn from the games' values (``result_inputs``, issue 20),
is the markup the :class:`ResultForm` of the board draws: same names, ids, values and every
attribute the page's script and the keyboard entry read (``data-keys``, ``aria-label``, a
bye's placeholder, ``autofocus``)."""

import pytest
from django.test.html import parse_html

from backoffice.forms.tournaments import ResultForm, result_inputs
from tournaments.models import Game


def _form_html(game: Game, **attrs) -> str:
    form = ResultForm(game=game, prefix=f"b{game.board}")
    form.fields["result"].widget.attrs.update(attrs)
    return str(form["result"]) + str(form["correction"]) + str(form["based_on"])


@pytest.mark.parametrize(
    ("board", "black_id", "result"),
    [(1, 2, ""), (7, 2, "10"), (12, 2, "=="), (3, None, ""), (4, None, "F")],
)
def test_the_entry_is_the_forms_markup(board, black_id, result):
    game = Game(board=board, white_id=1, black_id=black_id, result=result)
    assert parse_html(result_inputs(game)) == parse_html(_form_html(game))


def test_the_first_empty_board_takes_the_cursor():
    game = Game(board=5, white_id=1, black_id=2, result="")
    drawn = result_inputs(game, extra={"autofocus": True, "aria-invalid": "true"})
    assert parse_html(drawn) == parse_html(
        _form_html(game, autofocus=True, **{"aria-invalid": "true"})
    )
    assert 'aria-label="Result of board 5"' in drawn
    keys = "1 1-0 1–0 10 0 0-1 0–1 01 = ½ 1/2 0.5 .5 ½-½ ½–½ == + +- - -+ -- wl dd lw"
    assert f'data-keys="{keys}"' in drawn


CHOICES = [
    ("", "(bye)"),
    (3, "1. Ames <Ann>"),
    ("Group & co", [(7, "Bell, Ben"), ("8", 'Cole "C"')]),
    (9, "Dunn"),
]


@pytest.mark.parametrize("value", [None, "", 3, "8", [9]])
def test_the_lean_select_is_the_select_djangos_templates_write(value):
    from django import forms

    from backoffice.forms.widgets import LeanSelect

    attrs = {"id": "id_white", "required": True, "disabled": False, "data-x": "a&b"}
    lean = LeanSelect(choices=CHOICES).render("white", value, attrs=attrs)
    plain = forms.Select(choices=CHOICES).render("white", value, attrs=attrs)
    assert parse_html(lean) == parse_html(plain)
    assert '<option value="3"' in lean
    assert "1. Ames &lt;Ann&gt;</option>" in lean


def test_the_board_forms_draw_their_players_with_the_lean_select():
    from backoffice.forms.tournaments import AddBoardForm, EditBoardForm
    from backoffice.forms.widgets import LeanSelect

    for form_class in (AddBoardForm, EditBoardForm):
        for name in ("white", "black"):
            assert type(form_class.base_fields[name].widget) is LeanSelect

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

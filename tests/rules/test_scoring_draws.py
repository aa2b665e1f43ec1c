"""Go: a draw (jigo) needs a whole-number komi."""

from decimal import Decimal

import pytest

from rules import scoring


@pytest.mark.parametrize(
    ("komi", "possible"),
    [
        (None, True),
        (Decimal("7"), True),
        (0, True),
        (Decimal("6.5"), False),
        (Decimal("0.5"), False),
    ],
)
def test_draw_possible_needs_a_whole_number_komi(komi, possible):
    assert scoring.draw_possible(komi) is possible

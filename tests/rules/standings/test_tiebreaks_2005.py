"""Edition 2005: the unplayed-game treatment of the 2005 Swiss programs (hand-checked).

S05(X) is X's score as seen by opponents under edition 2005: forfeits (won or lost) and byes
that gave points count as draws, zero-point rounds as nothing.
"""

from dataclasses import replace
from fractions import Fraction as F

import pytest

from rules.standings import EDITIONS, PRESETS, parse_tiebreaks, standings
from tests.rules.standings.data import SWISS, build, values


@pytest.fixture
def swiss():
    # See tests/rules/standings/data.py, SWISS. S05: 1: 3.5 (H as ½)  2: 3  3: 2.5  4: 4
    # 5: 1.5 (R5 PAB as ½)  6: 2.5  7: 0.5 (R4 forfeit loss as ½, R5 Z as 0)
    # 8: 2 (R2 PAB and R4 forfeit win as ½ each).
    return build(SWISS, 8, edition="2005")


def test_edition_and_preset_are_known():
    assert "2005" in EDITIONS
    assert PRESETS["swiss-2005"] == parse_tiebreaks("BH SB WIN TPN")


def test_buchholz_2005_byes_and_forfeits(swiss):
    bh = values(swiss, "BH")
    # 1: 1.5 (5) + H: virtual opponent drawing every round ½ × 5 = 2.5 + 3 (2) + 4 (4) + 2.5 (3)
    assert bh[1] == F(27, 2)
    # 8: 4 (4) + PAB 2.5 + 1.5 (5) + forfeit win over 7: S05(7) 0.5 with R4 at its real 0 = 0
    #    + 2.5 (6)
    assert bh[8] == F(21, 2)
    # 7: 2.5 (3) + 1.5 (5) + 2.5 (6) + forfeit loss to 8: S05(8) 2 with R4 at its real 1 = 2.5
    #    + Z: 0
    assert bh[7] == 9
    # 5: 3.5 (1) + 0.5 (7) + 2 (8) + 3 (2) + PAB 2.5
    assert bh[5] == F(23, 2)


def test_sonneborn_berger_2005_counts_an_unplayed_win_as_a_draw(swiss):
    sb = values(swiss, "SB")
    # 1: 1.5 (beat 5) + H 2.5 × ½ + 3 (beat 2) + 0 + 2.5 (beat 3)
    assert sb[1] == F(33, 4)
    # 8: 0 + PAB 2.5 × ½ + 1.5 (beat 5) + forfeit win 0 × ½ + 0
    assert sb[8] == F(11, 4)
    # 5: 0.5 (beat 7) + PAB 2.5 × ½
    assert sb[5] == F(7, 4)
    assert sb[7] == 0  # a forfeit loss counts nothing


def test_forfeit_partner_sees_the_real_result_others_see_a_draw():
    # R1: 1-2 1-0, 3-4 1-0; R2: 1-3 +/- , 2-4 ½-½; R3: 2-3 +/-, 1-4 ½-½.
    # Scores 1: 2.5, 2: 1.5, 3: 1, 4: 1. S05: 1: 2, 2: 1, 3: 2 (both forfeits as ½), 4: 1.
    t = build(
        [[(1, 2, "1"), (3, 4, "1")], [(1, 3, "+"), (2, 4, "=")], [(2, 3, "+"), (1, 4, "=")]],
        4,
        edition="2005",
    )
    bh = values(t, "BH")
    # 1: 1 (2) + 3 with its other forfeit as ½ and this one at 0: 1.5 + 1 (4)
    assert bh[1] == F(7, 2)
    # 2: 2 (1) + 1 (4) + 1.5 (3, as for player 1)
    assert bh[2] == F(9, 2)
    # 3: 1 (4) + 1 with R2 at its real 1: 2.5 + 2 with R3 at its real 1: 1.5
    assert bh[3] == 5
    # SB of 1: 1 (beat 2) + 1.5 × ½ (forfeit win) + ½ × 1 (drew 4)
    assert values(t, "SB")[1] == F(9, 4)


def test_ranking_2005_by_preset(swiss):
    table = standings(swiss, PRESETS["swiss-2005"])
    # Points 4 (4), 3.5 (1), 3 (2, 8), 2.5 (3, 6), 2 (5), 0 (7); BH 2005 splits the ties:
    # 2: 14 over 8: 10.5; 3 and 6: 13.5 over 12.
    assert [row.player.tpn for row in table.rows] == [4, 1, 2, 8, 3, 6, 5, 7]


def test_edition_2005_leaves_round_robins_alone():
    rr = build(
        [[(1, 2, "1"), (3, 4, "+")], [(1, 3, "="), (2, 4, "0")], [(1, 4, "1"), (2, 3, "=")]],
        4,
        round_robin=True,
    )
    for code in ("SB", "KS", "WIN"):
        assert values(replace(rr, edition="2005"), code) == values(rr, code)

"""A zero-point bye followed only by a forfeit loss (C.07, 2026 text, Art. 16).

Player 2 of ``tests/data/gacrux/zero-bye-then-forfeit.trf`` (6 players, 3 rounds) loses to 1
over the board, takes a zero-point bye in round 2 and loses round 3 by forfeit to 6:

====  ==========  ===========  ==========
 no.   round 1     round 2      round 3
====  ==========  ===========  ==========
 1     2 w 1       3 b 1        5 w =
 2     1 b 0       Z            6 b -
 3     4 w =       1 w 0        4 b 1
 4     3 b =       5 w =        3 w 0
 5     6 w 1       4 b =        1 b =
 6     5 b 0       U (PAB)      2 w +
====  ==========  ===========  ==========

Article by article:

- 16.1.1: a requested bye is a half-point or a zero-point bye (every round after a withdrawal
  is one); 16.1.2: a voluntarily unplayed round (VUR) is a requested bye or a forfeit loss.
  Player 2's rounds 2 (``Z``) and 3 (``-``) are both VURs.
- 16.2.5 puts in the fifth category "requested byes followed only by VURs, or in the last
  round": round 2 is followed only by round 3, a VUR, so it is of category 16.2.5 (not 16.2.3,
  "followed by at least one round that is not a VUR"). Round 3 is a forfeit loss, 16.2.4.
- 16.3.2 "Unplayed rounds of category 16.2.5 are evaluated as draws" in the participant's score
  as seen by opponents; 16.3.1: those of 16.2.1-16.2.4 at the points awarded. So 2's adjusted
  score S*(2) is 0 + ½ + 0 = ½, not 0.
- 16.4.1: 6's forfeit win is a game against a dummy scoring min(6's own 2, S*(2) = ½) = ½.

The adjusted score enters every Buchholz-family value (Art. 16's preamble names BH, SB, FB and
the cut modifiers), so the same ½ must show in BH, SB, SB/C1 and AOB alike.

Gacrux, FIDE's reference checker, agrees with every value below when each tie-break is asked
for on its own; asked for ``FB`` first and then ``SB``, ``SB/C1`` or ``AOB`` in one command, it
carries Fore Buchholz's "last round not absent" over (round 3 has a scheduled opponent, so under
FB the bye is followed by a played round) and counts the bye at 0 for those later codes. Both of
its runs are stored in ``tests/data/gacrux/zero-bye-then-forfeit.json``; see
``docs/standings.md``.
"""

from __future__ import annotations

import json
from fractions import Fraction as F

from rules.standings import tiebreak_values
from tests.datafiles import DATA
from tests.rules.standings.data import read_trf

CASE = DATA / "gacrux" / "zero-bye-then-forfeit.trf"
RUNS = DATA / "gacrux" / "zero-bye-then-forfeit.json"
CODES = ["BH", "BH/C1", "FB", "SB", "SB/C1", "AOB"]


def test_the_bye_before_a_final_forfeit_loss_is_a_draw_to_the_opponents():
    t = read_trf(CASE)
    # BH(1) = S*(2) ½ + 3 (1.5) + 5 (2) = 4 — 2's bye counts as a draw (16.3.2)
    assert tiebreak_values(t, "BH")[1] == 4
    # SB(1) = 1 × S*(2) ½ + 1 × 1.5 + ½ × 2 = 3 (counted at 0, the bye would give 2½)
    assert tiebreak_values(t, "SB")[1] == 3
    # SB(6) = 0 × 2 + PAB 1 × min(2, ½ × 3) + forfeit 1 × min(2, S*(2) ½) = 2 (16.4.1, 16.4.2)
    assert tiebreak_values(t, "SB")[6] == 2
    # SB/C1(6): no VUR; the least significant value is the lowest opponent, S*(2) ½
    # (product ½), so 2 − ½ = 1½
    assert tiebreak_values(t, "SB/C1")[6] == F(3, 2)
    # AOB(2) = BH(1) = 4: 2's only game over the board was against 1
    assert tiebreak_values(t, "AOB")[2] == 4
    # AOB(5) = mean of BH(6) 4, BH(4) 5, BH(1) 4 = 13/3
    assert tiebreak_values(t, "AOB")[5] == F(13, 3)


def _gacrux_runs() -> dict[str, dict[str, list[F]]]:
    runs = json.loads(RUNS.read_text(encoding="utf-8"))["runs"]
    return {
        run["command"].split(" -t PTS ")[1]: {
            code: [F(v) for v in column] for code, column in run["values"].items()
        }
        for run in runs
    }


def _ours(code: str) -> list[F]:
    values = tiebreak_values(read_trf(CASE), code)
    if code == "AOB":  # Gacrux prints two decimals
        return [F(round(values[n] * 100), 100) for n in sorted(values)]
    return [values[n] for n in sorted(values)]


def test_each_code_agrees_with_gacrux_asked_for_it_alone():
    runs = _gacrux_runs()
    for code in CODES:
        assert _ours(code) == runs[code][code], code


def test_gacrux_after_fore_buchholz_differs_only_where_the_bye_is_counted_at_zero():
    """The stored listing ``PTS BH BH/C1 FB SB SB/C1 AOB``: the codes after FB lose 2's ½."""
    listing = _gacrux_runs()["BH BH/C1 FB SB SB/C1 AOB"]
    for code in ("BH", "BH/C1", "FB", "SB/C1"):
        assert _ours(code) == listing[code], code
    # SB of 2's two partners: ours 3 and 2, Gacrux after FB ½ less each (S*(2) taken as 0)
    assert (_ours("SB")[0], listing["SB"][0]) == (3, F(5, 2))
    assert (_ours("SB")[5], listing["SB"][5]) == (2, F(3, 2))
    # AOB of the players whose opponents met 2 (BH(1) seen as 3½ instead of 4)
    assert [_ours("AOB")[i] - listing["AOB"][i] for i in range(6)] == [
        0,
        F(1, 2),
        F(17, 100),
        0,
        F(33, 100),
        0,
    ]

"""Where caissify-pairings and the 2026 Dutch text disagree, the text wins.

Case: colour allocation between two players with identical colour histories. C.04.3 (2026)
Art. 5.2.4 grants the colour preference of the *higher ranked* player, and Art. 1.2 ranks
players by score first, then TPN. caissify-pairings 0.5.0 ranks the two players by TPN alone.
In round 7 of the bbpPairings-generated tournament ``rtg-1009-28p-9r`` players 2 (4 points)
and 4 (5 points) meet, both having played white, black, white in their last three games (both
prefer black): the text gives black to player 4, the higher ranked; caissify gives it to
player 2, the lower TPN. bbpPairings' own pairing (the file) and our engine follow the text.
The differential test (``bench/differential.py``) counts such colour differences apart.
"""

from __future__ import annotations

import pytest

from rules.files.trf import read_trf
from rules.pairing.dutch import pair_round
from rules.pairing.trfio import round_pairing, state_for_round
from tests.datafiles import DUTCH_2026 as DATA


@pytest.fixture
def round_seven():
    path = DATA / "rtg-1009-28p-9r.trf"
    trf = read_trf(path)
    trf.total_rounds = 9
    trf.initial_colour = trf.player(1).entry(1).colour
    return trf, state_for_round(trf, 7)


def test_state_of_the_case(round_seven):
    _, state = round_seven

    by_tpn = {p.tpn: p for p in state.players}
    score = {t: sum(state.point_system.points(r.result) for r in by_tpn[t].history) for t in (2, 4)}
    last_three = {t: [r.colour for r in by_tpn[t].history if r.played][-3:] for t in (2, 4)}
    assert score == {2: 4.0, 4: 5.0}
    assert last_three == {2: ["w", "b", "w"], 4: ["w", "b", "w"]}


def test_engine_gives_black_to_the_higher_ranked_player(round_seven):
    trf, state = round_seven

    result = pair_round(state)

    assert (2, 4) in result.pairs
    recorded, bye = round_pairing(trf, 7)
    assert set(result.pairs) == recorded
    assert result.bye == bye


def test_caissify_gives_black_to_the_lower_tpn(round_seven):
    pytest.importorskip("caissify_pairings")
    from bench.oracle import caissify_pair_round

    _, state = round_seven

    result = caissify_pair_round(state)

    assert (4, 2) in result.pairs

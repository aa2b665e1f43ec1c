"""The team Swiss generator's own parts (the pairing program itself is not run here)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bench.team_generate import _baku, _roster_file, draw_knobs, read_pairing
from rules.files.trf.team_records import MatchPointSystem, TeamAcceleration, TeamType
from rules.files.trf.team_rounds import team_file_before
from rules.files.trf.teams import parse_team_trf, write_team_trf


def test_the_pairers_output_is_read_as_white_black_pairs_with_the_pab_as_zero():
    assert read_pairing("3\n3 1\n4 2\n5 0\n") == [(3, 1), (4, 2), (5, 0)]
    with pytest.raises(ValueError, match="3 numbers for 2 pairs"):
        read_pairing("2\n1 2\n3\n")


def test_the_tournaments_go_round_every_team_type_and_stay_in_their_bounds():
    knobs = [draw_knobs(random.Random(f"7:{i}"), i) for i in range(48)]

    assert [k.team_type for k in knobs[:24]] == TeamType.all_types()
    assert all(4 <= k.teams <= 30 and 2 <= k.boards <= 10 for k in knobs)
    assert all(min(3, k.teams - 1) <= k.rounds <= min(11, k.teams - 1) for k in knobs)


def test_baku_is_written_as_250_records_for_the_first_half_of_the_teams():
    k = draw_knobs(random.Random("1:0"), 0)
    k.teams, k.rounds, k.boards = 10, 7, 4

    assert _baku(k, MatchPointSystem()) == [
        TeamAcceleration(Fraction(2), Fraction(4), 1, 2, 1, 6),
        TeamAcceleration(Fraction(1), Fraction(2), 3, 4, 1, 6),
    ]


def test_a_new_tournament_is_a_valid_team_file_with_rosters_in_board_order():
    rng = random.Random("2026:5")
    k = draw_knobs(rng, 5)
    f = _roster_file(rng, k, "t")
    again = parse_team_trf(write_team_trf(team_file_before(f, 1)))

    assert [t.tpn for t in again.teams] == list(range(1, k.teams + 1))
    assert all(len(t.members) >= k.boards for t in again.teams)
    for t in again.teams:
        ratings = [again.members.player(m).rating for m in t.members]
        assert ratings == sorted(ratings, reverse=True)
    assert again.team_type == k.team_type
    assert again.members.total_rounds == k.rounds

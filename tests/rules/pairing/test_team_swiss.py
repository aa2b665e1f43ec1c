"""The team Swiss engine (FIDE C.04.6, 2026), article by article, on minimal examples."""

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.pairing.team_swiss import (
    BLACK,
    FORFEIT_WIN,
    HALF_BYE,
    NO_PREFERENCE,
    TYPE_A,
    TYPE_B,
    WHITE,
    MatchRecord,
    TeamConfig,
    TeamState,
    TeamTournament,
    config_from_code,
    pair_team_round,
    team_codes,
)
from rules.pairing.team_swiss.colours import allocate
from rules.pairing.team_swiss.engine import _Round, _sets_with_profile, identifier
from rules.pairing.team_swiss.facts import (
    MILD,
    NONE,
    STRONG,
    Preference,
    TeamFacts,
    baku_points,
    preference,
    team_facts,
)
from tests.rules.pairing.team_swiss_build import tournament

W, B = WHITE, BLACK


def pairing(state):
    result = pair_team_round(state)
    assert result.ok, result.message
    return list(result.pairs), result.bye


# -- Art. 1.6, 1.7: colour difference and colour preferences -------------------------------


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ((), None),
        ((W,), None),
        ((B,), None),  # CD -1, but not Black in the last two played matches
        ((B, B), W),  # CD < -1
        ((W, B, B), W),  # CD -1 and Black in the last two
        ((B, W, W), B),
        ((W, W), B),
        ((B, B, W), None),  # CD -1, last two not both Black
        ((W, W, B, B), W),  # CD 0 and Black in the last two
        ((W, B, B, B, W), None),  # CD -1, last two not both Black
    ],
)
def test_art_1_7_1_type_a(colours, expected):
    assert preference(colours, TYPE_A, last_round=False).colour == expected


def test_art_1_7_1_cd_plus_one_after_two_blacks_has_no_type_a_preference():
    # W W W B B: CD +1, last two Black; CD +1 is outside "0 or -1", and not "more than +1".
    assert preference((W, W, W, B, B), TYPE_A, last_round=False) == Preference()


@pytest.mark.parametrize(
    ("colours", "last", "expected"),
    [
        ((B, B), False, Preference(W, STRONG)),
        ((W, B, B), False, Preference(W, STRONG)),
        ((B,), False, Preference(W, MILD)),  # CD -1
        ((W,), False, Preference(B, MILD)),
        ((W, B), False, Preference(W, MILD)),  # CD 0, not the last round, Black last
        ((B, W), False, Preference(B, MILD)),
        ((W, B), True, Preference()),  # CD 0 in the last round
        ((B,), True, Preference(W, MILD)),  # CD -1 stays mild in the last round
        # CD 0 with the last two Black is strong even in the last round (the strong clause
        # matches; "none ... CD zero when pairing for the last round" closes the mild ones)
        ((W, W, B, B), True, Preference(W, STRONG)),
        ((), False, Preference()),
    ],
)
def test_art_1_7_2_type_b(colours, last, expected):
    assert preference(colours, TYPE_B, last_round=last) == expected


def test_art_1_7_no_preferences_at_all():
    assert preference((B, B, B), NO_PREFERENCE, last_round=False) == Preference()


def test_art_1_6_1_a_forfeited_match_gives_no_colour():
    state = tournament(4, [{"matches": [(1, 2, "+-"), (3, 4, "3-1")]}])
    facts = team_facts(state)
    assert facts[1].colours == () and facts[1].colour_difference == 0
    assert facts[3].colours == (W,) and facts[4].colour_difference == -1
    assert facts[1].matches_played == 0 and facts[3].matches_played == 1


# -- Art. 2.1: absolute criteria ---------------------------------------------------------


def test_art_2_1_1_c1_teams_that_played_do_not_meet_again():
    # Round 1: 1-3 and 4-2 drawn, all on 1 MP. The first identifier, 1-3 2-4, repeats 1-3;
    # the next, 1-4 2-3 (identifier 1 2 4 3), is legal.
    state = tournament(4, [{"matches": [(1, 3, "2-2"), (4, 2, "2-2")]}])
    pairs, bye = pairing(state)
    assert {frozenset(p) for p in pairs} == {frozenset((1, 4)), frozenset((2, 3))}
    assert bye is None


def test_art_2_1_1_c1_a_forfeited_match_does_not_count_as_met():
    # C.04.2 Art. 3.5: "Two paired participants, who did not play their game or match, may
    # be paired together in a future round." Teams 1 and 2 did not play (2 forfeited).
    state = tournament(4, [{"matches": [(1, 2, "+-"), (3, 4, "2-2")]}])
    assert team_facts(state)[1].met == frozenset()
    pairs, _ = pairing(replace(state, forbidden_pairs=frozenset({frozenset((1, 3))})))
    assert {frozenset(p) for p in pairs} == {frozenset((1, 4)), frozenset((2, 3))}
    # 1 (2 MP) and the top of the 1-MP teams: 3 is forbidden, so 4; then 2-3.


def test_art_2_1_2_c2_a_forfeit_win_or_a_pab_bars_the_pab_a_half_bye_does_not():
    rounds = [
        {"matches": [(1, 2, "3-1"), (3, 4, "+-")], "pab": 5, "byes": {}},
    ]
    state = tournament(5, rounds)
    facts = team_facts(state)
    assert not facts[3].pab_allowed and not facts[5].pab_allowed
    assert facts[1].pab_allowed and facts[2].pab_allowed and facts[4].pab_allowed
    half = tournament(3, [{"matches": [(1, 2, "3-1")], "byes": {3: HALF_BYE}}])
    assert team_facts(half)[3].pab_allowed


# -- Art. 3.4: the pairing-allocated bye ------------------------------------------------


def test_art_3_4_pab_lowest_score_then_most_matches_played_then_largest_tpn():
    # Round 1: 1-4, 2-5, 3-6 won by White; team 7 absent. Lowest score: 4, 5, 6, 7 (0);
    # most matches played: 4, 5, 6 (7 played none); largest TPN: 6.
    state = tournament(7, [{"matches": [(1, 4, "3-1"), (2, 5, "3-1"), (3, 6, "3-1")]}])
    pairs, bye = pairing(state)
    assert bye == 6
    # 3.5: 1, 2, 3 take one upfloater, 4 (the first set; 5 and 7 stay pairable).
    # 3.6: 1-3, 2-4 (1 met 4). Art. 4: 1-3 equal CDs and histories, 4.3.8 alternates 1's
    # White; 2-4: 4.3.5 White to 4 (CD -1); 5-7: 4.3.5 White to 5 (CD -1 < 0).
    assert pairs == [(3, 1), (4, 2), (5, 7)]


def test_art_3_4_1_the_pab_leaves_a_legal_pairing():
    # Round 1: 1-2, 3-4 played, 5 had the PAB. Round 2: 5 may not have it again ([C2]); the
    # lowest teams are the losers 2 and 4, but 4 (largest TPN) with the bye would leave
    # 1, 2, 3, 5 ... all pairable; bar 1-3 and 2-5 and 2-3 to force the bye elsewhere.
    state = tournament(
        5,
        [{"matches": [(1, 2, "3-1"), (3, 4, "3-1")], "pab": 5}],
        forbidden=[(2, 5), (2, 3)],
    )
    # With 4's bye: 1, 2, 3, 5 -> 2 can only meet... 1 (met), 3 and 5 forbidden: illegal.
    # With 2's bye: 1, 3, 4, 5 -> 1-4? legal, 3-5 legal. So 2 gets it.
    _, bye = pairing(state)
    assert bye == 2


# -- Art. 3.5: the set of upfloaters ----------------------------------------------------


def test_art_3_5_4_the_articles_example_order_of_sets():
    # "2,6,8 have 3 points, and 1,3,5 have 2.5 points ... two upfloaters must have 3 points and
    # the other 2.5 points. The possible set of upfloaters are: {2,6,1} < {2,6,3} < ...".
    scores = {2: 3, 6: 3, 8: 3, 1: 2.5, 3: 2.5, 5: 2.5}
    state = tournament(8, scores=scores)
    rnd = _Round(state)
    sets = list(_sets_with_profile(rnd, [1, 2, 3, 5, 6, 8], {0: 2, 1: 1}))
    assert sets == [
        [2, 6, 1],
        [2, 6, 3],
        [2, 6, 5],
        [2, 8, 1],
        [2, 8, 3],
        [2, 8, 5],
        [6, 8, 1],
        [6, 8, 3],
        [6, 8, 5],
    ]


def test_art_2_3_1_and_2_3_2_c4_c5_fewest_upfloaters_of_the_highest_score():
    # 1 alone on 2 points needs one upfloater; [C5] takes it from the 1-point teams 2, 3 (not
    # from 4-6 on 0); 1 is forbidden to meet 2, so 3 (the first legal set).
    state = tournament(6, scores={1: 2, 2: 1, 3: 1}, forbidden=[(1, 2)])
    pairs, _ = pairing(state)
    assert {frozenset(p) for p in pairs} == {frozenset(x) for x in ((1, 3), (2, 4), (5, 6))}


def test_art_2_3_3_c6_the_following_scoregroup_stays_pairable():
    # 1 (2 points) needs one of 2, 3, 4 (1 point). Taking 2 would leave 3 and 4, forbidden to
    # meet, so their bracket would need two upfloaters; taking 3 leaves 2-4: none.
    state = tournament(6, scores={1: 2, 2: 1, 3: 1, 4: 1}, forbidden=[(3, 4)])
    pairs, _ = pairing(state)
    assert pairs == [(1, 3), (4, 2), (5, 6)]


def test_art_2_3_4_c7_an_upfloater_that_floated_last_round_comes_last():
    # Round 1 with team 1 accelerated by 2 match points: 1-2 floated (both), 3-4 and 5-6 did
    # not. Round 2: 3 (2 MP) needs an upfloater from 1, 2, 5, 6 (1 MP): 1 and 2 floated, so 5.
    state = tournament(6, [{"matches": [(1, 2, "2-2"), (3, 4, "3-1"), (5, 6, "2-2")]}])
    teams = list(state.teams)
    teams[0] = replace(teams[0], acceleration=((Fraction(2), Fraction(0)),))
    state = replace(state, teams=tuple(teams))
    facts = team_facts(state)
    assert [t for t in facts if facts[t].floated] == [1, 2]
    pairs, _ = pairing(state)
    assert pairs == [(5, 3), (2, 6), (4, 1)]


def test_art_2_3_4_c7_does_not_apply_in_the_last_two_rounds():
    state = tournament(6, [{"matches": [(1, 2, "2-2"), (3, 4, "3-1"), (5, 6, "2-2")]}], total=3)
    teams = list(state.teams)
    teams[0] = replace(teams[0], acceleration=((Fraction(2), Fraction(0)),))
    pairs, _ = pairing(replace(state, teams=tuple(teams)))
    assert frozenset((1, 3)) in {frozenset(p) for p in pairs}


# -- Art. 3.6: pairing a bracket -------------------------------------------------------


def test_art_3_6_2_the_articles_identifier_example():
    # "If 11-24 16-6 10-9 8-4 is a pairing, its identifier is 4 6 9 11 8 16 10 24."
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_art_3_6_round_one_first_half_against_second_half():
    pairs, bye = pairing(tournament(6, total=5))
    assert (pairs, bye) == ([(1, 4), (5, 2), (3, 6)], None)
    pairs, bye = pairing(tournament(7, total=5))
    assert (pairs, bye) == ([(1, 4), (5, 2), (3, 6)], 7)


#: Two rounds after which 1, 2, 3, 4 lead on 4 MP; 1 and 3 had White twice (Type A preference
#: for Black), 2 and 4 Black twice (for White).
LEADERS = [
    {"matches": [(1, 5, "3-1"), (6, 2, "1-3"), (3, 7, "3-1"), (8, 4, "1-3")]},
    {"matches": [(1, 7, "3-1"), (5, 2, "1-3"), (3, 8, "3-1"), (6, 4, "1-3")]},
]


def test_art_3_6_4_c8_colour_preferences_outrank_the_identifier():
    # The first identifier 1-3 2-4 leaves two preferences unfulfilled (1 and 3 both want
    # Black); the next, 1-4 2-3 (identifier 1 2 4 3), fulfils all.
    state = tournament(8, LEADERS)
    facts = team_facts(state)
    assert [facts[t].preference.colour for t in (1, 2, 3, 4)] == [B, W, B, W]
    pairs, _ = pairing(state)
    assert pairs[:2] == [(4, 1), (2, 3)]


def test_art_3_6_4_without_colour_preferences_the_identifier_decides():
    state = tournament(8, LEADERS, config=TeamConfig(colour_type=NO_PREFERENCE))
    pairs, _ = pairing(state)
    # 1-3: equal CDs and histories, 4.3.8 alternates 1's White; 2-4 likewise 2's Black.
    assert pairs[:2] == [(3, 1), (2, 4)]


# -- Art. 4: colours -------------------------------------------------------------------


def facts(tpn, colours=(), score=0, secondary=0, pref=NONE):
    return TeamFacts(
        tpn=tpn,
        score=Fraction(score),
        secondary=Fraction(secondary),
        met=frozenset(),
        pab_allowed=True,
        matches_played=len(colours),
        colours=tuple(colours),
        preference=pref,
        floated=False,
    )


CONFIG = TeamConfig()


def test_art_4_3_1_both_yet_to_play_initial_colour_by_tpn_parity():
    assert allocate(facts(1), facts(4), CONFIG) == (1, 4, "4.3.1")
    assert allocate(facts(2), facts(5), CONFIG) == (5, 2, "4.3.1")
    black = TeamConfig(initial_colour=B)
    assert allocate(facts(1), facts(4), black) == (4, 1, "4.3.1")


def test_art_4_2_the_first_team_is_the_higher_score_then_secondary_then_smaller_tpn():
    # Both yet to play: 4.3.1 gives the first-team (odd TPN) the initial colour.
    assert allocate(facts(2, score=1), facts(3), CONFIG) == (3, 2, "4.3.1")  # 2 first, even
    assert allocate(facts(2, secondary=3), facts(3, secondary=4), CONFIG) == (3, 2, "4.3.1")
    no_secondary = TeamConfig(secondary_for_colour=False)
    assert allocate(facts(2, secondary=3), facts(3, secondary=4), no_secondary) == (
        3,
        2,
        "4.3.1",
    )
    assert allocate(facts(3, secondary=3), facts(2, secondary=4), no_secondary)[:2] == (3, 2)


def test_art_4_3_2_to_4_3_4_preferences():
    white = Preference(W, "simple")
    black = Preference(B, "simple")
    assert allocate(facts(1, [W]), facts(2, [B], pref=white), CONFIG) == (2, 1, "4.3.2")
    assert allocate(facts(1, [W], pref=black), facts(2, [B], pref=white), CONFIG) == (
        2,
        1,
        "4.3.3",
    )
    strong, mild = Preference(W, STRONG), Preference(W, MILD)
    b_config = TeamConfig(colour_type=TYPE_B)
    assert allocate(facts(1, [B], pref=mild), facts(2, [B, B], pref=strong), b_config) == (
        2,
        1,
        "4.3.4",
    )


def test_art_4_3_5_lower_colour_difference_gets_white():
    assert allocate(facts(1, [W, W, B]), facts(2, [W, B]), CONFIG) == (2, 1, "4.3.5")
    # "-2 is lower than -1"
    assert allocate(facts(1, [B]), facts(2, [B, B, W, B]), CONFIG)[:2] == (2, 1)


def test_art_4_3_6_alternate_to_the_most_recent_difference():
    # Histories right-aligned: ... W B (1) against ... B B (2): they differ two matches back,
    # where 1 had White: 1 gets Black.
    assert allocate(facts(1, [B, W, B]), facts(2, [W, B, B]), CONFIG) == (2, 1, "4.3.6")


def test_art_4_3_7_to_4_3_9():
    # Same histories, the first-team's own preference decides (4.3.7) - with equal CDs and
    # histories both teams have the same preference, so 4.3.7 is reached only then.
    same = Preference(B, "simple")
    both = [W, W]
    assert allocate(facts(1, both, pref=same), facts(2, both, pref=same), CONFIG) == (
        2,
        1,
        "4.3.7",
    )
    assert allocate(facts(1, [W]), facts(2, [W]), CONFIG) == (2, 1, "4.3.8")
    # The first-team (higher score) never played; the other had White last: it gets Black.
    assert allocate(facts(1, score=2), facts(2, [W, B, W][2:]), CONFIG)[:2] == (1, 2)


# -- Baku (C.04.7) and the record-192 codes ---------------------------------------------


def test_baku_the_handbooks_eleven_round_team_example():
    # "In an 11-round team competition with matchpoints ... the teams in GA are assigned two
    # virtual matchpoints in the first three rounds and one virtual matchpoint in the next
    # three rounds." GA: the first 2 * ceil(N / 4) teams: 6 of 10.
    state = tournament(10, total=11, config=TeamConfig(baku=True))
    assert [baku_points(state, 1, r) for r in range(1, 12)] == [2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0]
    assert baku_points(state, 6, 1) == 2 and baku_points(state, 7, 1) == 0


def test_baku_pairs_the_accelerated_half_apart_in_round_one():
    pairs, _ = pairing(tournament(8, total=7, config=TeamConfig(baku=True)))
    # GA = 1-4 (2 virtual MP), GB = 5-8: 1-3, 4-2, 5-7, 8-6.
    assert {frozenset(p) for p in pairs} == {frozenset(x) for x in ((1, 3), (2, 4), (5, 7), (6, 8))}


def test_record_192_codes():
    assert config_from_code("FIDE_TEAM") == TeamConfig()
    assert config_from_code("FIDE_TEAM_TYPEB_GP_MP") == TeamConfig(primary="GP", colour_type="B")
    assert config_from_code("FIDE_TEAM_MP") == TeamConfig(
        colour_type=NO_PREFERENCE, secondary_for_colour=False
    )
    assert config_from_code("FIDE_TEAM_TYPEA_MP_GP_BAKU").baku
    for bad in ("FIDE_TEAM_GP_BAKU", "FIDE_TEAM_MP_MP", "FIDE_TEAM_TYPEC", "FIDE_DUTCH_2025"):
        with pytest.raises(ValueError):
            config_from_code(bad)
    assert len(team_codes()) == 24


# -- the state ----------------------------------------------------------------------------


def test_state_refuses_inconsistent_input():
    with pytest.raises(ValueError):
        MatchRecord(FORFEIT_WIN, None)  # a forfeit has an opponent
    with pytest.raises(ValueError):
        MatchRecord(FORFEIT_WIN, 2, colour=W)  # only a played match gives a colour
    with pytest.raises(ValueError):
        TeamTournament(teams=(TeamState(tpn=2),), total_rounds=3, round_to_pair=1)
    with pytest.raises(ValueError):
        TeamConfig(primary="GP", baku=True)


def test_no_legal_pairing_is_reported_not_invented():
    state = tournament(2, [{"matches": [(1, 2, "3-1")]}], total=3)
    result = pair_team_round(state)
    assert not result.ok and result.pairs == () and "cannot" in result.message

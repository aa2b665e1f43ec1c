"""Unit tests of single Dutch rules: colours, bye eligibility, C3 exception, unpairable rounds."""

from __future__ import annotations

from pathlib import Path

from rules.pairing.cli import main
from rules.pairing.dutch import Weights, choose_colour, pair_round, prepare
from rules.pairing.players import Points, build_player
from rules.pairing.state import BLACK, WHITE, PlayerState, PointSystem, RoundRecord, TournamentState

POINTS = Points.from_system(PointSystem())


def rec(opponent: int | None, colour: str | None, result: str) -> RoundRecord:
    return RoundRecord(opponent, colour, result)


def player(tpn: int, *history: RoundRecord, rank: int | None = None):
    ps = PlayerState(tpn=tpn, history=tuple(history))
    return build_player(ps, tpn - 1 if rank is None else rank, POINTS, len(history))


def trf_line(tpn: int, points: float, rounds: list[tuple[int, str, str]]) -> str:
    head = f"001 {tpn:4d}      {'Player ' + str(tpn):<33} {2000 - tpn:4d}"
    head = head.ljust(80) + f"{points:4.1f} {tpn:4d}"
    return head + "".join(f"  {opp:04d} {col} {res}" for opp, col, res in rounds)


# -- colour allocation (Art. 5.2) ----------------------------------------------------------


def test_round_one_colours_alternate_down_s1_from_initial_white() -> None:
    state = TournamentState(
        players=tuple(PlayerState(tpn=t) for t in range(1, 5)), total_rounds=3, round_to_pair=1
    )

    result = pair_round(state)

    assert result.pairs == ((1, 3), (4, 2))
    assert result.bye is None


def test_round_one_colours_follow_initial_black() -> None:
    state = TournamentState(
        players=tuple(PlayerState(tpn=t) for t in range(1, 5)),
        total_rounds=3,
        round_to_pair=1,
        initial_colour=BLACK,
    )

    result = pair_round(state)

    assert result.pairs == ((3, 1), (2, 4))


def test_colour_both_preferences_granted() -> None:
    white_last = player(1, rec(9, WHITE, "1"))
    black_last = player(2, rec(8, BLACK, "1"))

    assert choose_colour(white_last, black_last, WHITE) == BLACK
    assert choose_colour(black_last, white_last, WHITE) == WHITE


def test_colour_absolute_preference_beats_mild() -> None:
    two_blacks = player(3, rec(9, WHITE, "1"), rec(8, BLACK, "1"), rec(7, BLACK, "1"))
    mild_white = player(1, rec(6, WHITE, "1"), rec(5, BLACK, "1"))

    assert two_blacks.absolute and two_blacks.pref == WHITE
    assert mild_white.pref == WHITE and not mild_white.strong and not mild_white.absolute
    assert choose_colour(mild_white, two_blacks, WHITE) == BLACK


def test_colour_strong_preference_beats_mild() -> None:
    strong_white = player(4, rec(9, BLACK, "1"), rec(8, WHITE, "1"), rec(7, BLACK, "1"))
    mild_white = player(1, rec(6, WHITE, "1"), rec(5, BLACK, "1"))

    assert strong_white.strong and strong_white.pref == WHITE
    assert choose_colour(mild_white, strong_white, WHITE) == BLACK


def test_colour_equal_preferences_alternate_to_the_most_recent_difference() -> None:
    a = player(1, rec(9, BLACK, "1"), rec(8, WHITE, "1"), rec(7, WHITE, "1"), rec(6, BLACK, "1"))
    c = player(2, rec(5, WHITE, "1"), rec(4, BLACK, "1"), rec(3, WHITE, "1"), rec(10, BLACK, "1"))

    # Both prefer white mildly; in round 2 a had white and c black, so a now gets black.
    assert a.pref == c.pref == WHITE
    assert choose_colour(a, c, WHITE) == BLACK
    assert choose_colour(c, a, WHITE) == WHITE


def test_colour_identical_histories_favour_the_higher_ranked_player() -> None:
    high = player(1, rec(9, WHITE, "1"), rec(8, BLACK, "1"))
    low = player(4, rec(7, WHITE, "1"), rec(6, BLACK, "1"))

    assert choose_colour(high, low, WHITE) == WHITE
    assert choose_colour(low, high, WHITE) == BLACK


def test_colour_forfeit_is_not_a_colour() -> None:
    # A forfeit (+) is skipped: the last played game was with white.
    p = player(1, rec(5, WHITE, "1"), rec(6, BLACK, "+"))

    assert p.pref == BLACK
    assert p.played_games == 1


# -- pairing-allocated bye eligibility (C.04.1 Art. 4, C2) ---------------------------------


def test_bye_eligibility_after_each_kind_of_round() -> None:
    assert player(1, rec(2, WHITE, "1"), rec(None, None, "H")).bye_eligible
    assert player(1, rec(2, WHITE, "0"), rec(None, None, "Z")).bye_eligible
    assert player(1, rec(2, WHITE, "0"), rec(3, BLACK, "-")).bye_eligible
    assert not player(1, rec(None, None, "U")).bye_eligible
    assert not player(1, rec(3, BLACK, "+")).bye_eligible
    assert not player(1, rec(None, None, "F")).bye_eligible


def test_bye_goes_to_lowest_eligible_player() -> None:
    # Five players, round 2: player 5 had the PAB in round 1 and may not get it again.
    history = {
        1: (rec(3, WHITE, "1"),),
        2: (rec(4, BLACK, "1"),),
        3: (rec(1, BLACK, "0"),),
        4: (rec(2, WHITE, "0"),),
        5: (rec(None, None, "U"),),
    }
    state = TournamentState(
        players=tuple(PlayerState(tpn=t, history=h) for t, h in history.items()),
        total_rounds=3,
        round_to_pair=2,
    )

    result = pair_round(state)

    # As bbpPairings: 5 (1 point, had the PAB) plays 1, 2 meets 3, 4 gets the bye.
    assert result.pairs == ((5, 1), (2, 3))
    assert result.bye == 4


# -- C3 and the last-round topscorer exception ---------------------------------------------


def _two_absolute_whites(total_rounds: int) -> Weights:
    history = {
        1: (rec(3, BLACK, "1"), rec(4, BLACK, "1")),
        2: (rec(4, BLACK, "1"), rec(3, BLACK, "1")),
        3: (rec(1, WHITE, "0"), rec(2, WHITE, "0")),
        4: (rec(2, WHITE, "0"), rec(1, WHITE, "0")),
    }
    state = TournamentState(
        players=tuple(PlayerState(tpn=t, history=h) for t, h in history.items()),
        total_rounds=total_rounds,
        round_to_pair=3,
    )
    return Weights(prepare(state))


def test_c3_forbids_two_absolute_white_preferences() -> None:
    weights = _two_absolute_whites(total_rounds=5)
    p1, p2 = weights.ctx.by_tpn[1], weights.ctx.by_tpn[2]

    assert p1.absolute and p2.absolute and p1.pref == p2.pref == WHITE
    assert not weights.compatible(p1, p2)


def test_c3_topscorer_exception_in_the_last_round() -> None:
    weights = _two_absolute_whites(total_rounds=3)
    p1, p2 = weights.ctx.by_tpn[1], weights.ctx.by_tpn[2]
    p3, p4 = weights.ctx.by_tpn[3], weights.ctx.by_tpn[4]

    assert weights.compatible(p1, p2)  # 2/2 points > half of the maximum: topscorers
    assert not weights.compatible(p3, p4)  # 0 points: the rule still applies


# -- unpairable round ----------------------------------------------------------------------


def test_unpairable_round_is_reported_not_forced() -> None:
    history = {1: (rec(2, WHITE, "1"),), 2: (rec(1, BLACK, "0"),)}
    state = TournamentState(
        players=tuple(PlayerState(tpn=t, history=h) for t, h in history.items()),
        total_rounds=3,
        round_to_pair=2,
    )

    result = pair_round(state)

    assert not result.ok
    assert result.pairs == ()


def test_cli_exit_code_1_when_no_valid_pairing(tmp_path: Path) -> None:
    trf = tmp_path / "in.trf"
    out = tmp_path / "out.txt"
    trf.write_text(
        "012 Rematch only\n"
        + trf_line(1, 1.0, [(2, "w", "1")])
        + "\n"
        + trf_line(2, 0.0, [(1, "b", "0")])
        + "\nXXR 3\n"
    )

    code = main(["--dutch", str(trf), "-p", str(out)])

    assert code == 1
    assert not out.exists()


def test_cli_writes_javafo_output(tmp_path: Path) -> None:
    trf = tmp_path / "in.trf"
    out = tmp_path / "out.txt"
    lines = [trf_line(t, 0.0, []) for t in range(1, 6)]
    trf.write_text("012 Five players\n" + "\n".join(lines) + "\nXXR 3\nXXC black1\n")

    code = main(["--dutch", str(trf), "-p", str(out)])

    assert code == 0
    assert out.read_text() == "3\n3 1\n2 4\n5 0\n"


# -- other point systems -------------------------------------------------------------------


def test_three_one_zero_scores_in_tenths() -> None:
    points = Points.from_system(PointSystem(win=3, draw=1, pab=3, forfeit_win=3))
    p = build_player(
        PlayerState(tpn=1, history=(rec(2, WHITE, "1"), rec(3, BLACK, "="), rec(None, None, "U"))),
        0,
        points,
        3,
    )

    assert p.score == 70
    assert not p.bye_eligible


def test_late_entry_with_short_history_is_paired() -> None:
    history = {1: (rec(2, WHITE, "1"),), 2: (rec(1, BLACK, "0"),), 3: (), 4: ()}
    state = TournamentState(
        players=tuple(PlayerState(tpn=t, history=h) for t, h in history.items()),
        total_rounds=3,
        round_to_pair=2,
    )

    result = pair_round(state)

    assert result.pairs == ((3, 1), (2, 4))  # as bbpPairings on the same TRF

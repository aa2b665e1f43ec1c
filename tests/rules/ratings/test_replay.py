"""The pure replay with FIDE period semantics: hand-computed numbers, no database.

Expected scores come from table 8.1.2; every number below is worked out in the comments.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.ratings import fide
from rules.ratings.fide_periods import FidePeriodSystem, expected_hundredths, round_hundredths
from rules.ratings.registry import get_system
from rules.ratings.replay import (
    GameInput,
    LedgerRow,
    PlayerInput,
    PublishedRow,
    TournamentInput,
    make_periods,
    period_index,
    replay,
)

D = datetime.date
FEB, MAR = D(2025, 2, 1), D(2025, 3, 1)
A, B, C, N = 1, 2, 3, 9


def _players(*extra: PlayerInput) -> dict[int, PlayerInput]:
    players = [
        PlayerInput(A, starting_rating=2000, starting_games=40),
        PlayerInput(B, starting_rating=1800, starting_games=40),
        PlayerInput(C, starting_rating=1600, starting_games=40),
        *extra,
    ]
    return {p.id: p for p in players}


def _tournaments() -> dict[int, TournamentInput]:
    return {
        10: TournamentInput(10, D(2025, 1, 5), D(2025, 1, 10)),
        11: TournamentInput(11, D(2025, 2, 5), D(2025, 2, 10)),
    }


def _run(games, *, players=None, tournaments=None, lists=(FEB, MAR), time_control="standard"):
    return replay(
        FidePeriodSystem(time_control=time_control),
        players=players or _players(),
        tournaments=tournaments or _tournaments(),
        list_dates=list(lists),
        games=games,
    )


def _published(result, period: int) -> dict[int, int]:
    return {row.player: row.rating for row in result.published if row.period == period}


def test_replay_two_periods_exact_numbers():
    # January: A (2000) beats B (1800). D = 200 -> PD .76 / .24, K 20.
    #   A: 20 x (1 - .76) = +4.80 -> 2005; B: 20 x (0 - .24) = -4.80 -> 1795.
    # February, on the February list: A 2005 beats C 1600: D = 405 > 400, capped: PD .92 / .08
    #   A: 20 x .08 = +1.60; C: 20 x -.08 = -1.60.  B 1795 draws C: D = 195 -> .75 / .25
    #   B: 20 x -.25 = -5.00; C: 20 x +.25 = +5.00.  March list: A 2007, B 1790, C 1603.
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, B, 2),
        GameInput(101, 11, D(2025, 2, 5), A, C, 2),
        GameInput(102, 11, D(2025, 2, 6), B, C, 1),
    ]

    result = _run(games)

    assert _published(result, 0) == {A: 2005, B: 1795, C: 1600}
    assert _published(result, 1) == {A: 2007, B: 1790, C: 1603}
    assert [(r.player, r.rating_used, r.opponent_used, r.capped, r.expected, r.change)
            for r in result.ledger if r.period == 1] == [
        (A, 2005, 1605, True, 92, 160),
        (C, 1600, 2000, True, 8, -160),
        (B, 1795, 1600, False, 75, -500),
        (C, 1600, 1795, False, 25, 500),
    ]  # fmt: skip
    assert PublishedRow(1, C, 1603, 2, 20, 3) in result.published


def test_replay_correction_in_first_period_changes_the_second_list():
    # Same games, but A-B in January was a draw:
    #   A: 20 x (.5 - .76) = -5.20 -> 1995; B: 20 x (.5 - .24) = +5.20 -> 1805.
    # February: A 1995 - C 1600: D = 395, not capped, PD .92: A +1.60, C -1.60.
    #   B 1805 - C 1600 draw: D = 205 -> .76: B 20 x -.26 = -5.20, C +5.20.
    #   March: A 1995 + 2 = 1997, B 1805 - 5 = 1800, C 1600 + round(3.60) = 1604.
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, B, 1),
        GameInput(101, 11, D(2025, 2, 5), A, C, 2),
        GameInput(102, 11, D(2025, 2, 6), B, C, 1),
    ]

    result = _run(games)

    assert _published(result, 0) == {A: 1995, B: 1805, C: 1600}
    assert _published(result, 1) == {A: 1997, B: 1800, C: 1604}
    assert [r.capped for r in result.ledger if r.period == 1] == [False, False, False, False]


def test_replay_open_period_live_rating_is_published_plus_unrounded_change():
    games = [GameInput(101, 11, D(2025, 2, 5), A, C, 2)]

    result = _run(games, lists=(FEB,))

    # A 2000 - C 1600: D = 400, PD .92; A +1.60 unrounded.
    assert result.live[A].rating == 2000
    assert result.live[A].live == 200160
    assert result.live[A].period_change == 160
    assert result.live[A].period_games == 1
    assert result.live[C].live == 159840
    assert result.published == [
        PublishedRow(0, A, 2000, 0, 20, 0),
        PublishedRow(0, B, 1800, 0, 20, 0),
        PublishedRow(0, C, 1600, 0, 20, 0),
    ]


def test_replay_rating_used_is_the_list_in_force_at_tournament_start():
    # Tournament 12 starts in January (before the February list) and ends in February:
    # it is rated on the March list with the ratings of January (the starting ratings).
    tournaments = {**_tournaments(), 12: TournamentInput(12, D(2025, 1, 28), D(2025, 2, 3))}
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, B, 2),  # A 2005, B 1795 on the Feb list
        GameInput(103, 12, D(2025, 2, 2), A, B, 2),
    ]

    result = _run(games, tournaments=tournaments)

    second = [r for r in result.ledger if r.game == 103]
    assert [(r.rating_used, r.opponent_rating) for r in second] == [(2000, 1800), (1800, 2000)]
    assert _published(result, 1) == {A: 2010, B: 1790, C: 1600}


def test_replay_k_is_capped_by_games_in_period():
    # 36 games for B in one period: K 20 x 36 = 720 > 700 -> K = 700 // 36 = 19.
    players = _players(*(PlayerInput(100 + i, 1800, 40) for i in range(36)))
    tournaments = {20: TournamentInput(20, D(2025, 1, 1), D(2025, 1, 20))}
    games = [GameInput(i, 20, D(2025, 1, 2), B, 100 + i, 1) for i in range(36)]

    result = _run(games, players=players, tournaments=tournaments, lists=(FEB,))

    assert {r.k for r in result.ledger if r.player == B} == {19}
    assert {r.k for r in result.ledger if r.player == 100} == {20}


def test_replay_player_below_floor_becomes_unrated():
    # C starts at 1401 and loses to A (2000): D = -599, capped at -400: PD .08,
    # 20 x -.08 = -1.60 -> 1399 < 1400: unrated on the list, treated as a newcomer.
    players = _players(PlayerInput(C, starting_rating=1401, starting_games=40))
    games = [GameInput(100, 10, D(2025, 1, 5), A, C, 2), GameInput(101, 11, D(2025, 2, 5), A, C, 2)]

    result = _run(games, players=players)

    assert C not in _published(result, 0)
    assert result.live[C].rating is None
    # In February C is unrated: no ledger row for A, a newcomer row for C.
    feb = [r for r in result.ledger if r.game == 101]
    assert [(r.player, r.rating_used, r.change) for r in feb] == [(C, None, None)]


def test_replay_initial_rating_of_a_newcomer():
    # N plays five rated opponents in January and scores 3 (W W W L L):
    # fide.initial_rating([1902, 1877, 1884, 2012, 1832], 3) = 1922.
    opponents = [(20, 1902), (21, 1877), (22, 1884), (23, 2012), (24, 1832)]
    players = {N: PlayerInput(N), **{pid: PlayerInput(pid, r, 40) for pid, r in opponents}}
    scores = [0, 0, 0, 2, 2]  # white's score; the opponents have white
    games = [
        GameInput(200 + i, 10, D(2025, 1, 5), pid, N, s)
        for i, ((pid, _), s) in enumerate(zip(opponents, scores, strict=True))
    ]

    result = _run(games, players=players, lists=(FEB,))

    assert _published(result, 0)[N] == 1922
    assert PublishedRow(0, N, 1922, 5, 40, None) in result.published
    # The rated opponents' games against an unrated player are not rated for them.
    assert {r.player for r in result.ledger} == {N}
    assert result.live[N].games == 5


def test_replay_zero_first_event_is_discarded():
    opponents = [(20, 1902), (21, 1877), (22, 1884), (23, 2012), (24, 1832)]
    players = {N: PlayerInput(N), **{pid: PlayerInput(pid, r, 40) for pid, r in opponents}}
    first = [
        GameInput(300 + i, 10, D(2025, 1, 5), pid, N, 2) for i, (pid, _) in enumerate(opponents)
    ]
    second = [
        GameInput(400 + i, 11, D(2025, 2, 5), pid, N, s)
        for i, ((pid, _), s) in enumerate(zip(opponents, [0, 0, 0, 2, 2], strict=True))
    ]

    result = _run(first + second, players=players)

    assert N not in _published(result, 0)  # 0/5 alone: not rated (and discarded)
    assert _published(result, 1)[N] == 1922  # the second event alone


def test_replay_newcomer_rated_during_a_tournament_counts_as_unrated_for_opponents():
    # §8.2.4: N is rated 1922 on the February list; tournament 12 started in January and is
    # rated on the March list. N is rated with 1922; for A, N is unrated (no row for A).
    opponents = [(20, 1902), (21, 1877), (22, 1884), (23, 2012), (24, 1832)]
    players = {**_players(), N: PlayerInput(N)}
    players.update({pid: PlayerInput(pid, r, 40) for pid, r in opponents})
    tournaments = {**_tournaments(), 12: TournamentInput(12, D(2025, 1, 20), D(2025, 2, 3))}
    games = [
        GameInput(200 + i, 10, D(2025, 1, 5), pid, N, s)
        for i, ((pid, _), s) in enumerate(zip(opponents, [0, 0, 0, 2, 2], strict=True))
    ]
    games.append(GameInput(500, 12, D(2025, 2, 2), A, N, 1))

    result = _run(games, players=players, tournaments=tournaments)

    rows = [r for r in result.ledger if r.game == 500]
    # N 1922 vs A 2000: D = -78 -> PD .39 (row 77-83: .61); a draw with K 40 (5 games):
    # 40 x (.5 - .39) = +4.40.
    assert [(r.player, r.rating_used, r.opponent_rating, r.k, r.change) for r in rows] == [
        (N, 1922, 2000, 40, 40 * (50 - 39)),
    ]


def test_replay_2650_player_uses_the_real_difference_in_standard_only():
    players = {1: PlayerInput(1, 2700, 100), 2: PlayerInput(2, 2000, 100)}
    tournaments = {10: TournamentInput(10, D(2025, 1, 5), D(2025, 1, 10))}
    games = [GameInput(1, 10, D(2025, 1, 5), 1, 2, 2)]

    standard = _run(games, players=players, tournaments=tournaments, lists=())
    rapid = _run(games, players=players, tournaments=tournaments, lists=(), time_control="rapid")

    # Standard: D = 700 -> PD .99 for the 2700 player (not capped); 2000 player capped .08.
    # Rapid: the game is not rated at all (difference >= 600 with a player above 2600).
    assert [(r.player, r.expected, r.capped) for r in standard.ledger] == [
        (1, 99, False),
        (2, 8, True),
    ]
    assert rapid.ledger == []


def test_replay_starting_rating_with_a_date_applies_from_its_period():
    # C joins with 1700 valid from 2025-02-15: in January C counts as unrated.
    players = _players(PlayerInput(C, 1700, 40, D(2025, 2, 15)))
    tournaments = {**_tournaments(), 13: TournamentInput(13, D(2025, 2, 20), D(2025, 2, 21))}
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, C, 2),
        GameInput(101, 13, D(2025, 2, 20), A, C, 2),
    ]

    result = _run(games, players=players, tournaments=tournaments)

    assert [(r.player, r.rating_used) for r in result.ledger] == [
        (C, None),  # January: C unrated, a newcomer row
        (A, 2000),  # February: rated for both
        (C, 1700),
    ]


def test_period_index_and_make_periods():
    periods = make_periods([FEB, MAR])

    assert [(p.index, p.start, p.end, p.closed) for p in periods] == [
        (0, None, FEB, True),
        (1, FEB, MAR, True),
        (2, MAR, None, False),
    ]
    assert [period_index([FEB, MAR], d) for d in (D(2025, 1, 31), FEB, D(2025, 3, 2))] == [0, 1, 2]
    with pytest.raises(ValueError, match="increasing"):
        make_periods([MAR, FEB])


def test_registry_gives_a_fresh_fide_system():
    assert isinstance(get_system("fide", time_control="blitz"), FidePeriodSystem)
    with pytest.raises(ValueError, match="unknown rating system"):
        get_system("elo-club")


@pytest.mark.parametrize(
    ("hundredths", "rounded"),
    [(250, 3), (249, 2), (-250, -3), (-249, -2), (0, 0), (50, 1), (-50, -1), (360, 4)],
)
def test_round_hundredths_is_half_away_from_zero(hundredths, rounded):
    assert round_hundredths(hundredths) == rounded
    assert round_hundredths(hundredths) == fide.round_change(Decimal(hundredths) / 100)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 3500),
    st.integers(0, 3500),
    st.sampled_from([0, 1, 2]),
    st.integers(1, 40),
    st.sampled_from(fide.TIME_CONTROLS),
)
def test_fast_expected_score_agrees_with_fide_game_line(rating, opponent, half, k, tc):
    line = fide.game_line(rating, opponent, Decimal(half) / 2, k=k, time_control=tc)

    expected, used, capped = expected_hundredths(rating, opponent, tc == "standard")

    assert Decimal(expected) / 100 == line.expected
    assert (used, capped) == (line.opponent_used, line.capped)
    if line.rated:  # rapid/blitz games with a gap >= 600 above 2600 are not rated at all
        assert Decimal(k * (half * 50 - expected)) / 100 == line.change


def test_ledger_row_fields_are_plain_ints():
    result = _run([GameInput(100, 10, D(2025, 1, 5), A, B, 2)])

    assert result.ledger[0] == LedgerRow(
        0, 100, 10, A, B, D(2025, 1, 5), 2000, 1800, 1800, False, 2, 76, 20, 480
    )


def _tail_inputs(full_games, tournaments, list_dates, first):
    """Tournaments and games of periods >= first, and the earlier lists they started under."""
    kept = {
        tid: t for tid, t in tournaments.items() if period_index(list_dates, t.end_date) >= first
    }
    games = [g for g in full_games if g.tournament in kept]
    needed = {period_index(list_dates, t.start_date) - 1 for t in kept.values()}
    return kept, games, needed & set(range(first))


@pytest.mark.parametrize("first", [1, 2])
def test_replay_from_a_checkpoint_equals_the_tail_of_a_full_replay(first):
    # Tournament 12 starts under the February list and is rated on the April list; newcomer N
    # has a pending pool across the checkpoint.
    tournaments = {
        **_tournaments(),
        12: TournamentInput(12, D(2025, 2, 20), D(2025, 3, 5)),
        13: TournamentInput(13, D(2025, 3, 10), D(2025, 3, 12)),
    }
    players = {**_players(), N: PlayerInput(N, birth_year=2010)}
    games = [
        GameInput(100, 10, D(2025, 1, 5), A, B, 2),
        GameInput(101, 10, D(2025, 1, 6), N, C, 2),
        GameInput(102, 11, D(2025, 2, 5), A, C, 1),
        GameInput(103, 11, D(2025, 2, 6), N, A, 0),
        GameInput(104, 12, D(2025, 2, 20), B, C, 0),
        GameInput(105, 12, D(2025, 3, 2), N, B, 1),
        GameInput(106, 13, D(2025, 3, 10), A, N, 2),
    ]
    lists = [FEB, MAR, D(2025, 4, 1)]
    full = _run(games, players=players, tournaments=tournaments, lists=lists)
    kept, tail_games, needed = _tail_inputs(games, tournaments, lists, first)

    partial = replay(
        FidePeriodSystem(),
        players=players,
        tournaments=kept,
        list_dates=lists,
        games=tail_games,
        first_period=first,
        checkpoint=full.checkpoints[first - 1],
        earlier_published=[row for row in full.published if row.period in needed],
    )

    assert partial.ledger == [row for row in full.ledger if row.period >= first]
    assert partial.published == [row for row in full.published if row.period >= first]
    assert partial.live == full.live
    assert partial.checkpoints == {i: c for i, c in full.checkpoints.items() if i >= first}


def test_replay_from_a_later_period_needs_a_checkpoint_and_only_later_games():
    games = [GameInput(100, 10, D(2025, 1, 5), A, B, 2)]

    with pytest.raises(ValueError, match="needs the checkpoint"):
        _run_from(games, first=1, checkpoint=None)
    with pytest.raises(ValueError, match="before first_period"):
        _run_from(games, first=1, checkpoint=_run(games).checkpoints[0])


def _run_from(games, *, first, checkpoint):
    return replay(
        FidePeriodSystem(),
        players=_players(),
        tournaments=_tournaments(),
        list_dates=[FEB, MAR],
        games=games,
        first_period=first,
        checkpoint=checkpoint,
    )

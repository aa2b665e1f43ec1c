"""The pure replay with Glicko-2 semantics: the list's periods are the rating periods."""

from __future__ import annotations

import datetime

from rules.ratings import glicko2
from rules.ratings.glicko2 import Glicko, Outcome
from rules.ratings.glicko2_periods import Glicko2PeriodSystem
from rules.ratings.registry import get_system
from rules.ratings.replay import GameInput, PlayerInput, TournamentInput, replay

D = datetime.date
FEB, MAR = D(2025, 2, 1), D(2025, 3, 1)
A, B, C = 1, 2, 3
TOURNAMENTS = {
    10: TournamentInput(10, D(2025, 1, 5), D(2025, 1, 5)),
    11: TournamentInput(11, D(2025, 2, 5), D(2025, 2, 5)),
}


def _run(games, *, lists=(FEB,), players=(A, B, C), first_period=0, checkpoint=None):
    return replay(
        Glicko2PeriodSystem(),
        players={p: PlayerInput(p) for p in players},
        tournaments=TOURNAMENTS
        if first_period == 0
        else {k: v for k, v in TOURNAMENTS.items() if k == 11},
        list_dates=list(lists),
        games=games,
        first_period=first_period,
        checkpoint=checkpoint,
    )


def test_registry_gives_glicko2():
    assert isinstance(get_system("glicko2"), Glicko2PeriodSystem)


def test_two_newcomers_rated_together_from_1500_350():
    result = _run([GameInput(1, 10, D(2025, 1, 5), A, B, 2)])
    winner = glicko2.rate(Glicko(), [Outcome(Glicko(), 1.0)])
    loser = glicko2.rate(Glicko(), [Outcome(Glicko(), 0.0)])
    # 1500 +- 162.31 with RD 290.32: the textbook first game of two newcomers.
    assert round(winner.rating, 2) == 1662.31
    assert round(loser.rating, 2) == 1337.69
    assert round(winner.rd, 2) == 290.32
    published = {row.player: row for row in result.published}
    assert published[A].rating == 1662 and published[A].change == 162 and published[A].games == 1
    assert published[B].rating == 1338 and published[B].change == -162
    assert C not in published  # never played: not on the list
    ledger = {row.player: row for row in result.ledger}
    assert ledger[A].rating_used == 1500 and ledger[A].expected == 5000
    assert ledger[A].change == round(winner.rating * 10_000 - 1500 * 10_000)
    assert ledger[A].k is None and ledger[A].details["rd"] == 350.0


def test_open_period_is_live_and_an_idle_player_rd_grows_at_the_close():
    games = [
        GameInput(1, 10, D(2025, 1, 5), A, B, 2),
        GameInput(2, 11, D(2025, 2, 5), A, C, 1),
    ]
    result = _run(games)
    live = result.live
    a1 = glicko2.rate(Glicko(), [Outcome(Glicko(), 1.0)])
    a2 = glicko2.rate(a1, [Outcome(Glicko(), 0.5)])
    assert live[A].rating == 1662
    assert live[A].live == round(a2.rating * 100)
    assert live[A].period_change == round(a2.rating * 100) - 166200
    assert live[A].games == 2 and live[A].period_games == 1
    assert live[B].rating == 1338 and live[B].live == 133769 and live[B].period_games == 0
    # A second list closes the period: B (idle) keeps the rating, RD grows.
    closed = _run(games, lists=(FEB, MAR))
    rows = {(r.period, r.player): r for r in closed.published}
    assert rows[(1, B)].rating == 1338 and rows[(1, B)].games == 0 and rows[(1, B)].change == 0
    b1 = glicko2.rate(Glicko(), [Outcome(Glicko(), 0.0)])
    state = closed.checkpoints[1]["players"][str(B)][0]
    assert state[1] == glicko2.idle(b1).rd


def test_a_replay_from_the_checkpoint_gives_the_tail():
    games = [
        GameInput(1, 10, D(2025, 1, 5), A, B, 2),
        GameInput(2, 11, D(2025, 2, 5), B, C, 0),
    ]
    full = _run(games, lists=(FEB, MAR))
    tail = _run(games[1:], lists=(FEB, MAR), first_period=1, checkpoint=full.checkpoints[0])
    assert tail.published == [row for row in full.published if row.period == 1]
    assert tail.ledger == [row for row in full.ledger if row.period == 1]
    assert tail.live == full.live

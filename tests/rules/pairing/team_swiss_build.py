"""Build team Swiss states for the tests from a compact description of the rounds played.

A round is a dict: ``"matches"`` a list of ``(white, black, result)`` with the result from
White's side in game points (``"3-1"``, ``"2-2"``, ``"2.5-1.5"``) or a whole-match forfeit
(``"+-"`` Black absent, ``"-+"`` White absent, ``"--"`` both); ``"pab"`` the team with the
pairing-allocated bye; ``"byes"`` a dict ``{tpn: kind}`` for 240 byes or absences.
"""

from __future__ import annotations

from fractions import Fraction

from rules.pairing.team_swiss import (
    BLACK,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PAB,
    PLAYED,
    WHITE,
    ZERO_BYE,
    MatchRecord,
    TeamConfig,
    TeamState,
    TeamTournament,
)


def _played(white, black, result, config):
    w, b = (Fraction(x) for x in result.split("-"))
    points = config.match_points
    mp_w, mp_b = (
        (points.win, points.loss)
        if w > b
        else (points.loss, points.win)
        if w < b
        else (points.draw, points.draw)
    )
    return (
        MatchRecord(PLAYED, black, WHITE, mp_w, w),
        MatchRecord(PLAYED, white, BLACK, mp_b, b),
    )


def _forfeit(white, black, result, config):
    points, boards = config.match_points, config.boards
    win = (FORFEIT_WIN, points.win, boards)
    loss = (FORFEIT_LOSS, points.loss, 0)
    if result == "--":
        w = b = (DOUBLE_FORFEIT, points.loss, 0)
    else:
        w, b = (win, loss) if result == "+-" else (loss, win)
    return (MatchRecord(w[0], black, None, w[1], w[2]), MatchRecord(b[0], white, None, b[1], b[2]))


def records(teams: int, rounds: list[dict], config: TeamConfig) -> dict[int, list[MatchRecord]]:
    """Each team's history from the rounds."""
    history: dict[int, list[MatchRecord]] = {t: [] for t in range(1, teams + 1)}
    for number, played in enumerate(rounds, start=1):
        for white, black, result in played.get("matches", ()):
            make = _forfeit if result in ("+-", "-+", "--") else _played
            history[white].append(make(white, black, result, config)[0])
            history[black].append(make(white, black, result, config)[1])
        if played.get("pab"):
            mp, gp = config.pab_points
            history[played["pab"]].append(MatchRecord(PAB, None, None, mp, gp))
        for team, kind in played.get("byes", {}).items():
            points = {"full_bye": config.match_points.win, "half_bye": config.match_points.draw}
            history[team].append(MatchRecord(kind, None, None, points.get(kind, 0), 0))
        for past in history.values():
            if len(past) < number:
                past.append(MatchRecord(ZERO_BYE))
    return history


def tournament(
    teams: int,
    rounds: list[dict] = (),
    *,
    total: int = 9,
    config: TeamConfig | None = None,
    absent=(),
    scores: dict[int, float] | None = None,
    forbidden=(),
) -> TeamTournament:
    """The state before round ``len(rounds) + 1``.

    ``scores`` gives teams fictitious match points for the round to pair (record 250), a
    short way to make score groups without playing rounds.
    """
    config = config or TeamConfig()
    history = records(teams, list(rounds), config)
    now = len(rounds) + 1
    states = []
    for tpn in range(1, teams + 1):
        acceleration = ()
        if scores and tpn in scores:
            acceleration = (*((0, 0) for _ in range(now - 1)), (Fraction(scores[tpn]), 0))
        states.append(
            TeamState(
                tpn=tpn,
                history=tuple(history[tpn]),
                absent=tpn in absent,
                acceleration=acceleration,
            )
        )
    return TeamTournament(
        teams=tuple(states),
        total_rounds=total,
        round_to_pair=now,
        config=config,
        forbidden_pairs=frozenset(frozenset(p) for p in forbidden),
    )

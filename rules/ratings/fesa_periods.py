"""FESA (shogi) period semantics for the generic replay. Pure module.

The mathematics is :mod:`rules.ratings.fesa`; the list mechanics (live per tournament,
starting ratings, snapshots when a period closes) are :mod:`rules.ratings.tournament_periods`.
The choices, as read in ``docs/ratings.md`` ("Shogi (FESA)"):

- **Each tournament** is rated with :func:`~rules.ratings.fesa.solve_tournament`: game by
  game in playing order (the replay's round and board order), K from the running rating,
  against the opponent's **final** rating of the tournament (the fixed point), opponent
  ratings below 400 counted as 400, the **win bonus ON**, the per-game changes kept with
  their decimals and the tournament total rounded (halves away from zero).
- **Newcomers**: a declared grade gives the grade's midpoint with 0 games; without a starting
  rating or a grade the starting rating is solved with the others (the same rule). Newcomers
  without a grade who meet no rated player, directly or through other newcomers, cannot be
  anchored: their games in that tournament are not rated.
- **Status**: unrated (fewer than 9 rated games, or only wins, or only losses), provisional
  (fewer than 18) or established (:func:`~rules.ratings.fesa.player_status`). A starting
  rating's games count as neither wins nor losses. Unrated players are on no list (their
  ratings still count for their opponents); ``LiveRow.status`` says which.
- **Grades** are earned by promotion after each tournament
  (:func:`~rules.ratings.fesa.promote`) and never lost; a declared grade is the grade a
  player starts with.
- **Ledger**: ``rating_used`` is the running rating before the game, ``opponent_rating`` the
  opponent's rating before the tournament, ``opponent_rating_used`` their final rating of the
  tournament (at least 400; ``capped`` when the floor applied); expected score and change in
  ten-thousandths, K per game; ``details`` holds the unrounded running rating, the
  opponent's final rating and whether the win bonus gave the change.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.ratings import fesa
from rules.ratings.replay import GameInput, LedgerRow, TournamentInput
from rules.ratings.tournament_periods import PlayerState, TournamentPeriodSystem, round_half_up

__all__ = ["WIN_BONUS", "FesaPeriodSystem"]

WIN_BONUS = True
"""FESA's win bonus rule is applied (see ``docs/ratings.md``, FESA choice 1)."""

_SCALE = 10_000


def _scaled(value: float) -> int:
    return round_half_up(value * _SCALE)


def _unanchored(games: Sequence[GameInput], known: set[int]) -> set[int]:
    """Players without a rating whose opponents (transitively) include no rated player."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for game in games:
        a, b = find(game.white), find(game.black)
        if a != b:
            parent[a] = b
    anchored = {find(pid) for pid in parent if pid in known}
    return {pid for pid in parent if find(pid) not in anchored}


class FesaPeriodSystem(TournamentPeriodSystem):
    """FESA ratings, tournament by tournament, with statuses and grades."""

    code = "fesa"

    rating_of_grade = staticmethod(fesa.grade_to_rating)

    def _declared(self, st: PlayerState) -> str | None:
        try:
            return None if st.declared_grade is None else fesa.parse_grade(st.declared_grade)
        except ValueError:
            return None

    def listed(self, st: PlayerState) -> bool:
        return st.rating is not None and self.status_of(st) != fesa.UNRATED

    def status_of(self, st: PlayerState) -> str | None:
        if st.rating is None:
            return fesa.UNRATED
        return fesa.player_status(st.games, wins=st.wins, losses=st.losses)

    def k(self, st: PlayerState) -> int | None:
        return None if st.rating is None else fesa.k_factor(st.rating)

    def grade_of(self, st: PlayerState) -> str | None:
        return st.grade if st.grade is not None else self._declared(st)

    def rate_tournament(
        self,
        tournament: TournamentInput,
        games: Sequence[GameInput],
        period: int,
        ledger: list[LedgerRow],
    ) -> None:
        players = self.players
        for game in games:
            for pid in (game.white, game.black):
                self.enter(players[pid])
        known = {pid for game in games for pid in (game.white, game.black)}
        known = {pid for pid in known if players[pid].rating is not None}
        lost = _unanchored(games, known)
        rated = [game for game in games if game.white not in lost and game.black not in lost]
        if not rated:
            return
        before = {
            pid: (players[pid].rating, players[pid].games)
            for game in rated
            for pid in (game.white, game.black)
        }
        solution = fesa.solve_tournament(
            before,
            [(game.white, game.black, game.white_score / 2) for game in rated],
            win_bonus=WIN_BONUS,
        )
        index: dict[int, int] = {}  # player -> games seen so far
        running = {pid: solution.start[pid] for pid in before}
        for game in rated:
            white_score = game.white_score / 2
            for me, opponent, score in (
                (game.white, game.black, white_score),
                (game.black, game.white, 1.0 - white_score),
            ):
                i = index.get(me, 0)
                index[me] = i + 1
                change = solution.changes[me][i]
                pr = running[me]
                running[me] = pr + change
                final = solution.final[opponent]
                used = max(final, float(fesa.OPPONENT_FLOOR))
                expected = fesa.expected_score(pr, final)
                k = fesa.k_factor(pr)
                opponent_before = before[opponent][0]
                if opponent_before is None:
                    opponent_before = solution.start[opponent]
                details = {
                    "rating_before": round(pr, 4),
                    "opponent_final": round(final, 4),
                    "win_bonus": score == 1 and change > k * (1 - expected) + 1e-9,
                }
                ledger.append(
                    LedgerRow(
                        period,
                        game.id,
                        game.tournament,
                        me,
                        opponent,
                        game.date,
                        round_half_up(pr),
                        round_half_up(opponent_before),
                        round_half_up(used),
                        final < fesa.OPPONENT_FLOOR,
                        round(score * 2),
                        _scaled(expected),
                        k,
                        _scaled(change),
                        details,
                    )
                )
                st = players[me]
                self.played(st, game.date)
                if score == 1:
                    st.wins += 1
                elif score == 0:
                    st.losses += 1
        for pid in before:
            st = players[pid]
            new = solution.ratings[pid]
            if st.rating is None:  # a newcomer without a grade: their solved start
                st.base = round_half_up(solution.start[pid])
            st.rating = float(new)
            st.set_peak(new)
            st.grade = fesa.promote(self.grade_of(st), new, st.games)

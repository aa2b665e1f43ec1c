"""EGF (go) period semantics for the generic replay. Pure module.

The mathematics is :mod:`rules.ratings.egf`; the list mechanics (live per tournament,
starting ratings, snapshots when a period closes) are :mod:`rules.ratings.tournament_periods`.
The choices, as read in ``docs/ratings.md`` ("Go (EGF)"):

- **Frozen ratings**: every game of a tournament uses the players' ratings from before the
  tournament; the new rating is the old one plus the sum of the per-game changes
  (:func:`~rules.ratings.egf.game_change`, bonus included in the 2021 system), then the
  floor (-900 in the 2021 system, 100 in the old one), applied once per tournament.
  Nothing is rounded: GoR keeps its decimals; lists print it rounded to a whole point.
- **Class**: the tournament's class (A 1, B 0.75, C 0.5, D 0.25) weights every change.
- **Handicap**: ``GameInput.handicap`` stones go to Black (0-9; more counts as 9); the
  receiver counts as r + 100 (h - 0.5) in Se only.
- **Newcomers** enter at the rating of their declared grade (2100 = 1d, 100 a grade). A
  player with neither a starting rating nor a declared grade cannot be rated (EGD needs a
  grade for every player): their games are rated for neither player and leave no ledger row.
- **Ledger**: Se and the change in ten-thousandths; ``details`` holds Se, con, bonus, the
  stones received (negative: given), the handicap adjustment in rating points (on the
  receiver's side) and the class weight. ``k`` is empty (the EGF has con instead of K).
- **Grades**: a player's grade is the EGD grade of their current rating
  (:func:`~rules.ratings.egf.rating_to_grade`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.ratings import egf
from rules.ratings.replay import GameInput, LedgerRow, TournamentInput
from rules.ratings.tournament_periods import PlayerState, TournamentPeriodSystem, round_half_up

__all__ = ["EgfOldPeriodSystem", "EgfPeriodSystem"]

_SCALE = 10_000


def _scaled(value: float) -> int:
    return round_half_up(value * _SCALE)


class EgfPeriodSystem(TournamentPeriodSystem):
    """The current (2021) EGF system, tournament by tournament."""

    code = "egf"
    system = "2021"

    rating_of_grade = staticmethod(egf.new_player_rating)

    def can_enter(self, st: PlayerState) -> bool:
        return st.rating is not None or self.entry_rating(st) is not None

    def grade_of(self, st: PlayerState) -> str | None:
        return None if st.rating is None else egf.rating_to_grade(st.rating)

    def rate_tournament(
        self,
        tournament: TournamentInput,
        games: Sequence[GameInput],
        period: int,
        ledger: list[LedgerRow],
    ) -> None:
        players = self.players
        system = self.system
        tclass = (
            tournament.rating_class if tournament.rating_class in egf.TOURNAMENT_CLASSES else "A"
        )
        weight = egf.class_weight(tclass)
        rated = [
            game
            for game in games
            if self.can_enter(players[game.white]) and self.can_enter(players[game.black])
        ]
        for game in rated:
            self.enter(players[game.white])
            self.enter(players[game.black])
        frozen = {pid: players[pid].rating for game in rated for pid in (game.white, game.black)}
        totals: dict[int, float] = {}
        for game in rated:
            stones = min(max(game.handicap, 0), egf.MAX_HANDICAP)
            white_score = game.white_score / 2
            sides = (
                (game.white, game.black, white_score, -stones),
                (game.black, game.white, 1.0 - white_score, stones),
            )
            for me, opponent, score, received in sides:
                own, opp = frozen[me], frozen[opponent]
                assert own is not None and opp is not None  # noqa: S101
                se = egf.expected_score(own, opp, handicap=received, system=system)
                change = egf.game_change(
                    own, opp, score, handicap=received, tournament_class=tclass, system=system
                )
                totals[me] = totals.get(me, 0.0) + change
                if system == "old":
                    con, bonus = egf.old_con(own), 0.0
                else:
                    con, bonus = egf.con(own), egf.bonus(own)
                details = {
                    "se": round(se, 6),
                    "con": round(con, 4),
                    "bonus": round(bonus, 4),
                    "handicap": received,
                    "adjustment": egf.handicap_adjustment(abs(received)),
                    "weight": weight,
                }
                ledger.append(
                    LedgerRow(
                        period,
                        game.id,
                        game.tournament,
                        me,
                        opponent,
                        game.date,
                        round_half_up(own),
                        round_half_up(opp),
                        round_half_up(opp),
                        False,
                        round(score * 2),
                        _scaled(se),
                        None,
                        _scaled(change),
                        details,
                    )
                )
                self.played(players[me], game.date)
        floor = float(egf.rating_floor(system))
        for pid, total in totals.items():
            st = players[pid]
            assert st.rating is not None  # noqa: S101
            st.rating = max(floor, st.rating + total)
            st.set_peak(st.rating)


class EgfOldPeriodSystem(EgfPeriodSystem):
    """The old (1998-2020) EGF system, for replaying historic results (floor 100)."""

    code = "egf_old"
    system = "old"

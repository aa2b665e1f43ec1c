"""A club ladder: an ordered list of players (first = top). Pure module.

A player may challenge anyone up to ``reach`` places above them. When the challenger wins,
they take the loser's place and everyone from the loser down to the place above the
challenger's old one moves down one; a draw or a loss changes nothing (the defender keeps
the place). A game between players out of reach of each other, or with a player not on the
ladder, changes nothing either.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["DEFAULT_REACH", "after_game", "can_challenge", "challengeable"]

DEFAULT_REACH = 3
"""How many places above themselves a player may challenge, unless the organiser says."""


def can_challenge(order: Sequence[int], challenger: int, defender: int, reach: int) -> bool:
    """Whether ``challenger`` may challenge ``defender``: both on the ladder, the defender
    above, at most ``reach`` places."""
    if challenger not in order or defender not in order:
        return False
    gap = order.index(challenger) - order.index(defender)
    return 0 < gap <= reach


def challengeable(order: Sequence[int], challenger: int, reach: int) -> list[int]:
    """The players ``challenger`` may challenge, top first."""
    if challenger not in order:
        return []
    place = order.index(challenger)
    return list(order[max(0, place - reach) : place])


def after_game(
    order: Sequence[int], white: int, black: int, white_score: float, reach: int
) -> list[int]:
    """The ladder after a game (``white_score``: 1, 0.5 or 0): the lower player won within
    reach -> they take the loser's place and the players in between move down one."""
    new = list(order)
    if white_score == 0.5 or white not in new or black not in new:
        return new
    winner, loser = (white, black) if white_score == 1 else (black, white)
    if not can_challenge(new, winner, loser, reach):
        return new
    new.remove(winner)
    new.insert(new.index(loser), winner)
    return new

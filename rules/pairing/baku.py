"""The point systems Baku acceleration is defined for (C.04.5.1, the Baku Acceleration Method).

The handbook opens the method with its scope: it "is applicable in any tournament where the
standard scoring point system (one point for a win, half point for a draw) is used", and its
virtual points are that system's 1 and ½: a win's points in the first half of the accelerated
rounds, a draw's in the rest. We accept the standard system in any unit, that is a loss worth
nothing and a draw worth half a win (1/½/0, 2/1/0): there a win's and a draw's points are still
the method's 1 and ½, and bbpPairings accepts the same systems. Any other system (3/1/0, or a
loss worth points) is refused: the handbook does not say what the virtual points are there (a
win's 3 and a draw's 1 would not be the method's "1, then half of it"), and bbpPairings stops
with "point system inconsistent with Baku acceleration".
"""

from __future__ import annotations

from rules.scoring import PointSystem

#: Why a point system is refused, for messages that are not translated (the command line).
BAKU_POINTS_REFUSAL = (
    "Baku acceleration (C.04.5.1) is defined for the standard scoring only: a loss worth 0 and "
    "a draw worth half a win (1/0.5/0, or 2/1/0)"
)


def baku_accepts(points: PointSystem) -> bool:
    """True when Baku acceleration is defined for ``points`` (see the module docstring)."""
    return points.win > 0 and points.loss == 0 and points.win == 2 * points.draw

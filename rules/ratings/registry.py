"""Which :class:`rules.ratings.replay.PeriodSystem` rates a list: ``RatingList.system`` -> factory.

Pure module. To plug in a rating system (EGF, FESA, a club's own): write a module in this
package with a class following :class:`rules.ratings.replay.PeriodSystem`, add it to
:data:`SYSTEMS` and a choice to ``ratings.enums.RatingSystem``. The replay and the services
do not change.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.ratings.egf_periods import EgfOldPeriodSystem, EgfPeriodSystem
from rules.ratings.fesa_periods import FesaPeriodSystem
from rules.ratings.fide_periods import FidePeriodSystem
from rules.ratings.glicko2_periods import Glicko2PeriodSystem
from rules.ratings.replay import PeriodSystem

__all__ = ["SYSTEMS", "get_system"]

SYSTEMS: dict[str, Callable[..., PeriodSystem]] = {
    "fide": FidePeriodSystem,
    "egf": EgfPeriodSystem,
    "egf_old": EgfOldPeriodSystem,
    "fesa": FesaPeriodSystem,
    "glicko2": Glicko2PeriodSystem,
}


def get_system(code: str, *, time_control: str = "standard") -> PeriodSystem:
    """A fresh system object for the list's ``system`` code and ``time_control``."""
    try:
        factory = SYSTEMS[code]
    except KeyError:
        raise ValueError(f"unknown rating system {code!r}") from None
    return factory(time_control=time_control)

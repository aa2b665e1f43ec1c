"""Validation of a tournament's fields that the model cannot express alone.

``validate_tiebreaks`` cleans a tie-break list to canonical TRF-2026 codes ("BH/C1 BH DE")
and adds the format rule: no Buchholz-family tie-break (BH, FB, AOB) in a round robin (FIDE
C.07 Art. 8). Used by the actions and by the forms. ``validate_baku`` refuses Baku
acceleration with a point system it is not defined for (:mod:`rules.pairing.baku`).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules.pairing.baku import baku_accepts
from rules.standings import PRESETS, TieBreak, parse_tiebreaks
from tournaments.enums import PairingSystem

BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})


def preset_codes(name: str) -> str:
    """A preset's codes as the field stores them, e.g. ``"DE WIN SB KS"``."""
    return " ".join(tb.code for tb in PRESETS[name])


def parse(value: str) -> tuple[TieBreak, ...]:
    """Parse a list of codes, or raise ValidationError naming the bad code."""
    try:
        return parse_tiebreaks(value)
    except ValueError:
        bad = []
        for item in value.replace(",", " ").split():
            try:
                parse_tiebreaks(item)
            except ValueError:
                bad.append(item)
        raise ValidationError(
            _("Unknown tie-break code: %(codes)s.") % {"codes": ", ".join(bad) or value},
            code="unknown",
        ) from None


def validate_tiebreaks(value: str, *, round_robin: bool) -> str:
    """Clean ``value`` to canonical codes; refuse Buchholz-family codes for round robins."""
    tbs = parse(value or "")
    if len({tb.code for tb in tbs}) != len(tbs):
        raise ValidationError(_("A tie-break is listed twice."), code="repeated")
    if round_robin:
        buchholz = [tb.code for tb in tbs if tb.name in BUCHHOLZ_FAMILY]
        if buchholz:
            raise ValidationError(
                _(
                    "Buchholz tie-breaks (%(codes)s) are not used in round robins, where every "
                    "player meets the same opponents. Try %(preset)s."
                )
                % {"codes": ", ".join(buchholz), "preset": preset_codes("round-robin")},
                code="buchholz_in_round_robin",
            )
    return " ".join(tb.code for tb in tbs)


def validate_baku(tournament: Any) -> None:
    """Refuse Baku acceleration of a FIDE Dutch Swiss whose points are not the standard scoring
    in some unit (C.04.5.1; :func:`rules.pairing.baku.baku_accepts`), on the Baku field."""
    if (
        tournament.accelerated
        and tournament.pairing_system == PairingSystem.SWISS_DUTCH
        and not baku_accepts(tournament.point_system)
    ):
        raise ValidationError(
            {
                "accelerated": _(
                    "Baku acceleration is defined for the standard scoring only (FIDE C.04.5.1): "
                    "a loss worth 0 and a draw worth half a win, such as 1 / ½ / 0 or 2 / 1 / 0. "
                    "Turn it off or change the points."
                )
            },
            code="baku_points",
        )

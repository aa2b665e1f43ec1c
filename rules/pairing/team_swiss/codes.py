"""TRF-2026 record 192 team tournament codes and the configuration each one names.

Grammar: ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`` (two different scores when both
are given). The parts:

* ``TYPEA`` / ``TYPEB``: Type A or Type B colour preferences (C.04.6 Art. 1.7.1, 1.7.2); a code
  with a score part but no type uses no colour preferences ("colour preferences are not to be
  used at all", Art. 1.7);
* the first score is the primary score, a second one is the secondary score used for colour
  allocation (Art. 1.2.1, 4.2.2); one score alone: the secondary score is not used;
* ``BAKU``: Baku acceleration (C.04.7), defined with match points as the primary score only.

The bare ``FIDE_TEAM`` is ``FIDE_TEAM_TYPEA_MP_GP``, the defaults of Art. 1.2.2 and 1.7 (so is
``FIDE_TEAM_BAKU`` with Baku). A code with a type but no score (``FIDE_TEAM_TYPEB``) takes the
default scores of Art. 1.2.2 too: match points primary, game points for colours.
"""

from __future__ import annotations

import re

from rules.pairing.team_swiss.state import (
    GAME_POINTS,
    MATCH_POINTS,
    NO_PREFERENCE,
    TYPE_A,
    TYPE_B,
    TeamConfig,
)

_CODE = re.compile(
    r"FIDE_TEAM(?:_TYPE(?P<type>[AB]))?(?:_(?P<first>MP|GP)(?:_(?P<second>MP|GP))?)?"
    r"(?P<baku>_BAKU)?"
)


def team_codes() -> tuple[str, ...]:
    """Every valid record-192 team Swiss code (Baku only with match points primary)."""
    codes = []
    for kind in ("", "_TYPEA", "_TYPEB"):
        for score in ("", "_MP_GP", "_GP_MP", "_MP", "_GP"):
            for baku in ("", "_BAKU"):
                if not score.startswith("_GP") or not baku:
                    codes.append(f"FIDE_TEAM{kind}{score}{baku}")
    return tuple(codes)


def is_team_code(code: str) -> bool:
    """True when ``code`` is a record-192 team Swiss code (valid or not in its details)."""
    return code.strip().startswith("FIDE_TEAM")


def config_from_code(code: str, **overrides) -> TeamConfig:
    """The :class:`TeamConfig` a record-192 code names; ``overrides`` set the other fields
    (``match_points``, ``boards``, ``pab_match_points``, ``initial_colour``...).

    Raises ``ValueError`` for a code outside the grammar, the same score twice, or Baku with
    game points as the primary score (C.04.7 Art. 1.4.4: "if gamepoints were the primary
    score, the Baku Acceleration could not be used").
    """
    match = _CODE.fullmatch(code.strip())
    if match is None:
        raise ValueError(
            f"192 {code.strip()}: not a team Swiss code (FIDE_TEAM[_TYPEA|_TYPEB]"
            "[_MP|_GP][_GP|_MP][_BAKU])"
        )
    kind, first, second = match["type"], match["first"], match["second"]
    if first is not None and first == second:
        raise ValueError(f"192 {code.strip()}: the secondary score must differ from the primary")
    if first is None:  # FIDE_TEAM, FIDE_TEAM_TYPEx: the defaults of Art. 1.2.2
        first, second = MATCH_POINTS, GAME_POINTS
        kind = kind or "A"
    colour_type = {"A": TYPE_A, "B": TYPE_B, None: NO_PREFERENCE}[kind]
    if match["baku"] and first == GAME_POINTS:
        raise ValueError(
            f"192 {code.strip()}: Baku acceleration needs match points as the primary score "
            "(C.04.7 Art. 1.4.4)"
        )
    return TeamConfig(
        primary=first,
        secondary_for_colour=second is not None,
        colour_type=colour_type,
        baku=bool(match["baku"]),
        **overrides,
    )

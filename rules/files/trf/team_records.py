"""The team records of a TRF-2026 file as plain data (issue 22).

:class:`TeamTrfFile` is what :func:`rules.files.trf.teams.parse_team_trf` returns and
:func:`rules.files.trf.teams.write_team_trf` takes: the member tournament (a
:class:`~rules.files.trf.records.TrfFile` with the ``001`` records, the tournament records
``012``-``222`` including ``152``, ``162`` and ``192``) plus one dataclass per team record.
Every team is named by its team pairing number (TPN, ``1``..``n``); every player by its start
rank in the ``001`` records. Points are :class:`~fractions.Fraction` (exact halves); the writer
also takes ``int`` and ``float``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from rules.files.trf.records import TrfFile

#: Team colour types of record ``192`` (C.04.6 1.7): Type A, Type B or no colour preference.
COLOUR_TYPES = ("A", "B", None)

_TEAM_CODE_RE = re.compile(
    r"^FIDE_TEAM(?:_TYPE(?P<colour>[AB]))?(?:_(?P<scores>MP_GP|GP_MP|MP|GP))?(?P<baku>_BAKU)?$"
)


@dataclass(frozen=True)
class TeamType:
    """A team Swiss tournament type of record ``192`` (TRF-2026 tournament-type code table).

    ``colour`` is ``"A"``, ``"B"`` or ``None`` (no colour preference); ``primary`` is ``"MP"``
    (match points) or ``"GP"`` (game points); ``secondary`` the score used for colours
    (C.04.6 4.2.2) or ``None`` when the code says not to use one; ``baku`` the Baku
    acceleration. ``FIDE_TEAM`` alone is Type A, match points, game points for colours.
    """

    colour: str | None = "A"
    primary: str = "MP"
    secondary: str | None = "GP"
    baku: bool = False

    @property
    def code(self) -> str:
        """The ``192`` code: ``FIDE_TEAM[_TYPEA|_TYPEB]_<primary>[_<secondary>][_BAKU]``."""
        colour = f"_TYPE{self.colour}" if self.colour else ""
        scores = self.primary + (f"_{self.secondary}" if self.secondary else "")
        return f"FIDE_TEAM{colour}_{scores}" + ("_BAKU" if self.baku else "")

    @classmethod
    def from_code(cls, code: str) -> TeamType | None:
        """The type of a ``192`` code, ``None`` when the code is not a FIDE team Swiss code."""
        m = _TEAM_CODE_RE.match(code.strip())
        if m is None:
            return None
        baku = bool(m["baku"])
        if m["colour"] is None and m["scores"] is None:
            return cls(baku=baku)
        scores = (m["scores"] or "MP_GP").split("_")
        return cls(
            colour=m["colour"],
            primary=scores[0],
            secondary=scores[1] if len(scores) > 1 else None,
            baku=baku,
        )

    @classmethod
    def all_types(cls) -> list[TeamType]:
        """Every team Swiss type of the code table: 3 colour types × 4 score orders × Baku."""
        scores = [("MP", "GP"), ("GP", "MP"), ("MP", None), ("GP", None)]
        return [
            cls(colour=c, primary=p, secondary=s, baku=b)
            for b in (False, True)
            for c in COLOUR_TYPES
            for p, s in scores
        ]


@dataclass
class TeamRecord:
    """A team: record ``310`` (or the legacy ``013``, ``legacy=True``, which has only a name
    and the players). ``members`` are the players' start ranks in board order (the first
    ones the regular boards, the rest reserves). ``match_points``, ``game_points`` and
    ``rank`` are informative (``None`` when blank)."""

    tpn: int
    name: str = ""
    members: list[int] = field(default_factory=list)
    nickname: str = ""
    strength: int | None = None
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    rank: int | None = None
    legacy: bool = False
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class LineUp:
    """Record ``300``: the players ``team`` fields against ``opponent`` in ``round_no``, board
    by board; ``None`` is an unoccupied board (``0000``). ``opponent`` is ``None`` when the
    record gives ``000``."""

    round_no: int
    team: int
    opponent: int | None
    players: tuple[int | None, ...]


@dataclass(frozen=True)
class TeamBye:
    """Record ``240`` in a team file: ``kind`` ``F`` (full-point), ``H`` (half-point) or ``Z``
    (zero-point) bye of ``team`` in ``round_no``."""

    kind: str
    round_no: int
    team: int


@dataclass(frozen=True)
class TeamAcceleration:
    """Record ``250`` in a team file: fictitious match and game points for teams
    ``first_team``..``last_team`` in rounds ``first_round``..``last_round``."""

    match_points: Fraction
    game_points: Fraction
    first_round: int
    last_round: int
    first_team: int
    last_team: int


@dataclass(frozen=True)
class TeamForbidden:
    """Record ``260`` in a team file: the teams may not meet in rounds ``first_round``..
    ``last_round``."""

    first_round: int
    last_round: int
    teams: tuple[int, ...]


@dataclass
class TeamPab:
    """Record ``320``: the match and game points of a pairing-allocated bye (``None`` when the
    field is blank: a drawn match, C.04.6 1.4) and the team that had it in each round (index
    0 = round 1; ``None`` for ``000``)."""

    match_points: Fraction | None = None
    game_points: Fraction | None = None
    teams: list[int | None] = field(default_factory=list)


@dataclass(frozen=True)
class TeamForfeit:
    """Record ``330``: a match forfeited as a whole. ``kind`` is ``+-`` (White team wins),
    ``-+`` (Black team wins) or ``--`` (both lose)."""

    kind: str
    round_no: int
    white: int
    black: int


@dataclass(frozen=True)
class AbnormalPoints:
    """Record ``299``: ``kind`` is the assignment type (``W D L F H Z + -`` or ``" "`` for a
    penalty or bonus), the match and game points (``None`` when blank), the round (``None``
    for every round) and the teams (empty: every team)."""

    kind: str
    match_points: Fraction | None
    game_points: Fraction | None
    round_no: int | None
    teams: tuple[int, ...] = ()


@dataclass(frozen=True)
class MatchPointSystem:
    """Record ``362``: match points for a team win, draw and loss (default 2, 1, 0)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)


@dataclass
class TeamTrfFile:
    """A TRF-2026 team tournament.

    ``members`` is the individual side: every ``001`` record, the tournament records (``012``
    … ``222``: ``142`` rounds, ``152`` initial colour, ``162`` the game points of a board,
    ``192`` the type) and any record nobody models (kept verbatim). The team side:
    ``teams`` (``310``/``013``, in TPN order), ``lineups`` (``300``), ``byes`` (``240``),
    ``accelerations`` (``250``), ``forbidden`` (``260``), ``pab`` (``320``), ``forfeits``
    (``330``), ``abnormal`` (``299``), ``board_colours`` (``352``, e.g. ``"WBWB"``) and
    ``match_point_system`` (``362``).
    """

    members: TrfFile = field(default_factory=TrfFile)
    teams: list[TeamRecord] = field(default_factory=list)
    lineups: list[LineUp] = field(default_factory=list)
    byes: list[TeamBye] = field(default_factory=list)
    accelerations: list[TeamAcceleration] = field(default_factory=list)
    forbidden: list[TeamForbidden] = field(default_factory=list)
    pab: TeamPab | None = None
    forfeits: list[TeamForfeit] = field(default_factory=list)
    abnormal: list[AbnormalPoints] = field(default_factory=list)
    board_colours: str | None = None
    match_point_system: MatchPointSystem = field(default_factory=MatchPointSystem)

    @property
    def team_type(self) -> TeamType | None:
        """The type of record ``192`` (``None`` without a FIDE team code; the fork then pairs
        as ``FIDE_TEAM``)."""
        return TeamType.from_code(self.members.headers.get("192", ""))

    def team(self, tpn: int) -> TeamRecord:
        """The team with pairing number ``tpn`` (``KeyError`` if absent)."""
        for t in self.teams:
            if t.tpn == tpn:
                return t
        raise KeyError(tpn)

    def team_of_player(self) -> dict[int, int]:
        """Each rostered player's start rank → the TPN of their team."""
        return {m: t.tpn for t in self.teams for m in t.members}

    def lineup(self, round_no: int, team: int) -> LineUp | None:
        """The ``300`` record of ``team`` in ``round_no``, if any."""
        for lu in self.lineups:
            if lu.round_no == round_no and lu.team == team:
                return lu
        return None

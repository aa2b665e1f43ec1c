"""A team tournament as it stood before a round: what a pairing program is given to pair it.

:func:`team_file_before` cuts a complete (or partly played) :class:`TeamTrfFile` back to the
moment round ``n`` is paired: the board results of rounds ``1..n-1``, the byes and absences
declared for rounds up to ``n`` (a ``240`` for round ``n`` says the team will not be paired),
the line-ups, forfeits and pairing-allocated byes of the earlier rounds. The number of rounds
(``142``), the type, the accelerations and the restrictions stay: they are known in advance.
The team Swiss differential test replays every round this way, and the generator pairs each
round from exactly this cut, so both see the same file.
"""

from __future__ import annotations

import copy
import dataclasses

from rules.files.trf.records import computed_points
from rules.files.trf.team_records import TeamPab, TeamTrfFile


def team_file_before(f: TeamTrfFile, round_no: int) -> TeamTrfFile:
    """``f`` as it stood when round ``round_no`` (1-based) was to be paired."""
    if round_no < 1:
        raise ValueError(f"rounds are numbered from 1, not {round_no}")
    done = round_no - 1
    members = copy.deepcopy(f.members)
    for p in [*members.players, *members.bye_placeholders]:
        p.rounds = p.rounds[:done]
        p.points = float(computed_points(p, members.point_system))
        p.rank = None
    teams = [
        dataclasses.replace(
            t, members=list(t.members), match_points=None, game_points=None, rank=None
        )
        for t in f.teams
    ]
    pab = None
    if f.pab is not None:
        pab = TeamPab(f.pab.match_points, f.pab.game_points, list(f.pab.teams[:done]))
    return dataclasses.replace(
        f,
        members=members,
        teams=teams,
        lineups=[lu for lu in f.lineups if lu.round_no <= done],
        byes=[b for b in f.byes if b.round_no <= round_no],
        accelerations=list(f.accelerations),
        forbidden=list(f.forbidden),
        pab=pab,
        forfeits=[x for x in f.forfeits if x.round_no <= done],
        abnormal=[a for a in f.abnormal if a.round_no is None or a.round_no <= done],
    )


def played_rounds(f: TeamTrfFile) -> int:
    """The last round with a board result, a bye or a PAB in a ``001`` record, or a ``330``."""
    most = max((len(p.rounds) for p in f.members.players), default=0)
    last = next(
        (r for r in range(most, 0, -1) if any(not p.entry(r).is_blank for p in f.members.players)),
        0,
    )
    return max([last] + [x.round_no for x in f.forfeits])

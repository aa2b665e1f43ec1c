"""The writer of TRF-2026 team tournaments: :func:`write_team_trf` (the columns are listed in
:mod:`rules.files.trf.teams`)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from rules.files.text import one_line
from rules.files.trf.team_records import MatchPointSystem, TeamRecord, TeamTrfFile
from rules.files.trf.writer import write_trf


def _pts(value: Fraction | float | int, width: int) -> str:
    """A points value right-aligned in ``width`` columns with one decimal (``11.5``)."""
    value = Fraction(value).limit_denominator(1000)
    if (value * 10).denominator != 1:
        raise ValueError(f"points {float(value)!r} need more than one decimal")
    text = f"{float(value):.1f}"
    if len(text) > width:
        raise ValueError(f"points {text} do not fit {width} columns")
    return text.rjust(width)


def _opt_pts(value: Fraction | float | int | None, width: int) -> str:
    return " " * width if value is None else _pts(value, width)


def write_team_trf(f: TeamTrfFile, *, line_ending: str = "\n") -> str:
    """Write ``f`` as TRF-2026 text: the member file (:func:`~rules.files.trf.write_trf`,
    including ``192``), then ``362``, ``352``, the teams (``310``, or ``013`` for legacy teams),
    ``300``, ``240``, ``250``, ``260``, ``320``, ``330`` and ``299``. The team type may be set
    with ``f.members.headers["192"] = TeamType(...).code``."""
    text = write_trf(f.members, line_ending="\n")
    team_lines = list(_team_lines(f))
    out = text.rstrip("\n").split("\n") + team_lines
    return line_ending.join(out) + line_ending


def _team_lines(f: TeamTrfFile) -> Iterator[str]:
    ms = f.match_point_system
    if ms != MatchPointSystem():
        yield f"362 TW{_pts(ms.win, 4)}   TD{_pts(ms.draw, 4)}   TL{_pts(ms.loss, 4)}"
    if f.board_colours:
        yield f"352 {f.board_colours}"
    for t in sorted(f.teams, key=lambda t: t.tpn):
        yield _team_line(t)
    for lu in f.lineups:
        players = " ".join(f"{p or 0:04d}" for p in lu.players)
        yield f"300 {lu.round_no:3d} {lu.team:3d} {lu.opponent or 0:3d} {players}"
    for b in f.byes:
        yield f"240 {b.kind} {b.round_no:3d} {b.team:4d}"
    for a in f.accelerations:
        yield (
            f"250 {_pts(a.match_points, 4)} {_pts(a.game_points, 4)} {a.first_round:3d} "
            f"{a.last_round:3d} {a.first_team:4d} {a.last_team:4d}"
        )
    for fb in f.forbidden:
        yield f"260 {fb.first_round:3d} {fb.last_round:3d} " + " ".join(f"{t:4d}" for t in fb.teams)
    if f.pab is not None:
        teams = "".join(f" {t or 0:3d}" for t in f.pab.teams)
        points = f"{_opt_pts(f.pab.match_points, 4)} {_opt_pts(f.pab.game_points, 4)}"
        yield f"320 {points}{teams}".rstrip()
    for x in f.forfeits:
        yield f"330 {x.kind} {x.round_no:3d} {x.white:3d} {x.black:3d}"
    for a in f.abnormal:
        teams = "".join(f" {t:4d}" for t in a.teams)
        rnd = f"{a.round_no:3d}" if a.round_no else "   "
        points = f"{_opt_pts(a.match_points, 4)}  {_opt_pts(a.game_points, 4)}"
        yield f"299 {a.kind}  {points}  {rnd}{teams}".rstrip()


def _team_line(t: TeamRecord) -> str:
    name = one_line(t.name)
    members = " ".join(f"{m:4d}" for m in t.members)
    if t.legacy:
        return f"013 {name[:32]:<32}{members}".rstrip()
    strength = "" if t.strength is None else str(t.strength)
    rank = "" if t.rank is None else str(t.rank)
    return (
        f"310 {t.tpn:3d} {name[:32]:<32} {one_line(t.nickname)[:5]:<5} {strength:>6} "
        f"{_opt_pts(t.match_points, 6)} {_opt_pts(t.game_points, 6)} {rank:>3}  {members}"
    )

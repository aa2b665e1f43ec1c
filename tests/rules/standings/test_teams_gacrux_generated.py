"""Differential test: our team tie-breaks against Gacrux on the 336 generated team Swiss events.

The tournaments are ``tests/data/team-swiss/generated/tournaments.tar.xz`` (every ``192`` team
type, 4–30 teams, 2–10 boards, line-ups with reserves and empty boards (``300``), absences,
Baku acceleration, whole-match forfeits, PAB; each round paired by Sharly Chess's fork). Each
``.trf`` is read with the project's team reader (``rules.files.trf.teams.parse_team_trf``) and
turned into a team tournament by ``rules.standings.teams.from_trf.team_tournament_from_trf``.

Gacrux's values are ``tests/data/gacrux-teams/generated.json.xz`` (xz-compressed JSON): Gacrux
(OttoMilvang/TieBreakServer, MIT) 1.9.57 at commit 14a34a2c2f36509b110e4f25d6247f31fc4bf2f5,
run on 2026-12-07 on every stored ``.trf`` with one edit: the ``320`` record's match and game
points, blank in these files, written out as the defaults TRF-2026 gives a blank (a drawn match:
the draw's match points and half the boards' game points, C.04.6 1.4; columns 5-13 become e.g.
`` 1.0  2.0``), because Gacrux reads a blank value as 0 (docs/standings.md, "Teams"). Per case::

    python tiebreakchecker.py -i FILE -s -dT -n K -t PTS:PRIMARY <MAIN codes>
    python tiebreakchecker.py -i FILE -s -dT -n K -t PTS:PRIMARY SSSC:MP SSSC:GP
    python tiebreakchecker.py -i FILE -s -dT -n K -t PTS:PRIMARY DE    # and EDE, TBR, BBE alone

``K`` is the number of rounds the fork paired (a tournament stops at a round the fork refused;
``142`` still gives the planned rounds, so the standings are those after round K), ``PRIMARY``
the ``192`` type's primary score. The exact command lines are stored with each case; a command
Gacrux could not run (``failed``: SSSC when its divisor is 0, that is 2·K < boards) stores no
value and is not compared. Values as in ``test_teams_gacrux.py``.
"""

from __future__ import annotations

import json
import lzma
import tarfile
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache

import pytest

from rules.files.trf.teams import parse_team_trf
from rules.standings.teams import TeamTournament, parse_team_tiebreak, team_tiebreak_values
from rules.standings.teams.from_trf import team_tournament_from_trf
from tests.datafiles import DATA, TEAM_GENERATED

REFERENCE = DATA / "gacrux-teams" / "generated.json.xz"
MAIN = ["BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "SB:MP", "SB:GP", "AOB:MP", "MPTS", "GPTS"]
MAIN += ["MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "KS:MP", "PS:MP", "PS:GP", "WIN:MP"]
MAIN += ["WIN:GP", "WON:GP", "BPG:MP", "BWG:GP", "REP:MP", "STD:MP", "STD:GP", "BC", "TPN"]
ALONE = ["SSSC:MP", "SSSC:GP", "DE", "EDE", "TBR", "BBE"]


@cache
def _reference() -> dict[str, dict]:
    return json.loads(lzma.decompress(REFERENCE.read_bytes()))["cases"]


@cache
def _files() -> dict[str, str]:
    with tarfile.open(TEAM_GENERATED / "tournaments.tar.xz") as archive:
        return {
            m.name: archive.extractfile(m).read().decode("utf-8")  # type: ignore[union-attr]
            for m in archive.getmembers()
            if m.name.endswith(".trf")
        }


def _tournament(name: str) -> TeamTournament:
    return team_tournament_from_trf(parse_team_trf(_files()[name]))


def _value(value, code: str):
    if value is None:
        return None
    value = Fraction(value)
    if parse_team_tiebreak(code).name == "AOB":  # Gacrux prints AOB with two decimals
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        return Fraction(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return value


def disagreements(name: str) -> dict[str, list[str]]:
    case = _reference()[name]
    tournament = _tournament(name)
    assert tournament.primary == case["primary"], name
    report = {}
    for code, column in case["values"].items():
        mine = team_tiebreak_values(tournament, code, after_round=case["after_round"])
        theirs = {n: None if v is None else Fraction(v) for n, v in enumerate(column, 1)}
        wrong = [
            f"{n}: ours {_value(mine[n], code)} Gacrux {theirs[n]}"
            for n in theirs
            if _value(mine[n], code) != theirs[n]
        ]
        if wrong:
            report[code] = wrong[:5]
    return report


NAMES = sorted(_reference())
#: The sample of the normal suite: every twelfth event (28 of 336, every team type).
SAMPLE = NAMES[::12]


@pytest.mark.parametrize("name", SAMPLE)
def test_a_sample_of_generated_team_swiss_events_agrees_with_gacrux(name):
    assert not disagreements(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(NAMES) - set(SAMPLE)))
def test_every_generated_team_swiss_event_agrees_with_gacrux(name):
    assert not disagreements(name)


def test_reference_holds_every_generated_event_and_code():
    assert len(NAMES) == 336
    assert set(NAMES) == set(_files())
    for name, case in _reference().items():
        assert set(case["values"]) | set(case["failed"]) == set(MAIN + ALONE), name
        assert set(case["failed"]) <= {"SSSC:MP", "SSSC:GP"}, name

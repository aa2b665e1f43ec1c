"""Differential test: our team tie-breaks against FIDE's reference checker (Gacrux).

Gacrux is OttoMilvang/TieBreakServer (MIT, Python). It is not run here and none of its code is
committed: its values are stored in ``tests/data/gacrux-teams/teams.json``, produced by Gacrux
1.9.57 at commit 14a34a2c2f36509b110e4f25d6247f31fc4bf2f5 (committed 2026-07-21), run on
2026-12-07 with Python 3.11.

The cases are the 24 seeded team tournaments of ``tests/rules/standings/team_data.py``
(``SPECS``: 10 round robins single and double with 4–10 teams, 14 Swiss with 8–31 teams and a
PAB when the teams present are odd; 2–10 boards, rosters with reserves, board forfeits, whole
match forfeits, absent teams, 2/1/0 and 3/1/0 match points, match- or game-point primary
scores). Each was written by ``team_trf`` as the TRF-2026 team file stored beside the JSON
(``tests/data/gacrux-teams/<case>.trf``) and Gacrux ran, per case (``-s`` for a Swiss, ``-p``
for a round robin; ``PRIMARY`` is ``MP`` or ``GP``)::

    python tiebreakchecker.py -i FILE -s|-p -dT -t PTS:PRIMARY <SWISS or RR codes> <COMMON>
    python tiebreakchecker.py -i FILE -s|-p -dT -t PTS:PRIMARY DE     # and EDE, TBR, BBE alone

(the exact command lines are stored with each case). Its tab-separated table was read as
fractions, ``-0`` and ``None`` as no value; per code a list of values indexed by team number - 1.
DE, EDE, TBR and BBE are run alone so that they split the teams tied on the primary score, as
:func:`team_tiebreak_values` does.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache

import pytest

from rules.standings.teams import parse_team_tiebreak, team_tiebreak_values
from tests.datafiles import DATA
from tests.rules.standings.team_data import SPECS, generated_cases, team_trf

FOLDER = DATA / "gacrux-teams"
REFERENCE = FOLDER / "teams.json"

#: Codes compared on Swiss events only (the Buchholz family is not for round robins).
SWISS = ["BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1", "SB:MP", "SB:GP", "SB:MP/C1"]
SWISS += ["AOB:MP", "AOB:GP"]
RR = ["SB:MP", "SB:GP"]
COMMON = ["MPTS", "GPTS", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "KS:MP", "KS:GP"]
COMMON += ["PS:MP", "PS:GP", "WIN:MP", "WIN:GP", "WON:MP", "WON:GP", "BPG:MP", "BPG:GP"]
COMMON += ["BWG:MP", "BWG:GP", "REP:MP", "REP:GP", "STD:MP", "STD:GP", "BC", "SSSC:MP"]
COMMON += ["SSSC:GP", "TPN"]
GROUPED = ["DE", "EDE", "TBR", "BBE"]


@cache
def _cases() -> dict[str, dict]:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))["cases"]


@cache
def _tournaments():
    return generated_cases()


def gacrux(case: str) -> dict[str, dict[int, Fraction | None]]:
    stored = _cases()[f"{case}.trf"]["values"]
    return {
        code: {n: None if v is None else Fraction(v) for n, v in enumerate(column, 1)}
        for code, column in stored.items()
    }


def _two_decimals(value):
    if value is None:
        return None
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return Fraction(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def ours(case: str, code: str) -> dict[int, Fraction | None]:
    values = team_tiebreak_values(_tournaments()[case], code)
    if parse_team_tiebreak(code).name == "AOB":  # Gacrux prints AOB with two decimals
        return {n: _two_decimals(v) for n, v in values.items()}
    return {n: None if v is None else Fraction(v) for n, v in values.items()}


def disagreements(case: str, codes: list[str]) -> dict[str, list[str]]:
    """Per code that disagrees: the first five teams whose values differ, as text."""
    theirs = gacrux(case)
    report = {}
    for code in codes:
        mine, other = ours(case, code), theirs[code]
        assert mine.keys() == other.keys(), code
        wrong = [f"{n}: ours {mine[n]} Gacrux {other[n]}" for n in mine if mine[n] != other[n]]
        if wrong:
            report[code] = wrong[:5]
    return report


NAMES = [spec.name for spec in SPECS]


@pytest.mark.parametrize("case", NAMES)
def test_team_tiebreaks_agree_with_gacrux(case):
    swiss = not _tournaments()[case].round_robin
    assert not disagreements(case, (SWISS if swiss else RR) + COMMON)


@pytest.mark.parametrize("case", NAMES)
def test_team_tiebreaks_of_tied_groups_agree_with_gacrux(case):
    assert not disagreements(case, GROUPED)


def test_reference_holds_exactly_the_cases_compared():
    assert len(NAMES) == 24
    assert set(_cases()) == {f"{name}.trf" for name in NAMES}
    for name in NAMES:
        swiss = not _tournaments()[name].round_robin
        expected = {*((SWISS if swiss else RR) + COMMON + GROUPED)}
        assert set(_cases()[f"{name}.trf"]["values"]) == expected, name


def test_stored_files_are_what_the_generator_writes():
    # The TRF files Gacrux read are the generated tournaments, byte for byte.
    for name, tournament in _tournaments().items():
        stored = (FOLDER / f"{name}.trf").read_text(encoding="utf-8")
        assert stored == team_trf(tournament, name), name


def test_the_cases_cover_what_the_brief_asks_for():
    tournaments = _tournaments().values()
    assert {t.boards for t in tournaments} == set(range(2, 11))
    kinds = {bye.kind for t in tournaments for bye in t.byes}
    assert kinds == {"PAB", "absent"}
    results = {g.result for t in tournaments for m in t.matches for g in m.games}
    assert {"+-", "-+", "--", "1-0", "0-1", "1/2"} <= results
    whole = [
        m
        for t in tournaments
        for m in t.matches
        if len({g.result for g in m.games}) == 1 and m.games[0].result in {"+-", "-+", "--"}
    ]
    assert len(whole) >= 10

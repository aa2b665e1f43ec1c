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
    python tiebreakchecker.py -i FILE -s|-p -dT -n K -t PTS:PRIMARY <MIDWAY codes>  # K below
    python tiebreakchecker.py -i FILE -s|-p -dT -n K -t PTS:PRIMARY DE  # and EDE alone

(the exact command lines are stored with each case). Its tab-separated table was read as
fractions, ``-0`` and ``None`` as no value; per code a list of values indexed by team number - 1.
A case is keyed ``<case>.trf`` (complete) or ``<case>.trf@K`` (after round K = ⌊rounds/2⌋+1).
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
#: Standings after round ⌊rounds/2⌋+1 (``-n K``; DE and EDE alone as above).
MIDWAY_SWISS = ["BH:MP", "BH:GP", "BH:MP/C1", "SB:GP"]
MIDWAY = ["SB:MP", "EMGSB", "KS:MP", "PS:GP", "WIN:MP", "STD:GP", "BC", "MPVGP"]
MIDWAY_GROUPED = ["DE", "EDE"]


@cache
def _cases() -> dict[str, dict]:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))["cases"]


@cache
def _tournaments():
    return generated_cases()


def case_id(case: str, after_round: int | None = None) -> str:
    return f"{case}.trf" if after_round is None else f"{case}.trf@{after_round}"


def midway(case: str) -> int:
    return _tournaments()[case].rounds // 2 + 1


def gacrux(case: str, after_round: int | None = None) -> dict[str, dict[int, Fraction | None]]:
    stored = _cases()[case_id(case, after_round)]
    assert stored["after_round"] == after_round
    stored = stored["values"]
    return {
        code: {n: None if v is None else Fraction(v) for n, v in enumerate(column, 1)}
        for code, column in stored.items()
    }


def _two_decimals(value):
    if value is None:
        return None
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return Fraction(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def ours(case: str, code: str, after_round: int | None = None) -> dict[int, Fraction | None]:
    values = team_tiebreak_values(_tournaments()[case], code, after_round=after_round)
    if parse_team_tiebreak(code).name == "AOB":  # Gacrux prints AOB with two decimals
        return {n: _two_decimals(v) for n, v in values.items()}
    return {n: None if v is None else Fraction(v) for n, v in values.items()}


def disagreements(
    case: str, codes: list[str], after_round: int | None = None
) -> dict[str, list[str]]:
    """Per code that disagrees: the first five teams whose values differ, as text."""
    theirs = gacrux(case, after_round)
    report = {}
    for code in codes:
        mine, other = ours(case, code, after_round), theirs[code]
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


@pytest.mark.parametrize("case", NAMES)
def test_team_tiebreaks_after_an_earlier_round_agree_with_gacrux(case):
    swiss = not _tournaments()[case].round_robin
    codes = (MIDWAY_SWISS if swiss else []) + MIDWAY + MIDWAY_GROUPED
    assert not disagreements(case, codes, midway(case))


def test_reference_holds_exactly_the_cases_compared():
    assert len(NAMES) == 24
    expected_cases = {case_id(name) for name in NAMES}
    expected_cases |= {case_id(name, midway(name)) for name in NAMES}
    assert set(_cases()) == expected_cases
    for name in NAMES:
        swiss = not _tournaments()[name].round_robin
        complete = {*((SWISS if swiss else RR) + COMMON + GROUPED)}
        assert set(_cases()[case_id(name)]["values"]) == complete, name
        earlier = {*((MIDWAY_SWISS if swiss else []) + MIDWAY + MIDWAY_GROUPED)}
        assert set(_cases()[case_id(name, midway(name))]["values"]) == earlier, name


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

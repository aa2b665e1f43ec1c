"""Differential test: our C.07 tie-breaks against FIDE's reference checker (Gacrux).

Gacrux is OttoMilvang/TieBreakServer (MIT, Python). It is not run here and none of its code is
committed: its values are stored in ``tests/data/gacrux/tiebreaks.json``, produced by Gacrux
1.9.57 at commit 14a34a2c2f36509b110e4f25d6247f31fc4bf2f5 (committed 2026-07-21), run on
2026-12-02 with Python 3.11.

The cases are the 24 bbpPairings-generated Swiss events of ``dutch-2026/`` (some with 3/1/0
scoring), the three real files of ``trf-real/`` and 20 generated Berger round robins
(``random_round_robin`` below, seed ``10 * players + double``). Each tournament was read with
``read_trf`` (or generated) and exported as a TRF of a ``012`` name and ``001`` records, plus
a ``162`` record when the scoring is not 1/½/0; the score went in columns 81-84 and colourless
forfeits (TRF06-era files) got White for the lower pairing number (Gacrux needs a colour to tell
the sides apart; colours of unplayed games change no tie-break). Gacrux then ran, per case::

    python tiebreakchecker.py -i FILE -s -dT -t PTS <CODES> <UNRATED> <EDITION_2024>
    python tiebreakchecker.py -i FILE -s -dT -t PTS DE
    python tiebreakchecker.py -i FILE -s -dT -n K -t PTS <MIDWAY>     # K = rounds // 2 + 1
    python tiebreakchecker.py -i FILE -p -dT -t PTS <RR_CODES without DE>   # round robins
    python tiebreakchecker.py -i FILE -p -dT -t PTS DE                      # round robins

(the exact command lines are stored with each case). Its tab-separated table was read as
fractions, ``-0`` and ``None`` as no value. A case is keyed ``folder/file.trf`` (complete),
``folder/file.trf@K`` (after round K) or ``rr-PLAYERS-DOUBLE``; per code a list of values
indexed by pairing number - 1, as fraction strings or ``null``.

Until ``rules/files/trf.py`` is merged, a small private reader of TRF ``001`` records (and the
``162`` scoring record) lives in ``tests/rules/standings/data.py``.
"""

from __future__ import annotations

import bisect
import json
import random
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from rules.pairing.berger import berger_schedule
from rules.standings import (
    Entry,
    Player,
    Tournament,
    Value,
    parse_tiebreak,
    tiebreak_values,
)
from tests.datafiles import DATA, DUTCH_2026, TRF_REAL
from tests.rules.standings.data import read_trf

FILES = sorted(DUTCH_2026.glob("*.trf")) + sorted(TRF_REAL.glob("*.trf"))
REFERENCE = DATA / "gacrux" / "tiebreaks.json"

#: Every individual tie-break Gacrux computes that we implement (DE is compared on its own, below).
CODES = [
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "FB",
    "SB",
    "SB/C1",
    "AOB",
    "KS",
    "KS/L-1",
    "PS",
    "PS/C1",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "STD",
    "TPN",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "RTNG",
]
#: The same with a rating for unrated players, so that the rating family is compared on the
#: real files too (they contain unrated players).
UNRATED = ["ARO/U1400", "ARO/C1/U1400", "TPR/U1400", "PTP/U1400", "APRO/U1400", "APPO/U1400"]
#: The text applied from 1 August 2024 to 28 February 2026 (no cap on the dummy).
EDITION_2024 = ["BH/V2024", "BH/C1/V2024", "BH/M1/V2024", "FB/V2024", "SB/V2024", "SB/C1/V2024"]
#: Mid-tournament standings ("after round k").
MIDWAY = ["BH", "BH/C1", "BH/M1", "SB", "SB/C1", "AOB", "KS", "PS", "WIN", "REP", "STD", "ARO"]

# --------------------------------------------------------------------------- reference


@cache
def _cases() -> dict[str, dict]:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))["cases"]


def case_id(path: Path, after_round: int | None = None) -> str:
    name = f"{path.parent.name}/{path.name}"
    return name if after_round is None else f"{name}@{after_round}"


def gacrux(case: str, after_round: int | None = None) -> dict[str, dict[int, Value]]:
    """Gacrux's stored values for ``case``: per code, pairing number -> value."""
    stored = _cases()[case]
    assert stored["after_round"] == after_round, case
    return {
        code: {tpn: None if v is None else Fraction(v) for tpn, v in enumerate(column, 1)}
        for code, column in stored["values"].items()
    }


def ours(tournament: Tournament, code: str, after_round: int | None = None) -> dict[int, Value]:
    if code.endswith("/V2024"):  # Gacrux's switch to the 2024-08 rules
        tournament, code = replace(tournament, edition="2024"), code.removesuffix("/V2024")
    values = tiebreak_values(tournament, code, after_round=after_round)
    if parse_tiebreak(code).name == "AOB":  # Gacrux prints AOB with two decimals
        return {
            n: None
            if v is None
            else Fraction(
                (Decimal(v.numerator) / Decimal(v.denominator)).quantize(
                    Decimal("0.01"), rounding=ROUND_HALF_UP
                )
            )
            for n, v in values.items()
        }
    return values


def disagreements(
    tournament: Tournament,
    theirs: dict[str, dict[int, Value]],
    codes: list[str],
    after_round: int | None = None,
) -> dict[str, list[str]]:
    """Per code that disagrees: the first five players whose values differ, as text."""
    report = {}
    for code in codes:
        mine = ours(tournament, code, after_round)
        other = theirs[code]
        assert mine.keys() == other.keys(), code
        wrong = [f"{n}: ours {mine[n]} Gacrux {other[n]}" for n in mine if mine[n] != other[n]]
        if wrong:
            report[code] = wrong[:5]
    return report


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_tiebreaks_agree_with_gacrux(path):
    theirs = gacrux(case_id(path))
    assert not disagreements(read_trf(path), theirs, CODES + UNRATED + EDITION_2024)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_tiebreaks_after_an_earlier_round_agree_with_gacrux(path):
    tournament = read_trf(path)
    after = tournament.rounds // 2 + 1
    assert not disagreements(tournament, gacrux(case_id(path, after), after), MIDWAY, after)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_direct_encounter_agrees_with_gacrux(path):
    assert tiebreak_values(read_trf(path), "DE") == gacrux(case_id(path))["DE"]


# --------------------------------------------------------------------------- round robins

#: Tie-breaks compared on round robins (Art. 15.2 rules; BH only as a check of the mechanics).
RR_CODES = [
    *("BH", "BH/C1", "FB", "AOB", "SB", "SB/C1", "KS", "KS/L-1", "PS", "WIN", "WON", "BPG"),
    *("BWG", "REP", "STD", "TPN", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "DE"),
]


def random_round_robin(players: int, *, double: bool, seed: int) -> Tournament:
    """A Berger round robin with seeded random results, including forfeits."""
    rng = random.Random(seed)
    entries: dict[int, list[Entry]] = {p: [] for p in range(1, players + 1)}
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for round_ in berger_schedule(players, double=double):
        for game in round_.games:
            # 35 % White wins, 30 % Black wins, 28 % draws, 4 % and 3 % forfeits
            result = "10=+-"[bisect.bisect([0.35, 0.65, 0.93, 0.97], rng.random())]
            entries[game.white].append(Entry(game.black, "w", result))
            entries[game.black].append(Entry(game.white, "b", mirror[result]))
        if round_.bye:
            entries[round_.bye].append(Entry(result="Z"))
    field = tuple(
        Player(p, f"Player {p}", rng.randint(1500, 2400), tuple(entries[p])) for p in entries
    )
    return Tournament(field, len(field[0].entries), round_robin=True)


ROUND_ROBINS = [(n, double) for n in range(3, 13) for double in (False, True)]


@pytest.mark.parametrize(("players", "double"), ROUND_ROBINS)
def test_round_robin_tiebreaks_agree_with_gacrux(players, double):
    tournament = random_round_robin(players, double=double, seed=10 * players + double)
    theirs = gacrux(f"rr-{players}-{int(double)}")
    assert not disagreements(tournament, theirs, RR_CODES)


# --------------------------------------------------------------------------- the data


def test_reference_holds_exactly_the_cases_compared():
    expected = {f"rr-{n}-{int(double)}" for n, double in ROUND_ROBINS}
    for path in FILES:
        expected |= {case_id(path), case_id(path, read_trf(path).rounds // 2 + 1)}
    assert len(FILES) == 27
    assert set(_cases()) == expected


def test_reader_reproduces_points_of_the_files():
    # The points printed in columns 81-84 are what our scoring gives.
    for path in FILES:
        tournament = read_trf(path)
        printed = {
            int(line[4:8]): Fraction(line[80:84].strip())
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
            if line.startswith("001")
        }
        scores = tiebreak_values(tournament, "PTS")
        assert scores == printed, path.name

"""Differential test: our C.07 tie-breaks against FIDE's reference checker (Gacrux).

Gacrux is OttoMilvang/TieBreakServer (MIT, Python). It is never committed here: point the
environment variable ``GACRUX_DIR`` at a checkout (the directory holding
``tiebreakchecker.py``) and ``TRF_DATA_DIR`` at the shared test data, then run
``pytest -m slow tests/tournaments/test_standings_gacrux.py``. Without them the tests are
skipped.

The tournaments are the shared test data (24 bbpPairings-generated Swiss events, some with
3/1/0 scoring, in ``dutch-2026/`` and three real TRF files in ``trf-real/``) and generated
Berger round robins. Until ``rules/files/trf.py`` is merged, a small
private reader of TRF ``001`` records (and the ``162`` scoring record) lives in this module.
"""

from __future__ import annotations

import bisect
import os
import random
import subprocess
import sys
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from rules.pairing.berger import berger_schedule
from rules.standings import (
    Entry,
    Player,
    PointSystem,
    Tournament,
    Value,
    parse_tiebreak,
    tiebreak_values,
)

DATA = Path(os.environ.get("TRF_DATA_DIR", "/nonexistent"))
FILES = sorted((DATA / "dutch-2026").glob("*.trf")) + sorted((DATA / "trf-real").glob("*.trf"))
GACRUX = os.environ.get("GACRUX_DIR")
needs_data = pytest.mark.skipif(
    not FILES, reason="set TRF_DATA_DIR to the shared data (dutch-2026/, trf-real/)"
)

#: Every individual tie-break Gacrux computes that we implement (DE is run on its own, below).
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

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not GACRUX or not (Path(GACRUX) / "tiebreakchecker.py").is_file(),
        reason="set GACRUX_DIR to a checkout of OttoMilvang/TieBreakServer to compare with it",
    ),
]


# --------------------------------------------------------------------------- TRF reader


def read_trf(path: Path) -> Tournament:
    """Players and rounds from the ``001`` records; points from ``162`` (else 1 / ½ / 0)."""
    players = []
    win, draw = Fraction(1), Fraction(1, 2)
    rounds_record = 0
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("162"):
            pairs = {line[i]: line[i + 1 : i + 5] for i in range(5, len(line) - 4, 9)}
            win = Fraction(pairs.get("W", "1").strip() or "1")
            draw = Fraction(pairs.get("D", "0.5").strip() or "0.5")
        elif line.startswith(("XXR", "142")):
            rounds_record = int(line[4:].split()[0])
        elif line.startswith("001"):
            entries = []
            k = 0
            while 91 + 10 * k < len(line):
                chunk = line[91 + 10 * k : 99 + 10 * k].ljust(8)
                opponent = int(chunk[0:4]) if chunk[0:4].strip() else 0
                colour = chunk[5].strip() or None
                result = chunk[7].strip() or "Z"
                entries.append(Entry(opponent or None, colour, result))
                k += 1
            rating = line[48:52].strip()
            players.append(
                Player(
                    tpn=int(line[4:8]),
                    name=line[14:47].strip(),
                    rating=int(rating) if rating and int(rating) > 0 else None,
                    entries=tuple(entries),
                )
            )
    rounds = max([rounds_record, *(len(p.entries) for p in players)])
    players = [
        Player(p.tpn, p.name, p.rating, p.entries + (Entry(),) * (rounds - len(p.entries)))
        for p in players
    ]
    return Tournament(tuple(players), rounds, PointSystem(win=win, draw=draw))


def write_trf(tournament: Tournament, path: Path) -> Path:
    """Export ``tournament`` as TRF for Gacrux (``001`` records plus ``162`` when not 1/½/0).

    Forfeits without colours (TRF06-era files) get White for the lower pairing number: Gacrux
    needs a colour to tell the two sides apart, and colours of unplayed games change no
    tie-break.
    """
    ps = tournament.points
    lines = [f"012 {path.stem}"]
    if (ps.win, ps.draw) != (1, Fraction(1, 2)):
        lines.append(f"162  W{float(ps.win):4.1f}    D{float(ps.draw):4.1f}")
    scores = tiebreak_values(tournament, "PTS")
    for p in tournament.players:
        rating = f"{p.rating:4d}" if p.rating else "    "
        head = f"001 {p.tpn:4d}      {p.name[:33]:<33} {rating}"
        line = f"{head:<80}{float(scores[p.tpn]):4.1f}    0"
        for e in p.entries:
            colour = e.colour or ("-" if e.opponent is None else "wb"[p.tpn > e.opponent])
            line += f"  {e.opponent or 0:04d} {colour} {e.result}"
        lines.append(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# --------------------------------------------------------------------------- Gacrux


def gacrux(
    path: Path, codes: list[str], after_round: int | None = None, *, round_robin: bool = False
) -> dict[str, dict[int, Value | str]]:
    """Run ``tiebreakchecker.py`` (Swiss or round-robin rules), read its tab-separated table."""
    rules = "-p" if round_robin else "-s"
    command = [sys.executable, "tiebreakchecker.py", "-i", str(path), rules, "-dT"]
    if after_round is not None:
        command += ["-n", str(after_round)]
    out = subprocess.run(  # noqa: S603 - a fixed interpreter and script, our own arguments
        [*command, "-t", "PTS", *codes],
        cwd=GACRUX,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    lines = [line.split("\t") for line in out.splitlines() if "\t" in line]
    header = lines[0]
    table: dict[str, dict[int, Value | str]] = {code: {} for code in header[3:]}
    for cells in lines[1:]:
        for code, cell in zip(header[3:], cells[3:], strict=True):
            table[code][int(cells[0])] = None if cell in {"-0", "None"} else Fraction(cell)
    return table


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


def compare(
    path: Path, codes: list[str], workdir: Path, after_round: int | None = None
) -> dict[str, tuple[int, int, list[str]]]:
    """Per code: (players agreeing, players, disagreements as text)."""
    tournament = read_trf(path)
    theirs = gacrux(write_trf(tournament, workdir / path.name), codes, after_round)
    report = {}
    for code in codes:
        mine = ours(tournament, code, after_round)
        other = theirs[code.upper()]
        wrong = [f"{n}: ours {mine[n]} Gacrux {other[n]}" for n in mine if mine[n] != other[n]]
        report[code] = (len(mine) - len(wrong), len(mine), wrong)
    return report


@needs_data
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_tiebreaks_agree_with_gacrux(path, tmp_path):
    report = compare(path, CODES + UNRATED + EDITION_2024, tmp_path)
    disagreements = {code: wrong[:5] for code, (_, _, wrong) in report.items() if wrong}
    assert not disagreements


@needs_data
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_tiebreaks_after_an_earlier_round_agree_with_gacrux(path, tmp_path):
    after = read_trf(path).rounds // 2 + 1
    report = compare(path, MIDWAY, tmp_path, after)
    disagreements = {code: wrong[:5] for code, (_, _, wrong) in report.items() if wrong}
    assert not disagreements


@needs_data
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_direct_encounter_agrees_with_gacrux(path, tmp_path):
    tournament = read_trf(path)
    theirs = gacrux(write_trf(tournament, tmp_path / path.name), ["DE"])["DE"]
    assert tiebreak_values(tournament, "DE") == theirs


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
def test_round_robin_tiebreaks_agree_with_gacrux(players, double, tmp_path):
    tournament = random_round_robin(players, double=double, seed=10 * players + double)
    path = write_trf(tournament, tmp_path / f"rr-{players}-{int(double)}.trf")
    theirs = gacrux(path, RR_CODES[:-1], round_robin=True)
    theirs |= gacrux(path, ["DE"], round_robin=True)
    disagreements = {}
    for code in RR_CODES:
        mine = ours(tournament, code)
        wrong = [n for n in mine if mine[n] != theirs[code][n]]
        if wrong:
            disagreements[code] = [(n, mine[n], theirs[code][n]) for n in wrong[:5]]
    assert not disagreements


@needs_data
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

"""The engine against bbpPairings v6.0.0: every round of the shared reference tournaments.

Each round r of a complete tournament is re-paired from rounds 1..r-1 (keeping the requested
byes recorded for round r; for round 1 the initial colour is player 1's colour) and must give
exactly the recorded pairs, colours included, and the same pairing-allocated bye.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rules.files.trf import read_trf
from rules.pairing.cli import format_pairing
from rules.pairing.dutch import pair_round
from rules.pairing.state import BLACK, WHITE
from rules.pairing.trfio import played_rounds, round_pairing, state_for_round
from tests.datafiles import BBP_TESTS, DUTCH_2026

REFERENCE = DUTCH_2026


def _players(path: Path) -> int:
    return int(path.name.split("-")[2].rstrip("p"))


def _reference_files() -> list[Path]:
    return sorted(REFERENCE.glob("*.trf"), key=_players)


def _replay(path: Path) -> list[tuple[int, set, int | None, set, int | None]]:
    """(round, expected pairs, expected bye, our pairs, our bye) for every round of a file."""
    trf = read_trf(path)
    if trf.total_rounds is None:
        trf.total_rounds = trf.rounds_in_file
    first = trf.player(1).entry(1)
    initial = BLACK if first.colour == BLACK else WHITE
    rows = []
    for rnd in range(1, played_rounds(trf) + 1):
        state = state_for_round(trf, rnd)
        if rnd == 1:
            state = dataclasses.replace(state, initial_colour=initial)
        result = pair_round(state)
        assert result.ok, f"{path.name} round {rnd}: {result.message}"
        want_pairs, want_bye = round_pairing(trf, rnd)
        rows.append((rnd, want_pairs, want_bye, set(result.pairs), result.bye))
    return rows


def _params():
    # The whole set takes a few seconds, so no file is marked slow.
    return [pytest.param(path, id=path.stem) for path in _reference_files()]


@pytest.mark.parametrize("path", _params())
def test_reference_tournament_every_round_identical(path: Path) -> None:
    rows = _replay(path)

    wrong = [(rnd, sorted(w ^ g)) for rnd, w, wb, g, gb in rows if w != g or wb != gb]

    assert rows, f"{path.name} has no played round"
    assert wrong == []


def test_reference_data_is_complete() -> None:
    files = _reference_files()

    assert len(files) == 24
    assert sum(played_rounds(read_trf(f)) for f in files) == 180


@pytest.mark.parametrize("case", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_bbp_regression_case_output_identical(case: str) -> None:
    trf = read_trf(BBP_TESTS / f"{case}.trf")
    expected = (BBP_TESTS / f"{case}.expected.txt").read_text().split()

    result = pair_round(state_for_round(trf))

    assert format_pairing(result.pairs, result.bye).split() == expected


def test_c5_case_gives_bye_to_lowest_scorer() -> None:
    result = pair_round(state_for_round(read_trf(BBP_TESTS / "dutch_2025_C5.trf")))

    assert result.pairs == ((1, 5), (3, 2))
    assert result.bye == 6


def test_c9_case_gives_bye_to_player_with_fewest_unplayed_games() -> None:
    result = pair_round(state_for_round(read_trf(BBP_TESTS / "dutch_2025_C9.trf")))

    assert result.pairs == ((2, 1), (3, 5))
    assert result.bye == 4


# -- acceleration and forbidden pairs (expected pairings produced by bbpPairings v6.0.0 on the
#    same inputs: the reference round plus `192 FIDE_DUTCH_2025_BAKU`, or XXA/XXP lines) -------


def _state(name: str, rnd: int, **changes):
    trf = read_trf(REFERENCE / name)
    if trf.total_rounds is None:
        trf.total_rounds = trf.rounds_in_file
    state = state_for_round(trf, rnd)
    acc = changes.pop("acceleration", None)
    if acc:
        players = tuple(
            dataclasses.replace(p, acceleration=acc.get(p.tpn, ())) for p in state.players
        )
        state = dataclasses.replace(state, players=players)
    return dataclasses.replace(state, **changes)


def test_baku_acceleration_16_players_round_3() -> None:
    result = pair_round(_state("rtg-1000-16p-5r.trf", 3, baku=True))

    assert result.pairs == (
        (3, 1), (2, 5), (4, 7), (6, 8), (11, 13), (16, 12), (10, 9), (15, 14),
    )  # fmt: skip


def test_baku_acceleration_36_players_round_2() -> None:
    result = pair_round(_state("rtg-1010-36p-5r.trf", 2, baku=True))

    assert result.pairs[:9] == (
        (36, 1), (2, 11), (10, 3), (4, 13), (12, 5), (6, 15), (14, 7), (8, 17), (16, 9),
    )  # fmt: skip
    assert result.bye is None


def test_acceleration_and_forbidden_pairs_16_players_round_3() -> None:
    accel = dict.fromkeys(range(9, 13), (0.0, 1.0, 1.0))
    forbidden = frozenset({frozenset((3, 1)), frozenset((2, 5))})

    result = pair_round(
        _state("rtg-1000-16p-5r.trf", 3, acceleration=accel, forbidden_pairs=forbidden)
    )

    assert result.pairs == (
        (11, 1), (12, 3), (4, 7), (2, 9), (10, 5), (16, 6), (8, 13), (15, 14),
    )  # fmt: skip


def test_cli_check_mode_finds_no_discrepancy(capsys: pytest.CaptureFixture[str]) -> None:
    from rules.pairing.cli import main

    code = main(["--dutch", str(REFERENCE / "rtg-1008-11p-4r.trf"), "-c"])

    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out == [f"Round #{r}: no discrepancies" for r in range(1, 5)]

"""The Swiss crosstable of a real tournament equals the TRF's own grid.

``tests/data/trf-real/example1.trf`` (FIDE's example: 9. Karl-Mala-Gedenkturnier, 7 rounds)
is imported through the one TRF import action; its public crosstable must show, for every
player and every round, the opponent's start number, the colour and the result the file
records (byes and absences as the file's normalised codes)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.trf_import import import_trf
from core.roles import SYSTEM
from rules.files.trf import parse_trf
from rules.files.trf.records import normalized_entry
from tests.datafiles import TRF_REAL
from tests.helpers import body_rows

pytestmark = pytest.mark.django_db

SCORES = {"1": "1", "=": "½", "0": "0", "W": "1", "D": "½", "L": "0", "+": "+", "-": "−",
          "H": "½", "F": "1", "U": "1", "Z": "0"}  # fmt: skip


def grid_text(entry) -> str:
    """A TRF round column as the crosstable prints it: "12w1", "– 1" for a bye."""
    entry = normalized_entry(entry)
    if entry.opponent is None:
        return f"– {SCORES[entry.result]}"
    colour = entry.colour if entry.colour in ("w", "b") else ""
    return f"{entry.opponent}{colour}{SCORES[entry.result]}"


@pytest.fixture
def imported():
    text = (TRF_REAL / "example1.trf").read_text(encoding="utf-8")
    report = import_trf(text=text, actor=SYSTEM)
    assert report.errors == []
    return report.tournament, parse_trf(text)


def test_swiss_crosstable_equals_the_trf_grid_for_every_player(client, imported):
    tournament, trf = imported
    rounds = max(len(p.rounds) for p in trf.players)

    response = client.get(reverse("tournaments:crosstable", args=[tournament.slug]))

    assert response.status_code == 200
    assert response.context["after_round"] == rounds
    by_tpn = {row[1]: row for row in body_rows(response.content)}
    expected = {
        str(p.tpn): [grid_text(p.entry(n)) for n in range(1, rounds + 1)] for p in trf.players
    }
    assert len(by_tpn) == len(trf.players)
    assert {tpn: row[5 : 5 + rounds] for tpn, row in by_tpn.items()} == expected


def test_swiss_crosstable_cells_hold_the_trf_codes(client, imported):
    tournament, trf = imported
    response = client.get(reverse("tournaments:crosstable", args=[tournament.slug]))
    rows = {row["tpn"]: row for row in response.context["table"].data.data}

    for record in trf.players:
        for number, entry in enumerate(record.rounds, start=1):
            entry = normalized_entry(entry)
            cell = rows[record.tpn][f"r{number}"]
            colour = entry.colour if entry.colour in ("w", "b") else None
            assert (cell.opponent, cell.colour, cell.result) == (
                entry.opponent,
                colour,
                entry.result,
            ), (record.tpn, number)

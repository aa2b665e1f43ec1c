"""The files we write keep one record per line whatever people type (issue 15, defect 8)."""

from __future__ import annotations

import pytest

from actions.trf_import import import_trf
from backoffice.files.trf import export_trf
from core.roles import SYSTEM
from players.models import Player
from rules.files import trf
from tests.trf_samples import SMALL

pytestmark = pytest.mark.django_db

FORGED = "Evil\n001    9 m    Forged, Player                    2900"


def test_a_name_with_a_newline_exports_one_001_line_per_player():
    tournament = import_trf(text=SMALL, actor=SYSTEM).tournament
    Player.objects.filter(last_name="Alpha").update(last_name=FORGED, first_name="A\r\nB")
    tournament.name = "Club\n001    8 m    Header, Forged"
    tournament.city = "Town\x85XXR 99"
    tournament.save()

    text = export_trf(tournament=tournament)

    assert [line[:8] for line in text.splitlines() if line.startswith("001")] == [
        "001    1",
        "001    2",
        "001    3",
    ]
    assert not any(line.startswith("XXR 99") for line in text.splitlines())
    parsed = trf.parse_trf(text)
    assert [p.tpn for p in parsed.players] == [1, 2, 3]
    assert parsed.players[0].name.startswith("Evil 001 9 m Forged")

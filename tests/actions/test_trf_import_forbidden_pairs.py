"""Forbidden pairs in TRF: written as ``260`` (and ``XXP``), read back, reach the engine."""

from __future__ import annotations

import pytest

from actions.byes import add_forbidden_pair
from actions.trf_import import import_trf
from backoffice.files.trf import export_trf
from core.roles import SYSTEM
from tests.factories import make_player, make_tournament, register
from tournaments.models import ForbiddenPair, Registration, Tournament
from tournaments.queries.pairing import pairing_state

pytestmark = pytest.mark.django_db

HEADER = """\
012 Family Open
042 2026/03/01
052 2026/03/02
142 3
001    1 m    Alpha, Ann                        2000                             0.0    1
001    2 m    Beta, Bob                         1900                             0.0    1
"""


def _tpn_pairs(tournament: Tournament) -> set[frozenset[int]]:
    tpn = {
        r.player_id: r.pairing_number for r in Registration.objects.filter(tournament=tournament)
    }
    return {
        frozenset((tpn[a], tpn[b]))
        for a, b in ForbiddenPair.objects.filter(tournament=tournament).values_list(
            "player_a_id", "player_b_id"
        )
    }


@pytest.fixture
def family() -> Tournament:
    tournament = make_tournament("Family Open", rounds_planned=5)
    players = [make_player(name) for name in ("Alpha", "Beta", "Gamma", "Delta")]
    register(tournament, *players)
    # Given in the "wrong" order on purpose: the file lists each pair by start rank.
    add_forbidden_pair(
        tournament=tournament, player_a=players[2], player_b=players[0], actor=SYSTEM
    )
    add_forbidden_pair(
        tournament=tournament, player_a=players[3], player_b=players[1], actor=SYSTEM
    )
    return tournament


def test_export_writes_forbidden_pairs_as_260_over_all_rounds_and_as_xxp(family):
    lines = export_trf(tournament=family).splitlines()

    forbidden = [line for line in lines if line.startswith(("260", "XXP"))]
    assert forbidden == [
        "260   1   5    1    3",
        "260   1   5    2    4",
        "XXP 1 3",
        "XXP 2 4",
    ]


def test_import_recreates_the_pairs_and_round_trips_byte_identically(family):
    first = export_trf(tournament=family)

    report = import_trf(text=first, actor=SYSTEM)

    assert report.errors == []
    assert report.warnings == []
    imported = report.tournament
    assert ForbiddenPair.objects.filter(tournament=imported).count() == 2
    assert _tpn_pairs(imported) == {frozenset((1, 3)), frozenset((2, 4))}
    assert export_trf(tournament=imported) == first
    state = pairing_state(imported, 1)
    assert state.forbidden_pairs == frozenset({frozenset((1, 3)), frozenset((2, 4))})


def test_import_of_a_260_group_and_a_round_range_forbids_every_pair_with_a_warning():
    text = HEADER + (
        "001    3 m    Gamma, Gil                        1800                             0.0    1\n"  # noqa: E501
        "260   2   3    1    2    3\n"
    )

    report = import_trf(text=text, actor=SYSTEM)

    assert report.errors == []
    assert [(w.line, w.column) for w in report.warnings] == [(8, 5)]
    assert _tpn_pairs(report.tournament) == {
        frozenset((1, 2)),
        frozenset((1, 3)),
        frozenset((2, 3)),
    }


def test_a_pair_naming_an_unknown_start_rank_is_reported_and_nothing_is_written():
    before = (Tournament.objects.count(), ForbiddenPair.objects.count())

    report = import_trf(text=HEADER + "260   1   3    1    9\n", actor=SYSTEM)

    assert [(p.line, p.column) for p in report.errors] == [(7, 18)]
    assert "9" in report.errors[0].reason
    assert report.tournament is None
    assert (Tournament.objects.count(), ForbiddenPair.objects.count()) == before


def test_a_pair_naming_a_bye_placeholder_is_reported_and_nothing_is_written():
    placeholder = "001    3      spielfrei" + " " * 58 + "0.0    3\n"
    before = (Tournament.objects.count(), ForbiddenPair.objects.count())

    report = import_trf(text=HEADER + placeholder + "XXP 1  3\n", actor=SYSTEM)

    assert [(p.line, p.column) for p in report.errors] == [(8, 8)]
    assert report.tournament is None
    assert (Tournament.objects.count(), ForbiddenPair.objects.count()) == before

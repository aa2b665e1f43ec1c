"""TRF import: the FIDE sample file, player matching, bad files, the round trip."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from actions.trf_import import import_trf
from backoffice.files.trf import export_trf, ranking
from core.roles import SYSTEM
from players.models import Player
from rules.files import trf
from tests.datafiles import DATA
from tests.factories import make_player
from tests.helpers import counts
from tests.trf_samples import SMALL
from tournaments.models import Game, Registration, RequestedBye

pytestmark = pytest.mark.django_db


#: The tie-breaks of example1.trf's rank column, with standings edition "2005" (docs/trf.md).
EXAMPLE1_TIEBREAKS = "BH SB WIN TPN"


def shared(name: str) -> Path:
    return DATA / name


@pytest.fixture
def example1() -> str:
    return shared("trf-real/example1.trf").read_text(encoding="utf-8")


def test_import_example1_reproduces_points_withdrawals_and_byes(example1):
    parsed = trf.parse_trf(example1)

    report = import_trf(text=example1, actor=SYSTEM)

    assert report.errors == []
    t = report.tournament
    assert (report.players_created, report.rounds, t.rounds_planned) == (283, 7, 7)
    assert (t.name, t.start_date) == ("9. Karl-Mala-Gedenkturnier", datetime.date(2005, 7, 28))
    withdrawn = Registration.objects.filter(tournament=t, withdrawn_after_round__isnull=False)
    assert sorted(r.pairing_number for r in withdrawn) == [13, 27, 121, 126, 156, 179, 180]
    bye = Game.objects.get(round__tournament=t, round__number=5, black=None)
    assert (bye.white.last_name, bye.result) == ("Schirrmacher", "U")
    vasquez = Player.objects.get(fide_id=3400042)
    assert (vasquez.last_name, vasquez.first_name, vasquez.title) == ("Vasquez", "Rodrigo", "GM")
    assert vasquez.birth_date == datetime.date(1969, 12, 6)
    exported = trf.parse_trf(export_trf(tournament=t))
    assert {p.tpn: p.points for p in exported.players} == {p.tpn: p.points for p in parsed.players}


def test_import_example1_ranking_reproduces_the_files_rank_column(example1):
    # The rank column of example1.trf (a 2005 Swiss program) ranks by points, Buchholz,
    # Sonneborn-Berger, wins and start number with the 2005 treatment of unplayed games
    # (standings edition "2005", docs/standings.md). The 7 players who withdrew have rank 0
    # and are left out; every other player gets exactly the file's rank.
    parsed = trf.parse_trf(example1)
    ranked = [p for p in parsed.players if p.rank]

    everyone = ranking(
        parsed.players, parsed.point_system, EXAMPLE1_TIEBREAKS, rounds=7, edition="2005"
    )

    places = {p.tpn: 1 + sum(everyone[q.tpn] < everyone[p.tpn] for q in ranked) for p in ranked}
    assert len(ranked) == 276
    assert places == {p.tpn: p.rank for p in ranked}
    top = sorted(ranked, key=lambda p: places[p.tpn])[:8]
    assert [p.tpn for p in top] == [5, 31, 3, 1, 9, 6, 8, 25]


def test_import_example1_ranking_differs_under_todays_rules(example1):
    # The same tie-breaks under C.07 (2026) do not give the file's rank column: the 2005
    # treatment of forfeits and byes is what makes the difference.
    parsed = trf.parse_trf(example1)
    ranked = [p for p in parsed.players if p.rank]

    everyone = ranking(parsed.players, parsed.point_system, EXAMPLE1_TIEBREAKS, rounds=7)

    places = {p.tpn: 1 + sum(everyone[q.tpn] < everyone[p.tpn] for q in ranked) for p in ranked}
    assert sum(places[p.tpn] == p.rank for p in ranked) < len(ranked)


def test_import_matches_players_by_fide_id_then_name_and_birth_year():
    by_id = make_player("Someone", "Else", fide_id=1234567)
    by_name = make_player("Beta", "Bea", sex="f", birth_date=datetime.date(1985, 7, 7))
    make_player("Gamma", "Gil", birth_date=datetime.date(1970, 1, 1))  # other birth year

    report = import_trf(text=SMALL, actor=SYSTEM)

    regs = {
        r.pairing_number: r.player
        for r in Registration.objects.filter(tournament=report.tournament)
    }
    assert (regs[1], regs[2]) == (by_id, by_name)
    assert (regs[3].last_name, regs[3].birth_date) == ("Gamma", None)
    assert (report.players_matched, report.players_created) == (2, 1)


def test_import_keeps_next_round_byes_as_requests_and_round_trips():
    report = import_trf(text=SMALL, actor=SYSTEM)

    t = report.tournament
    assert [r.number for r in t.rounds.all()] == [1]
    assert [
        (b.registration.pairing_number, b.round_number, b.kind)
        for b in RequestedBye.objects.filter(registration__tournament=t)
    ] == [(3, 2, "H")]
    text = export_trf(tournament=t)
    again = import_trf(text=text, actor=SYSTEM)
    assert export_trf(tournament=again.tournament) == text
    assert "240 H   2    3" in text.splitlines()


def test_import_round_trip_is_byte_identical_for_our_own_files(example1):
    first = export_trf(tournament=import_trf(text=example1, actor=SYSTEM).tournament)

    second = export_trf(tournament=import_trf(text=first, actor=SYSTEM).tournament)

    assert second == first
    lines = first.splitlines()
    assert {"142 7", "XXR 7", "152 W", "XXC white1"} <= set(lines)


def test_import_of_a_bad_file_reports_every_problem_and_writes_nothing():
    bad = SMALL.replace("2000 ENG", "2x00 ENG").replace("0000 - H\n001    3", "0000 - Q\n001    3")
    bad = bad.replace("001    3 m", "001    x m")
    before = counts()

    report = import_trf(text=bad, actor=SYSTEM)

    assert [(p.line, p.column) for p in report.errors] == [(5, 49), (6, 99), (7, 5)]
    assert "rating" in report.errors[0].reason
    assert report.tournament is None
    assert counts() == before


def test_import_refuses_a_player_listed_twice_and_writes_nothing():
    twice = SMALL.replace(
        "Gamma, Gil                        1800", "Alpha, Ann                        1800"
    )
    twice = twice.replace(
        "001    3 m    Alpha, Ann                        1800                ",
        "001    3 m    Alpha, Ann                        1800 ENG     1234567",
    )
    before = counts()

    report = import_trf(text=twice, actor=SYSTEM)

    assert [(p.line, p.column) for p in report.errors] == [(7, 15)]
    assert counts() == before


def test_import_of_a_windows_1252_file_reads_its_accents():
    # Older programs write TRFs in Windows-1252: the import reads them like the reader does
    # (issue: refused outright before), so "B\xe9ta" is the player Béta.
    import io

    report = import_trf(
        file=io.BytesIO(SMALL.encode("utf-8").replace(b"Beta", b"B\xe9ta")), actor=SYSTEM
    )

    assert report.errors == []
    names = sorted(report.tournament.registrations.values_list("player__last_name", flat=True))
    assert "Béta" in names


@pytest.mark.parametrize("name", ["rtg-1002-37p-7r.trf", "rtg-1008-11p-4r.trf"])
def test_import_of_a_dutch_file_keeps_points_and_round_trips(name):
    text = shared(f"dutch-2026/{name}").read_text(encoding="utf-8")
    parsed = trf.parse_trf(text)

    first = export_trf(tournament=import_trf(text=text, actor=SYSTEM).tournament)
    second = export_trf(tournament=import_trf(text=first, actor=SYSTEM).tournament)

    assert second == first
    exported = trf.parse_trf(first)
    assert [(p.tpn, p.points, p.rounds) for p in exported.players] == [
        (p.tpn, p.points, p.rounds) for p in parsed.players
    ]
    assert exported.point_system == parsed.point_system

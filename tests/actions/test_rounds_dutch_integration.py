"""Drive the dutch-2026 tournaments through our services, round by round.

Each file of ``tests/data/dutch-2026`` is a complete Swiss paired by bbpPairings v6.0.0. From
its players (rating, TPN, point system) we build a tournament with ``register_player``; then for
every round we request the byes and withdrawals the file shows for that round
(``request_bye``, ``withdraw_player``), call ``pair_next_round`` and compare its pairs, its
pairing-allocated bye and its H/Z byes with the file's round, publish the round and enter the
file's results with ``record_result``. The engine is checked on its own in ``tests/pairing``;
this checks the integration: byes, late entries, withdrawals, colours and scores from the
database. At the end our TRF export must give every player the file's points and round
columns. A late entry (a record whose first rounds are blank) is registered just before its
first round; a record that stops early is withdrawn after its last round.

Three small files run in the normal suite; all 24 are marked ``slow``.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction

import pytest

from actions.byes import request_bye
from actions.registrations import register_player, withdraw_player
from actions.results import record_result
from actions.rounds import pair_next_round, publish_round
from backoffice.files.trf import export_trf
from core.roles import SYSTEM
from players.models import Player
from rules.files import trf
from rules.pairing.trfio import round_pairing
from tests.datafiles import DUTCH_2026 as DATA
from tournaments.enums import PairingSystem
from tournaments.models import Game, Registration, Tournament

pytestmark = pytest.mark.django_db


SMALL_FILES = ["rtg-1008-11p-4r.trf", "rtg-1016-10p-4r.trf", "rtg-1001-23p-7r.trf"]
ALL_FILES = sorted(p.name for p in DATA.glob("*.trf"))
_RESULT = {
    ("1", "0"): "10",
    ("=", "="): "==",
    ("0", "1"): "01",
    ("+", "-"): "+-",
    ("-", "+"): "-+",
    ("-", "-"): "--",
    ("W", "L"): "WL",
    ("D", "D"): "DD",
    ("L", "W"): "LW",
}


def load(name: str) -> trf.TrfFile:
    return trf.read_trf(DATA / name)


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def make_tournament(parsed: trf.TrfFile) -> Tournament:
    ps = parsed.point_system
    first = parsed.player(1).entry(1)
    colour = first.colour if first.colour in ("w", "b") else "w"
    return Tournament.objects.create(
        name=parsed.name,
        slug=parsed.name.lower().replace(" ", "-"),
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 9),
        rounds_planned=parsed.rounds_in_file,
        pairing_system=PairingSystem.SWISS_DUTCH,
        points_win=_decimal(ps.win),
        points_draw=_decimal(ps.draw),
        points_loss=_decimal(ps.loss),
        points_forfeit_win=_decimal(ps.forfeit_win),
        points_pab=_decimal(ps.pab),
        points_half_bye=_decimal(ps.half_bye),
        initial_colour=colour,
    )


def first_round(record: trf.PlayerRecord) -> int:
    """The first round with anything in the record's column (later for a late entry)."""
    for number, entry in enumerate(record.rounds, start=1):
        if not entry.is_blank:
            return number
    return len(record.rounds) + 1


def drive(parsed: trf.TrfFile) -> int:
    """Play the file through the services; return the number of rounds checked."""
    t = make_tournament(parsed)
    players = {p.tpn: Player(last_name=p.name, sex="m") for p in parsed.players}
    Player.objects.bulk_create(players.values())
    regs: dict[int, Registration] = {}
    by_player = {players[tpn].pk: tpn for tpn in players}
    rounds = parsed.rounds_in_file
    for number in range(1, rounds + 1):
        for p in parsed.players:
            if p.tpn not in regs and first_round(p) == number:
                regs[p.tpn] = register_player(
                    tournament=t,
                    player=players[p.tpn],
                    pairing_number=p.tpn,
                    rating_at_start=p.rating or None,
                    actor=SYSTEM,
                )
        for p in parsed.players:
            reg = regs.get(p.tpn)
            if reg is None or reg.withdrawn_after_round is not None:
                continue
            entry = p.entry(number)
            if entry.is_blank and all(p.entry(n).is_blank for n in range(number, rounds + 1)):
                regs[p.tpn] = withdraw_player(
                    registration=reg, after_round=number - 1, actor=SYSTEM
                )
            elif entry.opponent is None and entry.result in ("H", "Z"):
                request_bye(registration=reg, round_number=number, kind=entry.result, actor=SYSTEM)

        rnd = pair_next_round(tournament=t, actor=SYSTEM)

        games = list(Game.objects.filter(round=rnd).order_by("board"))
        pairs = {(by_player[g.white_id], by_player[g.black_id]) for g in games if g.black_id}
        byes = {by_player[g.white_id]: g.result for g in games if g.black_id is None}
        want_pairs, want_bye = round_pairing(parsed, number)
        want_byes = {
            p.tpn: p.entry(number).result
            for p in parsed.players
            if p.tpn in regs and p.entry(number).opponent is None
        }
        want_byes = {tpn: "Z" if code == " " else code for tpn, code in want_byes.items()}
        assert (number, pairs) == (number, want_pairs)
        assert (number, byes) == (number, want_byes)
        assert want_bye is None or byes[want_bye] == "U"

        publish_round(round=rnd, actor=SYSTEM)
        for g in games:
            if g.black_id is None:
                continue
            white = parsed.player(by_player[g.white_id]).entry(number).result
            black = parsed.player(by_player[g.black_id]).entry(number).result
            record_result(game=g, result=_RESULT[(white, black)], actor=SYSTEM)

    exported = trf.parse_trf(export_trf(tournament=t))
    assert [(p.tpn, p.points, p.rounds) for p in exported.players] == [
        (p.tpn, p.points, p.rounds) for p in sorted(parsed.players, key=lambda q: q.tpn)
    ]
    return rounds


@pytest.mark.parametrize("name", SMALL_FILES)
def test_dutch_file_through_the_services_reproduces_every_round(name):
    parsed = load(name)

    assert drive(parsed) == parsed.rounds_in_file


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL_FILES)
def test_every_dutch_file_through_the_services_reproduces_every_round(name):
    parsed = load(name)

    assert drive(parsed) == parsed.rounds_in_file

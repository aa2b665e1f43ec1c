"""The EGD ``.h9`` and FESA ``turnering.txt`` of the demo's go and shogi tournaments carry
the ISO 3166 two-letter country of each player's federation, and read back with the
project's own readers."""

from __future__ import annotations

import datetime

import pytest

from backoffice.files.results import export_h9, export_turnering
from backoffice.seed.data import CLUBS, NAMES
from backoffice.seed.go_shogi import seed_go_and_shogi
from players.models import Player
from rules.countries import iso2
from rules.files.h9 import parse_h9
from rules.files.turnering import parse_turnering
from tournaments.models import Tournament

# ISO 3166-1 alpha-2 of the demo's federations (the standard's own codes, written out here
# so that the table is checked against them, not against itself).
ISO_3166 = {
    "ENG": "GB",  # United Kingdom of Great Britain and Northern Ireland
    "SCO": "GB",
    "WLS": "GB",
    "FRA": "FR",
    "IRL": "IE",
    "GER": "DE",
    "NED": "NL",
    "ESP": "ES",
    "UKR": "UA",
    "IND": "IN",
}


def test_every_demo_federation_has_its_standard_code():
    demo = set(NAMES) | {club[3] for club in CLUBS} | {"ENG", "NED"}  # + go and shogi clubs

    assert {code: iso2(code) for code in sorted(demo)} == {
        code: ISO_3166[code] for code in sorted(demo)
    }


@pytest.mark.django_db
def test_demo_go_and_shogi_files_carry_the_players_countries():
    seed_go_and_shogi(seed=7, first_day=datetime.date(2026, 1, 1), months=4)
    federation = {p.name: p.federation for p in Player.objects.all()}
    checked = {"h9": 0, "turnering": 0}

    for tournament in Tournament.objects.filter(rating_list__slug="go-egf"):
        parsed = parse_h9(export_h9(tournament=tournament))
        assert parsed.country == "GB"  # the Four Stones Go Club is English
        for player in parsed.players:
            name = f"{player.last_name}, {player.first_name}".replace("_", " ")
            assert player.country == ISO_3166[federation[name]], name
            checked["h9"] += 1
    for tournament in Tournament.objects.filter(rating_list__slug="shogi-fesa"):
        parsed = parse_turnering(export_turnering(tournament=tournament))
        assert parsed.country == "NL"  # the Keima Shogi Circle is Dutch
        for player in parsed.players:
            name = f"{player.last_name}, {player.first_name}"
            assert player.nationality == ISO_3166[federation[name]], name
            checked["turnering"] += 1

    assert checked["h9"] > 0 and checked["turnering"] > 0

"""§1.4.3d: the large Swiss exempt from the federation requirements."""

from rules.norms.exemptions import Participant, large_swiss
from rules.norms.fide import EventKind


def field(foreign: int, titled: int, federations=("GER", "FRA", "ESP")) -> list[Participant]:
    players = [
        Participant(federations[i % len(federations)], True, "IM" if i < titled else "FM")
        for i in range(foreign)
    ]
    players += [Participant("ENG", True, "GM") for _ in range(30)]  # the host's: not counted
    return players


def test_twenty_foreign_rated_players_of_three_federations_ten_titled():
    check = large_swiss(EventKind.SWISS, "ENG", field(20, 10))

    assert (check.foreign_players, check.federations, check.titled, check.met) == (
        20,
        3,
        10,
        True,
    )


def test_just_below_each_count():
    assert not large_swiss(EventKind.SWISS, "ENG", field(19, 10)).met
    assert not large_swiss(EventKind.SWISS, "ENG", field(20, 9)).met
    assert not large_swiss(EventKind.SWISS, "ENG", field(20, 10, ("GER", "FRA"))).met
    assert not large_swiss(EventKind.ROUND_ROBIN, "ENG", field(20, 10)).met


def test_players_missing_two_rounds_unrated_or_fid_are_not_counted():
    players = field(20, 10)
    players[0] = Participant("GER", True, "IM", rounds_missed=2)
    assert large_swiss(EventKind.SWISS, "ENG", players).foreign_players == 19
    players[0] = Participant("GER", False, "IM")
    assert large_swiss(EventKind.SWISS, "ENG", players).foreign_players == 19
    players[0] = Participant("FID", True, "IM")
    assert large_swiss(EventKind.SWISS, "ENG", players).foreign_players == 19
    players[0] = Participant("GER", True, "IM", rounds_missed=1)
    assert large_swiss(EventKind.SWISS, "ENG", players).met

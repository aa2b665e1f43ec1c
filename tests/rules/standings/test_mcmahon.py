"""McMahon standings (pure): MMS = initial score + points, SOS, SODOS, SOSOS worked by hand."""

from __future__ import annotations

from fractions import Fraction

from rules.standings import PRESETS, Entry, Player, Tournament, standings, tiebreak_values

# A 2d, B 2d, C 1k, D 2k, E 2k with the top bar at 1d: initial 30 30 29 28 28.
# R1: A-B 1-0, C-D 1-0, E bye (U, 1 point). R2: A-C 1-0, B-D 1-0, E absent (Z).
EVENT = Tournament(
    rounds=2,
    players=(
        Player(
            1, "A", entries=(Entry(2, "w", "1"), Entry(3, "w", "1")), initial_score=Fraction(30)
        ),
        Player(
            2, "B", entries=(Entry(1, "b", "0"), Entry(4, "w", "1")), initial_score=Fraction(30)
        ),
        Player(
            3, "C", entries=(Entry(4, "w", "1"), Entry(1, "b", "0")), initial_score=Fraction(29)
        ),
        Player(
            4, "D", entries=(Entry(3, "b", "0"), Entry(2, "b", "0")), initial_score=Fraction(28)
        ),
        Player(5, "E", entries=(Entry(result="U"), Entry(result="Z")), initial_score=Fraction(28)),
    ),
)


def test_mcmahon_tiebreaks_by_hand():
    # Final MMS: A 32, B 31, C 30, D 28, E 29.
    assert tiebreak_values(EVENT, "MMS") == {1: 32, 2: 31, 3: 30, 4: 28, 5: 29}
    # SOS: A = B + C = 61; B = A + D = 60; C = D + A = 60; D = C + B = 61;
    # E has no game: its own MMS for each round = 58.
    assert tiebreak_values(EVENT, "SOS") == {1: 61, 2: 60, 3: 60, 4: 61, 5: 58}
    # SODOS: A beat B and C = 61; B and C beat D = 28; D and E beat nobody.
    assert tiebreak_values(EVENT, "SODOS") == {1: 61, 2: 28, 3: 28, 4: 0, 5: 0}
    # SOSOS: A = SOS(B) + SOS(C) = 120; B = SOS(A) + SOS(D) = 122; C = SOS(D) + SOS(A) = 122;
    # D = SOS(C) + SOS(B) = 120; E = own SOS twice = 116.
    assert tiebreak_values(EVENT, "SOSOS") == {1: 120, 2: 122, 3: 122, 4: 120, 5: 116}


def test_mcmahon_standings_are_ordered_by_mms():
    table = standings(EVENT, PRESETS["mcmahon"])
    assert [tb.code for tb in table.tiebreaks] == ["MMS", "SOS", "SODOS", "SOSOS"]
    assert [(row.player.name, row.mms, row.points) for row in table.rows] == [
        ("A", 32, 2),
        ("B", 31, 1),
        ("C", 30, 1),
        ("E", 29, 1),
        ("D", 28, 0),
    ]


def test_equal_mms_is_broken_by_sos():
    # Without initial scores (a go Swiss) the MMS is just the points: A 2, B 1, C 1, E 1, D 0.
    plain = Tournament(
        rounds=2, players=tuple(Player(p.tpn, p.name, entries=p.entries) for p in EVENT.players)
    )
    table = standings(plain, "SOS SODOS")
    # SOS on points: A = 1 + 1 = 2; B = 2 + 0 = 2; C = 0 + 2 = 2; E = 1 + 1 = 2 → tied; SODOS:
    # B beat D (0), C beat D (0), E none (0): still tied, places shared.
    assert [(row.label, row.player.name) for row in table.rows] == [
        ("1", "A"),
        ("2–4", "B"),
        ("2–4", "C"),
        ("2–4", "E"),
        ("5", "D"),
    ]

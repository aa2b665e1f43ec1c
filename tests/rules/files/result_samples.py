"""An EGD ``.h9`` file and a FESA ``turnering.txt`` file as data, shared by the readers' and
writers' tests and the tests of the names and headers they write."""

from __future__ import annotations

from fractions import Fraction

from rules.files.h9 import H9File, H9Game, H9Player
from rules.files.turnering import TurneringFile, TurneringPlayer

H9 = H9File(
    name="Lyon Open",
    start="2026-05-01",
    end="2026-05-02",
    city="Lyon",
    country="FR",
    tournament_class="B",
    komi="6.5",
    time_minutes=60,
    players=(
        H9Player(
            1,
            "Dupont",
            "Marie Anne",
            "2k",
            "FR",
            "Lyon",
            (Fraction(29), Fraction(57), Fraction(113)),
            (H9Game(2, "+", "w", 0), H9Game(0, "+")),
        ),
        H9Player(
            2,
            "Ng",
            "Li",
            "3k",
            "--",
            "",
            (Fraction(28), Fraction(57), Fraction(113)),
            (H9Game(1, "-", "b", 0), H9Game(3, "+", "b", 1, played=False)),
        ),
        H9Player(
            3,
            "Ko",
            "Jo",
            "4k",
            "DE",
            "Bonn",
            (Fraction(53, 2), Fraction(55), Fraction(110)),
            (H9Game(0, "-"), H9Game(2, "-", "w", 1, played=False)),
        ),
    ),
)


TURNERING = TurneringFile(
    name="Shogi Open, Lyon edition",
    city="Lyon",
    country="FR",
    date="2026-05-01",
    time_control="30 min + 30 s byoyomi",
    players=(
        TurneringPlayer(1, "Dupont", "Marie", ((2, "+"), (3, "+"), (0, "+")), "FR"),
        TurneringPlayer(2, "Tanaka", "Hiro", ((1, "-"), (0, "+"), (3, "=")), "JP", new=True),
        TurneringPlayer(3, "Müller", "Jörg", ((0, "-"), (1, "-"), (2, "=")), "DE"),
    ),
)

"""Tournaments for the standings tests: one built from rounds written out by hand (``build``,
the 8-player Swiss ``SWISS``) and one read from a TRF file's ``001`` records (``read_trf``).

Until ``rules/files/trf.py`` is merged, ``read_trf`` is a small private reader of TRF ``001``
records (and the ``162`` scoring record).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rules.standings import Entry, Player, PointSystem, Tournament, tiebreak_values

MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def build(rounds, players, *, ratings=None, **options):
    """A tournament from rounds of ``(white, black, white's result)`` or ``(player, bye code)``."""
    entries = {p: [] for p in range(1, players + 1)}
    for round_ in rounds:
        for game in round_:
            if len(game) == 2:
                entries[game[0]].append(Entry(result=game[1]))
            else:
                white, black, result = game
                entries[white].append(Entry(black, "w", result))
                entries[black].append(Entry(white, "b", MIRROR[result]))
    ratings = ratings or {p: 2300 - 50 * p for p in entries}
    return Tournament(
        tuple(Player(p, f"Player {p}", ratings.get(p), tuple(entries[p])) for p in sorted(entries)),
        rounds=len(rounds),
        **options,
    )


def values(tournament, code, **kwargs):
    return tiebreak_values(tournament, code, **kwargs)


# An 8-player, 5-round Swiss with a half-point bye, two pairing-allocated byes, a forfeit and a
# withdrawal. Ratings: player p is rated 2300 - 50p (1: 2250 … 8: 1900).
#
#   R1: 1-5 1-0   2-6 ½-½   3-7 1-0   4-8 1-0
#   R2: 1 H       3-2 0-1   4-6 1-0   7-5 0-1   8 U (PAB)
#   R3: 2-1 0-1   4-3 ½-½   6-7 1-0   8-5 1-0
#   R4: 1-4 0-1   2-5 1-0   3-6 1-0   8-7 +/- (7 forfeits)
#   R5: 3-1 0-1   4-2 ½-½   6-8 1-0   5 U (PAB)   7 Z (withdrawn)
#
# Scores: 1: 3.5  2: 3  3: 2.5  4: 4  5: 2  6: 2.5  7: 0  8: 3.
# S* equals the score for everybody except 7: R4 is a forfeit loss (counted as awarded, 0),
# R5 a zero-point bye followed by nothing (withdrawal, counted as a draw): S*(7) = 0.5.
SWISS = [
    [(1, 5, "1"), (2, 6, "="), (3, 7, "1"), (4, 8, "1")],
    [(1, "H"), (3, 2, "0"), (4, 6, "1"), (7, 5, "0"), (8, "U")],
    [(2, 1, "0"), (4, 3, "="), (6, 7, "1"), (8, 5, "1")],
    [(1, 4, "0"), (2, 5, "1"), (3, 6, "1"), (8, 7, "+")],
    [(3, 1, "0"), (4, 2, "="), (6, 8, "1"), (5, "U"), (7, "Z")],
]


def read_trf(path: Path) -> Tournament:
    """Players and rounds from the ``001`` records; points from ``162`` (else 1 / ½ / 0)."""
    players = []
    win, draw = Fraction(1), Fraction(1, 2)
    rounds_record = 0
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("162"):
            pairs = {line[i]: line[i + 1 : i + 5] for i in range(5, len(line) - 4, 9)}
            win = Fraction(pairs.get("W", "1").strip() or "1")
            draw = Fraction(pairs.get("D", "0.5").strip() or "0.5")
        elif line.startswith(("XXR", "142")):
            rounds_record = int(line[4:].split()[0])
        elif line.startswith("001"):
            entries = []
            k = 0
            while 91 + 10 * k < len(line):
                chunk = line[91 + 10 * k : 99 + 10 * k].ljust(8)
                opponent = int(chunk[0:4]) if chunk[0:4].strip() else 0
                colour = chunk[5].strip() or None
                result = chunk[7].strip() or "Z"
                entries.append(Entry(opponent or None, colour, result))
                k += 1
            rating = line[48:52].strip()
            players.append(
                Player(
                    tpn=int(line[4:8]),
                    name=line[14:47].strip(),
                    rating=int(rating) if rating and int(rating) > 0 else None,
                    entries=tuple(entries),
                )
            )
    rounds = max([rounds_record, *(len(p.entries) for p in players)])
    players = [
        Player(p.tpn, p.name, p.rating, p.entries + (Entry(),) * (rounds - len(p.entries)))
        for p in players
    ]
    return Tournament(tuple(players), rounds, PointSystem(win=win, draw=draw))

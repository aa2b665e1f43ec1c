"""Standings, FIDE C.07 tie-breaks, crosstables and progress tables.

Pure package: standard library plus the pure :mod:`rules.ratings.fide` (tables 8.1.1 and
8.1.2); no Django, nothing else from our apps. Its modules: :mod:`~rules.standings.model`
(the input types), :mod:`~rules.standings.codes` (tie-break codes and presets),
:mod:`~rules.standings.event` (the tournament after a round, unplayed rounds),
:mod:`~rules.standings.tiebreaks`, :mod:`~rules.standings.performance` (rating tie-breaks) and
:mod:`~rules.standings.mcmahon` (the values), :mod:`~rules.standings.ranking` (the ordered
standings) and :mod:`~rules.standings.tables` (progress table, crosstable). Every public name
is importable from :mod:`rules.standings`. Team events (match and game points, the team
tie-breaks, board prizes) are the subpackage :mod:`rules.standings.teams`.

Rules implemented: FIDE C.07 "Play-Off and Tie-Break Regulations" applied from 1 March 2026
(``edition="2026"``, the default). ``edition="2024"`` gives the text applied from
1 August 2024 to 28 February 2026, which differs only in the dummy opponent of Art. 16.4
(not capped). Article numbers below are those of the 2026 text. ``edition="2005"`` is not a
FIDE text: it is the treatment of unplayed games by the Swiss programs of 2005, reconstructed
from (and tested against) the rank column of FIDE's TRF sample ``example1.trf``; see below.

Input is plain frozen dataclasses (:class:`Tournament`, :class:`Player`, :class:`Entry`,
:class:`PointSystem`); results use the TRF vocabulary (``1 = 0 + - W D L H F U Z``, blank ≡
``Z``). Points are exact :class:`~fractions.Fraction` values. Tie-breaks are named with the
TRF-2026 / MTB codes (``BH/C1``, ``SB/C1``, ``KS/L-1``, ``ARO/C1``, ``AOB/F``, ``TPN/R`` …) and
parsed by :func:`parse_tiebreak`.

Main entry points: :func:`standings` (ordered rows with shared places), :func:`tiebreak_values`,
:func:`progress_table`, :func:`crosstable`, the presets :data:`PRESETS`.

How unplayed rounds are treated (Art. 15–16):

- An *OTB* round is one with an opponent and a result ``1 = 0 W D L``. In a round robin
  (Art. 15.2) forfeits count as played games for BH, SB, KS and DE, but never for the rating
  tie-breaks; rounds without an opponent (the bye of an odd field) are left out.
- Swiss (Art. 16): a *VUR* is a requested bye (``H``, ``Z``) or a forfeit loss. The score of a
  player as seen by opponents (16.3) counts every round at the points awarded, except
  requested byes followed only by VURs (a withdrawal), which count as draws.
- A player's own unplayed rounds (16.4) are games against a dummy whose score is the player's
  own final score; in the 2026 text capped at the scheduled opponent's adjusted score for
  forfeits and at draw points × rounds for byes.
- Cut and median (16.5): the lowest VUR contribution is cut first as long as it is not lower
  than the least significant value.

``edition="2005"`` (Swiss only; round robins as above), with the ranking ``BH SB WIN TPN``
(:data:`PRESETS` ``"swiss-2005"``):

- the score of a player as seen by opponents counts every forfeit (won or lost) and every bye
  that gave points (``U F H``) as a draw; rounds without a game and without points (``Z``,
  blank, the rounds after a withdrawal) count what they gave (nothing);
- a player's own forfeit counts the forfeit partner's score as seen by others, except that the
  forfeit itself counts at its real result (the winner sees the partner's 0, the loser his 1);
- a player's own bye that gave points counts a virtual opponent drawing every round
  (draw × rounds); a zero-point round counts 0;
- in SB an unplayed round counts at most a draw (a forfeit win or a PAB as ½).

McMahon (go, shogi): a player may start with an initial McMahon score
(:attr:`Player.initial_score`); players are then ranked by the McMahon score MMS = initial
score + points (the primary order of :func:`standings`; it is the points when every initial
score is 0). Tie-breaks of the go programs: ``MMS`` (the McMahon score itself), ``SOS`` (sum of
the opponents' final MMS), ``SODOS`` (sum of the final MMS of the opponents beaten, half of
those drawn) and ``SOSOS`` (sum of the opponents' SOS). Only games played over the board count;
a round without one (bye, forfeit, absence) counts a virtual opponent with the player's own
final MMS in SOS (own SOS in SOSOS) and nothing in SODOS. Preset ``"mcmahon"``.
"""

from rules.scoring import PointSystem
from rules.standings.codes import PRESETS, TieBreak, parse_tiebreak, parse_tiebreaks
from rules.standings.model import EDITIONS, Entry, Player, Tournament, Value
from rules.standings.ranking import Row, Standings, standings, tiebreak_values
from rules.standings.tables import (
    Crosstable,
    crosstable,
    format_value,
    half_points,
    progress_table,
)

__all__ = [
    "EDITIONS",
    "PRESETS",
    "Crosstable",
    "Entry",
    "Player",
    "PointSystem",
    "Row",
    "Standings",
    "TieBreak",
    "Tournament",
    "Value",
    "crosstable",
    "format_value",
    "half_points",
    "parse_tiebreak",
    "parse_tiebreaks",
    "progress_table",
    "standings",
    "tiebreak_values",
]

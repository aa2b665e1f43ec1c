"""Per-player data the Dutch engine derives from the history (scores, colours, floats, byes).

All scores are integers in tenths of a point so that comparisons are exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.pairing.state import BLACK, WHITE, PlayerState, PointSystem, RoundRecord
from rules.scoring import RESULT_POINTS

FLOAT_NONE = 0
FLOAT_DOWN = 1
FLOAT_UP = 2


def tenths(value: float | Fraction) -> int:
    """Points as an integer number of tenths."""
    return round(value * 10)


def invert(colour: str | None) -> str | None:
    """The other colour (``None`` stays ``None``)."""
    if colour is None:
        return None
    return BLACK if colour == WHITE else WHITE


@dataclass(frozen=True)
class Points:
    """A point system in tenths, in the six values the Dutch rules need."""

    win: int
    draw: int
    loss: int
    forfeit_win: int
    forfeit_loss: int
    pab: int
    half_bye: int
    full_bye: int
    zero_bye: int

    @classmethod
    def from_system(cls, ps: PointSystem) -> Points:
        """Convert a :class:`PointSystem` (exact points) to tenths."""
        return cls(
            win=tenths(ps.win),
            draw=tenths(ps.draw),
            loss=tenths(ps.loss),
            forfeit_win=tenths(ps.forfeit_win),
            forfeit_loss=tenths(ps.forfeit_loss),
            pab=tenths(ps.pab),
            half_bye=tenths(ps.half_bye),
            full_bye=tenths(ps.full_bye),
            zero_bye=tenths(ps.zero_bye),
        )

    def of(self, rec: RoundRecord) -> int:
        """Points (tenths) earned in one round, by the one scoring table
        (:data:`rules.scoring.RESULT_POINTS`) after reading the code as the engine does: without
        an opponent any win is the pairing-allocated bye (``F`` stays a full-point bye) and any
        loss a zero-point bye; with one, any win but a forfeit is a win and any loss but a
        forfeit a loss."""
        code = rec.result.upper()
        reading = _WITHOUT_OPPONENT if rec.opponent is None else _WITH_OPPONENT
        return getattr(self, RESULT_POINTS[reading.get(code, code)])


#: How the engine reads a code, with and without an opponent (codes not listed stay).
_WITHOUT_OPPONENT = {"+": "U", "W": "U", "1": "U", "D": "=", "0": "Z", "L": "Z", "-": "Z", " ": "Z"}
_WITH_OPPONENT = {"F": "1", "W": "1", "U": "1", "D": "=", "L": "0", "Z": "0", " ": "0"}


def participated(rec: RoundRecord) -> bool:
    """The player was paired in that round (a game, a forfeit, or the pairing-allocated bye)."""
    return rec.opponent is not None or rec.result.upper() in ("U", "+")


def was_played(rec: RoundRecord) -> bool:
    """A game was played over the board (it counts for colours and as a meeting)."""
    return rec.opponent is not None and rec.result.upper() in "1=0WDL" and rec.colour is not None


@dataclass
class Player:
    """Engine view of one player for the round to pair."""

    tpn: int
    rank: int  # 0-based effective pairing number (position among valid players by TPN)
    score: int  # tenths, without acceleration
    history: tuple[RoundRecord, ...]
    round_scores: tuple[int, ...]  # points (tenths) earned in each past round
    acceleration: tuple[int, ...]  # tenths per round (index 0 = round 1)
    played_rounds: int
    pref: str | None = None
    imbalance: int = 0  # |#white - #black| over played games
    repeated: str | None = None  # colour played in the last two played games, if equal
    strong: bool = False
    played_games: int = 0
    bye_eligible: bool = True
    opponents: frozenset[int] = frozenset()
    acc_score: int = 0  # score with this round's acceleration

    @property
    def absolute(self) -> bool:
        """Absolute colour preference (imbalance above one or two equal colours in a row)."""
        return self.imbalance > 1 or self.repeated is not None

    @property
    def absolute_imbalance(self) -> bool:
        """Colour difference above one."""
        return self.imbalance > 1

    def score_back(self, back: int) -> int:
        """Accelerated score before the round ``back`` rounds ago (``0`` = now)."""
        idx = self.played_rounds - back
        score = self.score - sum(self.round_scores[idx:]) if back else self.score
        if idx < len(self.acceleration):
            score += self.acceleration[idx]
        return score


def build_player(ps: PlayerState, rank: int, points: Points, played_rounds: int) -> Player:
    """Derive colour preference, bye eligibility and scores from a player's history."""
    history = tuple(ps.history[:played_rounds])
    if len(history) < played_rounds:  # rounds not recorded count as zero-point byes
        history += (RoundRecord(None, None, "Z"),) * (played_rounds - len(history))
    round_scores = tuple(points.of(r) for r in history)
    acc = tuple(tenths(a) for a in ps.acceleration)
    p = Player(
        tpn=ps.tpn,
        rank=rank,
        score=sum(round_scores),
        history=history,
        round_scores=round_scores,
        acceleration=acc,
        played_rounds=played_rounds,
    )
    whites = blacks = 0
    run = 0
    last: str | None = None
    opponents = set()
    for rec in history:
        if was_played(rec):
            opponents.add(rec.opponent)
            if rec.colour == WHITE:
                whites += 1
            else:
                blacks += 1
            run = 1 if (run == 0 or rec.colour != last) else run + 1
            last = rec.colour
        elif points.of(rec) >= points.win or (participated(rec) and rec.opponent is None):
            # C.04.1 Art. 4: a PAB, or a win's points without playing, blocks the PAB.
            p.bye_eligible = False
    p.played_games = whites + blacks
    p.opponents = frozenset(opponents)
    lower = BLACK if whites > blacks else WHITE
    p.imbalance = abs(whites - blacks)
    if p.imbalance > 1:
        p.pref = lower
    elif run > 1:
        p.pref = invert(last)
    elif p.imbalance > 0:
        p.pref = lower
    elif run:
        p.pref = invert(last)
    p.repeated = last if run > 1 else None
    p.strong = not p.absolute and p.imbalance > 0
    p.acc_score = p.score_back(0)
    return p


def float_of(p: Player, back: int, players: dict[int, Player], points: Points) -> int:
    """Float direction of ``p`` in the round ``back`` rounds before the one to pair (2026 rules).

    A game between different scores gives the higher player a downfloat and the other an
    upfloat; an unplayed round gives a downfloat when it scored more than a loss.
    """
    idx = p.played_rounds - back
    rec = p.history[idx]
    if not was_played(rec):
        return FLOAT_DOWN if p.round_scores[idx] > points.loss else FLOAT_NONE
    mine = p.score_back(back)
    theirs = players[rec.opponent].score_back(back)
    if mine > theirs:
        return FLOAT_DOWN
    if mine < theirs:
        return FLOAT_UP
    return FLOAT_NONE

"""Scoring: result codes and the points each is worth under a point system.

The one table of the code base. The pairing engines, the standings, the tournament pages, the
TRF reader, writer, import and export and the API all score with :class:`PointSystem`.

Codes are the TRF's, one per player and round (upper case):

====  ===================================  =================
code  meaning                              point-system field
====  ===================================  =================
1 W   win (``W``: game of less than a move, not rated)   ``win``
= D   draw                                  ``draw``
0 L   loss                                  ``loss``
\\+    forfeit win                           ``forfeit_win``
\\-    forfeit loss                          ``forfeit_loss``
U     pairing-allocated bye                 ``pab``
H     half-point bye                        ``half_bye``
F     full-point bye                        ``full_bye``
Z     zero-point bye (blank is ``Z``)       ``zero_bye``
====  ===================================  =================

A game's result, as stored (``Game.result``), is the pair of the two players' codes
(``"10"``, ``"=="``, ``"+-"``…); a bye's result is the one code of its player.

Pure: no Django, exact numbers (:class:`~fractions.Fraction`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

__all__ = [
    "BYE_CODES",
    "BYE_RESULTS",
    "DRAWN_RESULTS",
    "FORFEIT_CODES",
    "GAME_RESULTS",
    "PLAYED_CODES",
    "RESULT_POINTS",
    "PointSystem",
    "accepted_keys",
    "draw_possible",
    "normal_code",
    "result_from_key",
    "result_of_codes",
    "result_text",
    "side_codes",
]

#: The point-system field that scores each (upper-case) TRF code; blank is ``Z``.
RESULT_POINTS = {
    "1": "win",
    "W": "win",
    "=": "draw",
    "D": "draw",
    "0": "loss",
    "L": "loss",
    "+": "forfeit_win",
    "-": "forfeit_loss",
    "U": "pab",
    "H": "half_bye",
    "F": "full_bye",
    "Z": "zero_bye",
    " ": "zero_bye",
}

#: Games played over the board (``W D L``: less than one move, played but not rated).
PLAYED_CODES = frozenset("1=0WDL")
FORFEIT_CODES = frozenset("+-")
BYE_CODES = frozenset("HFUZ")

#: A game's stored result -> (white's code, black's code).
GAME_RESULTS = {
    "10": ("1", "0"),
    "==": ("=", "="),
    "01": ("0", "1"),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "WL": ("W", "L"),
    "DD": ("D", "D"),
    "LW": ("L", "W"),
}
#: A bye's stored result is its player's code.
BYE_RESULTS = frozenset("FHUZ")

_BY_CODES = {codes: result for result, codes in GAME_RESULTS.items()}

#: The stored results of a drawn game (rated, or under one move).
DRAWN_RESULTS = frozenset({"==", "DD"})


def draw_possible(komi: Decimal | Fraction | int | None) -> bool:
    """Whether a go game can end in a draw (jigo): only when its komi is a whole number. With a
    half point of komi (6.5, or 0.5 in a handicap game) the scores can never be equal.
    ``None``: not a go game, a draw is possible."""
    return komi is None or Fraction(komi).denominator == 1


#: How each code of a player is printed in a game's result (a forfeit as ``+`` or ``−``).
_CODE_TEXT = {"1": "1", "=": "½", "0": "0", "W": "1", "D": "½", "L": "0", "+": "+", "-": "−"}


def result_text(result: str) -> str | None:
    """A game's stored result as people read it: ``1–0``, ``½–½``, ``0–1``; forfeits
    ``+/−``, ``−/+`` and ``−/−``. ``None`` for a bye's code or an unknown result."""
    codes = GAME_RESULTS.get(result)
    if codes is None:
        return None
    white, black = (_CODE_TEXT[code] for code in codes)
    return f"{white}/{black}" if set(codes) & FORFEIT_CODES else f"{white}–{black}"


def normal_code(code: str) -> str:
    """A TRF code upper-cased, blank as ``Z``; ``ValueError`` for an unknown code."""
    normal = (code or "Z").strip().upper() or "Z"
    if normal not in RESULT_POINTS:
        raise ValueError(f"unknown TRF result code {code!r}")
    return normal


def side_codes(result: str, *, bye: bool) -> tuple[str, str | None]:
    """(white's code, black's code) of a stored result; a bye's black is ``None``; no result
    yet is ``("", "")`` (``("", None)`` for a bye)."""
    if bye:
        return result, None
    if not result:
        return "", ""
    return GAME_RESULTS[result]


def result_of_codes(white: str, black: str) -> str | None:
    """The stored result of a game whose players have these codes (``None``: no such game)."""
    return _BY_CODES.get((white, black))


#: What an arbiter types for a game's result (keyboard entry), lower-cased, spaces removed.
RESULT_KEYS = {
    "1": "10",
    "1-0": "10",
    "1–0": "10",
    "10": "10",
    "0": "01",
    "0-1": "01",
    "0–1": "01",
    "01": "01",
    "=": "==",
    "½": "==",
    "1/2": "==",
    "0.5": "==",
    ".5": "==",
    "½-½": "==",
    "½–½": "==",
    "==": "==",
    "+": "+-",
    "+-": "+-",
    "-": "-+",
    "-+": "-+",
    "--": "--",
    "wl": "WL",
    "dd": "DD",
    "lw": "LW",
}


def accepted_keys(*, bye: bool) -> tuple[str, ...]:
    """Every key :func:`result_from_key` turns into a result, as it compares them (spaces
    removed, lower case), so that a page can check a key before sending it."""
    if bye:
        return tuple(sorted(code.lower() for code in BYE_RESULTS))
    return tuple(RESULT_KEYS)


def result_from_key(key: str, *, bye: bool) -> str | None:
    """The stored result for what an arbiter typed: ``1`` (White wins), ``0`` (Black wins),
    ``=`` or ``½`` (draw), ``+`` / ``-`` (White / Black wins by forfeit), ``--`` (double
    forfeit), or the stored code itself (``10``, ``+-``, ``WL``…); a bye's ``F H U Z``.
    ``None``: nothing a result can be made of."""
    text = "".join((key or "").split()).lower()
    if bye:
        code = text.upper()
        return code if code in BYE_RESULTS else None
    return RESULT_KEYS.get(text)


def _exact(value: Fraction | int | str | Decimal) -> Fraction:
    if isinstance(value, (bool, float)):
        raise TypeError(f"points must be exact (Fraction, int, str or Decimal), got {value!r}")
    return Fraction(value)


@dataclass(frozen=True)
class PointSystem:
    """Points per kind of round result. Defaults: 1 / ½ / 0; a forfeit win, the
    pairing-allocated bye and a full-point bye are worth a win and a half-point bye a draw
    unless given (``None``). Values are exact: ``Fraction``, ``int``, ``Decimal`` or a
    decimal string (``"0.5"``)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction | None = None
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction | None = None
    full_bye: Fraction | None = None
    half_bye: Fraction | None = None
    zero_bye: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss", "forfeit_loss", "zero_bye"):
            object.__setattr__(self, name, _exact(getattr(self, name)))
        for name, default in (
            ("forfeit_win", self.win),
            ("pab", self.win),
            ("full_bye", self.win),
            ("half_bye", self.draw),
        ):
            value = getattr(self, name)
            object.__setattr__(self, name, default if value is None else _exact(value))

    @classmethod
    def three_one_zero(cls) -> PointSystem:
        """Football scoring: 3 for a win (also forfeit wins and full-point byes), 1 for a draw."""
        return cls(win=Fraction(3), draw=Fraction(1))

    def points(self, code: str) -> Fraction:
        """Points for one round with the TRF code ``code`` (blank: ``Z``)."""
        return getattr(self, RESULT_POINTS[normal_code(code)])

    def result_points(self, result: str, *, bye: bool) -> tuple[Fraction, Fraction]:
        """(white's, black's) points for a stored result; nothing yet scores nothing (a bye's
        black scores 0)."""
        if not result:
            return Fraction(0), Fraction(0)
        white, black = side_codes(result, bye=bye)
        return self.points(white), Fraction(0) if black is None else self.points(black)

    def describe(self) -> str:
        """Short text such as ``win=1, draw=0.5, loss=0`` for error messages."""
        return f"win={float(self.win):g}, draw={float(self.draw):g}, loss={float(self.loss):g}"

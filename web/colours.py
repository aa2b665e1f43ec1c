"""The colours of a game as letters, in the reader's language.

Crosstables, wall charts and the arbiter's seats print a player's colours as letters (``w``
and ``b``, chess-results' ``WBWB``): in Russian ``б`` and ``ч`` (белые, чёрные); in shogi the
letters of sente and gote. Stored colours are always ``w`` and ``b``.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

__all__ = ["colour_letter"]

LETTERS = {
    "w": pgettext_lazy("colour letter: white", "w"),
    "b": pgettext_lazy("colour letter: black", "b"),
}
SHOGI_LETTERS = {
    "w": pgettext_lazy("colour letter: sente", "s"),
    "b": pgettext_lazy("colour letter: gote", "g"),
}


def colour_letter(colour: str | None, *, shogi: bool = False, upper: bool = False) -> str:
    """The letter of a stored colour (``w``/``b``) in the active language; ``""`` for none."""
    if not colour:
        return ""
    letter = str((SHOGI_LETTERS if shogi else LETTERS)[colour])
    return letter.upper() if upper else letter

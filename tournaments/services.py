"""Write services for tournaments: registrations, games and results.

Every function here is a use case: keyword-only arguments, one ``transaction.atomic()``,
cheap checks first, then a row lock on the tournament's rating list (``select_for_update``),
then the write and, when ratings can change, the replay of the rating list from the first
affected period (:func:`ratings.services.replay_rating_list`). A refused input raises
``django.core.exceptions.ValidationError`` with messages keyed by field name and leaves the
database unchanged.

Signatures (stable; the admin and the seed command call these):

    register_player(*, tournament, player, pairing_number=None) -> Registration
    add_game(*, round, board, white, black=None, result="", user=None) -> Game
    record_result(*, game, result, user=None) -> Game          # entry and correction
    delete_game(*, game, user=None) -> None
    update_tournament(*, tournament, **changes) -> Tournament  # dates / rating list: replays

``user`` is accepted for the audit trail (not stored yet).
"""

from __future__ import annotations

from typing import Any

from players.models import Player
from tournaments.models import Game, Registration, Round, Tournament


def register_player(
    *, tournament: Tournament, player: Player, pairing_number: int | None = None
) -> Registration:
    """Enter ``player`` in ``tournament`` (refused if already entered or number taken)."""
    raise NotImplementedError


def add_game(
    *,
    round: Round,
    board: int,
    white: Player,
    black: Player | None = None,
    result: str = "",
    user: Any = None,
) -> Game:
    """Add a board (or a bye when ``black`` is None) to ``round``, with an optional result."""
    raise NotImplementedError


def record_result(*, game: Game, result: str, user: Any = None) -> Game:
    """Enter or correct the result of ``game`` and replay its rating list."""
    raise NotImplementedError


def delete_game(*, game: Game, user: Any = None) -> None:
    """Delete ``game`` and replay its rating list."""
    raise NotImplementedError


def update_tournament(*, tournament: Tournament, **changes: Any) -> Tournament:
    """Change a tournament's fields; replays the old and new rating lists when needed."""
    raise NotImplementedError
